import { ErrorCode, type AdminMallItem } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeItem } from './mall.test-support';

/**
 * Four eyes on mall items worth money (docs/contract.md §4.1): a 金币 or bonus item put on
 * offer, given more per point or a higher per-member limit waits for a different operator
 * holding promo.approve, who runs it once; a physical item, a cut, a restock or new text saves
 * at once.
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

const URL = '/admin/api/v1/mall/items';
const base = {
  kind: 'bonus' as const,
  title: '彩金 8.88',
  description: '',
  image: '',
  price: '100',
  stock: 10,
  value: '8.88',
  turnoverMultiple: 1,
  perMemberLimit: 1,
  active: true,
  startsAt: null,
  endsAt: null,
  sort: 0,
};
type Pending = AdminMallItem & { approvalId: number };
const save = (token: string, body: object) => adminCall<Pending>(t, token, 'POST', URL, body);
const decide = (token: string, id: number) =>
  adminCall<{ result: AdminMallItem }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/approve`,
    {},
  );
const stored = async (id: number) =>
  (
    await t.db.query<{ value: string; price: string; active: boolean; stock: number }>(
      'SELECT value::text, price::text, active, stock FROM mall_items WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('four eyes on mall items worth money', () => {
  it('a new bonus item on offer waits; not the requester, not without promo.approve; once', async () => {
    const asked = await save(finance, { ...base, title: '新彩金' });
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const count = async () =>
      (await t.db.query(`SELECT 1 FROM mall_items WHERE title = '新彩金'`)).rows.length;
    expect(await count()).toBe(0);
    expect((await save(finance2, { ...base, title: '新彩金' })).status_code).toBe(
      ErrorCode.ApprovalDuplicate,
    );
    const id = asked.data.approvalId;
    expect((await decide(finance, id)).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(finance2, id)).status_code).toBe(ErrorCode.AdminForbidden);
    const ok = await decide(approver, id);
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data.result).toMatchObject({ title: '新彩金', value: '8.88', active: true });
    expect((await decide(approver, id)).status_code).toBe(ErrorCode.ApprovalDecided);
    expect(await count()).toBe(1);
  });

  it('more per point or a higher limit waits; a cut, a restock or a new title saves at once', async () => {
    const item = await makeItem(t, finance, { ...base, title: '彩金 A' });
    const body = { ...base, id: item.id, title: '彩金 A' };
    // A restock and a new title: no raise.
    expect((await save(finance, { ...body, stock: 500, title: '彩金 A+' })).status_code).toBe(
      ErrorCode.Success,
    );
    // Cheaper in points is more per point: a raise, nothing changes until approved.
    const cheaper = await save(finance, { ...body, price: '50' });
    expect(cheaper.status_code).toBe(ErrorCode.ApprovalPending);
    expect(await stored(item.id)).toMatchObject({ price: '100', stock: 500 });
    expect((await decide(approver, cheaper.data.approvalId)).status_code).toBe(ErrorCode.Success);
    expect(await stored(item.id)).toMatchObject({ price: '50', value: '888' });
    expect((await save(finance, { ...body, price: '50', perMemberLimit: null })).status_code).toBe(
      ErrorCode.ApprovalPending,
    );
    // A cut applies at once.
    expect(
      (await save(finance, { ...body, id: item.id, price: '50', value: '5.00' })).status_code,
    ).toBe(ErrorCode.Success);
    expect(await stored(item.id)).toMatchObject({ value: '500' });
  });

  it('taken off offer saves at once; put back on offer waits; a physical item never waits', async () => {
    const item = await makeItem(t, finance, {
      ...base,
      kind: 'coins',
      value: '50',
      title: '金币包',
    });
    const body = { ...base, kind: 'coins', value: '50', id: item.id, title: '金币包' };
    expect((await save(finance, { ...body, active: false })).status_code).toBe(ErrorCode.Success);
    expect((await save(finance, body)).status_code).toBe(ErrorCode.ApprovalPending);
    expect(await stored(item.id)).toMatchObject({ active: false });
    const physical = { ...base, kind: 'physical', value: '0', title: '保温杯' };
    expect((await save(finance, physical)).status_code).toBe(ErrorCode.Success);
    // A bad item is refused before anything is filed.
    expect((await save(finance, { ...base, value: '0', title: '坏彩金' })).status_code).toBe(
      ErrorCode.MallItemInvalid,
    );
    const filed = await t.db.query(`SELECT 1 FROM approval_requests WHERE target LIKE '%坏彩金'`);
    expect(filed.rows).toEqual([]);
  });
});
