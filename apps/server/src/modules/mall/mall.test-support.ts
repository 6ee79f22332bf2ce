import type {
  AdminMallItem,
  Envelope,
  MallItemSaveRequest,
  MallRedeemRequest,
  MallRedemption,
} from '@nebula/protocol';
import type { TestApp } from '../../test/test-app';
import { adminCall, adminToken, idemKey, type Member } from '../../test/factories';

/** Test helpers of the points mall suites (PGlite and PostgreSQL). */

/** Credits points straight through the ledger, as the earning job would. */
export async function givePoints(t: TestApp, m: Member, points: bigint): Promise<void> {
  await t.services.ledger.postNow({
    reference: `points:test:${m.memberId}:${idemKey()}`,
    kind: 'pointsEarn',
    memo: '测试积分',
    memberId: m.memberId,
    postings: [
      { account: { memberId: m.memberId, kind: 'points' }, amount: points },
      { account: { house: 'pointsIssuance' }, amount: -points },
    ],
  });
}

export async function pointsOf(t: TestApp, m: Member): Promise<bigint> {
  return (await t.services.ledger.balances(t.db, m.memberId)).points;
}

export async function makeItem(
  t: TestApp,
  op: string,
  input: Partial<MallItemSaveRequest> & Pick<MallItemSaveRequest, 'kind'>,
): Promise<AdminMallItem> {
  const r = await adminCall<AdminMallItem>(t, op, 'POST', '/admin/api/v1/mall/items', {
    title: `测试商品 ${input.kind}`,
    price: '100',
    stock: 10,
    value: input.kind === 'physical' ? '0' : input.kind === 'coins' ? '50' : '8.88',
    ...input,
  });
  if (r.status_code === 6000) return r.data;
  // A 金币 or bonus item on offer pays money for points: a second operator approves it (§4.1).
  if (r.status_code !== 9602) throw new Error(`item not saved: ${JSON.stringify(r)}`);
  const approvalId = (r.data as unknown as { approvalId: number }).approvalId;
  const done = await adminCall<{ result: AdminMallItem }>(
    t,
    await adminToken(t),
    'POST',
    `/admin/api/v1/approvals/${approvalId}/approve`,
    {},
  );
  if (done.status_code !== 6000) throw new Error(`item not approved: ${JSON.stringify(done)}`);
  return done.data.result;
}

export function redeem(
  m: Member,
  itemId: number,
  body: MallRedeemRequest = {},
  key = idemKey(),
): Promise<Envelope<MallRedemption>> {
  return m.client.call<MallRedemption>('mallRedeem', {
    token: m.token,
    params: { itemId },
    headers: { 'x-idempotency-key': key },
    body,
  });
}

export async function stockOf(t: TestApp, itemId: number): Promise<number> {
  const items = await t.services.mallAdmin.items();
  return items.list.find((i) => i.id === itemId)!.stock;
}

export const ADDRESS = {
  name: '张三',
  phone: '13800138000',
  address: '上海市浦东新区世纪大道 100 号',
};
