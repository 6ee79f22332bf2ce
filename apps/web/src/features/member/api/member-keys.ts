import { useSessionStore } from '../../../session/session.store';

/**
 * Query keys of the member's own data. Each carries the session token, so another session
 * never sees the previous one's cache, and a logout leaves nothing to show.
 */
export const memberKeys = {
  info: (token: string | null) => ['memberInfo', token] as const,
  realName: (token: string | null) => ['realNameStatus', token] as const,
  security: (token: string | null) => ['securityOverview', token] as const,
  logins: (token: string | null) => ['loginHistory', token] as const,
};

/** The current token, for keys and `enabled`. */
export function useSessionToken(): string | null {
  return useSessionStore((state) => state.token);
}
