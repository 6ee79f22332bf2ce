import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  DEFAULT_IDLE_MINUTES,
  idleMinutes,
  loadSession,
  saveSession,
  watchIdle,
} from './session';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('the operator session', () => {
  it('lives in this tab’s sessionStorage, never a cookie', () => {
    saveSession({
      token: 't',
      userName: 'op',
      roleName: '超级管理员',
      permissions: [],
      expiresAt: 1,
      enrolOnly: false,
    });
    expect(loadSession()?.userName).toBe('op');
    expect(document.cookie).toBe('');
    clearSession();
    expect(loadSession()).toBeNull();
  });

  it('ignores what is not a session', () => {
    sessionStorage.setItem('nebula-console-session', '{oops');
    expect(loadSession()).toBeNull();
  });

  it('reads the inactivity limit the platform wrote into the page, else the default', () => {
    expect(idleMinutes()).toBe(DEFAULT_IDLE_MINUTES);
    document.head.innerHTML = '<meta name="nebula-console-idle-minutes" content="7" />';
    expect(idleMinutes()).toBe(7);
    document.head.innerHTML = '<meta name="nebula-console-idle-minutes" content="-1" />';
    expect(idleMinutes()).toBe(DEFAULT_IDLE_MINUTES);
  });

  it('signs out after the idle time without input, and input postpones it', () => {
    vi.useFakeTimers();
    let now = 0;
    const onIdle = vi.fn();
    const target = new EventTarget();
    const stop = watchIdle(60_000, onIdle, () => now, target);
    now = 50_000;
    target.dispatchEvent(new Event('keydown'));
    now = 100_000;
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
    now = 111_000;
    vi.advanceTimersByTime(5_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });
});
