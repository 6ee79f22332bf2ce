import { ErrorCode } from '@nebula/protocol/errors/codes';
import { t } from '../i18n/i18n';
import type { BusinessError } from '../lib/api-errors';
import type { ApiEvents } from '../lib/api-events';
import { createMessageGate } from '../lib/message-gate';
import { HOME_PATH, LOGIN_PATH } from '../site/paths';
import { isProtectedPath } from './protected-paths';
import { LOGOUT_CODES } from './session-codes';

export interface SessionEndDeps {
  hasSession: () => boolean;
  clearSession: () => void;
  /** Resolves once the navigation is done (the router's navigate does). */
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
  /** The current pathname. */
  currentPath: () => string;
  /** A modal with one OK button; resolves when it is pressed. */
  alert: (options: { title?: string; message: string }) => Promise<void>;
  toast: (message: string) => void;
  /**
   * A session ended by 6001 / 10102 is heading for login through a notice: a protected page
   * waits under it instead of leaving for home first. The frame clears the flag once the page
   * is out of the member area (it cannot be cleared here: the router's state changes before
   * React has left the protected page).
   */
  noticeChanged?: (open: boolean) => void;
  /**
   * Whether the session was ended on purpose and the page is already on its way to login (a
   * password change, logging out everywhere): answers of requests still in flight with the old
   * token then change nothing.
   */
  leaving?: () => boolean;
}

/**
 * The session rules of contract §8.3 on the request events:
 * - 6001 (logged in elsewhere): the session is cleared and ONE modal shows the server message;
 *   OK leads to login. Answers to requests still in flight with the ended token are ignored.
 * - 10102 (device blocked / token from another device): the session is cleared and an alert
 *   titled 提示 shows the message, debounced 350 ms and guarded against duplicates for 700 ms;
 *   OK leads to login.
 * - 10105, 10004, 10104: the session is cleared; a visitor on a /mine path or a protected page
 *   goes home, anyone else to login.
 * While a 6001 modal or 10102 alert waits for its OK, other session codes stay quiet: the
 * notice already says what happened and where the user goes next.
 */
export function installSessionEndHandlers(events: ApiEvents, deps: SessionEndDeps): () => void {
  let noticeOpen = false;
  const alertGate = createMessageGate();
  const toastGate = createMessageGate();

  const goToLogin = async () => {
    if (deps.currentPath() !== LOGIN_PATH) await deps.navigate(LOGIN_PATH, { replace: true });
  };
  const openNotice = (title: string | undefined, message: string) => {
    noticeOpen = true;
    void deps
      .alert({ title, message })
      .then(goToLogin)
      .finally(() => {
        noticeOpen = false;
      });
  };

  const onLoggedInElsewhere = (error: BusinessError) => {
    // No session left means this answer belongs to one already handled: one modal per session.
    if (noticeOpen || !deps.hasSession()) return;
    // Held before the clear, so a member page never renders anonymous and bounces home.
    deps.noticeChanged?.(true);
    deps.clearSession();
    openNotice(undefined, error.message);
  };

  const onSessionInvalid = (error: BusinessError) => {
    if (deps.hasSession()) {
      // The alert comes after the debounce; the page waits for it rather than going home.
      deps.noticeChanged?.(true);
      deps.clearSession();
    }
    alertGate.push(error.message, () => {
      if (!noticeOpen) openNotice(t('session:tipTitle'), error.message);
    });
  };

  const onLoggedOut = (error: BusinessError) => {
    if (noticeOpen) return;
    if (!deps.hasSession() && deps.leaving?.()) return;
    const target = isProtectedPath(deps.currentPath()) ? HOME_PATH : LOGIN_PATH;
    if (deps.hasSession()) {
      // A session ending on a member page goes home (contract §8.3): the page waits meanwhile,
      // rather than its guard sending the now-anonymous visitor to login first.
      if (target === HOME_PATH) deps.noticeChanged?.(true);
      deps.clearSession();
    }
    toastGate.push(error.message, () => deps.toast(error.message));
    if (deps.currentPath() !== target) void deps.navigate(target, { replace: true });
  };

  const off = [
    events.on(ErrorCode.SessionInvalid, onSessionInvalid),
    ...LOGOUT_CODES.map((code) =>
      events.on(code, code === ErrorCode.LoggedInElsewhere ? onLoggedInElsewhere : onLoggedOut),
    ),
  ];
  return () => {
    off.forEach((unsubscribe) => unsubscribe());
    alertGate.reset();
    toastGate.reset();
  };
}
