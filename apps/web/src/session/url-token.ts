import type { LoginResult } from '@nebula/protocol/api/auth/auth.schemas';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { coreMessage } from '../lib/code-messages';
import { BusinessError, describeError } from '../lib/api-errors';
import { fallBackToStoredToken, startSession, useSessionStore } from './session.store';
import { tokenFromUrl, URL_TOKEN_PARAMS } from './token-sources';

export interface UrlTokenDeps {
  /** POST tokenExchange. */
  exchange: (token: string) => Promise<LoginResult>;
  /** Replaces the address bar entry (history.replaceState, through the router when present). */
  replaceUrl: (url: string) => void;
  /** The current address. */
  href: () => string;
  /** Tells the user the handed-over login did not work. */
  notify: (message: string) => void;
}

/** The address without `token` / `appdown-token`, as a path + query + hash. */
export function withoutTokenParams(href: string): string {
  const url = new URL(href, 'http://localhost');
  for (const name of URL_TOKEN_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

let settled = false;

/**
 * A token handed over in the URL (contract §8.3, contract §2) is exchanged ONCE for a session bound
 * to this device, then removed from the address bar so it is neither reused nor leaked through
 * history, bookmarks or Referer. A cookie token wins over it (contract §8.3 order), but the URL is
 * cleaned all the same. A refused token falls back to the stored one.
 */
export async function settleUrlToken(deps: UrlTokenDeps): Promise<void> {
  const handed = tokenFromUrl(new URL(deps.href(), 'http://localhost').search);
  if (!handed || settled) return;
  settled = true;
  try {
    if (!useSessionStore.getState().exchanging) return;
    try {
      const result = await deps.exchange(handed);
      await startSession({
        token: result.token,
        userName: result.userName,
        remember: false,
        source: 'exchange',
      });
    } catch (error) {
      fallBackToStoredToken();
      // A malformed token fails validation (10003); to the user it is just an unusable one.
      const malformed = error instanceof BusinessError && error.code === ErrorCode.Validation;
      deps.notify(
        malformed ? coreMessage(ErrorCode.TokenExchangeInvalid) : describeError(error).message,
      );
    }
  } finally {
    const clean = withoutTokenParams(deps.href());
    const current = new URL(deps.href(), 'http://localhost');
    if (clean !== current.pathname + current.search + current.hash) deps.replaceUrl(clean);
  }
}

/** Tests only. */
export function resetUrlTokenExchange(): void {
  settled = false;
}
