import { messageFor } from '@nebula/protocol/errors/codes';
import { dialects } from '@nebula/protocol/venue/dialects';
import type { SessionExchangeResult } from '@nebula/protocol/venue/h5';
import { EXCHANGE_PATH } from './contract';
import { currentSession, expireSession } from './session';

/** A refusal the member can read: the venue's code, its Chinese message and its facts. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The session ended: the page shows 请返回重新进入 (already done when this is thrown). */
export class SessionExpiredError extends ApiError {}

export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';
const TIMEOUT_MS = 15_000;

interface Envelope {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

async function send(path: string, init: RequestInit): Promise<Envelope> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    // Same origin only (the page's CSP allows nothing else); never a referrer.
    const res = await fetch(path, {
      ...init,
      signal: controller.signal,
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    return (await res.json()) as Envelope;
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (e: Envelope, code: number) =>
  typeof e.msg === 'string' ? e.msg : typeof e.message === 'string' ? e.message : messageFor(code);

/**
 * A call of the engine API in the session's dialect: its prefix, its success marker
 * and its session-expired code, with the session token as a bearer. A refusal becomes an
 * ApiError with the venue's code and message; an expired session ends the page's session.
 */
export async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Record<string, string | undefined>; body?: unknown } = {},
): Promise<T> {
  const session = currentSession();
  if (!session) throw new SessionExpiredError(8020, messageFor(8020));
  // A game venue's session has no dialect; its pages call /h5/api/games directly.
  const d = dialects[session.dialect ?? 'FBTY'];
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) query.set(k, v);
  const qs = query.size > 0 ? `?${query.toString()}` : '';
  const envelope = await send(`${d.prefix}${path}${qs}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  if (envelope.code === d.success) return envelope.data as T;
  if (envelope.code === d.sessionExpired) {
    expireSession();
    throw new SessionExpiredError(8020, messageFor(8020));
  }
  // OBTY spells its codes as strings.
  const code = Number(envelope.code);
  const data =
    envelope.data && typeof envelope.data === 'object'
      ? (envelope.data as Record<string, unknown>)
      : undefined;
  throw new ApiError(Number.isFinite(code) ? code : 10001, messageOf(envelope, code), data);
}

/** The page's first call: the URL token, once, for the session (not under a dialect). */
export async function exchangeToken(token: string): Promise<SessionExchangeResult> {
  const envelope = await send(EXCHANGE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (envelope.code === 0 && envelope.data) return envelope.data as SessionExchangeResult;
  const code = Number(envelope.code);
  throw new ApiError(code, messageOf(envelope, code));
}

/**
 * A call of the house games' API (`/h5/api/games/*`, docs/contract.md §10.10–§10.11): never
 * under a dialect, answers `{ code: 0, data }` or `{ code, message }`; 8020 ends the session
 * as the dialects' expiry codes do.
 */
export async function gamesApi<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Record<string, string | undefined>; body?: unknown } = {},
): Promise<T> {
  const session = currentSession();
  if (!session) throw new SessionExpiredError(8020, messageFor(8020));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) query.set(k, v);
  const qs = query.size > 0 ? `?${query.toString()}` : '';
  const envelope = await send(`${path}${qs}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  if (envelope.code === 0) return envelope.data as T;
  const code = Number(envelope.code);
  if (code === 8020) {
    expireSession();
    throw new SessionExpiredError(8020, messageFor(8020));
  }
  const data =
    envelope.data && typeof envelope.data === 'object'
      ? (envelope.data as Record<string, unknown>)
      : undefined;
  throw new ApiError(Number.isFinite(code) ? code : 10001, messageOf(envelope, code), data);
}
