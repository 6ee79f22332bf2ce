import { createHash } from 'node:crypto';
import { ErrorCode, messageFor, SUCCESS_CODE } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import {
  claimKey,
  finishClaim,
  purgeOld,
  readOutcome,
  releaseClaim,
  saveOutcome,
  type StoredOutcome,
} from './idempotency.repository';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** An unfinished claim (see `claim`) older than this was left by a crash: the key is free again. */
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000;
export const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export interface IdempotentCall {
  /** member:<id> or operator:<id>: keys never collide across callers. */
  scope: string;
  route: string;
  key: string | undefined;
  request: unknown;
}

/** The key's claim: ours to run, or taken by a duplicate whose outcome is replayed. */
export type Claim = { claimed: true } | { claimed: false; response: StoredOutcome['response'] };

function hashRequest(route: string, request: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${canonicalJson(request)}`)
    .digest('hex');
}

/** JSON with sorted keys, so the same body in another key order is the same request. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .filter((k) => obj[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}

/**
 * Idempotency of money calls (contract §2): the first outcome — success or business error — is
 * kept 24 h per caller, call and key and replayed to every retry; a success is stored in the
 * same transaction as its ledger write; the same key with another body is refused (7003); a
 * money call without a key is refused (7002); a duplicate that finds the first attempt still
 * running (a claim made before an outside effect, see `claim`) is told so (7004).
 */
export class IdempotencyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Checks the key and returns the stored outcome to replay, if any. */
  async begin(
    call: IdempotentCall,
  ): Promise<{ key: string; requestHash: string; replay: StoredOutcome['response'] | null }> {
    if (!call.key) throw new AppError(ErrorCode.IdempotencyKeyMissing);
    if (!KEY_PATTERN.test(call.key))
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'X-Idempotency-Key', message: 'invalid' }],
      });
    const requestHash = hashRequest(call.route, call.request);
    const now = this.clock.now();
    const prior = await readOutcome(
      this.db,
      call.scope,
      call.route,
      call.key,
      now - IDEMPOTENCY_TTL_MS,
    );
    if (prior && !(prior.statusCode === 0 && prior.createdAt <= now - ABANDONED_CLAIM_MS)) {
      if (prior.requestHash !== requestHash) throw new AppError(ErrorCode.IdempotencyKeyReused);
      if (prior.statusCode === 0) throw new AppError(ErrorCode.IdempotencyInProgress);
      return { key: call.key, requestHash, replay: prior.response };
    }
    return { key: call.key, requestHash, replay: null };
  }

  #claimArgs(call: IdempotentCall & { key: string; requestHash: string }) {
    const now = this.clock.now();
    return {
      ...call,
      now,
      staleBefore: now - IDEMPOTENCY_TTL_MS,
      abandonedBefore: now - ABANDONED_CLAIM_MS,
    };
  }

  /**
   * Runs `fn` in one transaction that also claims the key and stores the success. When a
   * duplicate got there first, `fn` does not run and its stored outcome is answered instead.
   */
  async run<T>(
    call: IdempotentCall & { key: string; requestHash: string },
    fn: (q: Queryable) => Promise<T>,
  ): Promise<{ claimed: true; data: T } | { claimed: false; response: StoredOutcome['response'] }> {
    const now = this.clock.now();
    try {
      return await this.db.tx(async (q) => {
        if (!(await claimKey(q, this.#claimArgs(call))))
          return { claimed: false, response: await this.#outcomeOrInProgress(q, call) } as const;
        const data = await fn(q);
        await saveOutcome(q, call.scope, call.route, call.key, successOutcome(data));
        return { claimed: true, data } as const;
      });
    } finally {
      if (Math.random() < 0.01)
        await purgeOld(this.db, now - IDEMPOTENCY_TTL_MS).catch(() => undefined);
    }
  }

  async #outcomeOrInProgress(
    q: Queryable,
    call: IdempotentCall & { key: string; requestHash: string },
  ): Promise<StoredOutcome['response']> {
    const prior = await readOutcome(
      q,
      call.scope,
      call.route,
      call.key,
      this.clock.now() - IDEMPOTENCY_TTL_MS,
    );
    if (!prior || prior.statusCode === 0) throw new AppError(ErrorCode.IdempotencyInProgress);
    if (prior.requestHash !== call.requestHash) throw new AppError(ErrorCode.IdempotencyKeyReused);
    return prior.response;
  }

  /**
   * Stores a business error as the key's first outcome (its transaction rolled back, so it is
   * stored on its own). If another attempt stored an outcome first, that one is returned.
   */
  async storeError(
    call: IdempotentCall & { key: string; requestHash: string },
    err: AppError,
  ): Promise<StoredOutcome['response']> {
    const response = errorOutcome(err);
    return this.db.tx(async (q) => {
      const claimed = await claimKey(q, this.#claimArgs(call));
      if (!claimed) return this.#outcomeOrInProgress(q, call);
      await saveOutcome(q, call.scope, call.route, call.key, response);
      return response;
    });
  }

  /**
   * For a call whose effect leaves the database (a payment gateway call, which must not run
   * inside a transaction): claims the key first, in its own committed transaction, so a
   * duplicate arriving meanwhile gets 7004 instead of running the effect again or storing its
   * own outcome. A key already answered is answered with its outcome. The claimer then stores
   * the outcome (`complete`) or, after an unexpected failure, frees the key (`release`).
   */
  async claim(call: IdempotentCall & { key: string; requestHash: string }): Promise<Claim> {
    return this.db.tx(async (q): Promise<Claim> => {
      if (await claimKey(q, this.#claimArgs(call))) return { claimed: true };
      return { claimed: false, response: await this.#outcomeOrInProgress(q, call) };
    });
  }

  async complete(
    call: IdempotentCall & { key: string },
    outcome: StoredOutcome['response'],
  ): Promise<void> {
    await finishClaim(this.db, call.scope, call.route, call.key, outcome);
  }

  async release(call: IdempotentCall & { key: string }): Promise<void> {
    await releaseClaim(this.db, call.scope, call.route, call.key);
  }
}

export function successOutcome(data: unknown): StoredOutcome['response'] {
  return { status_code: SUCCESS_CODE, message: messageFor(SUCCESS_CODE), data: data ?? null };
}

export function errorOutcome(err: AppError): StoredOutcome['response'] {
  return { status_code: err.code, message: err.message, data: err.data ?? null };
}
