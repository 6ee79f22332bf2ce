import { getSecureItem, removeSecureItem, setSecureItem } from '../lib/secure-storage';

/**
 * The user name of the live session, sealed at rest like other secrets (contract §8). Member
 * info needs it for `X-User-Hash`, and neither the token nor any member call reveals it.
 */
const SESSION_USER_KEY = 'sessionUser';

export function saveSessionUser(userName: string): Promise<void> {
  return setSecureItem(SESSION_USER_KEY, userName);
}

export function readSessionUser(): Promise<string | null> {
  return getSecureItem(SESSION_USER_KEY);
}

export function removeSessionUser(): void {
  removeSecureItem(SESSION_USER_KEY);
}
