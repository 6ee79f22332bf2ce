import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerMember } from '../test/factories';
import { LedgerError } from './ledger.service';

let t: TestApp;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  memberId = (await registerMember(t)).memberId;
});
afterAll(() => t.close());

const main = () => ({ memberId, kind: 'main' as const });

describe('ledger', () => {
  it('a house account made by a transaction that rolled back is not remembered', async () => {
    // The first posting to a fresh house kind fails (insufficient): its account creation rolls back.
    await expect(
      t.services.ledger.postNow({
        reference: 'r-fail',
        kind: 'test',
        postings: [
          { account: main(), amount: -5n },
          { account: { house: 'bonuses' }, amount: 5n },
        ],
      }),
    ).rejects.toBeInstanceOf(AppError);
    // Later postings to that house kind still work (no dangling cached id).
    for (let i = 0; i < 20; i += 1) {
      await t.services.ledger.postNow({
        reference: `r-ok-${i}`,
        kind: 'test',
        postings: [
          { account: { house: 'bonuses' }, amount: -1n },
          { account: main(), amount: 1n },
        ],
      });
    }
    expect((await t.services.ledger.balances(t.db, memberId)).main).toBe(20n);
  });
  it('postMany writes a batch in one go; its references replay; a debit too large refuses all', async () => {
    const a = (await registerMember(t)).memberId;
    const b = (await registerMember(t)).memberId;
    const credit = (m: number, ref: string, fen: bigint) => ({
      reference: ref,
      kind: 'test',
      memberId: m,
      postings: [
        { account: { memberId: m, kind: 'main' as const }, amount: fen },
        { account: { house: 'bonuses' as const }, amount: -fen },
      ],
    });
    const first = await t.db.tx((q) =>
      t.services.ledger.postMany(q, [credit(a, 'pm-a', 300n), credit(b, 'pm-b', 200n)]),
    );
    expect(first).toEqual({ written: 2, replayed: 0 });
    const again = await t.db.tx((q) =>
      t.services.ledger.postMany(q, [credit(a, 'pm-a', 300n), credit(b, 'pm-b2', 5n)]),
    );
    expect(again).toEqual({ written: 1, replayed: 1 });
    await expect(
      t.db.tx((q) =>
        t.services.ledger.postMany(q, [credit(a, 'pm-a3', 1n), credit(b, 'pm-b3', -1000n)]),
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect((await t.services.ledger.balances(t.db, a)).main).toBe(300n);
    expect((await t.services.ledger.balances(t.db, b)).main).toBe(205n);
    await t.services.ledger.rollUp();
    expect((await t.services.ledger.reconcile()).ok).toBe(true);
  });
  it('refuses postings that do not sum to zero per asset, and zero postings', async () => {
    await expect(
      t.services.ledger.postNow({
        reference: 'x1',
        kind: 't',
        postings: [{ account: main(), amount: 1n }],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      t.services.ledger.postNow({
        reference: 'x2',
        kind: 't',
        postings: [
          { account: main(), amount: 1n },
          { account: { house: 'coinIssuance' }, amount: -1n },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      t.services.ledger.postNow({
        reference: 'x3',
        kind: 't',
        postings: [
          { account: main(), amount: 0n },
          { account: { house: 'bonuses' }, amount: 0n },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
  });
  it('a reference posts once; a replay reports it and changes nothing', async () => {
    const entry = {
      reference: 'once',
      kind: 't',
      postings: [
        { account: { house: 'bonuses' as const }, amount: -7n },
        { account: main(), amount: 7n },
      ],
    };
    const before = (await t.services.ledger.balances(t.db, memberId)).main;
    expect((await t.services.ledger.postNow(entry)).replay).toBe(false);
    expect((await t.services.ledger.postNow(entry)).replay).toBe(true);
    expect((await t.services.ledger.balances(t.db, memberId)).main).toBe(before + 7n);
  });
  it('postings are append-only: the database refuses UPDATE and DELETE', async () => {
    await expect(t.db.query('UPDATE ledger_postings SET amount = amount + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM ledger_postings')).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
  });
  it('postings, transactions and the audit log refuse TRUNCATE too, directly or by cascade', async () => {
    const count = async (table: string) =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? 0;
    const before = [
      await count('ledger_postings'),
      await count('ledger_transactions'),
      await count('audit_log'),
    ];
    expect(before[0]).toBeGreaterThan(0);
    await expect(t.db.query('TRUNCATE ledger_postings CASCADE')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE ledger_postings, ledger_house_pending')).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('TRUNCATE ledger_transactions CASCADE')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE ledger_accounts CASCADE')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect([
      await count('ledger_postings'),
      await count('ledger_transactions'),
      await count('audit_log'),
    ]).toEqual(before);
  });
  it('a member balance can never go below zero, even by direct SQL', async () => {
    await expect(
      t.db.query('UPDATE ledger_accounts SET balance = -1 WHERE member_id = $1', [memberId]),
    ).rejects.toThrow(/member_balance_not_negative/);
  });
  it('house balances equal their postings after the roll-up; reconciliation proves the books', async () => {
    const before = await t.services.ledger.reconcile();
    expect(before.ok).toBe(true);
    await t.services.ledger.rollUp();
    const pending = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_house_pending',
    );
    expect(pending.rows[0]?.n).toBe(0);
    const r = await t.services.ledger.reconcile();
    expect(r).toMatchObject({ ok: true, drift: [], negative: [] });
    expect(r.assetSums.CNY).toBe(0n);
  });
  it('reconciliation finds drift', async () => {
    const other = await createTestApp({ seedDemo: false });
    try {
      const m = await registerMember(other);
      await other.services.ledger.postNow({
        reference: 'd1',
        kind: 't',
        postings: [
          { account: { house: 'bonuses' }, amount: -3n },
          { account: { memberId: m.memberId, kind: 'main' }, amount: 3n },
        ],
      });
      await other.db.query(
        `UPDATE ledger_accounts SET balance = balance + 1 WHERE member_id = $1`,
        [m.memberId],
      );
      const r = await other.services.ledger.reconcile();
      expect(r.ok).toBe(false);
      expect(r.drift).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
