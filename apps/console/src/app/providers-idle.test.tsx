import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConsole } from '../session/console-context';
import { loadSession, saveSession } from '../session/session';
import { ConsoleProviders, createQueryClient } from './providers';

const MINUTE = 60_000;

function Who() {
  const { session } = useConsole();
  return <p>{session ? `in:${session.userName}` : 'out'}</p>;
}

/** The platform as the console sees it: /me reports `idleMinutes`, logout answers 6000. */
function platform(idleMinutes: number) {
  const sent: string[] = [];
  const fetchFake = vi.fn((input: string, init?: RequestInit) => {
    const path = input.split('?')[0]!;
    sent.push(`${init?.method ?? 'GET'} ${path}`);
    const data =
      path === '/admin/api/v1/me'
        ? {
            operatorId: 1,
            userName: 'op',
            roleName: '客服',
            permissions: [],
            totpEnabled: true,
            stepUpUntil: {},
            idleMinutes,
          }
        : {};
    return Promise.resolve(
      new Response(JSON.stringify({ status_code: 6000, message: 'ok', data })),
    );
  });
  vi.stubGlobal('fetch', fetchFake);
  return sent;
}

function start(kept: { idleMinutes?: number }) {
  saveSession({
    token: 'tok',
    userName: 'op',
    roleName: '客服',
    permissions: [],
    expiresAt: Date.now() + 12 * 60 * MINUTE,
    enrolOnly: false,
    ...kept,
  });
  return render(
    <ConsoleProviders queryClient={createQueryClient()}>
      <Who />
    </ConsoleProviders>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('the console idle timer follows the server’s limit', () => {
  it('signs out at the shorter limit /me reports, not at the page’s ceiling', async () => {
    vi.useFakeTimers();
    document.head.innerHTML = '<meta name="nebula-console-idle-minutes" content="30" />';
    const sent = platform(3);
    const view = start({ idleMinutes: 30 });
    // The kept session asks /me once and learns the limit in force now.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sent).toContain('GET /admin/api/v1/me');
    expect(loadSession()?.idleMinutes).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(3 * MINUTE - 10_000));
    expect(view.getByText('in:op')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(view.getByText('out')).toBeTruthy();
    expect(loadSession()).toBeNull();
    // The server's session is ended too.
    expect(sent).toContain('POST /admin/api/v1/logout');
  });

  it('never waits past the page’s ceiling, and input postpones the sign-out', async () => {
    vi.useFakeTimers();
    document.head.innerHTML = '<meta name="nebula-console-idle-minutes" content="5" />';
    platform(10);
    const view = start({});
    await act(() => vi.advanceTimersByTimeAsync(4 * MINUTE));
    window.dispatchEvent(new Event('keydown'));
    await act(() => vi.advanceTimersByTimeAsync(4 * MINUTE));
    expect(view.getByText('in:op')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 10_000));
    expect(view.getByText('out')).toBeTruthy();
  });
});
