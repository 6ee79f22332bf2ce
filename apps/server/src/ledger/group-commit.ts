import { ErrorCode } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import { AppError } from '../lib/errors';
import { postBatch } from './ledger-batch.repository';
import type { EntryRows } from './ledger.repository';

export interface GroupResult {
  transactionId: bigint;
  replay: boolean;
}

/**
 * Work a caller adds to its entry's transaction (its order row, say). It runs in the batch's
 * transaction after the entry is written or found replayed, on the database only — never a
 * network call: the batch's locks are held meanwhile. It may run more than once (a batch that
 * rolls back is run again), so it must not touch anything outside the transaction.
 */
export type Within<T> = (q: Queryable, result: GroupResult) => Promise<T>;

interface Waiter {
  rows: EntryRows;
  within: Within<unknown> | undefined;
  resolve(value: { result: GroupResult; value: unknown }): void;
  reject(err: unknown): void;
}

interface Answer {
  waiter: Waiter;
  result: GroupResult;
  value: unknown;
}

interface Written {
  answers: Answer[];
  refused: Waiter[];
}

/**
 * A test-only crash point: 'ledger.batch' between a batch's write and its commit (a batch with
 * `within` work, in a transaction), 'ledger.batch-committed' after a batch that commits by
 * itself has committed and before anyone is answered.
 */
export type CrashHook = (point: string) => void;

export const MAX_BATCH = 256;
/** Times a batch runs again after a stale plan before its entries run alone. */
const STALE_RETRIES = 3;

/**
 * Group commit for one hot house account: a single writer per node takes every entry queued
 * while its previous batch was committing and writes them in one statement that commits by
 * itself (`ledger_post_batch`, migration 0057: one round trip), then answers each caller. A
 * batch whose callers add their own work (`within`) runs in a transaction with it. Correctness
 * comes from the database, not from this writer: member rows are locked, references are unique
 * and balances are checked, so writers on other nodes (or single entries) interleave safely.
 */
export class GroupWriter {
  readonly #queue: Waiter[] = [];
  #running = false;
  /** Batches committed and entries in them: what the batching achieved. */
  readonly stats = { batches: 0, entries: 0 };

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly crash?: CrashHook,
  ) {}

  submit<T>(rows: EntryRows, within?: Within<T>): Promise<{ result: GroupResult; value: T }> {
    return new Promise((resolve, reject) => {
      this.#queue.push({
        rows,
        within: within,
        resolve: resolve as Waiter['resolve'],
        reject,
      });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        // One turn of the event loop first: callers answered by the last batch that post again
        // right away join this one instead of waiting a whole batch more.
        await new Promise((r) => setImmediate(r));
        const batch = this.#queue.splice(0, MAX_BATCH);
        await this.#runBatch(batch);
      }
    } finally {
      this.#running = false;
    }
  }

  /** Commits a batch and answers its callers; a caller's failure is only ever its own. */
  async #runBatch(batch: Waiter[]): Promise<void> {
    let live = batch;
    let stale = 0;
    while (live.length > 0) {
      const failed: { waiter: Waiter; err: unknown }[] = [];
      const alone = !live.some((w) => w.within);
      let out: Written;
      try {
        out = !alone
          ? await this.db.tx(async (q) => {
              const w = await this.#write(q, live);
              for (const a of w.answers) {
                if (!a.waiter.within) continue;
                try {
                  a.value = await a.waiter.within(q, a.result);
                } catch (err) {
                  failed.push({ waiter: a.waiter, err });
                  throw err;
                }
              }
              this.crash?.('ledger.batch');
              return w;
            })
          : await this.#write(this.db, live);
        if (alone) this.crash?.('ledger.batch-committed');
      } catch (err) {
        const own = failed[0];
        if (own) {
          // Its own work failed: it alone is answered so, the rest run again without it.
          own.waiter.reject(own.err);
          live = live.filter((w) => w !== own.waiter);
          continue;
        }
        if (isStalePlan(err) && stale < STALE_RETRIES) {
          // A reference of the batch was committed elsewhere while it wrote (migration 0060):
          // the same batch again reads it and answers that entry as a replay.
          stale += 1;
          continue;
        }
        if (live.length === 1) {
          live[0]!.reject(isBalanceCheck(err) ? new AppError(ErrorCode.InsufficientBalance) : err);
          return;
        }
        // An error no plan foresaw: each entry runs alone, so it lands on its own caller.
        for (const w of live) await this.#runBatch([w]);
        return;
      }
      // Answered only once the batch is committed, refusals included.
      this.stats.batches += 1;
      this.stats.entries += out.answers.length;
      for (const r of out.refused) r.reject(new AppError(ErrorCode.InsufficientBalance));
      for (const a of out.answers) a.waiter.resolve({ result: a.result, value: a.value });
      return;
    }
  }

  /** Posts the batch's entries in one statement on `q` and sorts out each caller's answer. */
  async #write(q: Queryable, live: Waiter[]): Promise<Written> {
    const outcomes = await postBatch(
      q,
      live.map((w) => w.rows),
      this.now(),
    );
    const answers: Answer[] = [];
    const refused: Waiter[] = [];
    outcomes.forEach((o, i) => {
      const waiter = live[i]!;
      if (o.kind === 'refused') refused.push(waiter);
      else
        answers.push({
          waiter,
          result: { transactionId: o.transactionId, replay: o.kind === 'replay' },
          value: undefined,
        });
    });
    return { answers, refused };
  }
}

/** `ledger_post_batch` found its plan stale (40001): nothing was written, it may run again. */
function isStalePlan(err: unknown): boolean {
  return (err as { code?: string }).code === '40001';
}

/** The database refused a member balance below zero (the plan's check, enforced by it). */
function isBalanceCheck(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return (
    e.code === '23514' && String(e.constraint ?? e.message).includes('member_balance_not_negative')
  );
}
