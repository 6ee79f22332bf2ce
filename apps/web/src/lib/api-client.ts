import { buildPath } from '@nebula/protocol/api/core/route';
import { routeMeta } from '@nebula/protocol/api/route-meta';
import {
  CLIENT_TYPE,
  CLIENT_VERSION,
  Header,
  REQUEST_TIMEOUT_BROWSER_MS,
  SIGNATURE_WINDOW_MS,
  SITE_ID,
} from '@nebula/protocol/constants/constants';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { BusinessError, businessMessage } from './api-errors';
import type { ApiEvents } from './api-events';
import type { ApiRoute, CallArgs, CallOptions, CallResult, RawRequest } from './api-types';
import { serverNow, setServerTime } from './clock';
import { generateUuidV4 } from './device';
import { sendOnce, type Envelope } from './http-transport';
import type { Signer } from './signer';

/**
 * The request client of contract §2–8 and contract §2. Features call `api.call('routeName', {...})`
 * and get the envelope's `data`, typed from the protocol route table, or a typed error.
 */

export interface ApiClientOptions {
  getToken: () => string | null;
  getDeviceId: () => string;
  signer: Signer | null;
  events: ApiEvents;
  timeoutMs?: number;
  /** Late-bound by default so tests can replace `globalThis.fetch`. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  call: <R extends ApiRoute>(name: R, ...args: CallArgs<R>) => Promise<CallResult<R>>;
  request: <T = unknown>(request: RawRequest) => Promise<T>;
  events: ApiEvents;
}

function queryString(query: RawRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function serverTimeOf(envelope: Envelope): number | null {
  const data = envelope.data as { serverTime?: unknown } | null | undefined;
  return typeof data?.serverTime === 'number' && Number.isFinite(data.serverTime)
    ? data.serverTime
    : null;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_BROWSER_MS;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const inflight = new Map<string, Promise<unknown>>();

  async function headersFor(request: RawRequest, timestamp: number): Promise<Headers> {
    const uuid = options.getDeviceId();
    const headers = new Headers(request.headers);
    headers.set(Header.ClientType, CLIENT_TYPE);
    headers.set(Header.Version, CLIENT_VERSION);
    headers.set(Header.SiteId, String(SITE_ID));
    headers.set(Header.Uuid, uuid);
    const token = options.getToken();
    if (token) headers.set(Header.Token, token);
    if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    if (request.signed) {
      // An empty X-Sign is sent on purpose when no key exists: the server answers 10108.
      const sign = options.signer ? await options.signer.sign(request.path, uuid, timestamp) : '';
      headers.set(Header.Sign, sign);
      headers.set(Header.Timestamp, String(timestamp));
    }
    return headers;
  }

  async function execute(
    request: RawRequest,
    url: string,
    bodyText: string | undefined,
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      const timestamp = Math.round(serverNow());
      const keyGeneration = options.signer?.generation() ?? 0;
      const headers = await headersFor(request, timestamp);
      const envelope = await sendOnce({
        fetch: fetchFn,
        url,
        init: { method: request.method, headers, body: bodyText, credentials: 'same-origin' },
        timeoutMs,
        signal: request.signal,
      });
      const code = envelope.status_code;
      if (code === ErrorCode.Success) return envelope.data;

      const serverTime = code === ErrorCode.ApiAuth ? serverTimeOf(envelope) : null;
      if (serverTime !== null && attempt === 0) {
        // Our clock was fine, so the key itself was refused: fetch it again before retrying.
        if (Math.abs(serverTime - timestamp) < SIGNATURE_WINDOW_MS)
          options.signer?.invalidate(keyGeneration);
        setServerTime(serverTime);
        continue;
      }
      const error = new BusinessError(code, businessMessage(code, envelope.message), envelope);
      // An answer about a session another has since replaced (a login while a request of the
      // ended or anonymous one was in flight) says nothing about the new one: no event.
      const current = options.getToken();
      if (current === null || current === headers.get(Header.Token)) options.events.emit(error);
      throw error;
    }
  }

  function request<T = unknown>(req: RawRequest): Promise<T> {
    const url = req.path + queryString(req.query);
    const bodyText = req.body === undefined ? undefined : JSON.stringify(req.body);
    // A caller with its own signal may cancel; sharing its promise would cancel the others too.
    if (req.signal) return execute(req, url, bodyText) as Promise<T>;
    const key = `${req.method} ${url} ${bodyText ?? ''} ${options.getToken() ?? ''}`;
    const existing = inflight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = execute(req, url, bodyText).finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise as Promise<T>;
  }

  function call<R extends ApiRoute>(name: R, ...args: CallArgs<R>): Promise<CallResult<R>> {
    const opts = (args[0] ?? {}) as CallOptions<R> & { idempotencyKey?: string };
    const meta = routeMeta[name];
    const headers = { ...opts.headers };
    // Types make callers pass the action's key (lib/action-key); a fresh one is only a
    // safety net for untyped callers, and would not protect a retry.
    if ('money' in meta && meta.money)
      headers[Header.Idempotency] = opts.idempotencyKey ?? generateUuidV4();
    return request<CallResult<R>>({
      method: meta.method,
      path: buildPath(meta.path, opts.params ?? {}),
      query: opts.query,
      body: opts.body,
      signed: meta.signed,
      signal: opts.signal,
      headers,
    });
  }

  return { call, request, events: options.events };
}
