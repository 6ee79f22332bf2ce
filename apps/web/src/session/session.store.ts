import { clearVenueSessions } from '../lib/venue-sessions';
import {
  COOKIE_DAYS,
  REMEMBER_COOKIE_DAYS,
  StorageKey,
} from '@nebula/protocol/constants/constants';
import { create } from 'zustand';
import { local, removeCookie, setCookie } from '../lib/storage';
import { readSessionUser, removeSessionUser, saveSessionUser } from './session-user';
import { readInitialToken, type TokenSource } from './token-sources';

export type SessionSource = TokenSource | 'login' | 'exchange';

interface SessionState {
  /** The session token sent as X-API-TOKEN; null for visitors. */
  token: string | null;
  source: SessionSource | null;
  /** The member's user name (for X-User-Hash); restored from secure storage after start. */
  userName: string | null;
  /**
   * A URL-handed token is being exchanged for a session bound to this device (contract §2).
   * Meanwhile no token is sent and protected routes wait instead of sending the visitor home.
   */
  exchanging: boolean;
  /**
   * The session ended and the user is on the way to login: after a notice to acknowledge
   * (6001, 10102), a password change or logging out everywhere. A member page stays put
   * meanwhile instead of sending its now-anonymous visitor home first (contract §8.3 says login).
   */
  leavingForLogin: boolean;
}

function initialState(): SessionState {
  const found = readInitialToken();
  const none = {
    token: null,
    source: null,
    userName: null,
    exchanging: false,
    leavingForLogin: false,
  };
  if (!found) return none;
  // A URL token is never used as a session: it is only good for the one-time exchange.
  if (found.source === 'url') return { ...none, exchanging: true };
  return { ...none, token: found.token, source: found.source };
}

export const useSessionStore = create<SessionState>(() => initialState());

export interface NewSession {
  token: string;
  userName: string;
  /** Remember me: the token cookie lasts 365 days instead of 1 (contract §8.3, §9). */
  remember: boolean;
  source: 'login' | 'exchange';
}

/**
 * Keeps a new session: cookie and localStorage (contract §8.2), the sealed user name. Resolves once
 * everything is stored, so a reload right after login finds the whole session.
 */
export async function startSession(session: NewSession): Promise<void> {
  setCookie(StorageKey.Token, session.token, session.remember ? REMEMBER_COOKIE_DAYS : COOKIE_DAYS);
  local.set(StorageKey.Token, session.token);
  useSessionStore.setState({
    token: session.token,
    source: session.source,
    userName: session.userName,
    exchanging: false,
    leavingForLogin: false,
  });
  await saveSessionUser(session.userName).catch(() => undefined);
}

/** Forgets the session everywhere (logout, session-end codes). `loginInfo` stays for prefill. */
export function clearSession(): void {
  removeCookie(StorageKey.Token);
  local.remove(StorageKey.Token);
  removeSessionUser();
  // The venues' session parameters carry this member's tokens there: they go with the session.
  clearVenueSessions();
  useSessionStore.setState({ token: null, source: null, userName: null, exchanging: false });
}

/** See `leavingForLogin`; the frame releases it once the page has left the member area. */
export function setLeavingForLogin(leaving: boolean): void {
  useSessionStore.setState({ leavingForLogin: leaving });
}

/** After a refused URL token: the next source in contract §8.3 order is localStorage. */
export function fallBackToStoredToken(): void {
  const stored = local.get(StorageKey.Token);
  useSessionStore.setState({
    token: stored,
    source: stored ? 'storage' : null,
    userName: null,
    exchanging: false,
  });
}

/**
 * Restores the user name of a session found in storage. Without it member info cannot be
 * asked for, so such a session is unusable here: `onLost` is told (the caller logs out).
 */
export async function restoreSessionUser(onLost: () => void): Promise<void> {
  const { token, userName } = useSessionStore.getState();
  if (!token || userName) return;
  const restored = await readSessionUser();
  // The session may have changed while decrypting (a login in the meantime): leave it alone.
  if (useSessionStore.getState().token !== token) return;
  if (restored) useSessionStore.setState({ userName: restored });
  else onLost();
}

export function getToken(): string | null {
  return useSessionStore.getState().token;
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

/** The token another tab may have written: cookie first, then localStorage (contract §8.3). */
export function readStoredToken(): string | null {
  return readInitialToken('')?.token ?? null;
}

/** Tests only: re-read the storage as a fresh page would. */
export function resetSessionStore(): void {
  useSessionStore.setState(initialState());
}
