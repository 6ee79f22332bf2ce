import { SUCCESS_CODE } from '@nebula/protocol/api/core/envelope';
import { buildPath } from '@nebula/protocol/api/core/route';
import { adminRoute, type AdminRouteName, type RequestOf, type ResponseOf } from './admin-routes';
import { apiError, COMMON_CODE, SESSION_ENDED_CODE, SESSION_IDLE_CODE } from './api-error';

export interface CallOptions {
  /** Money routes: the key that makes a retry return the first result (docs/contract.md §2). */
  idempotencyKey?: string;
  /** Extra headers a call needs (a step-up proof, say). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ClientDeps {
  /** The operator's token, or null before login. */
  token: () => string | null;
  /** Told when the server says the session is gone, so the app can go back to login. */
  onSessionEnded: () => void;
  /** Told the session's idle limit each time `/me` reports it (the server's, which may change). */
  onIdleMinutes?: (minutes: number) => void;
  /** The platform's origin when it is not the console's own (api-origin.ts); '' otherwise. */
  origin?: string;
  fetch?: typeof fetch;
}

export type AdminCall = <K extends AdminRouteName>(
  name: K,
  req: RequestOf<K>,
  opts?: CallOptions,
) => Promise<ResponseOf<K>>;

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      if (v !== '') q.set(k, String(v));
    }
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A fresh key per user action; a retry of that action reuses it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The one way the console calls the platform: method and path from the route table, the
 * operator token in X-Admin-Token (never a cookie: nothing of the member site's session
 * reaches here), the envelope unwrapped into data or an ApiError with the catalogue's text.
 */
export function createAdminClient(deps: ClientDeps): AdminCall {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  return async (name, req, opts = {}) => {
    const meta = adminRoute(name);
    const r = req as { params?: Record<string, string | number>; query?: object; body?: unknown };
    const url =
      (deps.origin ?? '') +
      buildPath(meta.path, r.params ?? {}) +
      queryString(r.query as Record<string, unknown> | undefined);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = deps.token();
    if (token) headers['X-Admin-Token'] = token;
    if (meta.money) headers['X-Idempotency-Key'] = opts.idempotencyKey ?? newIdempotencyKey();
    const hasBody = meta.method !== 'GET';
    if (hasBody) headers['Content-Type'] = 'application/json';
    const res = await doFetch(url, {
      method: meta.method,
      headers,
      body: hasBody ? JSON.stringify(r.body ?? {}) : undefined,
      credentials: 'omit',
      signal: opts.signal,
    });
    let envelope: { status_code?: unknown; data?: unknown };
    try {
      envelope = (await res.json()) as typeof envelope;
    } catch {
      throw await apiError(COMMON_CODE);
    }
    const code = typeof envelope.status_code === 'number' ? envelope.status_code : COMMON_CODE;
    if (code !== SUCCESS_CODE) {
      if (code === SESSION_ENDED_CODE || code === SESSION_IDLE_CODE) deps.onSessionEnded();
      throw await apiError(code, envelope.data ?? null);
    }
    const data = envelope.data as ResponseOf<typeof name>;
    if (name === 'adminMe') deps.onIdleMinutes?.((data as ResponseOf<'adminMe'>).idleMinutes);
    return data;
  };
}
