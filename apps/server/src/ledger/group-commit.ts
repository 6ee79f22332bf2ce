import { ErrorCode } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import { AppError } from '../lib/errors';
import { planBatch } from './batch-plan';
import { lockForBatch, writeEntries } from './ledger-batch.repository';
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

interface Written {
  answers: { waiter: Waiter; result: GroupResult; value: unknown }[];
  refused: Waiter[];
}

/** A test-only crash point between a batch's write and its commit. */
export type CrashHook = (point: string) => void;

/** Retries of a batch whose plan went stale (another node wrote one of its references). */
const MAX_REPLANS = 5;
export const MAX_BATCH = 256;

/**
 * Group commit for one hot house account: a single writer per node takes every entry queued
 * while its previous batch was committing and writes them in one transaction — one lock
 * statement, one multi-entry write, one commit — then answers each caller. Correctness comes
 * from the database, not from this writer: member rows are locked, references are unique and
 * balances are checked, so writers on other nodes (or single entries) interleave safely.
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
    for (let attempt = 0; live.length > 0; attempt += 1) {
      const failed: { waiter: Waiter; err: unknown }[] = [];
      let out: Written;
      try {
        out = await this.db.tx(async (q) => {
          const w = await this.#write(q, live, attempt);
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
        });
      } catch (err) {
        const own = failed[0];
        if (own) {
          // Its own work failed: it alone is answered so, the rest run again without it.
          own.waiter.reject(own.err);
          live = live.filter((w) => w !== own.waiter);
          continue;
        }
        if (err instanceof StalePlan && attempt < MAX_REPLANS) continue;
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

  async #write(q: Queryable, live: Waiter[], attempt: number): Promise<Written> {
    const entries = live.map((w) => w.rows);
    const accounts = new Set<bigint>();
    for (const e of entries) for (const d of e.memberDeltas) accounts.add(d.accountId);
    const { balances, existing } = await lockForBatch(
      q,
      [...accounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      entries.map((e) => e.reference),
    );
    const plan = planBatch(entries, balances, existing, this.now());
    const written =
      plan.rows.entries.length > 0 ? await writeEntries(q, plan.rows) : new Map<string, bigint>();
    if (written.size !== plan.rows.entries.length) throw new StalePlan(attempt);
    const answers: Written['answers'] = [];
    const refused: Waiter[] = [];
    plan.outcomes.forEach((o, i) => {
      const waiter = live[i]!;
      if (o.kind === 'refused') refused.push(waiter);
      else if (o.kind === 'replay')
        answers.push({
          waiter,
          result: { transactionId: o.transactionId, replay: true },
          value: undefined,
        });
      else {
        const reference = entries[i]!.reference;
        answers.push({
          waiter,
          result: { transactionId: written.get(reference)!, replay: o.kind === 'replay-in-batch' },
          value: undefined,
        });
      }
    });
    return { answers, refused };
  }
}

/** The database refused a member balance below zero (the plan's check, enforced by it). */
function isBalanceCheck(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return (
    e.code === '23514' && String(e.constraint ?? e.message).includes('member_balance_not_negative')
  );
}

/** Another node wrote one of the batch's references after the batch looked: plan again. */
class StalePlan extends Error {
  constructor(attempt: number) {
    super(`ledger batch plan went stale (attempt ${attempt})`);
  }
}
