import { randomUUID } from 'node:crypto';
import {
  CLIENT_TYPE,
  CLIENT_VERSION,
  SITE_ID,
  baseOfPath,
  buildPath,
  routeMeta,
  type RouteName,
} from '@nebula/protocol';
import { deviceSigningKey, signRequest } from '../../apps/server/src/lib/signing';
import { FORWARDED_FOR } from './site-address';

/** What a call of the site's own API answers: the envelope of contract §2. */
export interface SiteEnvelope<T> {
  status_code: number;
  data: T;
  message?: string;
}

export interface SiteCallOptions {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  /** A money call: a fresh idempotency key. */
  keyed?: boolean;
  headers?: Record<string, string>;
}

/** Latency samples and failures of one kind of call, kept by the driver. */
export type Recorder = (call: string, ms: number, ok: boolean) => void;

/**
 * One member's device on the member site: the signed headers of contract §2 over real HTTP,
 * as the web client sends them (the same signing code the server checks).
 */
export class SiteClient {
  readonly deviceId = randomUUID();
  readonly #key: Buffer;
  token: string | null = null;

  constructor(
    readonly baseUrl: string,
    signKey: string,
    private readonly record: Recorder,
    /** The member's address (memberAddress), sent as the proxy would. */
    readonly address: string,
  ) {
    this.#key = deviceSigningKey(signKey, this.deviceId);
  }

  headers(path: string, signed: boolean): Record<string, string> {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      'x-client-type': CLIENT_TYPE,
      'x-version': CLIENT_VERSION,
      'x-site-id': String(SITE_ID),
      'x-api-uuid': this.deviceId,
      [FORWARDED_FOR]: this.address,
    };
    const base = baseOfPath(path);
    if (signed && base) {
      const ts = String(Date.now());
      h['x-timestamp'] = ts;
      h['x-sign'] = signRequest(this.#key, base, this.deviceId, ts);
    }
    if (this.token) h['x-api-token'] = this.token;
    return h;
  }

  /** Calls a route; anything but success is recorded as an error and thrown. */
  async data<T>(name: RouteName, opts: SiteCallOptions = {}, label: string = name): Promise<T> {
    const meta = routeMeta[name];
    const path = buildPath(meta.path, opts.params);
    const qs = opts.query
      ? `?${String(new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)])))}`
      : '';
    const headers = this.headers(path, meta.signed);
    if (opts.keyed) headers['x-idempotency-key'] = randomUUID();
    Object.assign(headers, opts.headers);
    const t0 = performance.now();
    let env = null as SiteEnvelope<T> | null;
    try {
      const res = await fetch(`${this.baseUrl}${path}${qs}`, {
        method: meta.method,
        headers,
        body:
          opts.body === undefined || meta.method === 'GET' ? undefined : JSON.stringify(opts.body),
      });
      env = (await res.json()) as SiteEnvelope<T>;
    } finally {
      this.record(label, performance.now() - t0, env?.status_code === 6000);
    }
    if (!env || env.status_code !== 6000)
      throw new Error(`${label}: ${JSON.stringify(env).slice(0, 300)}`);
    return env.data;
  }
}

/** The venue's page API as the member's frame calls it, with the session its URL token bought. */
export class VenuePage {
  constructor(
    readonly venueUrl: string,
    private readonly record: Recorder,
    /** The member's address: their browser calls the venue from it too. */
    readonly address: string,
  ) {}

  /** Trades the launch URL's token for a session (once per launch). */
  async enter(launchUrl: string, label = 'venue.enter'): Promise<string> {
    const token = new URL(launchUrl).searchParams.get('token');
    const r = await this.call<{ token: string }>(
      'POST',
      '/h5/api/session/exchange',
      null,
      { token },
      label,
    );
    return r.token;
  }

  /**
   * One call; `success` is the code the answer's envelope says success with (0 for the house
   * games and FBTY, the dialect's otherwise).
   */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    session: string | null,
    body: unknown,
    label: string,
    success: number | string = 0,
  ): Promise<T> {
    const t0 = performance.now();
    type Answer = { code: number | string; data: T; msg?: string; message?: string };
    let r = null as Answer | null;
    try {
      const res = await fetch(`${this.venueUrl}${path}`, {
        method,
        headers: {
          [FORWARDED_FOR]: this.address,
          ...(session ? { authorization: `Bearer ${session}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      r = (await res.json()) as typeof r;
    } finally {
      this.record(label, performance.now() - t0, r?.code === success);
    }
    if (!r || r.code !== success) throw new Error(`${label}: ${JSON.stringify(r).slice(0, 300)}`);
    return r.data;
  }
}
