import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFocusReload } from './focus-reload';

let stored: string | null = 'token-a';
let mine: string | null = 'token-a';
let off: () => void = () => undefined;

function install() {
  const reload = vi.fn();
  off = installFocusReload({
    readStoredToken: () => stored,
    currentToken: () => mine,
    reload,
  });
  return reload;
}

afterEach(() => {
  off();
  stored = 'token-a';
  mine = 'token-a';
});

describe('focus reload (contract §8.3)', () => {
  it('reloads when another tab changed the token while this one was away', () => {
    const reload = install();
    window.dispatchEvent(new Event('blur'));
    stored = 'token-b';
    window.dispatchEvent(new Event('focus'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads when another tab logged out', () => {
    const reload = install();
    window.dispatchEvent(new Event('blur'));
    stored = null;
    window.dispatchEvent(new Event('focus'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload when nothing changed, or when this page made the change itself', () => {
    const reload = install();
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('blur'));
    stored = null;
    mine = null;
    window.dispatchEvent(new Event('focus'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('ignores a focus without an earlier blur', () => {
    const reload = install();
    stored = 'token-b';
    window.dispatchEvent(new Event('focus'));
    expect(reload).not.toHaveBeenCalled();
  });
});
