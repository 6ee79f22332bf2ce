import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, WithdrawOrder } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, fund, idemKey, uniqueName, withdrawReady } from '../../test/factories';
import { sandboxSignature } from '../deposit/sandbox-gateway';

/** Every operator money decision is in the audit log, with who, what and the amounts. */
let t: TestApp;
let op: { userName: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ payoutCooloffHours: 0 });
  const userName = uniqueName('op');
  await t.services.operators.create(userName, 'operator-pass-123', 'finance');
  const r = await t.app.inject({
    method: 'POST',
    url: '/admin/api/v1/login',
    payload: { userName, password: 'operator-pass-123' },
  });
  op = { userName, token: r.json<{ data: { token: string } }>().data.token };
});
afterAll(() => t.close());

async function decide(url: string, payload: object = {}): Promise<void> {
  const r = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-admin-token': op.token, 'x-idempotency-key': idemKey() },
    payload,
  });
  expect(r.json<Envelope<unknown>>().status_code).toBe(ErrorCode.Success);
}

interface Entry {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

describe('audit of wallet decisions', () => {
  it('confirm, reject, resolve (credit and close), approve, reject, adjust and waive are each recorded', async () => {
    const m = await withdrawReady(t);
    const order = async (body: object) =>
      (
        await m.client.data<{ orderId: string }>('depositOrder', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          body,
        })
      ).orderId;
    const bank = { channelId: 'bank-icbc', amount: '100', depositorName: '王小明' };
    const [confirmed, rejected] = [await order(bank), await order(bank)];
    // Paid with another amount: both go to review.
    const [late, closed] = [
      await order({ channelId: 'alipay', amount: '200' }),
      await order({ channelId: 'alipay', amount: '300' }),
    ];
    for (const orderId of [late, closed]) {
      const raw = JSON.stringify({
        orderId,
        amount: '199.00',
        status: 'paid',
        gatewayTradeNo: `A${orderId}`,
        paidAt: 1,
      });
      const cb = await t.app.inject({
        method: 'POST',
        url: '/fd/api/v1/deposit/callback/sandbox',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': sandboxSignature(t.secrets.PAYMENT_CALLBACK_SECRET, raw),
        },
        payload: raw,
      });
      expect(cb.body).toBe('success');
    }

    await decide(`/admin/api/v1/deposits/${confirmed}/confirm`, { reason: '已到账' });
    await decide(`/admin/api/v1/deposits/${rejected}/reject`, { reason: '未到账' });
    await decide(`/admin/api/v1/deposits/${late}/resolve`, {
      credit: true,
      reason: '核实实收 199',
    });
    await decide(`/admin/api/v1/deposits/${closed}/resolve`, {
      credit: false,
      reason: '已原路退回',
    });
    await decide(`/admin/api/v1/members/${m.memberId}/turnover/waive`, { reason: '活动豁免' });
    await fund(t, m.memberId, '1000', op.token);
    const withdraw = async () =>
      (
        await m.client.data<WithdrawOrder>('withdrawOrder', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          body: { accountId: m.accountId, amount: '100', fundPassword: '135790' },
        })
      ).orderId;
    const [paid, refused] = [await withdraw(), await withdraw()];
    await decide(`/admin/api/v1/withdrawals/${paid}/approve`);
    await decide(`/admin/api/v1/withdrawals/${refused}/reject`, { reason: '账户异常' });

    // The finance operator decides; an admin reads the log.
    const r = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/audit?page=1&pageSize=100',
      headers: { 'x-admin-token': await adminToken(t, 'admin') },
    });
    const mine = r
      .json<Envelope<{ list: Entry[] }>>()
      .data.list.filter((e) => e.actor === op.userName);
    const find = (action: string, target: string) =>
      mine.find((e) => e.action === action && e.target === target);
    expect(find('deposit.confirm', `deposit:${confirmed}`)).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'credited', amount: '100.00' },
    });
    expect(find('deposit.reject', `deposit:${rejected}`)).toMatchObject({
      after: { status: 'rejected', reason: '未到账' },
    });
    expect(find('deposit.resolve.credit', `deposit:${late}`)).toMatchObject({
      before: { status: 'review', received: '199.00' },
      after: { reason: '核实实收 199' },
    });
    expect(find('deposit.resolve.close', `deposit:${closed}`)).toMatchObject({
      before: { status: 'review', received: '199.00' },
      after: { reason: '已原路退回' },
    });
    expect(find('turnover.waive', `member:${m.memberId}`)).toMatchObject({
      before: { missing: '299.00' },
      after: { missing: '0.00', reason: '活动豁免' },
    });
    expect(find('wallet.adjust', `member:${m.memberId}`)).toMatchObject({
      after: { asset: 'CNY', direction: 'credit', amount: '1000', reason: '测试入金' },
    });
    expect(find('withdraw.approve', `withdraw:${paid}`)).toMatchObject({
      before: { status: 'review' },
      after: { status: 'paid', amount: '100.00' },
    });
    expect(find('withdraw.reject', `withdraw:${refused}`)).toMatchObject({
      after: { status: 'rejected', reason: '账户异常' },
    });
  });
});
