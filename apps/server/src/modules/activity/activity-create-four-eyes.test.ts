import { ErrorCode, type AdminActivity } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activityInput, createActivity, depositRule } from './activity.test-kit';

/**
 * Four eyes on an activity that starts paying (docs/contract.md §4.1): one created active, or a
 * draft made active, is a raise from nothing — a pending request a different operator holding
 * promo.approve runs once; a draft is created at once and pays nobody.
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

type Pending = AdminActivity & { approvalId: number };
const decide = (token: string, id: number) =>
  adminCall<{ status: string; result: AdminActivity }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/approve`,
    {},
  );
const titled = async (title: string) =>
  (
    await t.db.query<{ id: number; status: string }>(
      'SELECT id, status FROM activities WHERE title = $1',
      [title],
    )
  ).rows;

describe('four eyes on creating or activating an activity', () => {
  it('created active: waits; not the requester, not without promo.approve; runs once', async () => {
    const body = activityInput(t, 'firstDeposit', { title: '首存加赠（待复核）' });
    const asked = await adminCall<Pending>(t, finance, 'POST', '/admin/api/v1/activities', body);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    expect(await titled(body.title)).toEqual([]);
    const dup = await adminCall(t, finance2, 'POST', '/admin/api/v1/activities', body);
    expect(dup.status_code).toBe(ErrorCode.ApprovalDuplicate);
    const id = asked.data.approvalId;
    expect((await decide(finance, id)).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(finance2, id)).status_code).toBe(ErrorCode.AdminForbidden);
    expect(await titled(body.title)).toEqual([]);
    const ok = await decide(approver, id);
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data.result).toMatchObject({ title: body.title, status: 'active' });
    expect((await decide(approver, id)).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await titled(body.title)).toEqual([{ id: ok.data.result.id, status: 'active' }]);
    const audit = await t.db.query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'activity.create' AND target = $1`,
      [`activity:${ok.data.result.id}`],
    );
    // The requester stays the action's actor; the approval's own row names the approver.
    expect(audit.rows).toHaveLength(1);
  });

  it('a draft is created at once; making it active waits for a second operator', async () => {
    const draft = await createActivity(t, 'redeposit', { status: 'draft', title: '草稿活动' });
    expect(draft.status).toBe('draft');
    const { kind: _kind, ...fields } = activityInput(t, 'redeposit');
    const activate = { ...fields, title: '草稿活动', rule: depositRule, status: 'active' };
    const asked = await adminCall<Pending>(
      t,
      finance,
      'POST',
      `/admin/api/v1/activities/${draft.id}`,
      activate,
    );
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    expect(await titled('草稿活动')).toEqual([{ id: draft.id, status: 'draft' }]);
    // Editing the draft as a draft (it pays nobody) applies at once.
    const edit = await adminCall<AdminActivity>(
      t,
      finance,
      'POST',
      `/admin/api/v1/activities/${draft.id}`,
      { ...activate, status: 'draft', rulesText: '改过的规则' },
    );
    expect(edit.status_code).toBe(ErrorCode.Success);
    expect((await decide(approver, asked.data.approvalId)).status_code).toBe(ErrorCode.Success);
    expect(await titled('草稿活动')).toEqual([{ id: draft.id, status: 'active' }]);
  });

  it('a bad activity is refused before anything is filed', async () => {
    const body = activityInput(t, 'firstDeposit', {
      title: '坏活动',
      rule: { ...depositRule, turnoverMultiple: 20 },
    });
    const r = await adminCall(t, finance, 'POST', '/admin/api/v1/activities', body);
    expect(r.status_code).toBe(ErrorCode.ActivityRuleInvalid);
    const filed = await t.db.query(`SELECT 1 FROM approval_requests WHERE target LIKE $1`, [
      'activity:new:%坏活动',
    ]);
    expect(filed.rows).toEqual([]);
  });
});
