import { ErrorCode } from '@nebula/protocol/errors/codes';
import { coreMessage } from './code-messages';

const SUCCESS_CODE = ErrorCode.Success;
import {
  REQUEST_TIMEOUT_BROWSER_MS,
  VENUE_RELAUNCH_DEBOUNCE_MS,
} from '@nebula/protocol/constants/constants';
import { dialectOfPath, dialects, type Dialect } from '@nebula/protocol/venue/dialects';
import { BusinessError } from './api-errors';
import type { Envelope } from './http-transport';
import type { VenueSession } from './venue-sessions';

/**
 * The member site's third-party proxy (contract §6): calls under `/api/mobile`, `/yewu` and `/v1`
 * go to the venue's own origin — the one its session was launched on — with the session's
 * token in the dialect's header, and come back reshaped to `status_code / message / data`:
 * success is 100 (IMTY), 350 (YBTY), 0 (FBTY, as 100) or "0000000" (OBTY). An expired session
 * relaunches the venue (FBTY 14010 refreshes it; an OBTY code containing 400401 relaunches),
 * once per second at most, and the call is tried again once.
 */
export interface VenueProxyDeps {
  sessionOf: (venueCode: string) => VenueSession | null;
  /** A relaunch that moves no money; the proxy debounces it per venue. */
  relaunch: (venueCode: string) => Promise<void>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

export interface VenueRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** The session parameter that carries the member site's token, per dialect (contract §6). */
const TOKEN_PARAM: Record<Dialect, string> = {
  IMTY: 'Token',
  YBTY: 'token',
  FBTY: 'Authorization',
  OBTY: 'requestId',
};

function reshape(dialect: Dialect, raw: unknown): Envelope {
  const body = (raw ?? {}) as { code?: unknown; msg?: unknown; message?: unknown; data?: unknown };
  const message =
    typeof body.msg === 'string' ? body.msg : typeof body.message === 'string' ? body.message : '';
  if (dialects[dialect].success === body.code)
    return { status_code: SUCCESS_CODE, message, data: body.data ?? null };
  const code = Number(body.code);
  return {
    status_code: Number.isFinite(code) ? code : ErrorCode.Common,
    message: message || coreMessage(ErrorCode.Common),
    data: body.data ?? null,
  };
}

function expired(dialect: Dialect, envelope: Envelope): boolean {
  if (dialect === 'OBTY') return String(envelope.status_code).includes('400401');
  return envelope.status_code === Number(dialects[dialect].sessionExpired);
}

export function createVenueProxy(deps: VenueProxyDeps) {
  const fetchFn: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  const relaunching = new Map<string, { at: number; done: Promise<void> }>();

  /** One relaunch per venue per second: concurrent expiries share it. */
  function relaunch(venueCode: string): Promise<void> {
    const last = relaunching.get(venueCode);
    if (last && now() - last.at < VENUE_RELAUNCH_DEBOUNCE_MS) return last.done;
    const done = deps.relaunch(venueCode);
    relaunching.set(venueCode, { at: now(), done });
    return done;
  }

  async function once(venueCode: string, dialect: Dialect, req: VenueRequest): Promise<Envelope> {
    const session = deps.sessionOf(venueCode);
    if (!session) return { status_code: ErrorCode.VenueSessionExpired, message: '', data: null };
    const url = new URL(req.path, session.origin);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const token = session.params[TOKEN_PARAM[dialect]];
    if (token) headers[dialects[dialect].tokenHeader] = token;
    // The dialect's own envelope, reshaped from the raw body.
    const res = await fetchFn(url.toString(), {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: 'omit',
      signal: AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_BROWSER_MS),
    });
    return reshape(dialect, await res.json().catch(() => null));
  }

  /** A dialect call to the venue; its `data`, or a BusinessError with the venue's code. */
  async function request<T>(venueCode: string, req: VenueRequest): Promise<T> {
    const dialect = dialectOfPath(req.path);
    if (!dialect || !/^\/(api\/mobile\/|yewu|v1\/)/.test(req.path))
      throw new Error(`not a third-party path: ${req.path}`);
    let envelope = await once(venueCode, dialect, req);
    if (envelope.status_code === ErrorCode.VenueSessionExpired || expired(dialect, envelope)) {
      await relaunch(venueCode);
      envelope = await once(venueCode, dialect, req);
    }
    if (envelope.status_code === SUCCESS_CODE) return envelope.data as T;
    throw new BusinessError(envelope.status_code, envelope.message, envelope);
  }

  return { request, relaunch };
}

export type VenueProxy = ReturnType<typeof createVenueProxy>;
