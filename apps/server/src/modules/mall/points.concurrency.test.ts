import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, idemKey, registerMember } from '../../test/factories';
import { testDbKind } from '../../test/test-db';
import { shanghaiDate } from '../../lib/shanghai-time';
import { givePoints, makeItem, pointsOf, redeem } from './mall.test-support';

/**
 * The points jobs under concurrency on PostgreSQL (contract §5 Points mall), where parallel
 * transactions are real: the daily earning job run by several nodes at once pays each (member,
 * day, family) once, and the expiry racing a member's redemptions never counts a point twice.
 */
const onPostgres = testDbKind() === 'postgres';
const DAY = 24 * 3600_000;

let t: TestApp;
let op: string;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'finance');
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

const earnRefs = async (ids: number[]) =>
  (
    await t.db.query<{ reference: string }>(
      `SELECT reference FROM ledger_transactions
        WHERE kind = 'pointsEarn' AND member_id = ANY($1::int[]) ORDER BY reference`,
      [ids],
    )
  ).rows.map((r) => r.reference);

describe.skipIf(!onPostgres)('points under concurrency (PostgreSQL)', () => {
  it('the daily job run by five nodes at once pays each (member, day, family) once', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => registerMember(t)));
    for (const m of members)
      await t.db.tx(async (q) => {
        // ¥100.00 of 体育 (1 point per ¥1) and ¥100.00 of 电子 (0.5) each.
        await t.services.turnover.addValid(q, m.memberId, 10_000n, `pc:${idemKey()}`, '投注', 'TY');
        await t.services.turnover.addValid(q, m.memberId, 10_000n, `pc:${idemKey()}`, '投注', 'DZ');
      });
    const day = shanghaiDate(t.clock.now());
    const runs = await Promise.allSettled(
      Array.from({ length: 5 }, () => t.services.points.runDaily(day)),
    );
    expect(runs.filter((r) => r.status === 'rejected')).toEqual([]);
    const held = await Promise.all(members.map((m) => pointsOf(t, m)));
    expect(held).toEqual(Array<bigint>(12).fill(150n));
    const ids = members.map((m) => m.memberId);
    const refs = await earnRefs(ids);
    expect(refs).toHaveLength(24);
    expect(new Set(refs).size).toBe(24);
    // Across the five runs, each member was paid for each family by exactly one of them.
    const paid = runs.flatMap((r) => (r.status === 'fulfilled' ? r.value.families : []));
    const byFamily = (f: string) =>
      paid.filter((x) => x.family === f).reduce((n, x) => n + x.members, 0);
    expect(byFamily('TY')).toBeGreaterThanOrEqual(12);
    expect(byFamily('TY') + byFamily('DZ')).toBeGreaterThanOrEqual(24);
    const ledger = await t.services.ledger.reconcile();
    expect(ledger.drift).toEqual([]);
    expect(ledger.assetSums.POINT).toBe(0n);
  });

  it('expiry racing redemptions: every point is spent or expired once, never both', async () => {
    await t.db.query('UPDATE points_settings SET expire_days = 30');
    const item = await makeItem(t, op, { kind: 'coins', price: '100', stock: 1000 });
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t)));
    await Promise.all(members.map((m) => givePoints(t, m, 300n)));
    // A day 40 days on: everything held now was earned before its 30-day cut-off.
    const later = shanghaiDate(t.clock.now() + 40 * DAY);
    const [, ...answers] = await Promise.all([
      t.services.points.runDaily(later),
      ...members.flatMap((m) => [redeem(m, item.id), redeem(m, item.id), redeem(m, item.id)]),
    ]);
    const outcomes: number[] = [ErrorCode.Success, ErrorCode.MallPointsInsufficient];
    expect(answers.every((a) => outcomes.includes(a.status_code))).toBe(true);
    for (const [i, m] of members.entries()) {
      const won = answers
        .slice(i * 3, i * 3 + 3)
        .filter((a) => a.status_code === ErrorCode.Success).length;
      const expired = await t.db.query<{ amount: bigint }>(
        `SELECT p.amount FROM ledger_postings p
           JOIN ledger_transactions tx ON tx.id = p.transaction_id
           JOIN ledger_accounts a ON a.id = p.account_id
          WHERE tx.kind = 'pointsExpire' AND a.member_id = $1`,
        [m.memberId],
      );
      const gone = -expired.rows.reduce((s, r) => s + BigInt(r.amount), 0n);
      expect(await pointsOf(t, m)).toBe(0n);
      expect(BigInt(won) * 100n + gone, `member ${m.memberId}`).toBe(300n);
    }
    const ledger = await t.services.ledger.reconcile();
    expect(ledger.negative).toEqual([]);
    expect(ledger.assetSums.POINT).toBe(0n);
  });
});
