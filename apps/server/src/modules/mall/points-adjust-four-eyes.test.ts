import { ErrorCode, type ApprovalView, type PointsAdjustResult } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, idemKey, registerMember, type Member } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVAL_TTL_MS } from '../approvals/approvals.service';
import { givePoints, pointsOf } from './mall.test-support';

/**
 * Four eyes on manual points adjustments (docs/contract.md §4.1): points buy mall items, so an
 * adjustment above `fourEyesPointsThreshold` (whole points) files a request that a different
 * operator holding promo.approve decides; the points move once, under `approval:{id}`.
 */
let t: TestApp;
let finance: string;
let finance2: string;
let approver: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ fourEyesPointsThreshold: 1000 });
  finance = await adminToken(t, 'finance');
  finance2 = await adminToken(t, 'finance');
  approver = await adminToken(t, 'admin');
});
afterAll(() => t.close());

type Answer = { status_code: number; data: PointsAdjustResult & { approvalId: number } };
const adjust = (token: string, m: Member, points: string, key = idemKey(), direction = 'credit') =>
  t.app
    .inject({
      method: 'POST',
      url: `/admin/api/v1/members/${m.memberId}/points/adjust`,
      headers: { 'x-admin-token': token, 'x-idempotency-key': key },
      payload: { direction, points, reason: '活动补发' },
    })
    .then((r) => r.json<Answer>());
const decide = (token: string, id: number, verb: 'approve' | 'reject' = 'approve') =>
  adminCall<ApprovalView>(t, token, 'POST', `/admin/api/v1/approvals/${id}/${verb}`, {
    ...(verb === 'reject' ? { reason: '不批' } : {}),
  });
const requests = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM approval_requests')).rows[0]!.n;

describe('four eyes on points adjustments', () => {
  it('at or below the threshold the points move at once', async () => {
    const m = await registerMember(t);
    const r = await adjust(finance, m, '1000');
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(r.data.points).toBe('1000');
    expect(await pointsOf(t, m)).toBe(1000n);
  });

  it('above it: pending, nothing moves; one request per member; not the requester', async () => {
    const m = await registerMember(t);
    const asked = await adjust(finance, m, '1001');
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    expect(await pointsOf(t, m)).toBe(0n);
    // A second request for the same member while one is pending: 9603, nothing filed.
    const before = await requests();
    expect((await adjust(finance2, m, '5000')).status_code).toBe(ErrorCode.ApprovalDuplicate);
    expect(await requests()).toBe(before);
    expect((await decide(finance, id)).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    // finance holds promo.manage but not promo.approve: 6061.
    expect((await decide(finance2, id)).status_code).toBe(ErrorCode.AdminForbidden);
    expect(await pointsOf(t, m)).toBe(0n);
    const listed = await adminCall<{ list: ApprovalView[] }>(
      t,
      approver,
      'GET',
      '/admin/api/v1/approvals?status=pending',
    );
    // Points are not yuan: no amount, the points are in the payload.
    expect(listed.data.list.find((a) => a.id === id)).toMatchObject({
      action: 'adminPointsAdjust',
      target: `member:${m.memberId}`,
      amount: null,
      approve: 'promo.approve',
      payload: { body: { points: '1001' } },
    });
  });

  it('approved, the points move exactly once; a retry returns the first answer', async () => {
    const m = await registerMember(t);
    const key = idemKey();
    const asked = await adjust(finance, m, '2500', key);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    const ok = await decide(approver, id);
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data).toMatchObject({
      status: 'approved',
      result: { reference: `approval:${id}`, points: '2500' },
    });
    expect(await pointsOf(t, m)).toBe(2500n);
    expect((await decide(approver, id)).status_code).toBe(ErrorCode.ApprovalDecided);
    // The requester's retry with the same key replays its first answer: no second request.
    const again = await adjust(finance, m, '2500', key);
    expect(again).toMatchObject({
      status_code: ErrorCode.ApprovalPending,
      data: { approvalId: id },
    });
    expect(await pointsOf(t, m)).toBe(2500n);
    const posted = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = $1`,
      [`approval:${id}`],
    );
    expect(posted.rows[0]!.n).toBe(1);
    // The requester stays the adjustment's actor; the approval's own row names the approver.
    const audit = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'mall.points.adjust' AND target = $1`,
      [`member:${m.memberId}`],
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('a debit past the balance when approved is refused and stays pending', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 1500n);
    const asked = await adjust(finance, m, '1200', idemKey(), 'debit');
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    await adjust(finance, m, '1000', idemKey(), 'debit').then((r) =>
      expect(r.status_code).toBe(ErrorCode.Success),
    );
    const id = asked.data.approvalId;
    expect((await decide(approver, id)).status_code).toBe(ErrorCode.MallPointsInsufficient);
    expect(await pointsOf(t, m)).toBe(500n);
    expect((await decide(approver, id, 'reject')).status_code).toBe(ErrorCode.Success);
  });

  it('bad input above the threshold files nothing', async () => {
    const before = await requests();
    const ghost = { memberId: 999_999 } as Member;
    expect((await adjust(finance, ghost, '5000')).status_code).toBe(ErrorCode.Validation);
    expect(await requests()).toBe(before);
  });

  it('a request expires after 24 hours unapplied; a new one may then be filed', async () => {
    const m = await registerMember(t);
    const id = (await adjust(finance, m, '3000')).data.approvalId;
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    // Operator sessions last 12 hours: the day later is a new shift.
    finance = await adminToken(t, 'finance');
    approver = await adminToken(t, 'admin');
    expect((await decide(approver, id)).status_code).toBe(ErrorCode.ApprovalExpired);
    expect(await pointsOf(t, m)).toBe(0n);
    const again = await adjust(finance, m, '3000');
    expect(again.status_code).toBe(ErrorCode.ApprovalPending);
    expect(again.data.approvalId).not.toBe(id);
  });
});
