import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSecureItem } from '../lib/secure-storage';
import {
  clearSession,
  readStoredToken,
  resetSessionStore,
  restoreSessionUser,
  startSession,
  useSessionStore,
} from './session.store';

const DAY_MS = 24 * 3600 * 1000;

/** Records every cookie string written, to read its expiry. */
function spyCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

function expiryDays(write: string): number {
  const expires = /expires=([^;]+)/.exec(write)?.[1];
  return Math.round((Date.parse(expires!) - Date.now()) / DAY_MS);
}

afterEach(() => {
  vi.restoreAllMocks();
  resetSessionStore();
});

describe('session store (contract §8.3)', () => {
  it('login keeps the token in a 1-day cookie and localStorage; remember makes it 365 days', async () => {
    const writes = spyCookieWrites();
    await startSession({ token: 'tok-1', userName: 'Alice01', remember: false, source: 'login' });
    expect(expiryDays(writes.find((w) => w.startsWith('X-API-TOKEN='))!)).toBe(1);
    expect(localStorage.getItem('X-API-TOKEN')).toBe('tok-1');
    writes.length = 0;
    await startSession({ token: 'tok-2', userName: 'Alice01', remember: true, source: 'login' });
    expect(expiryDays(writes.find((w) => w.startsWith('X-API-TOKEN='))!)).toBe(365);
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-2', userName: 'Alice01' });
  });

  it('seals the user name and restores it on the next start', async () => {
    await startSession({ token: 'tok-1', userName: 'Alice01', remember: true, source: 'login' });
    expect(localStorage.getItem('sessionUser')).not.toContain('Alice01');
    resetSessionStore();
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-1', userName: null });
    const lost = vi.fn();
    await restoreSessionUser(lost);
    expect(useSessionStore.getState().userName).toBe('Alice01');
    expect(lost).not.toHaveBeenCalled();
  });

  it('reports a stored session whose user name cannot be read', async () => {
    localStorage.setItem('X-API-TOKEN', 'orphan');
    resetSessionStore();
    const lost = vi.fn();
    await restoreSessionUser(lost);
    expect(lost).toHaveBeenCalledOnce();
  });

  it('logout clears the cookie, localStorage and the sealed name', async () => {
    await startSession({ token: 'tok-1', userName: 'Alice01', remember: true, source: 'login' });
    clearSession();
    expect(readStoredToken()).toBeNull();
    expect(localStorage.getItem('X-API-TOKEN')).toBeNull();
    expect(await getSecureItem('sessionUser')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, userName: null });
  });

  it('never uses a URL token as the session: it waits for the exchange', () => {
    localStorage.setItem('X-API-TOKEN', 'stored');
    window.history.replaceState(null, '', '/mine?token=handed-over-token-123');
    resetSessionStore();
    expect(useSessionStore.getState()).toMatchObject({ token: null, exchanging: true });
    window.history.replaceState(null, '', '/');
    resetSessionStore();
    expect(useSessionStore.getState()).toMatchObject({ token: 'stored', source: 'storage' });
  });
});
