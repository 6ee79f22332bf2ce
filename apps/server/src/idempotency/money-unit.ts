import type { Db, Queryable } from '@nebula/db';
import { AppError } from '../lib/errors';
import type { StoredOutcome } from './idempotency.repository';
import {
  errorOutcome,
  successOutcome,
  type IdempotencyService,
  type IdempotentCall,
} from './idempotency.service';

export type StoredResponse = StoredOutcome['response'];

declare const madeByUnit: unique symbol;

/**
 * What a money call answers: its data (`done`), or the key's first outcome (`replay`, when a
 * duplicate got there first). Only a unit makes one, so a service that returns it has run its
 * money work through the unit exactly as the unit's mode says.
 */
export type MoneyResult<T> = (
  | { readonly kind: 'done'; readonly data: T }
  | { readonly kind: 'replay'; readonly response: StoredResponse }
) & { readonly [madeByUnit]: true };

/**
 * A money call whose whole effect is written to this database (a ledger entry and its order).
 * `commit` runs `work` in the one transaction that also claims the idempotency key and stores
 * the success, so the money and its answer commit together. Call it once; checks that need no
 * transaction (a password hash, a settings read) run before it.
 */
export interface LedgerUnit {
  readonly mode: 'ledger';
  commit<T>(work: (q: Queryable) => Promise<T>): Promise<MoneyResult<T>>;
}

/**
 * A money call whose effect leaves the database (a payment gateway, a venue over HTTP), which
 * must not run inside a transaction. `perform` claims the key first in its own committed
 * transaction (a duplicate meanwhile is told 7004), runs `effect`, then stores its outcome; an
 * unexpected failure frees the key. Call it once.
 */
export interface EffectUnit {
  readonly mode: 'effect';
  perform<T>(effect: () => Promise<T>): Promise<MoneyResult<T>>;
}

export type MoneyMode = 'ledger' | 'effect';
export type UnitOf<M extends MoneyMode> = M extends 'ledger' ? LedgerUnit : EffectUnit;

const done = <T>(data: T) => ({ kind: 'done', data }) as MoneyResult<T>;
const replay = <T>(response: StoredResponse) => ({ kind: 'replay', response }) as MoneyResult<T>;

/**
 * Runs one money call under its idempotency key (contract §2) and answers the envelope to send:
 * a stored outcome is replayed without running the call; otherwise `work` runs with a unit of
 * the call's mode, and its first outcome — success or business error — is kept for every retry.
 * An unexpected error leaves no outcome (a retry may run again) and is rethrown.
 */
export async function runIdempotent<M extends MoneyMode, T>(
  idempotency: IdempotencyService,
  call: IdempotentCall,
  mode: M,
  work: (unit: UnitOf<M>) => Promise<MoneyResult<T>>,
): Promise<StoredResponse> {
  const begun = await idempotency.begin(call);
  if (begun.replay) return begun.replay;
  const full = { ...call, key: begun.key, requestHash: begun.requestHash };
  let claimed = false;
  const ledger: LedgerUnit = {
    mode: 'ledger',
    async commit(fn) {
      const r = await idempotency.run(full, fn);
      return r.claimed ? done(r.data) : replay(r.response);
    },
  };
  const effect: EffectUnit = {
    mode: 'effect',
    async perform(fn) {
      const c = await idempotency.claim(full);
      if (!c.claimed) return replay(c.response);
      claimed = true;
      const data = await fn();
      await idempotency.complete(full, successOutcome(data));
      return done(data);
    },
  };
  try {
    const result = await work((mode === 'ledger' ? ledger : effect) as UnitOf<M>);
    return result.kind === 'replay' ? result.response : successOutcome(result.data);
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 200) {
      if (!claimed) return idempotency.storeError(full, err);
      const outcome = errorOutcome(err);
      await idempotency.complete(full, outcome);
      return outcome;
    }
    // Unexpected: the outcome is unknown, so a retry may try again.
    if (claimed) await idempotency.release(full).catch(() => undefined);
    throw err;
  }
}

/**
 * A ledger unit with no idempotency key: the work runs in a transaction of its own. For money
 * work that is not an API call (tests, jobs whose references make them idempotent already).
 */
export function unkeyedLedgerUnit(db: Db): LedgerUnit {
  return { mode: 'ledger', commit: async (work) => done(await db.tx(work)) };
}
