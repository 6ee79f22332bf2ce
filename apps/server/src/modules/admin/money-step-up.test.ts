import { ErrorCode, routes, type AdminRouteMeta, type RouteName } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt, TOTP_STEP_MS } from '../../lib/totp';
import { adminCall, adminToken, idemKey, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { approvalStepUp } from '../approvals/approvals.service';

/**
 * Every money action needs a `money` step-up (docs/contract.md §4.1), declared in the route
 * table: deposit confirm, withdrawal approve (paid), manual grants, commission payouts, the
 * house venue's voids and resettles, adjustments and waivers — and approving a four-eyes
 * request of a money action, the approver stepping up as the requester would have.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ fourEyesMoneyThreshold: '100' });
});
afterAll(() => t.close());

const MONEY_ACTIONS: [RouteName, string][] = [
  ['adminDepositConfirm', '/admin/api/v1/deposits/D20260101X0001/confirm'],
  ['adminWithdrawApprove', '/admin/api/v1/withdrawals/W20260101X0001/approve'],
  ['adminGrantCreate', '/admin/api/v1/members/1/grants'],
  ['adminAgentStatementApprove', '/admin/api/v1/agent/statements/1/2026-01/approve'],
  ['houseVenueVoidBet', '/admin/api/v1/house-venue/bets/void'],
  ['houseVenueResettleBet', '/admin/api/v1/house-venue/bets/resettle'],
  ['houseVenueVoidMarket', '/admin/api/v1/house-venue/markets/void'],
  ['houseVenueGameRoundVoid', '/admin/api/v1/house-venue/games/rounds/void'],
  ['adminAdjust', '/admin/api/v1/members/1/adjust'],
  ['adminWaiveTurnover', '/admin/api/v1/members/1/turnover/waive'],
  ['adminPointsAdjust', '/admin/api/v1/members/1/points/adjust'],
  ['adminDepositResolve', '/admin/api/v1/deposits/D20260101X0001/resolve'],
];

const code = (secret: string, ahead = 0) =>
  hotp(base32Decode(secret), stepAt(t.clock.now()) + ahead);

/** An operator of the role with a second factor, logged in. */
async function enrolled(role: 'admin' | 'finance' = 'admin') {
  const token = await adminToken(t, role);
  const enrol = await adminCall<{ secret: string }>(t, token, 'POST', '/admin/api/v1/totp/enrol');
  const ok = await adminCall(t, token, 'POST', '/admin/api/v1/totp/confirm', {
    code: code(enrol.data.secret),
  });
  expect(ok.status_code).toBe(ErrorCode.Success);
  return { token, secret: enrol.data.secret };
}

const stepUp = async (op: { token: string; secret: string }) => {
  t.clock.advance(TOTP_STEP_MS);
  const r = await adminCall(t, op.token, 'POST', '/admin/api/v1/stepUp', {
    class: 'money',
    code: code(op.secret),
  });
  expect(r.status_code).toBe(ErrorCode.Success);
};

async function post(token: string, url: string, payload: object = {}) {
  const r = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-admin-token': token, 'x-idempotency-key': idemKey() },
    payload,
  });
  return r.json<{ status_code: number; data: Record<string, unknown> }>();
}

describe('money step-up', () => {
  it('the route table declares money step-up on every money action and money four-eyes route', () => {
    for (const [name] of MONEY_ACTIONS)
      expect((routes[name] as AdminRouteMeta).stepUp, name).toBe('money');
    for (const name of Object.keys(routes) as RouteName[]) {
      const meta = routes[name] as AdminRouteMeta;
      if (meta.fourEyes?.class === 'money') expect(meta.stepUp, name).toBe('money');
    }
    // Approving runs the action: the approval asks for the action's class.
    expect(approvalStepUp('adminWithdrawApprove')).toBe('money');
    expect(approvalStepUp('adminGrantCreate')).toBe('money');
    expect(approvalStepUp('adminActivitySave')).toBeUndefined();
  });

  it.each(MONEY_ACTIONS)(
    '%s: 9600 without a fresh money step-up, past it after',
    async (_, url) => {
      const op = await enrolled();
      expect((await post(op.token, url)).status_code).toBe(ErrorCode.OperatorStepUpRequired);
      await stepUp(op);
      // Past the gate the action's own answer (the order, bet or body is made up here).
      expect((await post(op.token, url)).status_code).not.toBe(ErrorCode.OperatorStepUpRequired);
    },
  );

  it('approving a money four-eyes request needs the approver’s step-up; the money moves once', async () => {
    const m = await registerMember(t);
    const requester = await adminToken(t, 'finance');
    const asked = await post(requester, `/admin/api/v1/members/${m.memberId}/adjust`, {
      asset: 'CNY',
      direction: 'credit',
      amount: '500',
      reason: '复核二次验证',
    });
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId as number;
    const approver = await enrolled('admin');
    const url = `/admin/api/v1/approvals/${id}/approve`;
    expect((await post(approver.token, url)).status_code).toBe(ErrorCode.OperatorStepUpRequired);
    expect((await t.services.ledger.balances(t.db, m.memberId)).main).toBe(0n);
    // The requester is refused as before (own request), not asked to step up.
    expect((await post(requester, url)).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    await stepUp(approver);
    expect((await post(approver.token, url)).status_code).toBe(ErrorCode.Success);
    expect((await t.services.ledger.balances(t.db, m.memberId)).main).toBe(50000n);
    expect((await post(approver.token, url)).status_code).toBe(ErrorCode.ApprovalDecided);
  });
});
