import { ErrorCode, type PointsRates } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { APPROVAL_TTL_MS } from '../approvals/approvals.service';

/**
 * Four eyes on points-rate raises (docs/contract.md §4.1): a family's earning rate set above the
 * stored one waits for a different operator holding promo.approve, then applies once; a cut or
 * the same rate applies at once.
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

const url = '/admin/api/v1/mall/points-rates';
const setRate = (token: string, family: string, pointsPerYuan: string) =>
  adminCall<PointsRates & { approvalId: number }>(t, token, 'POST', url, {
    family,
    pointsPerYuan,
  });
const rateOf = async (family: string) =>
  (await adminCall<PointsRates>(t, finance, 'GET', url)).data.list.find((r) => r.family === family)
    ?.pointsPerYuan;
const decide = (token: string, id: number, verb: 'approve' | 'reject') =>
  adminCall(t, token, 'POST', `/admin/api/v1/approvals/${id}/${verb}`, {
    ...(verb === 'reject' ? { reason: '不批' } : {}),
  });

describe('four eyes on points-rate raises', () => {
  it('a cut or the same rate applies at once', async () => {
    expect(await rateOf('TY')).toBe('1');
    expect((await setRate(finance, 'TY', '1')).status_code).toBe(ErrorCode.Success);
    expect((await setRate(finance, 'TY', '0.5')).status_code).toBe(ErrorCode.Success);
    expect(await rateOf('TY')).toBe('0.5');
  });

  it('a raise waits: not the requester, not without promo.approve; applies once', async () => {
    const asked = await setRate(finance, 'ZR', '2');
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId;
    expect(await rateOf('ZR')).toBe('1');
    expect((await setRate(finance2, 'ZR', '3')).status_code).toBe(ErrorCode.ApprovalDuplicate);
    expect((await decide(finance, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(finance2, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.Success);
    expect(await rateOf('ZR')).toBe('2');
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
  });

  it('a rejected raise changes nothing; an expired one cannot be approved', async () => {
    const rejected = await setRate(finance, 'DJ', '4');
    expect((await decide(approver, rejected.data.approvalId, 'reject')).status_code).toBe(
      ErrorCode.Success,
    );
    expect(await rateOf('DJ')).toBe('1');
    const expiring = await setRate(finance, 'DJ', '5');
    expect(expiring.status_code).toBe(ErrorCode.ApprovalPending);
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    // Operator sessions last 12 hours: the day later is a new shift.
    approver = await adminToken(t, 'admin');
    finance = await adminToken(t, 'finance');
    expect((await decide(approver, expiring.data.approvalId, 'approve')).status_code).toBe(
      ErrorCode.ApprovalExpired,
    );
    expect(await rateOf('DJ')).toBe('1');
  });
});
