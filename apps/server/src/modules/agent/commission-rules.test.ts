import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, idemKey } from '../../test/factories';
import { approvedAgent, registerWith } from '../../test/agent-factories';
import { bet, commissionVenue } from '../../test/commission-kit';
import { monthOf, monthRange } from './commission-math';

/** The commission rules (contract §5 Agents): tiers that climb, audited edits; finished months only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await commissionVenue(t);
});
afterAll(() => t.close());

describe('the commission rules and the monthly run', () => {
  it('tiers that do not climb are refused (9508) and change nothing; edits are audited', async () => {
    const op = await adminToken(t, 'finance');
    const before = await adminCall(t, op, 'GET', '/admin/api/v1/agent/rules');
    const set = (tiers: { minActive: number; minNgr: string; ratePercent: string }[]) =>
      adminCall(t, op, 'POST', '/admin/api/v1/agent/rules', {
        tiers,
        feeRatePercent: '2.5',
        activeMinTurnover: '500',
        turnoverMultiple: 1,
      });
    const flat = await set([
      { minActive: 1, minNgr: '0', ratePercent: '20' },
      { minActive: 5, minNgr: '0', ratePercent: '20' },
    ]);
    expect(flat.status_code).toBe(ErrorCode.AgentRulesInvalid);
    const same = await set([
      { minActive: 3, minNgr: '100', ratePercent: '20' },
      { minActive: 3, minNgr: '100', ratePercent: '30' },
    ]);
    expect(same.status_code).toBe(ErrorCode.AgentRulesInvalid);
    const tooHigh = await set([{ minActive: 1, minNgr: '0', ratePercent: '101' }]);
    expect(tooHigh.status_code).not.toBe(ErrorCode.Success);
    expect(await adminCall(t, op, 'GET', '/admin/api/v1/agent/rules')).toEqual(before);
    const ok = await set([
      { minActive: 1, minNgr: '0', ratePercent: '12.5' },
      // No tier's rate above the stored 15 % / 25 %: applies at once (no four eyes).
      { minActive: 5, minNgr: '10000', ratePercent: '25' },
    ]);
    expect(ok).toMatchObject({
      status_code: ErrorCode.Success,
      data: { feeRatePercent: '2.5', activeMinTurnover: '500.00', turnoverMultiple: 1 },
    });
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'agent.rules.set'`);
    expect(audit.rowCount).toBeGreaterThan(0);
  });

  it('a month not yet over has no statements (9509)', async () => {
    const op = await adminToken(t, 'finance');
    const r = await adminCall(t, op, 'POST', '/admin/api/v1/agent/statements/run', {
      month: monthOf(t.clock.now()),
    });
    expect(r.status_code).toBe(ErrorCode.AgentMonthInvalid);
  });

  it('an agent the reward gate refuses is not paid (9510); the statement stays pending', async () => {
    const M = monthOf(t.clock.now() + 40 * 24 * 3600_000);
    t.clock.advance(monthRange(M)[0] + 9 * 24 * 3600_000 - t.clock.now());
    let op = await adminToken(t, 'finance');
    const a = await approvedAgent(t, op);
    const member = (await registerWith(t, { agentCode: a.code })).member!;
    await bet(t, member, t.clock.now(), 500_000n, 0n);
    t.clock.advance(monthRange(M)[1] + 5 * 3600_000 - t.clock.now());
    op = await adminToken(t, 'finance');
    await adminCall(t, op, 'POST', '/admin/api/v1/agent/statements/run', { month: M });
    const admin = await adminToken(t);
    const blocked = await adminCall(t, admin, 'POST', `/admin/api/v1/members/${a.memberId}/block`, {
      blocked: true,
      reason: '风控',
    });
    expect(blocked.status_code).toBe(ErrorCode.Success);
    const r = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/agent/statements/${a.memberId}/${M}/approve`,
      headers: { 'x-admin-token': op, 'x-idempotency-key': idemKey() },
      payload: {},
    });
    expect(r.json<{ status_code: number }>().status_code).toBe(ErrorCode.AgentPayoutRefused);
    const rows = await t.db.query<{ status: string }>(
      'SELECT status FROM agent_statements WHERE agent_id = $1 AND month = $2',
      [a.memberId, M],
    );
    expect(rows.rows).toEqual([{ status: 'pending' }]);
    const grants = await t.db.query(`SELECT 1 FROM grants WHERE member_id = $1`, [a.memberId]);
    expect(grants.rowCount).toBe(0);
  });
});
