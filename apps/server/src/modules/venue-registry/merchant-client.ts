import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import {
  MERCHANT_HEADERS,
  isFreshTimestamp,
  merchantCalls,
  merchantCanonical,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import { setBounded } from '../../lib/bounded-map';
import type { MerchantSecrets } from '../../config/merchant-secrets';

/** Where a venue's merchant API lives and who we are to it (from the registry). */
export interface MerchantTarget {
  code: string;
  apiUrl: string;
  merchantCode: string;
}

type Req<C extends MerchantCall> = z.input<(typeof merchantCalls)[C]['request']>;
type Res<C extends MerchantCall> = z.output<(typeof merchantCalls)[C]['response']>;

/**
 * What a merchant call came to. `refused` is the venue's signed refusal with its code (whether
 * that code is a definite failure is the caller's business: `merchantDefiniteFailures`).
 * `unknown` is everything else — a timeout, a 5xx, a refused signature, an unsigned or forged
 * answer, an answer that does not fit the contract: nothing may be concluded from it.
 */
export type MerchantOutcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'refused'; code: number; message: string; data?: unknown }
  | { kind: 'unknown'; reason: string };

const sha256Hex = (body: string) => createHash('sha256').update(body).digest('hex');
const hmacHex = (secret: string, canonical: string) =>
  createHmac('sha256', secret).update(canonical).digest('hex');

function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

export interface MerchantClientOptions {
  secrets: MerchantSecrets;
  /** Per call; a transfer that outlives it is an unknown outcome, asked about later. */
  timeoutMs?: number;
  /** Real time: signatures are checked against the venue's clock, never a test's fake one. */
  now?: () => number;
  fetch?: typeof fetch;
}

/**
 * The signed merchant client (contract §6): every call signed with the merchant's secret over
 * `METHOD\npath?query\ntimestamp\nnonce\nsha256(body)`, every answer's signature verified the
 * same way (method `RESPONSE`, our path) inside the time window and never seen before. An answer
 * that fails any check is treated as no answer at all: a forged "applied" moves no money.
 */
export class MerchantClient {
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #fetch: typeof fetch;
  /** Answer nonces seen recently: a replayed answer is refused like a forged one. */
  readonly #seenAnswers = new Map<string, number>();

  constructor(private readonly o: MerchantClientOptions) {
    this.#timeoutMs = o.timeoutMs ?? 8000;
    this.#now = o.now ?? Date.now;
    this.#fetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async call<C extends MerchantCall>(
    target: MerchantTarget,
    name: C,
    body: Req<C>,
    opts: { timeoutMs?: number } = {},
  ): Promise<MerchantOutcome<Res<C>>> {
    const secret = await this.o.secrets.get(target.merchantCode);
    if (!secret) return { kind: 'unknown', reason: 'no merchant secret' };
    const path = merchantPaths[name];
    const raw = JSON.stringify(body);
    const timestamp = String(this.#now());
    const nonce = randomBytes(18).toString('base64url');
    const signature = hmacHex(
      secret,
      merchantCanonical({
        method: 'POST',
        pathWithQuery: path,
        timestamp,
        nonce,
        bodySha256Hex: sha256Hex(raw),
      }),
    );
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? this.#timeoutMs);
    let status: number;
    let text: string;
    let headers: Headers;
    try {
      const res = await this.#fetch(`${target.apiUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [MERCHANT_HEADERS.merchant]: target.merchantCode,
          [MERCHANT_HEADERS.timestamp]: timestamp,
          [MERCHANT_HEADERS.nonce]: nonce,
          [MERCHANT_HEADERS.signature]: signature,
        },
        body: raw,
        signal: controller.signal,
      });
      status = res.status;
      headers = res.headers;
      text = await res.text();
    } catch (err) {
      return {
        kind: 'unknown',
        reason: controller.signal.aborted ? 'timeout' : `network: ${(err as Error).message}`,
      };
    } finally {
      clearTimeout(timer);
    }
    if (status !== 200) return { kind: 'unknown', reason: `http ${status}` };
    const verdict = this.#verifyAnswer(secret, path, headers, text);
    if (verdict) return { kind: 'unknown', reason: verdict };
    let answer: { code?: unknown; data?: unknown; message?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      return { kind: 'unknown', reason: 'answer is not JSON' };
    }
    if (typeof answer !== 'object' || answer === null || typeof answer.code !== 'number')
      return { kind: 'unknown', reason: 'answer has no code' };
    if (answer.code !== 0) {
      return {
        kind: 'refused',
        code: answer.code,
        message: typeof answer.message === 'string' ? answer.message : '',
        ...(answer.data !== undefined ? { data: answer.data } : {}),
      };
    }
    const parsed = merchantCalls[name].response.safeParse(answer.data);
    if (!parsed.success) return { kind: 'unknown', reason: 'answer does not fit the contract' };
    return { kind: 'ok', data: parsed.data as Res<C> };
  }

  /** Null when the answer is signed by the merchant's secret, fresh and new; else why not. */
  #verifyAnswer(secret: string, path: string, headers: Headers, body: string): string | null {
    const timestamp = headers.get(MERCHANT_HEADERS.timestamp) ?? '';
    const nonce = headers.get(MERCHANT_HEADERS.nonce) ?? '';
    const signature = headers.get(MERCHANT_HEADERS.signature) ?? '';
    if (!signature) return 'answer not signed';
    const now = this.#now();
    if (!isFreshTimestamp(timestamp, now)) return 'answer timestamp outside the window';
    const expected = hmacHex(
      secret,
      merchantCanonical({
        method: 'RESPONSE',
        pathWithQuery: path,
        timestamp,
        nonce,
        bodySha256Hex: sha256Hex(body),
      }),
    );
    if (!sameSignature(expected, signature)) return 'answer signature invalid';
    if (this.#seenAnswers.has(nonce)) return 'answer replayed';
    setBounded(this.#seenAnswers, nonce, now, 100_000);
    return null;
  }
}
