// Over 300 lines: the ledger's only writer; post, postMany and reverse share one private
// preparation that must not leave this class (docs/architecture.md, the ledger).
import { randomInt } from 'node:crypto';
import { ErrorCode } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import {
  HOUSE_KINDS,
  HOUSE_SHARDS,
  houseAsset,
  memberAsset,
  type AccountRef,
  type Asset,
} from './accounts';
import * as repo from './ledger.repository';
import { planBatch } from './batch-plan';
import { lockForBatch, writeEntries } from './ledger-batch.repository';
import {
  countStatement,
  readStatement,
  statementBefore,
  type StatementFilter,
  type StatementWhere,
} from './statement.repository';
import { setBounded } from '../lib/bounded-map';
import { GroupWriter, type CrashHook, type GroupResult, type Within } from './group-commit';

export interface PostingInput {
  account: AccountRef;
  amount: bigint;
}

export interface Entry {
  /** Unique: posting the same reference again changes nothing and reports a replay. */
  reference: string;
  kind: string;
  memo?: string;
  memberId?: number | null;
  postings: PostingInput[];
}

export interface PostResult {
  transactionId: bigint;
  replay: boolean;
}

export class LedgerError extends Error {}

/**
 * The only code that writes postings (contract §5). A transaction's postings sum to zero per
 * asset; postings are append-only (the database refuses changes); member balances never go
 * below zero and equal their postings at every commit; house accounts are sharded and rolled
 * up, so they never serialize member traffic.
 */
export class LedgerService {
  /** House account ids never change once made: kind:shard → id. */
  readonly #houseIds = new Map<string, bigint>();
  readonly #memberIds = new Map<string, bigint>();
  /** One group-commit writer per house kind (a fixed set): see `postGrouped`. */
  readonly #writers = new Map<string, GroupWriter>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly crash?: CrashHook,
  ) {}

  /** Posts an entry inside the caller's transaction. */
  async post(q: Queryable, entry: Entry): Promise<PostResult> {
    return this.#write(q, entry.reference, await this.#prepare(q, entry));
  }

  /**
   * Posts an entry on its own: one statement, atomic by itself — one round trip, and no lock is
   * held between round trips.
   */
  async postNow(entry: Entry): Promise<PostResult> {
    return this.#write(this.db, entry.reference, await this.#prepare(this.db, entry));
  }

  /**
   * Posts many entries inside the caller's transaction with one lock statement and one write (a
   * job's batch): member accounts are resolved in one round trip, references already written
   * change nothing (counted as replayed). A member balance that would go below zero refuses the
   * whole batch (7001): a job credits, so that is a bug, not a member's state.
   */
  async postMany(q: Queryable, entries: Entry[]): Promise<{ written: number; replayed: number }> {
    if (entries.length === 0) return { written: 0, replayed: 0 };
    const wanted = new Map<string, { memberId: number; kind: string; asset: Asset }>();
    for (const e of entries)
      for (const p of e.postings)
        if (!('house' in p.account))
          wanted.set(`${p.account.memberId}:${p.account.kind}`, {
            memberId: p.account.memberId,
            kind: p.account.kind,
            asset: memberAsset(p.account.kind),
          });
    const known = await repo.memberAccountIds(q, [...wanted.values()]);
    const rows: repo.EntryRows[] = [];
    for (const e of entries) rows.push(await this.#prepare(q, e, known));
    const accounts = new Set<bigint>();
    for (const r of rows) for (const d of r.memberDeltas) accounts.add(d.accountId);
    const { balances, existing } = await lockForBatch(
      q,
      [...accounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      rows.map((r) => r.reference),
    );
    const plan = planBatch(rows, balances, existing, this.clock.now());
    if (plan.outcomes.some((o) => o.kind === 'refused'))
      throw new AppError(ErrorCode.InsufficientBalance);
    const written =
      plan.rows.entries.length > 0 ? await writeEntries(q, plan.rows) : new Map<string, bigint>();
    // Another transaction wrote one of the references meanwhile: the caller's unit rolls back.
    if (written.size !== plan.rows.entries.length)
      throw new LedgerError('ledger batch plan went stale');
    return { written: written.size, replayed: entries.length - written.size };
  }

  /**
   * Posts an entry that hits a hot house account through that account's group-commit writer:
   * it is written with the other entries queued meanwhile, in one transaction, and answered
   * once that commits. `within` adds the caller's own database work to the same transaction.
   * Refused alone (7001) when a member balance would go below zero; a replayed reference
   * answers the first transaction. Never call it inside a transaction: the caller would wait
   * for a commit its own transaction blocks.
   */
  async postGrouped<T = undefined>(
    entry: Entry,
    within?: Within<T>,
  ): Promise<{ result: GroupResult; value: T }> {
    const rows = await this.#prepare(this.db, entry);
    const hot = entry.postings.find((p) => 'house' in p.account)?.account;
    const key = hot && 'house' in hot ? hot.house : '';
    let writer = this.#writers.get(key);
    if (!writer) {
      writer = new GroupWriter(this.db, () => this.clock.now(), this.crash);
      this.#writers.set(key, writer);
    }
    return writer.submit(rows, within);
  }

  /** Batches and entries committed by the group writers (what the batching achieved). */
  groupStats(): { batches: number; entries: number } {
    let batches = 0;
    let entries = 0;
    for (const w of this.#writers.values()) {
      batches += w.stats.batches;
      entries += w.stats.entries;
    }
    return { batches, entries };
  }

  async #write(q: Queryable, reference: string, rows: repo.EntryRows): Promise<PostResult> {
    let transactionId: bigint | null;
    try {
      transactionId = await repo.writeEntry(q, rows);
    } catch (err) {
      if (
        (err as { code?: string }).code === '23514' &&
        String((err as { constraint?: string }).constraint ?? (err as Error).message).includes(
          'member_balance_not_negative',
        )
      ) {
        throw new AppError(ErrorCode.InsufficientBalance);
      }
      throw err;
    }
    if (transactionId === null)
      return { transactionId: (await repo.transactionByReference(q, reference))!, replay: true };
    return { transactionId, replay: false };
  }

  /** Validates an entry and resolves its accounts (the only reads a posting needs). */
  async #prepare(
    q: Queryable,
    entry: Entry,
    /** Member account ids resolved beforehand (`memberId:kind`), as `postMany` does. */
    known?: ReadonlyMap<string, bigint>,
  ): Promise<repo.EntryRows> {
    const sums = new Map<Asset, bigint>();
    for (const p of entry.postings) {
      if (p.amount === 0n) throw new LedgerError(`zero posting in ${entry.reference}`);
      const asset =
        'house' in p.account ? houseAsset(p.account.house) : memberAsset(p.account.kind);
      sums.set(asset, (sums.get(asset) ?? 0n) + p.amount);
    }
    for (const [asset, sum] of sums) {
      if (sum !== 0n)
        throw new LedgerError(`postings of ${entry.reference} sum to ${sum} ${asset}`);
    }
    const postings: repo.EntryRows['postings'] = [];
    const deltas = new Map<bigint, bigint>();
    for (const p of entry.postings) {
      if ('house' in p.account) {
        const asset = houseAsset(p.account.house);
        postings.push({
          accountId: await this.#houseAccount(q, p.account.house, asset),
          asset,
          amount: p.amount,
          house: true,
        });
      } else {
        const asset = memberAsset(p.account.kind);
        const id =
          known?.get(`${p.account.memberId}:${p.account.kind}`) ??
          (await this.#memberAccount(q, p.account.memberId, p.account.kind, asset)).id;
        postings.push({ accountId: id, asset, amount: p.amount, house: false });
        deltas.set(id, (deltas.get(id) ?? 0n) + p.amount);
      }
    }
    return {
      reference: entry.reference,
      kind: entry.kind,
      memo: entry.memo ?? '',
      memberId: entry.memberId ?? null,
      now: this.clock.now(),
      memberDeltas: [...deltas]
        .filter(([, amount]) => amount !== 0n)
        .map(([accountId, amount]) => ({ accountId, amount })),
      postings,
    };
  }

  /** Member account ids never change once they exist; cached only when known committed. */
  async #memberAccount(
    q: Queryable,
    memberId: number,
    kind: string,
    asset: Asset,
  ): Promise<{ id: bigint; created: boolean }> {
    const key = `${memberId}:${kind}`;
    const cached = this.#memberIds.get(key);
    if (cached !== undefined) return { id: cached, created: false };
    const r = await repo.memberAccountId(q, memberId, kind, asset);
    // Made outside any transaction (q is the database itself), it is committed already.
    if (!r.created || q === this.db) {
      setBounded(this.#memberIds, key, r.id, 100_000);
    }
    return r;
  }

  async #houseAccount(q: Queryable, kind: string, asset: Asset): Promise<bigint> {
    const shard = randomInt(0, HOUSE_SHARDS);
    const key = `${kind}:${shard}`;
    const cached = this.#houseIds.get(key);
    if (cached !== undefined) return cached;
    const { id, created } = await repo.houseAccountId(q, kind, shard, asset);
    // An id made by this transaction is cached only once it surely exists: the transaction
    // may still roll back, and a cached id of a row that never committed breaks every later post.
    if (!created || q === this.db) this.#houseIds.set(key, id);
    return id;
  }

  /** Creates every shard of the fixed house accounts, committed, so postings only read them. */
  async ensureHouseAccounts(): Promise<void> {
    const ids = await this.db.tx(async (q) => {
      const made: [string, bigint][] = [];
      for (const [kind, asset] of Object.entries(HOUSE_KINDS)) {
        for (let shard = 0; shard < HOUSE_SHARDS; shard += 1)
          made.push([`${kind}:${shard}`, (await repo.houseAccountId(q, kind, shard, asset)).id]);
      }
      return made;
    });
    // Committed now: remembered, so no posting pays a lookup for its shard.
    for (const [key, id] of ids) this.#houseIds.set(key, id);
  }

  async balances(
    q: Queryable,
    memberId: number,
  ): Promise<{ main: bigint; locked: bigint; coin: bigint; transit: bigint; points: bigint }> {
    const map = await repo.memberBalances(q, memberId);
    return {
      main: map.get('main') ?? 0n,
      locked: map.get('locked') ?? 0n,
      coin: map.get('coin') ?? 0n,
      transit: map.get('transit') ?? 0n,
      points: map.get('points') ?? 0n,
    };
  }

  /** A page of a member account's postings with per-Shanghai-day totals (their records). */
  statement(q: Queryable, filter: StatementFilter) {
    return readStatement(q, filter);
  }

  /** The statement for a CSV export: counted, then keyset pages newest first. */
  statementExport(q: Queryable, filter: StatementWhere) {
    return {
      count: () => countStatement(q, filter),
      before: (id: string, limit: number) => statementBefore(q, filter, id, limit),
    };
  }

  /** Applies pending house postings to the cached house balances. */
  async rollUp(batch = 5000): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.tx((q) => repo.rollUpHouse(q, batch));
      total += n;
      if (n < batch) return total;
    }
  }

  /**
   * Proves the books: every asset's postings sum to zero; every member account's cached
   * balance equals its postings and is not negative; every house account's cached balance
   * plus its pending roll-ups equals its postings.
   */
  async reconcile(): Promise<{
    ok: boolean;
    assetSums: Record<string, bigint>;
    drift: { accountId: bigint; cached: bigint; postings: bigint }[];
    negative: { accountId: bigint; balance: bigint }[];
    checkedAccounts: number;
  }> {
    const [rows, sums] = await Promise.all([repo.reconcileRows(this.db), repo.assetSums(this.db)]);
    const drift = rows
      .filter((r) => r.cached + r.pending !== r.postings)
      .map((r) => ({ accountId: r.accountId, cached: r.cached + r.pending, postings: r.postings }));
    const negative = rows
      .filter((r) => r.memberId !== null && r.cached < 0n)
      .map((r) => ({ accountId: r.accountId, balance: r.cached }));
    const ok =
      drift.length === 0 && negative.length === 0 && Object.values(sums).every((s) => s === 0n);
    return { ok, assetSums: sums, drift, negative, checkedAccounts: rows.length };
  }
}
