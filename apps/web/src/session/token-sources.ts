import { StorageKey } from '@nebula/protocol/constants/constants';
import { getCookie, local } from '../lib/storage';

export type TokenSource = 'cookie' | 'url' | 'storage';

/** URL parameters that hand a token over from the app or a download page (contract §8.3). */
export const URL_TOKEN_PARAMS = ['token', 'appdown-token'] as const;

export function tokenFromUrl(search: string = window.location.search): string | null {
  const params = new URLSearchParams(search);
  for (const name of URL_TOKEN_PARAMS) {
    const value = params.get(name);
    if (value) return value;
  }
  return null;
}

/**
 * The token at start, in contract §8.3 order: cookie, then URL, then localStorage. A URL token is
 * reported as such because contract §2 wants it exchanged for a device-bound session.
 */
export function readInitialToken(search?: string): { token: string; source: TokenSource } | null {
  const cookie = getCookie(StorageKey.Token);
  if (cookie) return { token: cookie, source: 'cookie' };
  const url = tokenFromUrl(search);
  if (url) return { token: url, source: 'url' };
  const stored = local.get(StorageKey.Token);
  if (stored) return { token: stored, source: 'storage' };
  return null;
}
