import type { OddsType } from '@nebula/protocol/odds/odds';
import type { SessionExchangeResult } from '@nebula/protocol/venue/h5';
import { createStore } from './store';

/**
 * The page's session, in memory only (no third-party cookie or storage inside a
 * frame): the token from the one exchange of the URL token, the venue's dialect and family,
 * and the merchant origins — the only windows the page talks to.
 */
export type Session = SessionExchangeResult;

export type SessionState =
  | { phase: 'entering' }
  | { phase: 'ready'; session: Session }
  /** 请返回重新进入: the parent was asked to relaunch (when the page knew whom to ask). */
  | { phase: 'expired' };

export const sessionStore = createStore<SessionState>({ phase: 'entering' });
export const oddsTypeStore = createStore<OddsType>(2);

export function currentSession(): Session | null {
  const s = sessionStore.get();
  return s.phase === 'ready' ? s.session : null;
}

const expiredListeners = new Set<() => void>();

/** Called once when the session ends (the frame bridge asks the parent to relaunch). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export function expireSession(): void {
  if (sessionStore.get().phase === 'expired') return;
  for (const l of [...expiredListeners]) l();
  sessionStore.set({ phase: 'expired' });
}

export function startSession(session: Session): void {
  oddsTypeStore.set(session.oddsType);
  sessionStore.set({ phase: 'ready', session });
}
