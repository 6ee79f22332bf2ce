import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  CLIENT_TYPE,
  CLIENT_VERSION,
  SITE_ID,
  baseOfPath,
  buildPath,
  routeMeta,
  type Envelope,
  type RouteName,
} from '@nebula/protocol';
import { deviceSigningKey, signRequest } from '../lib/signing';

export interface CallOptions {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  token?: string;
  headers?: Record<string, string | undefined>;
  /** Skip signing even on a signed route. */
  unsigned?: boolean;
  /** Milliseconds added to the signing clock (clock skew tests). */
  skewMs?: number;
  ip?: string;
}

/** Calls the app like the member site does: the headers of contract §2 and a valid signature. */
export class TestClient {
  constructor(
    readonly app: FastifyInstance,
    private readonly signKey: string,
    readonly deviceId: string,
  ) {}

  headers(path: string, signed: boolean, opts: CallOptions = {}): Record<string, string> {
    const h: Record<string, string> = {
      'x-client-type': CLIENT_TYPE,
      'x-version': CLIENT_VERSION,
      'x-site-id': String(SITE_ID),
      'x-api-uuid': this.deviceId,
    };
    const base = baseOfPath(path);
    if (signed && base && !opts.unsigned) {
      const ts = String(Date.now() + (opts.skewMs ?? 0));
      h['x-timestamp'] = ts;
      h['x-sign'] = signRequest(
        deviceSigningKey(this.signKey, this.deviceId),
        base,
        this.deviceId,
        ts,
      );
    }
    if (opts.token) h['x-api-token'] = opts.token;
    for (const [k, v] of Object.entries(opts.headers ?? {})) {
      if (v === undefined) delete h[k.toLowerCase()];
      else h[k.toLowerCase()] = v;
    }
    return h;
  }

  async raw(name: RouteName, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
    const meta = routeMeta[name];
    const path = buildPath(meta.path, opts.params);
    return this.app.inject({
      method: meta.method,
      url: path,
      query: opts.query
        ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      headers: this.headers(path, meta.signed, opts),
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      remoteAddress: opts.ip,
    });
  }

  /** Calls a route and returns its envelope. */
  async call<T = unknown>(name: RouteName, opts: CallOptions = {}): Promise<Envelope<T>> {
    const res = await this.raw(name, opts);
    return res.json<Envelope<T>>();
  }

  /** Calls a route and returns `data`, failing unless the envelope is a success. */
  async data<T = unknown>(name: RouteName, opts: CallOptions = {}): Promise<T> {
    const env = await this.call<T>(name, opts);
    if (env.status_code !== 6000) {
      throw new Error(
        `${name} answered ${env.status_code} ${env.message} ${JSON.stringify(env.data)}`,
      );
    }
    return env.data;
  }
}
