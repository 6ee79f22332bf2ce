import { ErrorCode, type AdminGrant } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, idemKey, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVAL_TTL_MS } from '../approvals/approvals.service';

/**
 * Manual grants (人工发放, docs/contract.md §4.1): at or below the promo threshold paid at once
 * (kind `manual`, with its turnover); above it a request that a different operator holding
 * promo.approve runs once; a member the reward gate refuses is 9660 before anything is filed.
 */
let t: TestApp;
let finance: string;
let finance2: string;
let approver: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ fourEyesPromoThreshold: '500' });
  finance = await adminToken(t, 'finance');
  finance2 = await adminToken(t, 'finance');
  approver = await adminToken(t, 'admin');
});
afterAll(() => t.close());

type Envelope<T> = { status_code: number; data: T };

async function grant(token: string, memberId: number, amount: string, key = idemKey()) {
  const r = await t.app.inject({
    method: 'POST',
    url: `/admin/api/v1/members/${memberId}/grants`,
    headers: { 'x-admin-token': token, 'x-idempotency-key': key },
    payload: { amount, title: '客服补偿', turnoverMultiple: 1, reason: '活动补发' },
  });
  return r.json<Envelope<AdminGrant & { approvalId: number }>>();
}
const decide = (token: string, id: number, verb: 'approve' | 'reject') =>
  adminCall<{ status: string; result: Record<string, unknown> }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/${verb}`,
    verb === 'reject' ? { reason: '不批' } : {},
  );
const main = async (memberId: number) => (await t.services.ledger.balances(t.db, memberId)).main;
const manualGrants = async (memberId: number) =>
  (
    await t.db.query<{ amount: bigint }>(
      `SELECT amount FROM grants WHERE kind = 'manual' AND member_id = $1`,
      [memberId],
    )
  ).rows.map((r) => BigInt(r.amount));

describe('manual grants under four eyes', () => {
  it('at or below the threshold: paid at once, once per key', async () => {
    const m = await registerMember(t);
    const key = idemKey();
    const r = await grant(finance, m.memberId, '500', key);
    expect(r).toMatchObject({
      status_code: ErrorCode.Success,
      data: { kind: 'manual', status: 'paid', amount: '500.00', memberId: m.memberId },
    });
    expect(await grant(finance, m.memberId, '500', key)).toEqual(r);
    expect(await main(m.memberId)).toBe(50_000n);
    expect(await manualGrants(m.memberId)).toEqual([50_000n]);
  });

  it('above it: pending; not the requester, not without promo.approve; paid once', async () => {
    const m = await registerMember(t);
    const asked = await grant(finance, m.memberId, '500.01');
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    expect((await grant(finance2, m.memberId, '800')).status_code).toBe(
      ErrorCode.ApprovalDuplicate,
    );
    expect((await decide(finance, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
    expect(await main(m.memberId)).toBe(0n);
    expect(await decide(approver, id, 'approve')).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'approved', result: { amount: '500.01', status: 'paid' } },
    });
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await main(m.memberId)).toBe(50_001n);
    const ref = await t.db.query('SELECT 1 FROM ledger_transactions WHERE reference = $1', [
      `grant:manual:approval:${id}`,
    ]);
    expect(ref.rows).toHaveLength(1);
  });

  it('a rejected request pays nothing; an expired one cannot be approved', async () => {
    const m = await registerMember(t);
    const rejected = await grant(finance, m.memberId, '600');
    expect((await decide(approver, rejected.data.approvalId, 'reject')).status_code).toBe(
      ErrorCode.Success,
    );
    const expiring = await grant(finance, m.memberId, '700');
    expect(expiring.status_code).toBe(ErrorCode.ApprovalPending);
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    approver = await adminToken(t, 'admin');
    finance = await adminToken(t, 'finance');
    finance2 = await adminToken(t, 'finance');
    expect((await decide(approver, expiring.data.approvalId, 'approve')).status_code).toBe(
      ErrorCode.ApprovalExpired,
    );
    expect(await main(m.memberId)).toBe(0n);
    expect(await manualGrants(m.memberId)).toEqual([]);
  });

  it('a member the reward gate refuses is 9660 and nothing is filed', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM approval_requests')).rows;
    expect((await grant(finance, 999999, '900')).status_code).toBe(ErrorCode.ManualGrantRefused);
    const m = await registerMember(t);
    const blocked = await adminCall(
      t,
      approver,
      'POST',
      `/admin/api/v1/members/${m.memberId}/block`,
      {
        blocked: true,
        reason: '风控',
      },
    );
    expect(blocked.status_code).toBe(ErrorCode.Success);
    expect((await grant(finance, m.memberId, '900')).status_code).toBe(
      ErrorCode.ManualGrantRefused,
    );
    expect((await grant(finance, m.memberId, '10')).status_code).toBe(ErrorCode.ManualGrantRefused);
    expect((await t.db.query('SELECT count(*)::int AS n FROM approval_requests')).rows).toEqual(
      before,
    );
    expect(await main(m.memberId)).toBe(0n);
  });
});
