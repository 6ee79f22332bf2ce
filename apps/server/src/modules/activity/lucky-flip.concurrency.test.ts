import { ErrorCode, type LuckyFlipRule } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idemKey, registerMember, type Member } from '../../test/factories';
import { addTurnover, publishActivity } from '../../test/flip-friends';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';

/**
 * 幸运翻牌 races on PostgreSQL, where they are real (PGlite's single connection would hide
 * them): chances are spent under the member's lock row, stock by a conditional update.
 */
const onPostgres = testDbKind() === 'postgres';

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ seedDemo: false });
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

const flip = (m: Member, activityId: number) =>
  m.client.call('luckyFlipFlip', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: { activityId },
  });
const codes = (envs: { status_code: number }[]) => envs.map((e) => e.status_code);

describe.skipIf(!onPostgres)('幸运翻牌 under concurrency (PostgreSQL)', () => {
  it('51 parallel flips with 50 chances: 50 flips, one refused (9430)', async () => {
    const rule: LuckyFlipRule = {
      depositPerChance: null,
      turnoverPerChance: '100',
      maxChances: null,
      turnoverMultiple: 0,
      prizes: [
        { id: 'one', label: '1元', amount: '1', weight: 1, stock: null },
        { id: 'none', label: '谢谢参与', amount: '0', weight: 1, stock: null },
      ],
    };
    const activityId = await publishActivity(t, 'luckyFlip', rule);
    const m = await registerMember(t);
    await addTurnover(t, m.memberId, 500_000n); // ¥5,000 → 50 chances
    const got = codes(await Promise.all(Array.from({ length: 51 }, () => flip(m, activityId))));
    expect(got.filter((c) => c === ErrorCode.Success)).toHaveLength(50);
    expect(got.filter((c) => c !== ErrorCode.Success)).toEqual([ErrorCode.LuckyFlipNoChance]);
    const flips = await t.db.query<{ nonce: number }>(
      'SELECT nonce FROM lucky_flips WHERE member_id = $1 ORDER BY nonce',
      [m.memberId],
    );
    expect(flips.rows.map((r) => Number(r.nonce))).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const paid = await t.db.query<{ n: string; total: string }>(
      `SELECT count(*)::text AS n, COALESCE(sum(amount), 0)::text AS total FROM grants
        WHERE kind = 'flip' AND member_id = $1`,
      [m.memberId],
    );
    const wins = await t.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM lucky_flips WHERE member_id = $1 AND amount > 0',
      [m.memberId],
    );
    expect(paid.rows[0]!.n).toBe(wins.rows[0]!.n);
    const main = (await t.services.ledger.balances(t.db, m.memberId)).main;
    expect(main).toBe(BigInt(paid.rows[0]!.total));
  });

  it('50 members flip a stock-1 prize at once: one gets it, stock stays at zero', async () => {
    const rule: LuckyFlipRule = {
      depositPerChance: null,
      turnoverPerChance: '100',
      maxChances: null,
      turnoverMultiple: 0,
      prizes: [
        { id: 'grand', label: '大奖', amount: '50', weight: 1_000_000, stock: 1 },
        { id: 'none', label: '谢谢参与', amount: '0', weight: 1, stock: null },
      ],
    };
    const activityId = await publishActivity(t, 'luckyFlip', rule);
    const members = await Promise.all(Array.from({ length: 50 }, () => registerMember(t)));
    for (const m of members) await addTurnover(t, m.memberId, 10_000n);
    const got = codes(await Promise.all(members.map((m) => flip(m, activityId))));
    expect(got.every((c) => c === ErrorCode.Success)).toBe(true);
    const stock = await t.db.query<{ stock: number }>(
      `SELECT stock FROM lucky_flip_stock WHERE activity_id = $1 AND prize_id = 'grand'`,
      [activityId],
    );
    expect(Number(stock.rows[0]!.stock)).toBe(0);
    const won = await t.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM lucky_flips
        WHERE activity_id = $1 AND drawn_prize_id = 'grand' AND NOT out_of_stock`,
      [activityId],
    );
    expect(won.rows[0]!.n).toBe('1');
    const grants = await t.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM grants WHERE kind = 'flip' AND source_id LIKE $1`,
      [`${activityId}:%`],
    );
    expect(grants.rows[0]!.n).toBe('1');
  });
});
