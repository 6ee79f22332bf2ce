import {
  ErrorCode,
  type PointsAdjustResult,
  type PointsLedgerPage,
  type PointsRates,
} from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  idemKey,
  registerMember,
  type Member,
} from '../../test/factories';
import { shanghaiDate } from '../../lib/shanghai-time';
import { givePoints, makeItem, pointsOf, redeem } from './mall.test-support';

/**
 * 积分 (contract §5 Points mall): the earning job keyed by (day, family), the rates and manual
 * adjustments operators make (audited), and expiry of the oldest points.
 */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'finance');
});
afterAll(() => t.close());

const ledgerOf = (m: Member, query: Record<string, string | number> = {}) =>
  m.client.data<PointsLedgerPage>('pointsLedger', { token: m.token, query });
const countRows = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('earning points', () => {
  it('pays each (day, family) once at its rate; a re-run pays nothing new', async () => {
    const m = await registerMember(t);
    const bet = (fen: bigint, family: string) =>
      t.db.tx((q) =>
        t.services.turnover.addValid(q, m.memberId, fen, `pt:${idemKey()}`, '投注', family),
      );
    await bet(100_000n, 'TY'); // ¥1,000.00 at 1 point per ¥1
    await bet(100_000n, 'DZ'); // ¥1,000.00 at 0.5
    const day = shanghaiDate(t.clock.now());
    const run = await t.services.points.runDaily(day);
    expect(run.families.find((f) => f.family === 'TY')).toMatchObject({ skipped: false });
    expect(await pointsOf(t, m)).toBe(1_500n);
    // The job's key holds: a second run is skipped; forced past it, the references hold.
    expect((await t.services.points.runDaily(day)).families.every((f) => f.skipped)).toBe(true);
    await t.db.query(`DELETE FROM points_job_runs WHERE job LIKE 'points:%' AND period = $1`, [
      day,
    ]);
    await t.services.points.runDaily(day);
    expect(await pointsOf(t, m)).toBe(1_500n);
    const page = await ledgerOf(m, { type: 'pointsEarn' });
    expect(page.balance).toBe('1500');
    expect(page.list.map((l) => l.amount).sort()).toEqual(['+1000', '+500']);
    expect(page.list[0]!.memo).toContain(day);
  });

  it('operators set a family rate (audited); a bad rate is refused', async () => {
    const url = '/admin/api/v1/mall/points-rates';
    const bad = await adminCall(t, op, 'POST', url, { family: 'TY', pointsPerYuan: '-1' });
    expect(bad.status_code).toBe(ErrorCode.Validation);
    const ok = await adminCall<PointsRates>(t, op, 'POST', url, {
      family: 'QP',
      pointsPerYuan: '0.75',
    });
    // A cut applies at once; a raise waits for a second operator (points-rate-four-eyes.test.ts).
    expect(ok.data.list.find((r) => r.family === 'QP')?.pointsPerYuan).toBe('0.75');
    const audit = await countRows(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'mall.points-rate.set'`,
      [],
    );
    expect(audit).toBe(1);
  });
});

describe('adjusting points', () => {
  it('an operator credits and debits points (audited); a debit past the balance is 9523', async () => {
    const m = await registerMember(t);
    const adjust = (body: unknown) =>
      t.app
        .inject({
          method: 'POST',
          url: `/admin/api/v1/members/${m.memberId}/points/adjust`,
          headers: { 'x-admin-token': op, 'x-idempotency-key': idemKey() },
          payload: body as object,
        })
        .then((r) => r.json<{ status_code: number; data: PointsAdjustResult }>());
    const up = await adjust({ direction: 'credit', points: '800', reason: '活动补发' });
    expect(up.data.points).toBe('800');
    const over = await adjust({ direction: 'debit', points: '801', reason: '更正' });
    expect(over.status_code).toBe(ErrorCode.MallPointsInsufficient);
    expect((await adjust({ direction: 'debit', points: '1.5', reason: 'x' })).status_code).toBe(
      ErrorCode.Validation,
    );
    const down = await adjust({ direction: 'debit', points: '300', reason: '更正' });
    expect(down.data.points).toBe('500');
    expect(await pointsOf(t, m)).toBe(500n);
    const lines = await ledgerOf(m, { type: 'pointsAdjust' });
    expect(lines.list.map((l) => l.amount)).toEqual(['-300', '+800']);
    const audit = await countRows(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'mall.points.adjust' AND target = $1`,
      [`member:${m.memberId}`],
    );
    expect(audit).toBe(2);
  });
});

describe('expiry', () => {
  it('points older than the expiry are taken back, oldest first, once', async () => {
    await t.db.query('UPDATE points_settings SET expire_days = 30');
    const m = await registerMember(t);
    await givePoints(t, m, 500n);
    const item = await makeItem(t, op, { kind: 'coins', price: '200' });
    await expectCode(redeem(m, item.id), ErrorCode.Success); // 300 of the old 500 left
    t.clock.advance(31 * 86_400_000);
    await givePoints(t, m, 50n); // new: kept
    const day = shanghaiDate(t.clock.now());
    await t.services.points.runDaily(day);
    await t.db.query(`DELETE FROM points_job_runs WHERE job = 'pointsExpire'`);
    await t.services.points.runDaily(day);
    expect(await pointsOf(t, m)).toBe(50n);
    // The member's session has expired by now: the service reads the ledger page directly.
    const expired = await t.services.points.ledgerPage(m.memberId, {
      type: 'pointsExpire',
      page: 1,
      pageSize: 20,
    });
    expect(expired.list.map((l) => l.amount)).toEqual(['-300']);
    const r = await t.services.ledger.reconcile();
    expect(r.assetSums.POINT).toBe(0n);
  });
});
