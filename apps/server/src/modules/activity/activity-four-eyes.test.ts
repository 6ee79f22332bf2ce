import { ErrorCode, type AdminActivity } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVAL_TTL_MS } from '../approvals/approvals.service';
import { activityInput, checkinRule, createActivity, depositRule } from './activity.test-kit';

/**
 * Four eyes on activity raises (docs/contract.md §4.1): an update that raises a rate or cap of
 * the stored rule files a request that a different operator holding promo.approve runs once;
 * one that lowers or keeps them (or changes only the text) applies at once.
 */
let t: TestApp;
let finance: string;
let finance2: string;
let approver: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  finance = await adminToken(t, 'finance');
  finance2 = await adminToken(t, 'finance');
  approver = await adminToken(t, 'admin');
});
afterAll(() => t.close());

function update(token: string, a: AdminActivity, rule: Record<string, unknown>, title?: string) {
  const { kind: _kind, ...fields } = activityInput(t, a.kind);
  return adminCall<AdminActivity & { approvalId: number }>(
    t,
    token,
    'POST',
    `/admin/api/v1/activities/${a.id}`,
    { ...fields, startsAt: a.startsAt, endsAt: a.endsAt, rule, title: title ?? a.title },
  );
}
const decide = (token: string, id: number, verb: 'approve' | 'reject') =>
  adminCall<{ status: string }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/${verb}`,
    verb === 'reject' ? { reason: '不批' } : {},
  );
const ruleOf = async (id: number) =>
  (
    await t.db.query<{ rule: Record<string, unknown> }>(
      'SELECT rule FROM activities WHERE id = $1',
      [id],
    )
  ).rows[0]!.rule;

describe('four eyes on activity raises', () => {
  it('a cut, the same rule or a new title applies at once', async () => {
    const a = await createActivity(t, 'redeposit');
    expect((await update(finance, a, depositRule, '新标题')).data.title).toBe('新标题');
    const lower = { ...depositRule, percentBp: 4000, cap: '200.00', minDeposit: '50.00' };
    expect((await update(finance, a, lower)).status_code).toBe(ErrorCode.Success);
    expect(await ruleOf(a.id)).toMatchObject({ percentBp: 4000, cap: '200.00' });
  });

  it('a raised cap waits: not the requester, not without promo.approve; runs once', async () => {
    const a = await createActivity(t, 'firstDeposit');
    const raised = { ...depositRule, cap: '500.00' };
    const asked = await update(finance, a, raised);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    expect(await ruleOf(a.id)).toMatchObject({ cap: '300.00' });
    expect((await update(finance2, a, raised)).status_code).toBe(ErrorCode.ApprovalDuplicate);
    expect((await decide(finance, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.Success);
    expect(await ruleOf(a.id)).toMatchObject({ cap: '500.00' });
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
  });

  it('a raised check-in step: rejected changes nothing; expired cannot be approved', async () => {
    const a = await createActivity(t, 'checkin');
    const rewards = checkinRule.rewards.map((r) => (r.days === 7 ? { ...r, amount: '38.00' } : r));
    const asked = await update(finance, a, { ...checkinRule, rewards });
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    expect((await decide(approver, asked.data.approvalId, 'reject')).status_code).toBe(
      ErrorCode.Success,
    );
    expect(await ruleOf(a.id)).toEqual(checkinRule);
    const again = await update(finance, a, { ...checkinRule, rewards });
    expect(again.status_code).toBe(ErrorCode.ApprovalPending);
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    approver = await adminToken(t, 'admin');
    finance = await adminToken(t, 'finance');
    finance2 = await adminToken(t, 'finance');
    expect((await decide(approver, again.data.approvalId, 'approve')).status_code).toBe(
      ErrorCode.ApprovalExpired,
    );
    expect(await ruleOf(a.id)).toEqual(checkinRule);
  });

  it('an invalid rule is refused (9412) before anything is filed', async () => {
    const a = await createActivity(t, 'redeposit');
    const r = await update(finance, a, { ...depositRule, cap: '900.00', turnoverMultiple: 20 });
    expect(r.status_code).toBe(ErrorCode.ActivityRuleInvalid);
    const pending = await t.db.query(`SELECT 1 FROM approval_requests WHERE target = $1`, [
      `activity:${a.id}`,
    ]);
    expect(pending.rows).toEqual([]);
  });
});
