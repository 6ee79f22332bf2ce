import { ErrorCode, type ApprovalView, type Turnover } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, idemKey, registerMember, type Member } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Four eyes on turnover waivers (docs/contract.md §4.1): a waiver is valued at the turnover it
 * waives; above the money threshold it is filed for a different operator holding
 * wallet.adjust.approve and waives once when approved — never more than the request was valued
 * at (the member's requirement may grow while it waits).
 */
let t: TestApp;
let finance: string;
let finance2: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ fourEyesMoneyThreshold: '1000', turnoverMultiplier: '1' });
  finance = await adminToken(t, 'finance');
  finance2 = await adminToken(t, 'finance');
  moderator = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

/** A credited deposit's requirement of `fen` (multiplier 1), as the deposit would add it. */
const require = (m: Member, fen: bigint) =>
  t.db.tx((q) => t.services.turnover.requireFor(q, m.memberId, fen, `dep:${idemKey()}`));
const missing = async (m: Member) => (await t.services.turnover.view(m.memberId)).missing;
const waive = (token: string, m: Member) =>
  adminCall<Turnover & { approvalId: number }>(
    t,
    token,
    'POST',
    `/admin/api/v1/members/${m.memberId}/turnover/waive`,
    { reason: '活动豁免' },
  );
const decide = (token: string, id: number, verb: 'approve' | 'reject' = 'approve') =>
  adminCall<ApprovalView>(t, token, 'POST', `/admin/api/v1/approvals/${id}/${verb}`, {
    ...(verb === 'reject' ? { reason: '不批' } : {}),
  });
const waiveEntries = async (m: Member) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM turnover_entries WHERE member_id = $1 AND kind = 'waive'`,
      [m.memberId],
    )
  ).rows[0]!.n;

describe('four eyes on turnover waivers', () => {
  it('at or below the threshold the waiver applies at once', async () => {
    const m = await registerMember(t);
    await require(m, 100_000n);
    const r = await waive(finance, m);
    expect(r).toMatchObject({ status_code: ErrorCode.Success, data: { missing: '0.00' } });
  });

  it('above it: filed, valued at what it waives; decided by another operator; applies once', async () => {
    const m = await registerMember(t);
    await require(m, 200_000n);
    const asked = await waive(finance, m);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    expect(await missing(m)).toBe('2000.00');
    expect((await waive(finance2, m)).status_code).toBe(ErrorCode.ApprovalDuplicate);
    expect((await decide(finance, id)).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(moderator, id)).status_code).toBe(ErrorCode.AdminForbidden);
    const listed = await adminCall<{ list: ApprovalView[] }>(
      t,
      finance2,
      'GET',
      '/admin/api/v1/approvals?status=pending',
    );
    expect(listed.data.list.find((a) => a.id === id)).toMatchObject({
      action: 'adminWaiveTurnover',
      target: `member:${m.memberId}`,
      amount: '2000.00',
    });
    const ok = await decide(finance2, id);
    expect(ok).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'approved', result: { waived: '200000' } },
    });
    expect(await missing(m)).toBe('0.00');
    expect((await decide(finance2, id)).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await waiveEntries(m)).toBe(1);
  });

  it('a requirement grown while it waited is not waived: 9775, the request stays pending', async () => {
    const m = await registerMember(t);
    await require(m, 200_000n);
    const id = (await waive(finance, m)).data.approvalId;
    // A large deposit lands before the approver looks: its turnover was never asked about.
    await require(m, 5_000_000n);
    expect((await decide(finance2, id)).status_code).toBe(ErrorCode.TurnoverWaiverChanged);
    expect(await missing(m)).toBe('52000.00');
    expect(await waiveEntries(m)).toBe(0);
    expect((await decide(finance2, id, 'reject')).status_code).toBe(ErrorCode.Success);
  });

  it('a requirement the member played down meanwhile waives only what is left', async () => {
    const m = await registerMember(t);
    await require(m, 200_000n);
    const id = (await waive(finance, m)).data.approvalId;
    await t.db.tx((q) =>
      t.services.turnover.addValid(q, m.memberId, 150_000n, `pt:${idemKey()}`, '投注', 'TY'),
    );
    const ok = await decide(finance2, id);
    expect(ok).toMatchObject({
      status_code: ErrorCode.Success,
      data: { result: { waived: '50000' } },
    });
    expect(await missing(m)).toBe('0.00');
  });
});
