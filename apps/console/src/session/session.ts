/**
 * The operator's session in this tab: the token the login answered, kept in sessionStorage
 * (gone with the tab; never a cookie, so no member-site cookie and no other tab's session is
 * ever sent). The server ends it at its expiry; the console also ends it after inactivity.
 */
export interface OperatorSession {
  token: string;
  userName: string;
  roleName: string;
  expiresAt: number;
  enrolOnly: boolean;
  /** What the operator may do, as the login (and `/admin/api/v1/me`) answers it. */
  permissions: readonly string[];
  /**
   * Minutes without a request after which the server ends the session (the consoleIdleMinutes
   * setting under CONSOLE_IDLE_MINUTES), as the login and then each `/me` report it.
   */
  idleMinutes?: number;
}

const KEY = 'nebula-console-session';

export function loadSession(storage: Storage = sessionStorage): OperatorSession | null {
  const raw = storage.getItem(KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as OperatorSession;
    return typeof s.token === 'string' && Array.isArray(s.permissions) ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(s: OperatorSession, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(s));
}

export function clearSession(storage: Storage = sessionStorage): void {
  storage.removeItem(KEY);
}

/** Minutes of inactivity after which the console signs out (the platform writes the setting into the page). */
export const DEFAULT_IDLE_MINUTES = 30;

export function idleMinutes(doc: Document = document): number {
  const raw = doc
    .querySelector('meta[name="nebula-console-idle-minutes"]')
    ?.getAttribute('content');
  const n = raw ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_IDLE_MINUTES;
}

/**
 * The console's own limit: what the server reported for this session, never above the ceiling
 * the platform wrote into the page (a session kept from before the report has only that).
 */
export function sessionIdleMs(session: Pick<OperatorSession, 'idleMinutes'>, doc = document) {
  const ceiling = idleMinutes(doc);
  const reported = session.idleMinutes;
  return (reported && reported > 0 ? Math.min(reported, ceiling) : ceiling) * 60_000;
}

/**
 * Calls `onIdle` once no input has been seen for `idleMs`. Activity is any key, pointer or
 * wheel event; checked every few seconds, so a sleeping laptop is judged when it wakes.
 */
export function watchIdle(
  idleMs: number,
  onIdle: () => void,
  now: () => number = Date.now,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let last = now();
  const touch = () => {
    last = now();
  };
  const events = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;
  for (const e of events) target.addEventListener(e, touch, { passive: true });
  const timer = setInterval(() => {
    if (now() - last >= idleMs) {
      stop();
      onIdle();
    }
  }, 5_000);
  function stop() {
    clearInterval(timer);
    for (const e of events) target.removeEventListener(e, touch);
  }
  return stop;
}
