import { ErrorCode, type CommissionStatement } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, idemKey } from '../../test/factories';
import { approvedAgent } from '../../test/agent-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVAL_TTL_MS } from '../approvals/approvals.service';
import { pendingStatement } from './commission-four-eyes.test-kit';

/**
 * Four eyes on commission payouts and commission-rate raises (docs/contract.md §4.1): above
 * the money threshold paying a statement files a request that a different operator holding
 * agent.commission.approve runs once; a tier-rate raise always waits, a cut applies at once.
 */
let t: TestApp;
let finance: string;
let finance2: string;
let moderator: string;
let month = 202001;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ fourEyesMoneyThreshold: '1000' });
  finance = await adminToken(t, 'finance');
  finance2 = await adminToken(t, 'finance');
  moderator = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

type Envelope<T = Record<string, unknown>> = { status_code: number; data: T };

/** A fresh agent with a pending statement of `fen` for a month of its own. */
async function statement(fen: bigint): Promise<{ agentId: number; month: string }> {
  const agent = await approvedAgent(t, finance);
  month += 1;
  const m = String(month);
  await pendingStatement(t, agent.memberId, m, fen);
  return { agentId: agent.memberId, month: m };
}

async function pay(token: string, s: { agentId: number; month: string }) {
  const r = await t.app.inject({
    method: 'POST',
    url: `/admin/api/v1/agent/statements/${s.agentId}/${s.month}/approve`,
    headers: { 'x-admin-token': token, 'x-idempotency-key': idemKey() },
    payload: {},
  });
  return r.json<Envelope<CommissionStatement & { approvalId: number }>>();
}

const decide = (token: string, id: number, verb: 'approve' | 'reject') =>
  adminCall<{ status: string; result: Record<string, unknown> }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/${verb}`,
    verb === 'reject' ? { reason: '金额待核' } : {},
  );

async function paidGrants(agentId: number): Promise<bigint[]> {
  const r = await t.db.query<{ amount: bigint }>(
    `SELECT amount FROM grants WHERE kind = 'commission' AND member_id = $1`,
    [agentId],
  );
  return r.rows.map((x) => BigInt(x.amount));
}

const statusOf = async (s: { agentId: number; month: string }) =>
  (
    await t.db.query<{ status: string }>(
      'SELECT status FROM agent_statements WHERE agent_id = $1 AND month = $2',
      [s.agentId, s.month],
    )
  ).rows[0]?.status;

describe('four eyes on commission payouts', () => {
  it('at or below the threshold the payout acts at once', async () => {
    const s = await statement(100_000n);
    expect(await pay(finance, s)).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'paid' },
    });
    expect(await paidGrants(s.agentId)).toEqual([100_000n]);
  });

  it('above it: pending; not the requester, not without the permission; paid once', async () => {
    const s = await statement(250_000n);
    const asked = await pay(finance, s);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    expect(await statusOf(s)).toBe('pending');
    expect(await paidGrants(s.agentId)).toEqual([]);
    expect((await pay(finance2, s)).status_code).toBe(ErrorCode.ApprovalDuplicate);
    expect((await decide(finance, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    // The moderator role lacks agent.commission.approve.
    expect((await decide(moderator, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
    expect(await paidGrants(s.agentId)).toEqual([]);
    const ok = await decide(finance2, id, 'approve');
    expect(ok).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'approved', result: { status: 'paid', amount: '2500.00' } },
    });
    expect(await statusOf(s)).toBe('paid');
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await paidGrants(s.agentId)).toEqual([250_000n]);
  });

  it('a rejected request pays nothing and leaves the statement pending', async () => {
    const s = await statement(300_000n);
    const id = (await pay(finance, s)).data.approvalId;
    expect(await decide(finance2, id, 'reject')).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'rejected' },
    });
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await statusOf(s)).toBe('pending');
    expect(await paidGrants(s.agentId)).toEqual([]);
  });

  it('an unknown statement is refused as before and files nothing', async () => {
    const count = async () =>
      (await t.db.query('SELECT count(*)::int AS n FROM approval_requests')).rows;
    const before = await count();
    expect((await pay(finance, { agentId: 999999, month: '202001' })).status_code).toBe(
      ErrorCode.AgentStatementNotFound,
    );
    expect(await count()).toEqual(before);
  });

  it('a request expires after 24 hours; nothing is paid and a new one may be filed', async () => {
    const s = await statement(400_000n);
    const id = (await pay(finance, s)).data.approvalId;
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    finance = await adminToken(t, 'finance');
    finance2 = await adminToken(t, 'finance');
    moderator = await adminToken(t, 'moderator');
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.ApprovalExpired);
    expect(await paidGrants(s.agentId)).toEqual([]);
    const again = await pay(finance, s);
    expect(again.status_code).toBe(ErrorCode.ApprovalPending);
    expect(again.data.approvalId).not.toBe(id);
  });
});

describe('four eyes on commission-rate raises', () => {
  const rules = (rates: string[]) => ({
    tiers: rates.map((ratePercent, i) => ({ minActive: i + 1, minNgr: '0', ratePercent })),
    feeRatePercent: '1',
    activeMinTurnover: '100',
    turnoverMultiple: 0,
  });
  const setRules = (token: string, rates: string[]) =>
    adminCall<{ approvalId: number; tiers: { ratePercent: string }[] }>(
      t,
      token,
      'POST',
      '/admin/api/v1/agent/rules',
      rules(rates),
    );
  const storedRates = async () =>
    (
      await adminCall<{ tiers: { ratePercent: string }[] }>(
        t,
        finance,
        'GET',
        '/admin/api/v1/agent/rules',
      )
    ).data.tiers.map((x) => x.ratePercent);

  it('a cut applies at once; a raise waits for agent.commission.approve, runs once', async () => {
    // Whatever is stored first, rates of 1 % and 2 % are no raise over any valid table.
    const base = await setRules(finance, ['1', '2']);
    if (base.status_code === ErrorCode.ApprovalPending)
      expect((await decide(finance2, base.data.approvalId, 'approve')).status_code).toBe(
        ErrorCode.Success,
      );
    expect(await storedRates()).toEqual(['1', '2']);
    expect((await setRules(finance, ['0.5', '2'])).status_code).toBe(ErrorCode.Success);
    expect(await storedRates()).toEqual(['0.5', '2']);
    // Same first tier, a third tier added: a raise.
    const asked = await setRules(finance, ['0.5', '2', '3']);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    expect(await storedRates()).toEqual(['0.5', '2']);
    expect((await setRules(finance2, ['5', '6'])).status_code).toBe(ErrorCode.ApprovalDuplicate);
    const id = asked.data.approvalId;
    expect((await decide(finance, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(moderator, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.Success);
    expect(await storedRates()).toEqual(['0.5', '2', '3']);
    // Tiers that do not climb are refused as before (9508), nothing filed.
    expect((await setRules(finance, ['9', '8'])).status_code).toBe(ErrorCode.AgentRulesInvalid);
  });
});
