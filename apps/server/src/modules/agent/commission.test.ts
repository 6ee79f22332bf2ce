import { ErrorCode, type CommissionStatement } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, idemKey, registerMember } from '../../test/factories';
import { approvedAgent, registerWith } from '../../test/agent-factories';
import {
  bet,
  commissionVenue,
  deposit,
  derive,
  expectInputs,
  grant,
} from '../../test/commission-kit';
import { expectEveryStatementRederives } from '../../test/commission-rederive';
import { monthOf, monthRange } from './commission-math';

/**
 * Commission statements (contract §5 Agents) for seeded months: every statement re-derives
 * from the ledger and the bet copies by an independent computation; a re-run changes nothing;
 * a negative month carries over; approval pays once; an override is audited.
 */
let t: TestApp;
const DAY = 24 * 3600_000;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await commissionVenue(t);
});
afterAll(() => t.close());

/** Moves the clock to a day and hour (Shanghai) of a month; never backwards. */
function moveTo(month: string, day: number, hour = 12) {
  const target = monthRange(month)[0] + (day - 1) * DAY + hour * 3600_000;
  expect(target).toBeGreaterThan(t.clock.now());
  t.clock.advance(target - t.clock.now());
}
const nextMonth = (month: string) => monthOf(monthRange(month)[1]);

describe('monthly commission statements', () => {
  it('re-derive from the ledger and bet copies; re-runs change nothing; carry-over; pay once', async () => {
    const M = monthOf(t.clock.now() + 40 * DAY);
    const M1 = nextMonth(M);
    const M2 = nextMonth(M1);
    moveTo(M, 10);
    let op = await adminToken(t, 'finance');
    // Tier 1: one active member → 10 %; tier 2: two → 20 %. Fee 1 %; active from ¥100.
    const rules = await adminCall(t, op, 'POST', '/admin/api/v1/agent/rules', {
      tiers: [
        { minActive: 1, minNgr: '0', ratePercent: '10' },
        { minActive: 2, minNgr: '0', ratePercent: '20' },
      ],
      feeRatePercent: '1',
      activeMinTurnover: '100',
      turnoverMultiple: 0,
    });
    expect(rules.status_code).toBe(ErrorCode.Success);
    const a = await approvedAgent(t, op);
    const b = await approvedAgent(t, op, (await registerWith(t, { agentCode: a.code })).member!);
    const a1 = (await registerWith(t, { agentCode: a.code })).member!;
    const a2 = (await registerWith(t, { agentCode: a.code })).member!;
    const b1 = (await registerWith(t, { inviteCode: b.code })).member!;
    const outsider = await registerMember(t);
    const now = t.clock.now();
    await deposit(a1, '1000');
    await deposit(b1, '500');
    await deposit(outsider, '800');
    await bet(t, a1, now, 200_000n, 50_000n);
    await bet(t, a2, now, 5_000n, 0n); // ¥50: below the active minimum
    await bet(t, b1, now, 300_000n, 100_000n);
    await bet(t, a1, now, 70_000n, null); // open: no stake counted yet
    await bet(t, outsider, now, 900_000n, 0n); // outside every downline
    await grant(t, a1, 'activity', 10_000n);
    await grant(t, b1, 'rebate', 3_000n);

    moveTo(M1, 2, 5);
    op = await adminToken(t, 'finance');
    // Settled after the month ended: next month's.
    await bet(t, a1, t.clock.now(), 1_000n, 0n);
    const run = await adminCall(t, op, 'POST', '/admin/api/v1/agent/statements/run', { month: M });
    expect(run).toMatchObject({ status_code: ErrorCode.Success });
    const list = async (month: string) =>
      (
        await adminCall<{ list: CommissionStatement[] }>(
          t,
          op,
          'GET',
          `/admin/api/v1/agent/statements?month=${month}&pageSize=100`,
        )
      ).data.list.filter((s) => s.agentId === a.memberId || s.agentId === b.memberId);
    const statementsOf = async (month: string) => {
      const all = await list(month);
      return {
        sa: all.find((s) => s.agentId === a.memberId)!,
        sb: all.find((s) => s.agentId === b.memberId)!,
      };
    };
    const { sa, sb } = await statementsOf(M);
    const downA = [b.memberId, a1.memberId, a2.memberId, b1.memberId];
    expectInputs(sa, await derive(t, downA, M, 10_000n), 100n);
    expectInputs(sb, await derive(t, [b1.memberId], M, 10_000n), 100n);
    // By hand: A's downline NGR 5,050 − 1,500 − 100 − 30 − 15 = 3,405 at 20 % (two active)
    // = 681.00, less B's 1,965 (3,000 − 1,000 − 30 − 5) at B's 10 % = 196.50 → 484.50.
    expect(sa).toMatchObject({
      ngr: '3405.00',
      members: 4,
      active: 2,
      ratePercent: '20',
      carryIn: '0.00',
      net: '3405.00',
      subDeduction: '196.50',
      computed: '484.50',
      amount: '484.50',
      status: 'pending',
    });
    expect(await expectEveryStatementRederives(t)).toBe(2);
    expect(sb).toMatchObject({
      ngr: '1965.00',
      active: 1,
      ratePercent: '10',
      subDeduction: '0.00',
      amount: '196.50',
      status: 'pending',
    });

    // A re-run (and the worker's tick) finds every statement made: nothing changes.
    const rows = async () =>
      (await t.db.query('SELECT * FROM agent_statements ORDER BY agent_id, month')).rows;
    const before = await rows();
    await adminCall(t, op, 'POST', '/admin/api/v1/agent/statements/run', { month: M });
    await t.services.agentWorker.tick();
    expect(await rows()).toEqual(before);

    // An override of a pending amount is audited with the before and after.
    const ov = await adminCall<CommissionStatement>(
      t,
      op,
      'POST',
      `/admin/api/v1/agent/statements/${b.memberId}/${M}/amount`,
      { amount: '200', reason: '活动补贴' },
    );
    expect(ov.data).toMatchObject({ amount: '200.00', computed: '196.50' });
    const audit = await t.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'agent.statement.override' AND target = $1`,
      [`statement:${b.memberId}:${M}`],
    );
    expect(audit.rows).toEqual([
      {
        before: { amount: '196.50', computed: '196.50' },
        after: { amount: '200.00', reason: '活动补贴' },
      },
    ]);

    // Approval pays once: the same key replays, a new key is refused, the grant is single.
    const approve = (agentId: number, key = idemKey(), token = op) =>
      t.app
        .inject({
          method: 'POST',
          url: `/admin/api/v1/agent/statements/${agentId}/${M}/approve`,
          headers: { 'x-admin-token': token, 'x-idempotency-key': key },
          payload: {},
        })
        .then((r) => r.json<{ status_code: number; data: CommissionStatement }>());
    const mod = await adminToken(t, 'moderator');
    expect((await approve(a.memberId, idemKey(), mod)).status_code).toBe(ErrorCode.AdminForbidden);
    const key = idemKey();
    const paid = await approve(a.memberId, key);
    expect(paid).toMatchObject({ status_code: ErrorCode.Success, data: { status: 'paid' } });
    expect(await approve(a.memberId, key)).toEqual(paid);
    expect((await approve(a.memberId)).status_code).toBe(ErrorCode.AgentStatementNotPending);
    expect((await approve(b.memberId)).data.status).toBe('paid');
    const grants = await t.db.query<{ member_id: number; amount: bigint; source_id: string }>(
      `SELECT member_id, amount, source_id FROM grants WHERE kind = 'commission' ORDER BY member_id`,
    );
    expect(grants.rows).toEqual([
      { member_id: a.memberId, amount: 48_450n, source_id: `${a.memberId}:${M}` },
      { member_id: b.memberId, amount: 20_000n, source_id: `${b.memberId}:${M}` },
    ]);
    const mains = await t.db.query<{ member_id: number; balance: bigint }>(
      `SELECT member_id, balance FROM ledger_accounts WHERE kind = 'main' AND member_id = ANY($1::int[]) ORDER BY member_id`,
      [[a.memberId, b.memberId]],
    );
    expect(mains.rows.map((r) => BigInt(r.balance))).toEqual([48_450n, 20_000n]);
    // Paid and overridden: every stored row still re-derives, the grants match the amounts.
    expect(await expectEveryStatementRederives(t)).toBe(2);

    // Next month b1 wins 4,900 net: both nets go negative and carry out whole, paying nothing.
    await bet(t, b1, t.clock.now(), 10_000n, 500_000n);
    moveTo(M2, 2, 5);
    op = await adminToken(t, 'finance');
    await adminCall(t, op, 'POST', '/admin/api/v1/agent/statements/run', { month: M1 });
    const m1 = await statementsOf(M1);
    expect(await expectEveryStatementRederives(t)).toBe(4);
    expectInputs(m1.sa, await derive(t, downA, M1, 10_000n), 100n);
    expect(m1.sb).toMatchObject({
      ngr: '-4900.00',
      net: '-4900.00',
      carryOut: '-4900.00',
      amount: '0.00',
      status: 'nil',
    });
    // A's month: b1's win and a1's late ¥10 bet; B's commission is no cost of A's downline.
    expect(m1.sa).toMatchObject({
      grants: '0.00',
      ngr: '-4890.00',
      carryOut: '-4890.00',
      status: 'nil',
    });

    // The month after, b1 loses 6,000: the carried loss is taken off first.
    await bet(t, b1, t.clock.now(), 600_000n, 0n);
    moveTo(nextMonth(M2), 2, 5);
    op = await adminToken(t, 'finance');
    await adminCall(t, op, 'POST', '/admin/api/v1/agent/statements/run', { month: M2 });
    const m2 = await statementsOf(M2);
    expect(await expectEveryStatementRederives(t)).toBe(6);
    expectInputs(m2.sb, await derive(t, [b1.memberId], M2, 10_000n), 100n);
    expect(m2.sb).toMatchObject({
      ngr: '6000.00',
      carryIn: '-4900.00',
      net: '1100.00',
      carryOut: '0.00',
      ratePercent: '10',
      amount: '110.00',
      status: 'pending',
    });
    // A: net 6,000 − 4,890 = 1,110 at 10 % = 111.00, less B's 1,100 at 10 % = 110.00 → 1.00.
    expect(m2.sa).toMatchObject({ net: '1110.00', subDeduction: '110.00', amount: '1.00' });
  });
});
