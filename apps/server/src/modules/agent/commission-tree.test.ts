import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken } from '../../test/factories';
import { applyAs, approvedAgent, registerWith } from '../../test/agent-factories';
import { bet, commissionVenue, deposit, grant } from '../../test/commission-kit';
import { expectEveryStatementRederives } from '../../test/commission-rederive';
import { monthOf, monthRange } from './commission-math';

/**
 * Commission over a three-level tree (contract §5 Agents): agents of agents of agents, a
 * sub-agent whose rate is above its parent's (the difference never goes below zero), a member
 * approved as an agent after a month ended (an ordinary member in it), two months run — and
 * every stored statement re-derives from the ledger and the bet copies by the independent
 * computation, which a one-fen change to any stored row makes fail.
 */
let t: TestApp;
const DAY = 24 * 3600_000;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await commissionVenue(t);
});
afterAll(() => t.close());

function moveTo(month: string, day: number, hour = 12) {
  const target = monthRange(month)[0] + (day - 1) * DAY + hour * 3600_000;
  expect(target).toBeGreaterThan(t.clock.now());
  t.clock.advance(target - t.clock.now());
}
const nextMonth = (month: string) => monthOf(monthRange(month)[1]);

describe('commission over agents of agents', () => {
  it('every statement of two months re-derives; a tampered row does not', async () => {
    const N = monthOf(t.clock.now() + 40 * DAY);
    const N1 = nextMonth(N);
    moveTo(N, 3);
    let op = await adminToken(t, 'finance');
    // 30 % asks three active members and ¥6,000 of NGR; fee 2 %; active from ¥100.
    const rules = await adminCall(t, op, 'POST', '/admin/api/v1/agent/rules', {
      tiers: [
        { minActive: 1, minNgr: '0', ratePercent: '10' },
        { minActive: 2, minNgr: '0', ratePercent: '20' },
        { minActive: 3, minNgr: '6000', ratePercent: '30' },
      ],
      feeRatePercent: '2',
      activeMinTurnover: '100',
      turnoverMultiple: 0,
    });
    expect(rules.status_code).toBe(ErrorCode.Success);
    const x = await approvedAgent(t, op);
    const y = await approvedAgent(t, op, (await registerWith(t, { agentCode: x.code })).member!);
    const z = await approvedAgent(t, op, (await registerWith(t, { agentCode: y.code })).member!);
    const x1 = (await registerWith(t, { agentCode: x.code })).member!;
    const w = (await registerWith(t, { agentCode: x.code })).member!;
    const y1 = (await registerWith(t, { agentCode: y.code })).member!;
    const y2 = (await registerWith(t, { inviteCode: y.code })).member!;
    const z1 = (await registerWith(t, { agentCode: z.code })).member!;
    let now = t.clock.now();
    await bet(t, x1, now, 10_000n, 400_000n); // x1 wins ¥3,900 net
    await bet(t, w, now, 40_000n, 0n);
    await bet(t, y1, now, 300_000n, 50_000n);
    await bet(t, y2, now, 20_000n, 0n);
    await bet(t, z1, now, 500_000n, 100_000n);
    await deposit(z1, '500');
    await grant(t, y1, 'activity', 5_000n);
    await grant(t, z1, 'rebate', 2_000n);
    // W applies in N, approved after N ended: in N an ordinary member of X's, in N1 a sub-agent.
    const applied = await applyAs(w);
    expect(applied.status_code).toBe(ErrorCode.Success);

    moveTo(N1, 2, 5);
    op = await adminToken(t, 'finance');
    const decided = await adminCall(
      t,
      op,
      'POST',
      `/admin/api/v1/agent/applications/${applied.data.application!.id}/decide`,
      { approve: true },
    );
    expect(decided.status_code).toBe(ErrorCode.Success);
    const wCode = (
      await t.db.query<{ invite_code: string }>('SELECT invite_code FROM members WHERE id = $1', [
        w.memberId,
      ])
    ).rows[0]!.invite_code;
    const w1 = (await registerWith(t, { agentCode: wCode })).member!;
    now = t.clock.now();
    await bet(t, w1, now, 200_000n, 0n);
    await bet(t, z1, now, 10_000n, 900_000n); // z1 wins ¥8,900: Z's month goes negative
    await bet(t, y1, now, 100_000n, 0n);
    const run = (month: string) =>
      adminCall(t, op, 'POST', '/admin/api/v1/agent/statements/run', { month });
    expect((await run(N)).status_code).toBe(ErrorCode.Success);
    // N: X, Y and Z (W was no agent yet).
    expect(await expectEveryStatementRederives(t)).toBe(3);
    const row = async (agentId: number, month: string) =>
      (
        await t.db.query<{ rate_bp: number; sub_deduction: bigint; computed: bigint }>(
          'SELECT rate_bp, sub_deduction, computed FROM agent_statements WHERE agent_id = $1 AND month = $2',
          [agentId, month],
        )
      ).rows[0];
    // Y: 3 active, NGR 6,620 → 30 %; X: 5 active but NGR 3,120 → 20 %, less min(20, 30) % of
    // Y's 6,620 = 1,324 > 624: X's amount stops at zero.
    expect(await row(y.memberId, N)).toMatchObject({ rate_bp: 3000 });
    expect(await row(x.memberId, N)).toEqual({
      rate_bp: 2000,
      sub_deduction: 132_400n,
      computed: 0n,
    });
    expect(await row(w.memberId, N)).toBeUndefined();

    moveTo(nextMonth(N1), 2, 5);
    op = await adminToken(t, 'finance');
    expect((await run(N1)).status_code).toBe(ErrorCode.Success);
    expect(await expectEveryStatementRederives(t)).toBe(7);
    expect(await row(w.memberId, N1)).toMatchObject({ rate_bp: 1000 });

    // A re-run and the worker's tick change nothing, and it all still re-derives.
    const all = async () =>
      (await t.db.query('SELECT * FROM agent_statements ORDER BY agent_id, month')).rows;
    const before = await all();
    await run(N1);
    await run(N);
    await t.services.agentWorker.tick();
    expect(await all()).toEqual(before);
    expect(await expectEveryStatementRederives(t)).toBe(7);

    // The check can fail: one fen more on one stored input is found.
    const tamper = (d: number) =>
      t.db.query(
        'UPDATE agent_statements SET stakes = stakes + $3 WHERE agent_id = $1 AND month = $2',
        [z.memberId, N, d],
      );
    await tamper(1);
    await expect(expectEveryStatementRederives(t)).rejects.toThrow(/statement/);
    await tamper(-1);
    expect(await expectEveryStatementRederives(t)).toBe(7);
  });
});
