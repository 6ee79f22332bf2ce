import type { Queryable } from '@nebula/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock';
import { createTestDb, testDbKind, type TestDb } from '../test/test-db';
import { addMembers, houseEntry, ref } from '../test/ledger-entries';
import { postBatch } from './ledger-batch.repository';
import type { EntryRows } from './ledger.repository';
import { LedgerService } from './ledger.service';

/**
 * `ledger_post_batch` (migrations 0057 and 0060) called directly: how it decides entries that
 * share a reference, that it reaches rows by key only, and that a reference written by another
 * transaction while the batch writes fails the batch instead of posting on a stale plan.
 */
let t: TestDb;
let ledger: LedgerService;
let house: bigint;
beforeAll(async () => {
  t = await createTestDb();
  ledger = new LedgerService(t.db, systemClock);
  await ledger.ensureHouseAccounts();
  house = (
    await t.db.query<{ id: bigint }>(
      "SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = 'deposits' ORDER BY id LIMIT 1",
    )
  ).rows[0]!.id;
});
afterAll(() => t.drop());

/** A funded member and its main account id. */
async function funded(amount: bigint): Promise<{ memberId: number; account: bigint }> {
  const [memberId] = await addMembers(t.db, 1);
  await ledger.postNow(houseEntry(memberId!, amount));
  const r = await t.db.query<{ id: bigint }>(
    "SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = 'main'",
    [memberId],
  );
  return { memberId: memberId!, account: r.rows[0]!.id };
}

/** An entry moving `amount` from the house to the member's account (a debit when negative). */
function rows(account: bigint, amount: bigint, reference = ref('pb')): EntryRows {
  return {
    reference,
    kind: 'test',
    memo: '',
    memberId: null,
    now: Date.now(),
    memberDeltas: [{ accountId: account, amount }],
    postings: [
      { accountId: house, asset: 'CNY', amount: -amount, house: true },
      { accountId: account, asset: 'CNY', amount, house: false },
    ],
  };
}

async function balance(account: bigint): Promise<bigint> {
  const r = await t.db.query<{ balance: bigint }>(
    'SELECT balance FROM ledger_accounts WHERE id = $1',
    [account],
  );
  return r.rows[0]!.balance;
}

/**
 * Another transaction writes `reference` and holds it uncommitted until `post` is waiting on
 * it in the reference index; then it commits. Answers what `post` answered, or its error.
 */
async function raceAgainstCommit<T>(
  reference: string,
  post: () => Promise<T>,
): Promise<{ value?: T; err?: { code?: string } }> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let inserted!: () => void;
  const ready = new Promise<void>((r) => (inserted = r));
  const other = t.db.tx(async (q) => {
    await q.query(
      `INSERT INTO ledger_transactions (reference, kind, memo, created_at) VALUES ($1, 'test', '', now())`,
      [reference],
    );
    inserted();
    await held;
  });
  await ready;
  const posted = post().then(
    (value) => ({ value }),
    (err: unknown) => ({ err: err as { code?: string } }),
  );
  for (let i = 0; i < 200; i += 1) {
    const w = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query LIKE '%ledger_post_batch%'`,
    );
    if (w.rows[0]!.n > 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  release();
  await other;
  return posted;
}

describe('ledger_post_batch', () => {
  it('a reference refused, then written, then sent again; an old one replays even unfunded', async () => {
    const m = await funded(10n);
    const old = rows(m.account, 5n);
    const [first] = await postBatch(t.db, [old], Date.now());
    const r = ref('dup');
    const out = await postBatch(
      t.db,
      [
        rows(m.account, -30n, r), // 15 on the account: refused
        rows(m.account, 20n), // 35
        rows(m.account, -30n, r), // the same reference, now it fits: 5
        rows(m.account, -30n, r), // written just before: a replay, nothing moves
        { ...rows(m.account, -1000n), reference: old.reference }, // written before: a replay
      ],
      Date.now(),
    );
    expect(out.map((o) => o.kind)).toEqual(['refused', 'written', 'written', 'replay', 'replay']);
    const id = (i: number) => (out[i] as { transactionId: bigint }).transactionId;
    expect(id(3)).toBe(id(2));
    expect(id(4)).toBe((first as { transactionId: bigint }).transactionId);
    // Transaction rows are numbered in the entries' order.
    expect(id(1) < id(2)).toBe(true);
    expect(await balance(m.account)).toBe(5n);
    const after = await t.db.query<{ balance_after: bigint }>(
      'SELECT balance_after FROM ledger_postings WHERE account_id = $1 ORDER BY id',
      [m.account],
    );
    expect(after.rows.map((x) => x.balance_after)).toEqual([10n, 15n, 35n, 5n]);
    await ledger.rollUp();
    expect((await ledger.reconcile()).ok).toBe(true);
  });

  it('reaches accounts and transactions by key, never by scanning the table', async () => {
    // Many accounts in one batch: on a small table never analyzed, a scan looks cheaper.
    const ms: bigint[] = [];
    for (let i = 0; i < 32; i += 1) ms.push((await funded(100n)).account);
    // Scans counted by this backend and not yet reported (PGlite reports late): the difference.
    const seqScans = async (q: Queryable) =>
      (
        await q.query<{ accounts: number; transactions: number }>(
          `SELECT coalesce(sum(seq_scan) FILTER (WHERE relname = 'ledger_accounts'), 0)::int AS accounts,
                  coalesce(sum(seq_scan) FILTER (WHERE relname = 'ledger_transactions'), 0)::int AS transactions
             FROM pg_stat_xact_user_tables`,
        )
      ).rows[0]!;
    const [before, after] = await t.db.tx(async (q) => {
      const b = await seqScans(q);
      await postBatch(
        q,
        ms.map((a) => rows(a, 1n)),
        Date.now(),
      );
      return [b, await seqScans(q)];
    });
    expect(after).toEqual(before);
    expect(await balance(ms[0]!)).toBe(101n);
  });

  it('queues one house roll-up row per house account of a batch, carrying their sum', async () => {
    const a = await funded(50n);
    const b = await funded(50n);
    await ledger.rollUp();
    const out = await postBatch(
      t.db,
      [rows(a.account, 7n), rows(b.account, 5n), rows(a.account, -2n), rows(a.account, -99n)],
      Date.now(),
    );
    expect(out.map((o) => o.kind)).toEqual(['written', 'written', 'written', 'refused']);
    const pending = await t.db.query<{ account_id: bigint; amount: bigint }>(
      'SELECT account_id, amount FROM ledger_house_pending',
    );
    expect(pending.rows).toEqual([{ account_id: house, amount: -10n }]);
    expect((await ledger.reconcile()).ok).toBe(true);
    await ledger.rollUp();
    expect((await ledger.reconcile()).ok).toBe(true);
  });

  it.runIf(testDbKind() === 'postgres')(
    'a reference committed by another transaction while the batch writes fails it whole (40001)',
    async () => {
      const m = await funded(10n);
      const raced = rows(m.account, 3n);
      const mate = rows(m.account, 4n);
      const r = await raceAgainstCommit(raced.reference, () =>
        postBatch(t.db, [mate, raced], Date.now()),
      );
      expect(r.err?.code).toBe('40001');
      // Nothing of the batch was written: its mate neither.
      const n = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = $1',
        [mate.reference],
      );
      expect(n.rows[0]!.n).toBe(0);
      expect(await balance(m.account)).toBe(10n);
      const again = await postBatch(t.db, [mate, raced], Date.now());
      expect(again.map((o) => o.kind)).toEqual(['written', 'replay']);
    },
  );

  it.runIf(testDbKind() === 'postgres')(
    'the group writer sends a stale batch again: the raced entry replays, alone or not',
    async () => {
      const m = await funded(10n);
      const raced = houseEntry(m.memberId, 3n);
      const alone = await raceAgainstCommit(raced.reference, () => ledger.postGrouped(raced));
      expect(alone.err).toBeUndefined();
      expect(alone.value?.result.replay).toBe(true);
      const other = await t.db.query<{ id: bigint }>(
        'SELECT id FROM ledger_transactions WHERE reference = $1',
        [raced.reference],
      );
      expect(alone.value?.result.transactionId).toBe(other.rows[0]!.id);
      expect(await balance(m.account)).toBe(10n);
    },
  );
});
