import { ErrorCode, type RebateRates, type VipTable } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVAL_TTL_MS } from '../approvals/approvals.service';

/**
 * Four eyes on reward raises (docs/contract.md §4.1): a rebate rate or a VIP level's reward or
 * cap set above the stored value files a request — whatever its size — that a different
 * operator holding promo.approve runs once; a cut or an unchanged value applies at once.
 */
let t: TestApp;
let finance: string;
let finance2: string;
let approver: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  finance = await adminToken(t, 'finance');
  finance2 = await adminToken(t, 'finance');
  // The superuser role holds every permission, promo.approve among them.
  approver = await adminToken(t, 'admin');
});
afterAll(() => t.close());

const decide = (token: string, id: number, verb: 'approve' | 'reject') =>
  adminCall<{ status: string; result: Record<string, unknown> }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/${verb}`,
    verb === 'reject' ? { reason: '不批' } : {},
  );

const setRate = (token: string, level: number, ratePercent: string) =>
  adminCall<RebateRates & { approvalId: number }>(t, token, 'POST', '/admin/api/v1/rebate/rates', {
    level,
    family: 'ZR',
    ratePercent,
  });
const rateOf = async (level: number) =>
  (await adminCall<RebateRates>(t, finance, 'GET', '/admin/api/v1/rebate/rates')).data.list.find(
    (r) => r.level === level && r.family === 'ZR',
  )?.ratePercent;

describe('four eyes on rebate-rate raises', () => {
  it('a cut or the same rate applies at once', async () => {
    expect(await rateOf(1)).toBe('0.36');
    expect((await setRate(finance, 1, '0.36')).status_code).toBe(ErrorCode.Success);
    expect((await setRate(finance, 1, '0.3')).status_code).toBe(ErrorCode.Success);
    expect(await rateOf(1)).toBe('0.3');
  });

  it('a raise waits: not the requester, not without promo.approve; runs once', async () => {
    const asked = await setRate(finance, 2, '0.8');
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    expect(await rateOf(2)).toBe('0.42');
    expect((await setRate(finance2, 2, '0.9')).status_code).toBe(ErrorCode.ApprovalDuplicate);
    expect((await decide(finance, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    // The finance role manages promotions but does not hold promo.approve.
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
    expect(await rateOf(2)).toBe('0.42');
    expect(await decide(approver, id, 'approve')).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'approved', result: { level: 2, family: 'ZR', ratePercent: '0.8' } },
    });
    expect(await rateOf(2)).toBe('0.8');
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
    const audit = await t.db.query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'rebate.rate.set' AND target = 'rebate:2:ZR'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('a raise above the edge is refused (9407) and files nothing', async () => {
    const count = async () =>
      (await t.db.query('SELECT count(*)::int AS n FROM approval_requests')).rows;
    const before = await count();
    expect((await setRate(finance, 3, '5')).status_code).toBe(ErrorCode.RebateRateAboveEdge);
    expect(await count()).toEqual(before);
  });

  it('a rejected raise changes nothing; an expired one cannot be approved', async () => {
    const rejected = await setRate(finance, 4, '0.9');
    expect(rejected.status_code).toBe(ErrorCode.ApprovalPending);
    expect((await decide(approver, rejected.data.approvalId, 'reject')).status_code).toBe(
      ErrorCode.Success,
    );
    const stored = await rateOf(4);
    expect(stored).not.toBe('0.9');
    const expiring = await setRate(finance, 4, '0.95');
    expect(expiring.status_code).toBe(ErrorCode.ApprovalPending);
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    finance = await adminToken(t, 'finance');
    finance2 = await adminToken(t, 'finance');
    approver = await adminToken(t, 'admin');
    expect((await decide(approver, expiring.data.approvalId, 'approve')).status_code).toBe(
      ErrorCode.ApprovalExpired,
    );
    expect(await rateOf(4)).toBe(stored);
    expect((await setRate(finance, 4, '0.95')).status_code).toBe(ErrorCode.ApprovalPending);
  });
});

describe('four eyes on VIP-level raises', () => {
  const level5 = async () =>
    (await adminCall<VipTable>(t, finance, 'GET', '/admin/api/v1/vip/levels')).data.list[5]!;
  const setLevel = async (token: string, change: Record<string, unknown>) => {
    const { level: _level, ...body } = await level5();
    return adminCall<{ approvalId: number }>(t, token, 'POST', '/admin/api/v1/vip/levels/5', {
      ...body,
      ...change,
    });
  };

  it('a cut or a stricter threshold applies at once', async () => {
    const before = await level5();
    expect((await setLevel(finance, { monthlyPacket: '100.00' })).status_code).toBe(
      ErrorCode.Success,
    );
    expect((await setLevel(finance, { retentionTurnover: '200000.00' })).status_code).toBe(
      ErrorCode.Success,
    );
    expect(await level5()).toMatchObject({
      monthlyPacket: '100.00',
      retentionTurnover: '200000.00',
      upgradeBonus: before.upgradeBonus,
    });
  });

  it('raising a reward or cap waits for promo.approve and runs once', async () => {
    for (const change of [{ birthdayPacket: '999.00' }, { rebateDailyCap: '90000.00' }]) {
      const asked = await setLevel(finance, change);
      expect(asked.status_code, JSON.stringify(change)).toBe(ErrorCode.ApprovalPending);
      expect(await level5()).not.toMatchObject(change);
      expect((await setLevel(finance2, change)).status_code).toBe(ErrorCode.ApprovalDuplicate);
      expect((await decide(finance, asked.data.approvalId, 'approve')).status_code).toBe(
        ErrorCode.ApprovalOwnRequest,
      );
      expect((await decide(finance2, asked.data.approvalId, 'approve')).status_code).toBe(
        ErrorCode.AdminForbidden,
      );
      expect((await decide(approver, asked.data.approvalId, 'approve')).status_code).toBe(
        ErrorCode.Success,
      );
      expect(await level5()).toMatchObject(change);
    }
  });

  it('a table that breaks is refused (9405) before anything is filed', async () => {
    const r = await setLevel(finance, { upgradeBonus: '99999.00', depositThreshold: '1.00' });
    expect(r.status_code).toBe(ErrorCode.VipLevelInvalid);
    const pending = await t.db.query(
      `SELECT 1 FROM approval_requests WHERE target = 'vip:5' AND status = 'pending'`,
    );
    expect(pending.rows).toEqual([]);
  });
});
