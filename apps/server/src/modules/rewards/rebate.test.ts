import { ErrorCode, type RebateRates, type RebateView } from '@nebula/protocol';
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

/**
 * 返水 (contract §5 Rewards): accrued per family at the member's level, claimed at any time,
 * settled by the day's job; a claim racing the job pays once (on PostgreSQL a real race);
 * reversed turnover is netted from the next rebate; the daily cap holds; rates above the
 * family's edge are refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const bet = (m: Member, fen: bigint, family: string) =>
  t.db.tx((q) =>
    t.services.turnover.addValid(q, m.memberId, fen, `rb:${idemKey()}`, '投注', family),
  );
const reverse = (m: Member, fen: bigint, family: string) =>
  t.db.tx((q) =>
    t.services.turnover.reverseValid(q, m.memberId, fen, `rb-void:${idemKey()}`, '作废', family),
  );
const view = (m: Member) => m.client.data<RebateView>('rebateView', { token: m.token });
const claim = (m: Member) =>
  m.client.call<RebateView>('rebateClaim', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: {},
  });
const paidRebates = async (m: Member) =>
  BigInt(
    (
      await t.db.query<{ total: string }>(
        `SELECT COALESCE(sum(amount), 0)::text AS total FROM grants WHERE member_id = $1 AND kind = 'rebate' AND status = 'paid'`,
        [m.memberId],
      )
    ).rows[0]!.total,
  );

describe('返水', () => {
  it('accrues by family at the level rate; a claim pays it once; nothing left answers 9409', async () => {
    const m = await registerMember(t);
    await bet(m, 1_000_000n, 'TY'); // 10,000.00 at VIP0's 0.38 %
    await bet(m, 100_000n, 'DZ'); // 1,000.00 at 1.10 %
    const v = await view(m);
    expect(v.families.find((f) => f.family === 'TY')).toMatchObject({
      turnover: '10000.00',
      ratePercent: '0.38',
      amount: '38.00',
    });
    expect(v.total).toBe('49.00');
    const r = await expectCode(claim(m), ErrorCode.Success);
    expect(r.data).toMatchObject({ total: '0.00', paidToday: '49.00' });
    await expectCode(claim(m), ErrorCode.RebateNothingToClaim);
    expect(await paidRebates(m)).toBe(4_900n);
    // The job for the day finds nothing more, and a re-run of it is skipped.
    const day = shanghaiDate(t.clock.now());
    await t.services.rebate.runDaily(day);
    expect((await t.services.rebate.runDaily(day)).skipped).toBe(true);
    expect(await paidRebates(m)).toBe(4_900n);
  });

  it('turnover reversed after a payment is netted from the next rebate', async () => {
    const m = await registerMember(t);
    await bet(m, 1_000_000n, 'TY');
    await expectCode(claim(m), ErrorCode.Success);
    await reverse(m, 500_000n, 'TY');
    await bet(m, 300_000n, 'TY');
    expect((await view(m)).total).toBe('0.00');
    await bet(m, 300_000n, 'TY'); // net 1,000.00 new turnover: 3.80
    expect((await view(m)).total).toBe('3.80');
  });

  it('the daily cap of the level holds across claims and the job', async () => {
    const m = await registerMember(t);
    await bet(m, 100_000_000n, 'DZ'); // 1,000,000.00 × 1.10 % = 11,000.00 > VIP0's 5,000.00
    const v = await view(m);
    expect(v).toMatchObject({ total: '5000.00', cap: '5000.00' });
    await expectCode(claim(m), ErrorCode.Success);
    await bet(m, 100_000n, 'DZ');
    await expectCode(claim(m), ErrorCode.RebateNothingToClaim);
    expect(await paidRebates(m)).toBe(500_000n);
  });

  it("a claim racing the day's job pays once; after the job no claim is taken for the day", async () => {
    const m = await registerMember(t);
    await bet(m, 1_000_000n, 'TY');
    const day = shanghaiDate(t.clock.now());
    await t.db.query(`DELETE FROM reward_job_runs WHERE job = 'rebate' AND period = $1`, [day]);
    const [c] = await Promise.all([claim(m), t.services.rebate.runDaily(day)]);
    expect([
      ErrorCode.Success,
      ErrorCode.RebateDayClosed,
      ErrorCode.RebateNothingToClaim,
    ]).toContain(c.status_code);
    expect(await paidRebates(m)).toBe(3_800n);
    await bet(m, 1_000_000n, 'TY');
    await expectCode(claim(m), ErrorCode.RebateDayClosed);
    expect(await paidRebates(m)).toBe(3_800n);
  });

  it('claims sent at once pay once', async () => {
    const m = await registerMember(t);
    await bet(m, 1_000_000n, 'TY');
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(m)));
    const codes = answers.map((a) => a.status_code);
    expect(codes.filter((c) => c === ErrorCode.Success)).toHaveLength(1);
    expect(codes.filter((c) => c !== ErrorCode.Success)).toEqual(
      Array(4).fill(ErrorCode.RebateNothingToClaim),
    );
    expect(await paidRebates(m)).toBe(3_800n);
  });

  it('a self-excluded member is refused and the job pays them nothing', async () => {
    const m = await registerMember(t);
    await bet(m, 1_000_000n, 'TY');
    await m.client.data('playBreakSet', {
      token: m.token,
      body: { kind: 'selfExclusion', length: '6m', password: m.password },
    });
    await expectCode(claim(m), ErrorCode.RewardIneligible);
    const day = shanghaiDate(t.clock.now());
    await t.db.query(`DELETE FROM reward_job_runs WHERE job = 'rebate' AND period = $1`, [day]);
    await t.services.rebate.runDaily(day);
    expect(await paidRebates(m)).toBe(0n);
  });

  it('the job settles a batch: each member their accrual to the fen, a blocked one nothing', async () => {
    const [a, b, blocked] = [
      await registerMember(t),
      await registerMember(t),
      await registerMember(t),
    ];
    await bet(a, 1_000_000n, 'TY'); // 38.00
    await bet(a, 100_000n, 'DZ'); // 11.00
    await bet(b, 333_333n, 'TY'); // 12.66(65) → 12.66
    await bet(b, 7n, 'DZ'); // 0.00(077) → nothing
    await bet(blocked, 1_000_000n, 'TY');
    await t.db.query('UPDATE members SET blocked = TRUE WHERE id = $1', [blocked.memberId]);
    const day = shanghaiDate(t.clock.now());
    await t.db.query(`DELETE FROM reward_job_runs WHERE job = 'rebate' AND period = $1`, [day]);
    await t.services.rebate.runDaily(day);
    expect(await paidRebates(a)).toBe(4_900n);
    expect(await paidRebates(b)).toBe(1_266n);
    expect(await paidRebates(blocked)).toBe(0n);
    // One ledger transaction per member under the grant's reference, with its bucket.
    const entries = await t.db.query<{ reference: string; amount: string; required: string }>(
      `SELECT x.reference, p.amount::text AS amount, tb.required::text AS required
         FROM ledger_transactions x JOIN ledger_postings p ON p.transaction_id = x.id
         JOIN ledger_accounts acc ON acc.id = p.account_id AND acc.member_id IS NOT NULL
         JOIN turnover_buckets tb ON tb.reference = 'turnover:' || x.reference
        WHERE x.reference = ANY($1::text[]) ORDER BY x.reference`,
      [[a, b, blocked].map((m) => `grant:rebate:${m.memberId}:${day}:job`)],
    );
    expect(entries.rows).toEqual(
      [
        { reference: `grant:rebate:${a.memberId}:${day}:job`, amount: '4900', required: '4900' },
        { reference: `grant:rebate:${b.memberId}:${day}:job`, amount: '1266', required: '1266' },
      ].sort((x, y) => x.reference.localeCompare(y.reference)),
    );
    // Settled: the day takes no claim, and a second run finds nothing to pay.
    await expectCode(claim(a), ErrorCode.RebateDayClosed);
    await t.db.query(`DELETE FROM reward_job_runs WHERE job = 'rebate' AND period = $1`, [day]);
    await t.services.rebate.runDaily(day);
    expect(await paidRebates(a)).toBe(4_900n);
    expect(await paidRebates(b)).toBe(1_266n);
    expect((await t.services.ledger.reconcile()).ok).toBe(true);
  });

  it("operators set rates; one above the family's lowest edge is refused (audited when saved)", async () => {
    const op = await adminToken(t, 'finance');
    const url = '/admin/api/v1/rebate/rates';
    const high = await adminCall(t, op, 'POST', url, {
      level: 3,
      family: 'ZR',
      ratePercent: '1.06',
    });
    expect(high.status_code).toBe(ErrorCode.RebateRateAboveEdge);
    const bad = await adminCall(t, op, 'POST', url, { level: 3, family: 'ZR', ratePercent: '-1' });
    expect(bad.status_code).toBe(ErrorCode.Validation);
    const ok = await adminCall<RebateRates>(t, op, 'POST', url, {
      level: 3,
      family: 'ZR',
      ratePercent: '0.4',
    });
    // A cut applies at once; a raise waits for a second operator (reward-four-eyes.test.ts).
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data.list.find((r) => r.level === 3 && r.family === 'ZR')?.ratePercent).toBe('0.4');
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'rebate.rate.set'`);
    expect(audit.rows).toHaveLength(1);
    // Every seeded rate is within its family's edge.
    const all = await adminCall<RebateRates>(t, op, 'GET', url);
    for (const r of all.data.list) {
      const edge = all.data.families.find((f) => f.family === r.family)!.minEdgePercent;
      expect(Number(r.ratePercent)).toBeLessThanOrEqual(Number(edge));
    }
  });
});
