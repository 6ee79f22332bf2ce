import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { systemClock } from '../lib/clock';
import { createTestDb, type TestDb } from '../test/test-db';
import { addMembers, houseEntry, ref } from '../test/ledger-entries';
import { LedgerService, type Entry } from './ledger.service';

/**
 * The group-commit writer (docs/architecture.md, "Group commit"): entries queued together are
 * written in one transaction — observable as one xmin on their transaction rows — and each
 * caller gets its own answer: a refusal, a replay or a failed `within` touches nobody else.
 */
let t: TestDb;
let ledger: LedgerService;
let members: number[];
beforeAll(async () => {
  t = await createTestDb();
  ledger = new LedgerService(t.db, systemClock);
  await ledger.ensureHouseAccounts();
  members = await addMembers(t.db, 8);
});
afterAll(() => t.drop());

/** How many database transactions wrote these references (rows of one transaction share xmin). */
async function transactionsOf(refs: string[]): Promise<number> {
  const r = await t.db.query<{ n: number }>(
    'SELECT count(DISTINCT xmin::text)::int AS n FROM ledger_transactions WHERE reference = ANY($1::text[])',
    [refs],
  );
  return r.rows[0]!.n;
}

const main = async (memberId: number) => (await ledger.balances(t.db, memberId)).main;

describe('group commit', () => {
  it('entries posted together are written in one transaction, each answered', async () => {
    // Accounts made first: then every caller is queued in the same turn (their ids cached).
    for (const m of members) await ledger.postGrouped(houseEntry(m, 1n));
    const entries = Array.from({ length: 40 }, (_, i) => houseEntry(members[i % 8]!, 10n));
    const before = ledger.groupStats();
    const answers = await Promise.all(entries.map((e) => ledger.postGrouped(e)));
    expect(new Set(answers.map((a) => a.result.transactionId)).size).toBe(40);
    expect(answers.every((a) => !a.result.replay)).toBe(true);
    // All queued in one turn: one transaction, one commit, for the 40.
    const txs = await transactionsOf(entries.map((e) => e.reference));
    expect(txs).toBe(1);
    const after = ledger.groupStats();
    expect(after.entries - before.entries).toBe(40);
    expect(after.batches - before.batches).toBe(txs);
    expect((await ledger.reconcile()).ok).toBe(true);
  });

  it('a refused caller is refused alone: its batch-mates commit in the same transaction', async () => {
    const [a, b] = await addMembers(t.db, 2);
    // Accounts made first: then every caller is queued in the same turn (their ids cached).
    await ledger.postGrouped(houseEntry(a!, 50n));
    await ledger.postGrouped(houseEntry(b!, 0n + 1n));
    const ok1 = houseEntry(a!, -30n);
    const refused = houseEntry(a!, -30n);
    const credits = Array.from({ length: 5 }, () => houseEntry(b!, 7n));
    const settled = await Promise.allSettled(
      [ok1, refused, ...credits].map((e) => ledger.postGrouped(e)),
    );
    expect(settled[0]!.status).toBe('fulfilled');
    const r = settled[1]!;
    expect(r.status === 'rejected' && r.reason instanceof AppError && r.reason.code).toBe(
      ErrorCode.InsufficientBalance,
    );
    expect(settled.slice(2).every((s) => s.status === 'fulfilled')).toBe(true);
    expect(await transactionsOf([ok1, ...credits].map((e) => e.reference))).toBe(1);
    expect(await main(a!)).toBe(20n);
    expect(await main(b!)).toBe(36n);
    // The refused entry left nothing behind; the postings' balances follow arrival order.
    const rows = await t.db.query<{ reference: string; balance_after: bigint }>(
      `SELECT t.reference, p.balance_after FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
        WHERE t.reference = ANY($1::text[]) AND p.balance_after IS NOT NULL`,
      [[ok1.reference, refused.reference]],
    );
    expect(rows.rows).toEqual([{ reference: ok1.reference, balance_after: 20n }]);
    expect((await ledger.reconcile()).ok).toBe(true);
  });

  it('a duplicate in the same batch, and a retry later, answer the first transaction', async () => {
    const [m] = await addMembers(t.db, 1);
    await ledger.postGrouped(houseEntry(m!, 1n));
    const e = houseEntry(m!, 25n);
    const o = houseEntry(m!, 1n);
    const [first, dup, other] = await Promise.all([
      ledger.postGrouped(e),
      ledger.postGrouped({ ...e }),
      ledger.postGrouped(o),
    ]);
    expect(first.result.replay).toBe(false);
    expect(dup.result).toEqual({ transactionId: first.result.transactionId, replay: true });
    expect(other.result.replay).toBe(false);
    const retry = await ledger.postGrouped({ ...e });
    expect(retry.result).toEqual({ transactionId: first.result.transactionId, replay: true });
    // A retry through the single-entry path agrees.
    expect(await ledger.postNow({ ...e })).toEqual(retry.result);
    expect(await main(m!)).toBe(27n);
    expect(await transactionsOf([e.reference, o.reference])).toBe(1);
  });

  it('work added with `within` commits with its entry; when it fails only its caller fails', async () => {
    const [m] = await addMembers(t.db, 1);
    await ledger.postGrouped(houseEntry(m!, 5n));
    await t.db.exec('CREATE TABLE IF NOT EXISTS gc_orders (reference TEXT PRIMARY KEY)');
    const write = (reference: string) =>
      ledger.postGrouped(houseEntry(m!, 5n, reference), async (q, r) => {
        if (reference.endsWith('bad')) throw new AppError(ErrorCode.OrderStateChanged);
        await q.query('INSERT INTO gc_orders (reference) VALUES ($1)', [reference]);
        return r.transactionId;
      });
    const refs = [ref('w'), ref('w') + 'bad', ref('w'), ref('w')];
    const settled = await Promise.allSettled(refs.map(write));
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const bad = settled[1]!;
    expect(bad.status === 'rejected' && (bad.reason as AppError).code).toBe(
      ErrorCode.OrderStateChanged,
    );
    const good = refs.filter((_, i) => i !== 1);
    expect(await transactionsOf(good)).toBe(1);
    const orders = await t.db.query<{ reference: string }>(
      'SELECT reference FROM gc_orders ORDER BY reference',
    );
    expect(orders.rows.map((r) => r.reference)).toEqual([...good].sort());
    expect(await transactionsOf([refs[1]!])).toBe(0);
    expect(await main(m!)).toBe(20n);
  });
});

describe('group commit across nodes', () => {
  it('two nodes batching debits of the same members never overdraw and agree on replays', async () => {
    // Two services on one database are two platform nodes: each batches on its own, the
    // database's locks, unique references and balance check keep them correct together.
    const nodeA = new LedgerService(t.db, systemClock);
    const nodeB = new LedgerService(t.db, systemClock);
    const ms = await addMembers(t.db, 4);
    for (const m of ms) await nodeA.postGrouped(houseEntry(m, 100n));
    const debits: Entry[] = [];
    for (let i = 0; i < 15; i += 1) for (const m of ms) debits.push(houseEntry(m, -10n));
    // Each debit is sent to both nodes at once (a client retrying on another node).
    const settled = await Promise.allSettled(
      debits.flatMap((e) => [nodeA.postGrouped(e), nodeB.postGrouped({ ...e })]),
    );
    for (let i = 0; i < debits.length; i += 1) {
      const [x, y] = [settled[2 * i]!, settled[2 * i + 1]!];
      if (x.status === 'fulfilled' && y.status === 'fulfilled') {
        expect(x.value.result.transactionId).toBe(y.value.result.transactionId);
        expect(x.value.result.replay !== y.value.result.replay).toBe(true);
      }
    }
    const written = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ANY($1::text[])',
      [debits.map((e) => e.reference)],
    );
    // 100 each, 10 a debit: exactly ten debits of each member went through, the rest refused.
    expect(written.rows[0]!.n).toBe(40);
    for (const m of ms) expect(await main(m)).toBe(0n);
    await ledger.rollUp();
    const rec = await ledger.reconcile();
    expect(rec.ok).toBe(true);
  });
});
