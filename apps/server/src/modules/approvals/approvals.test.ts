import { ErrorCode, routes, type AdminRouteMeta, type RouteName } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCall,
  adminToken,
  idemKey,
  registerMember,
  withdrawReady,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVAL_TTL_MS } from './approvals.service';

/**
 * Four eyes (docs/contract.md §4.1): above the threshold a money call files a request instead
 * of acting; only a different operator holding the approving permission runs it, once.
 */
let t: TestApp;
let finance: string;
let finance2: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({
    fourEyesMoneyThreshold: '1000',
    payoutCooloffHours: 0,
    turnoverMultiplier: '0',
  });
  finance = await adminToken(t, 'finance');
  finance2 = await adminToken(t, 'finance');
  moderator = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

interface Envelope<T = Record<string, unknown>> {
  status_code: number;
  data: T;
}

async function adjust(token: string, memberId: number, amount: string): Promise<Envelope> {
  const r = await t.app.inject({
    method: 'POST',
    url: `/admin/api/v1/members/${memberId}/adjust`,
    headers: { 'x-admin-token': token, 'x-idempotency-key': idemKey() },
    payload: { asset: 'CNY', direction: 'credit', amount, reason: '复核测试' },
  });
  return r.json<Envelope>();
}

const main = async (memberId: number) => (await t.services.ledger.balances(t.db, memberId)).main;
const approve = (token: string, id: number) =>
  adminCall<{ status: string; result: { reference: string } }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/approve`,
    {},
  );

describe('four eyes', () => {
  it('every route the table marks fourEyes has an executor to run it once approved', () => {
    const marked = (Object.keys(routes) as RouteName[]).filter(
      (name) => (routes[name] as AdminRouteMeta).fourEyes,
    );
    expect(marked.length).toBeGreaterThanOrEqual(8);
    for (const name of marked) expect(t.services.approvals.executes(name), name).toBe(true);
  });

  it('at or below the threshold the adjustment acts at once', async () => {
    const m = await registerMember(t);
    expect((await adjust(finance, m.memberId, '1000')).status_code).toBe(ErrorCode.Success);
    expect(await main(m.memberId)).toBe(100000n);
  });

  it('above it: a pending request; not the requester, not without the permission; once', async () => {
    const m = await registerMember(t);
    const asked = await adjust(finance, m.memberId, '1000.01');
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = (asked.data as { approvalId: number }).approvalId;
    expect(await main(m.memberId)).toBe(0n);
    // One pending request per action and target.
    expect((await adjust(finance2, m.memberId, '5000')).status_code).toBe(
      ErrorCode.ApprovalDuplicate,
    );
    expect((await approve(finance, id)).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    // The moderator role lacks wallet.adjust.approve: 6061, on the record.
    expect((await approve(moderator, id)).status_code).toBe(ErrorCode.AdminForbidden);
    const denied = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'operator.denied' AND target = $1`,
      [`approval:${id}`],
    );
    expect(denied.rows).toHaveLength(1);
    expect(await main(m.memberId)).toBe(0n);
    const ok = await approve(finance2, id);
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data).toMatchObject({ status: 'approved', result: { reference: `approval:${id}` } });
    expect(await main(m.memberId)).toBe(100001n);
    expect((await approve(finance2, id)).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await main(m.memberId)).toBe(100001n);
    const pending = await adminCall<{ list: { id: number }[] }>(
      t,
      finance2,
      'GET',
      '/admin/api/v1/approvals?status=pending',
    );
    expect(pending.data.list.map((x) => x.id)).not.toContain(id);
    // The inbox shows a role only what it may decide (or filed): not the moderator's business.
    const all = await adminCall<{ list: { id: number }[] }>(
      t,
      finance2,
      'GET',
      '/admin/api/v1/approvals',
    );
    expect(all.data.list.map((x) => x.id)).toContain(id);
    const theirs = await adminCall<{ list: unknown[] }>(
      t,
      moderator,
      'GET',
      '/admin/api/v1/approvals',
    );
    expect(theirs.data.list).toEqual([]);
  });

  it('bad input above the threshold files nothing: the route refuses it as before', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM approval_requests');
    expect((await adjust(finance, 999999, '5000')).status_code).toBe(ErrorCode.Validation);
    const after = await t.db.query('SELECT count(*)::int AS n FROM approval_requests');
    expect(after.rows).toEqual(before.rows);
  });

  it('a rejected request moves nothing', async () => {
    const m = await registerMember(t);
    const id = ((await adjust(finance, m.memberId, '2000')).data as { approvalId: number })
      .approvalId;
    const r = await adminCall(t, finance2, 'POST', `/admin/api/v1/approvals/${id}/reject`, {
      reason: '金额不符',
    });
    expect(r).toMatchObject({ status_code: ErrorCode.Success, data: { status: 'rejected' } });
    expect((await approve(finance2, id)).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await main(m.memberId)).toBe(0n);
  });

  it('paying a large withdrawal waits for withdraw.approve.large', async () => {
    const m = await withdrawReady(t);
    await adjust(finance, m.memberId, '1000');
    await adjust(finance, m.memberId, '1000');
    const order = await m.client.call('withdrawOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { accountId: m.accountId, amount: '1500', fundPassword: '135790' },
    });
    expect(order.status_code).toBe(ErrorCode.Success);
    const orderId = (order.data as { orderId: string }).orderId;
    const pay = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/withdrawals/${orderId}/approve`,
      headers: { 'x-admin-token': finance, 'x-idempotency-key': idemKey() },
      payload: {},
    });
    const asked = pay.json<Envelope<{ approvalId: number }>>();
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const ok = await approve(finance2, asked.data.approvalId);
    expect(ok).toMatchObject({ status_code: ErrorCode.Success, data: { status: 'approved' } });
    const paid = await t.db.query<{ status: string }>(
      'SELECT status FROM withdraw_orders WHERE id = $1',
      [orderId],
    );
    expect(paid.rows[0]?.status).toBe('paid');
  });

  it('a request expires after 24 hours; a new one may then be filed', async () => {
    const m = await registerMember(t);
    const id = ((await adjust(finance, m.memberId, '3000')).data as { approvalId: number })
      .approvalId;
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    // Operator sessions last 12 hours: the day later is a new shift.
    finance = await adminToken(t, 'finance');
    finance2 = await adminToken(t, 'finance');
    expect((await approve(finance2, id)).status_code).toBe(ErrorCode.ApprovalExpired);
    expect(await main(m.memberId)).toBe(0n);
    const again = await adjust(finance, m.memberId, '3000');
    expect(again.status_code).toBe(ErrorCode.ApprovalPending);
    expect((again.data as { approvalId: number }).approvalId).not.toBe(id);
  });
});
