import { randomInt } from 'node:crypto';
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { systemClock } from '../lib/clock';
import { createTestDb, type TestDb } from '../test/test-db';
import { addMembers, houseEntry } from '../test/ledger-entries';
import { LedgerService, type Entry } from './ledger.service';

/**
 * The group-commit writer under load (docs/architecture.md, "Group commit"): hundreds of callers
 * at once on two nodes (two services on one database), credits and debits of the same members,
 * some debits too big, some entries sent twice at once (a client retrying on another node). On
 * PostgreSQL the two nodes' batches run side by side and meet on the same members' rows.
 * Whatever the interleaving: every entry answered is written exactly once, every refusal (7001) wrote
 * nothing, a retry answers the first transaction, and every member's balance and each
 * posting's balance_after agree with the postings.
 */
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

const FUNDED = 200n;

describe('group commit under concurrency', () => {
  it('many parallel callers on two nodes: each written once, refusals change nothing', async () => {
    const nodes = [new LedgerService(t.db, systemClock), new LedgerService(t.db, systemClock)];
    await nodes[0]!.ensureHouseAccounts();
    const members = await addMembers(t.db, 12);
    for (const m of members) await nodes[0]!.postGrouped(houseEntry(m, FUNDED));
    // Ids cached on both nodes, so every caller below is queued in the same turn.
    for (const m of members) await nodes[1]!.postGrouped(houseEntry(m, 1n));

    const entries: Entry[] = Array.from({ length: 360 }, (_, i) => {
      const m = members[i % members.length]!;
      // Two in three are debits, up to 120 of a balance near 200: many must be refused.
      const amount = i % 3 === 0 ? BigInt(randomInt(1, 40)) : -BigInt(randomInt(1, 120));
      return houseEntry(m, amount);
    });
    // Every fourth entry also goes to the other node at once: one of the two is a replay.
    const calls = entries.flatMap((e, i) => {
      const first = nodes[i % 2]!.postGrouped(e);
      return i % 4 === 0
        ? [
            { e, p: first },
            { e, p: nodes[(i + 1) % 2]!.postGrouped({ ...e }) },
          ]
        : [{ e, p: first }];
    });
    const settled = await Promise.allSettled(calls.map((c) => c.p));

    const answered = new Map<string, { id: bigint; replays: number; firsts: number }>();
    const refused = new Set<string>();
    settled.forEach((s, i) => {
      const ref = calls[i]!.e.reference;
      if (s.status === 'rejected') {
        expect(s.reason instanceof AppError && s.reason.code).toBe(ErrorCode.InsufficientBalance);
        refused.add(ref);
        return;
      }
      const a = answered.get(ref) ?? { id: s.value.result.transactionId, replays: 0, firsts: 0 };
      expect(s.value.result.transactionId).toBe(a.id);
      if (s.value.result.replay) a.replays += 1;
      else a.firsts += 1;
      answered.set(ref, a);
    });
    // Both outcomes happened, and the nodes did batch.
    expect(refused.size).toBeGreaterThan(20);
    expect(answered.size).toBeGreaterThan(100);
    for (const n of nodes) {
      const g = n.groupStats();
      expect(g.entries / g.batches).toBeGreaterThan(2);
    }
    // Written exactly once: one first answer each, one transaction row each, two postings each.
    for (const a of answered.values()) expect(a.firsts).toBe(1);
    const rows = await t.db.query<{ reference: string; id: bigint; postings: number }>(
      `SELECT t.reference, t.id, (SELECT count(*)::int FROM ledger_postings p WHERE p.transaction_id = t.id) AS postings
         FROM ledger_transactions t WHERE t.reference = ANY($1::text[])`,
      [entries.map((e) => e.reference)],
    );
    const written = new Map(rows.rows.map((r) => [r.reference, r]));
    for (const [ref, a] of answered) {
      expect(written.get(ref)?.id).toBe(a.id);
      expect(written.get(ref)?.postings).toBe(2);
    }
    // A refused caller whose twin on the other node was written is a race both answers allow;
    // a reference refused everywhere wrote nothing.
    for (const ref of refused) if (!answered.has(ref)) expect(written.has(ref)).toBe(false);
    expect(written.size).toBe(answered.size);

    // Balances: funding plus what was answered, never below zero, equal to their postings.
    const expected = new Map<number, bigint>(members.map((m) => [m, FUNDED + 1n]));
    for (const e of entries) {
      if (!answered.has(e.reference)) continue;
      const m = e.postings[1]!.account as { memberId: number };
      expected.set(m.memberId, expected.get(m.memberId)! + e.postings[1]!.amount);
    }
    for (const m of members) {
      const main = (await nodes[0]!.balances(t.db, m)).main;
      expect(main).toBe(expected.get(m));
      expect(main >= 0n).toBe(true);
    }
    // Each member posting's balance_after is the running sum of that account's postings.
    const bad = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT p.balance_after, sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.id) AS running
           FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE a.member_id = ANY($1::int[])) x
        WHERE x.balance_after IS DISTINCT FROM x.running`,
      [members],
    );
    expect(bad.rows[0]!.n).toBe(0);

    // Retried later, one by one and all at once on either node: the first transaction, nothing new.
    const retried = entries.filter((e) => answered.has(e.reference));
    const again = await Promise.all(retried.map((e, i) => nodes[i % 2]!.postGrouped({ ...e })));
    again.forEach((r, i) =>
      expect(r.result).toEqual({
        transactionId: answered.get(retried[i]!.reference)!.id,
        replay: true,
      }),
    );
    for (const m of members) expect((await nodes[1]!.balances(t.db, m)).main).toBe(expected.get(m));
    await nodes[0]!.rollUp();
    expect((await nodes[0]!.reconcile()).ok).toBe(true);
  }, 60_000);
});
