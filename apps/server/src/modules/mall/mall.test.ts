import {
  ErrorCode,
  type AdminMallItem,
  type MallHome,
  type MallRedemptionPage,
  type PointsLedgerPage,
} from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  idemKey,
  registerMember,
  type Member,
} from '../../test/factories';
import { ADDRESS, givePoints, makeItem, pointsOf, redeem, stockOf } from './mall.test-support';

/**
 * 积分商城 (contract §5 Points mall): the earning job keyed by (day, family); redemptions that
 * refuse with a code and move nothing; the physical orders' status flow; a cancel refunds once.
 */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'finance');
});
afterAll(() => t.close());

const ledgerOf = (m: Member, query: Record<string, string | number> = {}) =>
  m.client.data<PointsLedgerPage>('pointsLedger', { token: m.token, query });
const redemptionsOf = (m: Member) =>
  m.client.data<MallRedemptionPage>('mallRedemptions', { token: m.token });
const countRows = async (sql: string, params: unknown[]) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('redeeming', () => {
  it('a 金币 pack takes the points and credits the coins in one ledger transaction', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 300n);
    const item = await makeItem(t, op, { kind: 'coins', price: '120', value: '60' });
    const home = await m.client.data<MallHome>('mallHome', { token: m.token });
    expect(home.points).toBe('300');
    expect(home.items.map((i) => i.id)).toContain(item.id);
    const r = await expectCode(redeem(m, item.id), ErrorCode.Success);
    expect(r.data).toMatchObject({ status: 'done', price: '120', value: '60' });
    const b = await t.services.ledger.balances(t.db, m.memberId);
    expect([b.points, b.coin]).toEqual([180n, 60n]);
    const tx = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
        WHERE x.reference = $1`,
      [`points:redeem:${r.data.id}`],
    );
    expect(tx.rows[0]!.n).toBe(4);
    expect(await stockOf(t, item.id)).toBe(9);
    expect((await ledgerOf(m, { type: 'pointsRedeem' })).list[0]).toMatchObject({
      amount: '-120',
      balance: '180',
    });
  });

  it('a bonus item is paid as a grant of kind mall with its turnover', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 1_000n);
    const item = await makeItem(t, op, { kind: 'bonus', value: '8.88', turnoverMultiple: 1 });
    const r = await expectCode(redeem(m, item.id), ErrorCode.Success);
    const g = await t.db.query<{ amount: bigint; status: string }>(
      `SELECT amount, status FROM grants WHERE kind = 'mall' AND source_id = $1`,
      [String(r.data.id)],
    );
    expect(g.rows[0]).toMatchObject({ amount: 888n, status: 'paid' });
    expect((await t.services.ledger.balances(t.db, m.memberId)).main).toBe(888n);
  });

  it('more points than held: 9523, nothing moved', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 99n);
    const item = await makeItem(t, op, { kind: 'coins', price: '100' });
    await expectCode(redeem(m, item.id), ErrorCode.MallPointsInsufficient);
    expect(await pointsOf(t, m)).toBe(99n);
    expect(await stockOf(t, item.id)).toBe(10);
    expect((await redemptionsOf(m)).total).toBe(0);
  });

  it('out of stock: 9522, points untouched', async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    await givePoints(t, a, 100n);
    await givePoints(t, b, 100n);
    const item = await makeItem(t, op, { kind: 'coins', price: '100', stock: 1 });
    await expectCode(redeem(a, item.id), ErrorCode.Success);
    await expectCode(redeem(b, item.id), ErrorCode.MallOutOfStock);
    expect(await pointsOf(t, b)).toBe(100n);
    expect(await stockOf(t, item.id)).toBe(0);
  });

  it('the per-member limit, the sale window and an unknown item are refused', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 1_000n);
    const limited = await makeItem(t, op, { kind: 'coins', perMemberLimit: 1 });
    await expectCode(redeem(m, limited.id), ErrorCode.Success);
    await expectCode(redeem(m, limited.id), ErrorCode.MallLimitReached);
    const off = await makeItem(t, op, { kind: 'coins', active: false });
    await expectCode(redeem(m, off.id), ErrorCode.MallItemUnavailable);
    const later = await makeItem(t, op, {
      kind: 'coins',
      startsAt: t.clock.now() + 86_400_000,
      endsAt: t.clock.now() + 2 * 86_400_000,
    });
    await expectCode(redeem(m, later.id), ErrorCode.MallItemUnavailable);
    await expectCode(redeem(m, 987_654), ErrorCode.MallItemNotFound);
    expect(await pointsOf(t, m)).toBe(900n);
  });

  it('a retry with the same key answers the first redemption and debits once', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 500n);
    const item = await makeItem(t, op, { kind: 'coins', price: '100' });
    const key = idemKey();
    const first = await expectCode(redeem(m, item.id, {}, key), ErrorCode.Success);
    const again = await expectCode(redeem(m, item.id, {}, key), ErrorCode.Success);
    expect(again.data.id).toBe(first.data.id);
    expect(await pointsOf(t, m)).toBe(400n);
  });

  it('a member the reward gate refuses cannot redeem (9400), nothing moved', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 500n);
    const item = await makeItem(t, op, { kind: 'coins', price: '100' });
    await m.client.data('playBreakSet', {
      token: m.token,
      body: { kind: 'selfExclusion', length: '6m', password: m.password },
    });
    await expectCode(redeem(m, item.id), ErrorCode.RewardIneligible);
    const blocked = await registerMember(t);
    await givePoints(t, blocked, 500n);
    await t.db.query('UPDATE members SET blocked = TRUE WHERE id = $1', [blocked.memberId]);
    expect((await redeem(blocked, item.id)).status_code).not.toBe(ErrorCode.Success);
    expect([await pointsOf(t, m), await pointsOf(t, blocked)]).toEqual([500n, 500n]);
    expect(await stockOf(t, item.id)).toBe(10);
  });

  it('operators: an item with a wrong value or window is refused (9528); saves are audited', async () => {
    const url = '/admin/api/v1/mall/items';
    const base = { title: '耳机', price: '100', stock: 1 };
    for (const bad of [
      { ...base, kind: 'physical', value: '5' },
      { ...base, kind: 'coins', value: '1.5' },
      { ...base, kind: 'bonus', value: '0' },
      { ...base, kind: 'coins', value: '5', startsAt: 2000, endsAt: 1000 },
    ]) {
      const r = await adminCall(t, op, 'POST', url, bad);
      expect(r.status_code, JSON.stringify(bad)).toBe(ErrorCode.MallItemInvalid);
    }
    expect(
      (await adminCall(t, op, 'POST', url, { ...base, kind: 'coins', value: '5', stock: -1 }))
        .status_code,
    ).toBe(ErrorCode.Validation);
    const made = await makeItem(t, op, { kind: 'coins', title: '改名前' });
    const upd = await adminCall<AdminMallItem>(t, op, 'POST', url, {
      ...base,
      id: made.id,
      kind: 'coins',
      value: '5',
      title: '改名后',
    });
    expect(upd.data.title).toBe('改名后');
    const audit = await t.db.query<{ before: { title: string } }>(
      `SELECT before FROM audit_log WHERE action = 'mall.item.update' AND target = $1`,
      [`mall-item:${made.id}`],
    );
    expect(audit.rows[0]!.before.title).toBe('改名前');
  });
});

describe('physical items', () => {
  it('need a valid address: 9525 without one, a bad phone is refused', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 1_000n);
    const item = await makeItem(t, op, { kind: 'physical', price: '300' });
    await expectCode(redeem(m, item.id), ErrorCode.MallAddressRequired);
    await expectCode(
      redeem(m, item.id, { address: { ...ADDRESS, phone: '12345' } }),
      ErrorCode.Validation,
    );
    await expectCode(
      redeem(m, item.id, { address: { ...ADDRESS, address: '  ' } }),
      ErrorCode.Validation,
    );
    expect(await pointsOf(t, m)).toBe(1_000n);
    const r = await expectCode(redeem(m, item.id, { address: ADDRESS }), ErrorCode.Success);
    expect(r.data).toMatchObject({ status: 'pending', address: ADDRESS });
  });

  it('go pending → shipped → delivered by operators only in order, audited', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 1_000n);
    const item = await makeItem(t, op, { kind: 'physical', price: '300' });
    const r = await expectCode(redeem(m, item.id, { address: ADDRESS }), ErrorCode.Success);
    const at = (step: string) => `/admin/api/v1/mall/redemptions/${r.data.id}/${step}`;
    expect((await adminCall(t, op, 'POST', at('deliver'), {})).status_code).toBe(
      ErrorCode.MallRedemptionStatus,
    );
    expect((await adminCall(t, op, 'POST', at('ship'), { trackingNo: '!' })).status_code).toBe(
      ErrorCode.Validation,
    );
    const shipped = await adminCall(t, op, 'POST', at('ship'), { trackingNo: 'SF1234567890' });
    expect(shipped.data).toMatchObject({ status: 'shipped', trackingNo: 'SF1234567890' });
    expect(
      (await adminCall(t, op, 'POST', at('ship'), { trackingNo: 'SF1' + '0000' })).status_code,
    ).toBe(ErrorCode.MallRedemptionStatus);
    expect((await adminCall(t, op, 'POST', at('cancel'), { reason: '晚了' })).status_code).toBe(
      ErrorCode.MallRedemptionStatus,
    );
    const done = await adminCall(t, op, 'POST', at('deliver'), {});
    expect(done.data).toMatchObject({ status: 'delivered' });
    const list = await redemptionsOf(m);
    expect(list.list[0]).toMatchObject({ status: 'delivered', trackingNo: 'SF1234567890' });
    const audit = await countRows(`SELECT count(*)::int AS n FROM audit_log WHERE target = $1`, [
      `mall-redemption:${r.data.id}`,
    ]);
    expect(audit).toBe(2);
    expect(
      (
        await adminCall(t, op, 'POST', '/admin/api/v1/mall/redemptions/999999/ship', {
          trackingNo: 'SF0000',
        })
      ).status_code,
    ).toBe(ErrorCode.MallRedemptionNotFound);
  });

  it('a cancel of a pending order refunds the points once and gives the stock back', async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 1_000n);
    const item = await makeItem(t, op, { kind: 'physical', price: '300', stock: 1 });
    const r = await expectCode(redeem(m, item.id, { address: ADDRESS }), ErrorCode.Success);
    expect(await pointsOf(t, m)).toBe(700n);
    const at = `/admin/api/v1/mall/redemptions/${r.data.id}/cancel`;
    const [a, b] = await Promise.all([
      adminCall(t, op, 'POST', at, { reason: '缺货' }),
      adminCall(t, op, 'POST', at, { reason: '缺货' }),
    ]);
    expect([a.status_code, b.status_code].sort()).toEqual(
      [ErrorCode.Success, ErrorCode.MallRedemptionStatus].sort(),
    );
    expect(await pointsOf(t, m)).toBe(1_000n);
    expect(await stockOf(t, item.id)).toBe(1);
    const refunds = await ledgerOf(m, { type: 'pointsRefund' });
    expect(refunds.list.map((l) => l.amount)).toEqual(['+300']);
    expect((await redemptionsOf(m)).list[0]).toMatchObject({
      status: 'cancelled',
      cancelReason: '缺货',
    });
  });
});
