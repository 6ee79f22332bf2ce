import { ErrorCode } from '@nebula/protocol';
/*
 * Over 300 lines on purpose: one API suite for the wallet's member journeys (deposit, withdraw,
 * coin, records) sharing one app and its fixtures; split by flow it would rebuild them per file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DepositLimits,
  DepositOrder,
  MemberInfo,
  RecordPage,
  RouteName,
  Turnover,
  WalletBalances,
  WithdrawOrder,
} from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { CallOptions } from '../../test/test-client';
import {
  adminCall,
  adminToken,
  expectCode,
  fund,
  idemKey,
  registerMember,
  userHash,
  withdraw,
  withdrawReady,
} from '../../test/factories';
import { sandboxSignature } from '../deposit/sandbox-gateway';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ payoutCooloffHours: 0 });
});
// Tests move the fake clock by days, so operator sessions are opened when needed.
const op = () => adminToken(t);
afterAll(() => t.close());

const money = (key = idemKey()) => ({ 'x-idempotency-key': key });
async function reconcileOk() {
  const r = await adminCall<{
    ok: boolean;
    drift: unknown[];
    negative: unknown[];
    assetSums: Record<string, string>;
  }>(t, await op(), 'GET', '/admin/api/v1/ledger/reconcile');
  expect(r.data).toMatchObject({ ok: true, drift: [], negative: [] });
}

describe('balances and member info', () => {
  it('start at zero; member info carries balance and lockMoney', async () => {
    const m = await registerMember(t);
    expect(await m.client.data<WalletBalances>('walletBalances', { token: m.token })).toEqual({
      main: '0.00',
      locked: '0.00',
      coin: '0',
      venues: [],
      debtHeld: '0.00',
      inFlight: '0.00',
      total: '0.00',
    });
    const info = await m.client.data<MemberInfo>('memberInfo', {
      token: m.token,
      body: { withLockMoney: 1 },
      headers: { 'x-user-hash': userHash(m.userName) },
    });
    expect(info).toMatchObject({ balance: '0.00', lockMoney: '0.00' });
  });
  it('member info shows the main balance to the fen, and lockMoney only when asked for', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    await fund(t, m.memberId, '1050.25');
    await fund(t, other.memberId, '7.00');
    const info = (withLockMoney: 0 | 1) =>
      m.client.data<MemberInfo>('memberInfo', {
        token: m.token,
        body: { withLockMoney },
        headers: { 'x-user-hash': userHash(m.userName) },
      });
    expect(await info(1)).toMatchObject({ balance: '1050.25', lockMoney: '0.00' });
    const without = await info(0);
    expect(without.balance).toBe('1050.25');
    expect(without).not.toHaveProperty('lockMoney');
  });
});

describe('deposits', () => {
  it('bank transfer: pending until an operator confirms, credited exactly once', async () => {
    const m = await registerMember(t);
    const created = await m.client.data<{ orderId: string; payUrl: string | null }>(
      'depositOrder',
      {
        token: m.token,
        headers: money(),
        body: { channelId: 'bank-icbc', amount: '1000', depositorName: '王小明' },
      },
    );
    expect(created.payUrl).toBeNull();
    const token = await op();
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/v1/deposits/${created.orderId}/confirm`,
        headers: { 'x-admin-token': token, 'x-idempotency-key': idemKey() },
        payload: {},
      });
    expect((await confirm()).json()).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'credited' },
    });
    expect((await confirm()).json()).toMatchObject({ status_code: ErrorCode.OrderStateChanged });
    expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '1000.00',
    );
    const detail = await m.client.data<DepositOrder>('depositOrderDetail', {
      token: m.token,
      params: { orderId: created.orderId },
    });
    expect(detail.timeline.map((e) => e.status)).toEqual(['pending', 'credited']);
    await reconcileOk();
  });
  it('refuses a depositor-less bank order, amounts outside the channel limits and unknown channels', async () => {
    const m = await registerMember(t);
    const call = (body: object) =>
      m.client.call('depositOrder', { token: m.token, headers: money(), body });
    expect((await call({ channelId: 'bank-icbc', amount: '1000' })).status_code).toBe(
      ErrorCode.DepositorNameRequired,
    );
    await expectCode(
      call({ channelId: 'bank-icbc', amount: '99.99', depositorName: '王小明' }),
      ErrorCode.AmountBelowMin,
    );
    expect((await call({ channelId: 'alipay', amount: '5000.01' })).status_code).toBe(
      ErrorCode.AmountAboveMax,
    );
    expect((await call({ channelId: 'nope', amount: '100' })).status_code).toBe(
      ErrorCode.ChannelUnavailable,
    );
  });
  it('USDT converts at the operator rate, rounded down to the fen', async () => {
    const m = await registerMember(t);
    await t.services.settings.update({ usdtRate: '7.23' });
    const created = await m.client.data<{ order: DepositOrder }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'usdt-trc20', amount: '10.01' },
    });
    // 10.01 × 7.23 = 72.3723 → 72.37
    expect(created.order).toMatchObject({
      currency: 'USDT',
      amount: '10.01',
      creditAmount: '72.37',
    });
  });
  it('sandbox: the pay page is only for the order member; paying credits once; replays change nothing', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const created = await m.client.data<{ orderId: string; payUrl: string }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'alipay', amount: '200' },
    });
    expect(created.payUrl).toBe(`/pay/sandbox/${created.orderId}`);
    await expectCode(
      other.client.call('sandboxOrder', {
        token: other.token,
        params: { orderId: created.orderId },
      }),
      ErrorCode.OrderNotFound,
    );
    await expectCode(
      other.client.call('sandboxPay', {
        token: other.token,
        headers: money(),
        params: { orderId: created.orderId },
        body: {},
      }),
      ErrorCode.OrderNotFound,
    );
    const paid = await m.client.data<DepositOrder>('sandboxPay', {
      token: m.token,
      headers: money(),
      params: { orderId: created.orderId },
      body: {},
    });
    expect(paid.status).toBe('credited');
    // A replayed callback: "success", nothing moves.
    const raw = JSON.stringify({
      orderId: created.orderId,
      amount: '200.00',
      status: 'paid',
      gatewayTradeNo: 'SBXREPLAY',
      paidAt: Date.now(),
    });
    for (let i = 0; i < 3; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/fd/api/v1/deposit/callback/sandbox',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': sandboxSignature(t.secrets.PAYMENT_CALLBACK_SECRET, raw),
        },
        payload: raw,
      });
      expect(r.body).toBe('success');
    }
    expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '200.00',
    );
    await reconcileOk();
  });
  it('a bad signature or an unknown order is refused and changes nothing', async () => {
    const m = await registerMember(t);
    const created = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'wechat', amount: '100' },
    });
    const raw = JSON.stringify({
      orderId: created.orderId,
      amount: '100.00',
      status: 'paid',
      gatewayTradeNo: 'X',
      paidAt: 1,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/fd/api/v1/deposit/callback/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'ab'.repeat(32) },
      payload: raw,
    });
    expect(bad.body).toBe('fail');
    const unknown = JSON.stringify({
      orderId: 'D20261122XXXXXXXXXX',
      amount: '100.00',
      status: 'paid',
      gatewayTradeNo: 'X',
      paidAt: 1,
    });
    const u = await t.app.inject({
      method: 'POST',
      url: '/fd/api/v1/deposit/callback/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': sandboxSignature(t.secrets.PAYMENT_CALLBACK_SECRET, unknown),
      },
      payload: unknown,
    });
    expect(u.body).toBe('fail');
    expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '0.00',
    );
  });
  it('money received late or with another amount goes to review, never to the bin', async () => {
    const m = await registerMember(t);
    const a = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'ebpay', amount: '300' },
    });
    const b = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'ebpay', amount: '400' },
    });
    const send = async (orderId: string, amount: string) => {
      const raw = JSON.stringify({
        orderId,
        amount,
        status: 'paid',
        gatewayTradeNo: `T${orderId}`,
        paidAt: 1,
      });
      return (
        await t.app.inject({
          method: 'POST',
          url: '/fd/api/v1/deposit/callback/sandbox',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': sandboxSignature(t.secrets.PAYMENT_CALLBACK_SECRET, raw),
          },
          payload: raw,
        })
      ).body;
    };
    expect(await send(a.orderId, '299.00')).toBe('success');
    t.clock.advance(31 * 60 * 1000);
    expect(
      (
        await m.client.data<DepositOrder>('depositOrderDetail', {
          token: m.token,
          params: { orderId: b.orderId },
        })
      ).status,
    ).toBe('expired');
    expect(await send(b.orderId, '400.00')).toBe('success');
    for (const id of [a.orderId, b.orderId]) {
      expect(
        (
          await m.client.data<DepositOrder>('depositOrderDetail', {
            token: m.token,
            params: { orderId: id },
          })
        ).status,
      ).toBe('review');
    }
    expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '0.00',
    );
    const resolve = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/deposits/${a.orderId}/resolve`,
      headers: { 'x-admin-token': await op(), 'x-idempotency-key': idemKey() },
      payload: { credit: true, reason: '核实到账 299' },
    });
    expect(resolve.json()).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'credited', receivedAmount: '299.00' },
    });
    expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '299.00',
    );
    await reconcileOk();
  });
  it('deposit limits: a decrease applies at once, an increase only when confirmed after the cooling-off; 9201 with remaining', async () => {
    const m = await registerMember(t);
    await m.client.data('depositLimitSet', {
      token: m.token,
      body: { period: 'day', amount: '500' },
    });
    await m.client.data('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'alipay', amount: '300' },
    });
    const over = await m.client.call<{ remaining: string }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'alipay', amount: '300' },
    });
    expect(over).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '200.00' },
    });
    const raised = await m.client.data<DepositLimits>('depositLimitSet', {
      token: m.token,
      body: { period: 'day', amount: '5000' },
    });
    const day = raised.list.find((l) => l.period === 'day');
    expect(day).toMatchObject({ amount: '500.00', request: { amount: '5000.00' } });
    await expectCode(
      m.client.call('depositOrder', {
        token: m.token,
        headers: money(),
        body: { channelId: 'alipay', amount: '300' },
      }),
      ErrorCode.DepositLimitExceeded,
    );
    // A day later the raise still waits for the member: nothing applies by itself (a new day,
    // so 600 is over the 500 left of the old limit, under the 5000 asked for).
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const again = await m.client.data<{ token: string }>('login', {
      body: { userName: m.userName, password: m.password },
    });
    await expectCode(
      m.client.call('depositOrder', {
        token: again.token,
        headers: money(),
        body: { channelId: 'alipay', amount: '600' },
      }),
      ErrorCode.DepositLimitExceeded,
    );
    await m.client.data('limitRequestConfirm', {
      token: again.token,
      params: { requestId: day?.request?.id ?? 0 },
      body: {},
    });
    await expectCode(
      m.client.call('depositOrder', {
        token: again.token,
        headers: money(),
        body: { channelId: 'alipay', amount: '600' },
      }),
      ErrorCode.Success,
    );
  });
});

describe('withdrawals', () => {
  it('needs a real name, a fund password and a usable account, in that order', async () => {
    const m = await registerMember(t);
    await fund(t, m.memberId, '1000');
    const body = { accountId: 1, amount: '100', fundPassword: '135790' };
    await expectCode(
      m.client.call('withdrawOrder', { token: m.token, headers: money(), body }),
      ErrorCode.RealNameRequired,
    );
  });
  it('moves the amount to locked; reject returns it with the reason; approve pays it out', async () => {
    const m = await withdrawReady(t);
    await fund(t, m.memberId, '1000');
    const w = await m.client.data<WithdrawOrder>('withdrawOrder', {
      token: m.token,
      headers: money(),
      body: { accountId: m.accountId, amount: '300', fundPassword: '135790' },
    });
    expect(w.status).toBe('review');
    expect(await m.client.data<WalletBalances>('walletBalances', { token: m.token })).toMatchObject(
      { main: '700.00', locked: '300.00' },
    );
    const rej = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/withdrawals/${w.orderId}/reject`,
      headers: { 'x-admin-token': await op(), 'x-idempotency-key': idemKey() },
      payload: { reason: '收款卡信息有误' },
    });
    expect(rej.json()).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'rejected', reason: '收款卡信息有误' },
    });
    expect(await m.client.data<WalletBalances>('walletBalances', { token: m.token })).toMatchObject(
      { main: '1000.00', locked: '0.00' },
    );
    const w2 = await m.client.data<WithdrawOrder>('withdrawOrder', {
      token: m.token,
      headers: money(),
      body: { accountId: m.accountId, amount: '400', fundPassword: '135790' },
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/withdrawals/${w2.orderId}/approve`,
      headers: { 'x-admin-token': await op(), 'x-idempotency-key': idemKey() },
      payload: {},
    });
    expect(ok.json()).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'paid', accountNo: '6222020200123456789' },
    });
    // Exactly once: a second decision is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/withdrawals/${w2.orderId}/reject`,
      headers: { 'x-admin-token': await op(), 'x-idempotency-key': idemKey() },
      payload: { reason: 'x' },
    });
    expect(again.json()).toMatchObject({ status_code: ErrorCode.OrderStateChanged });
    expect(await m.client.data<WalletBalances>('walletBalances', { token: m.token })).toMatchObject(
      { main: '600.00', locked: '0.00' },
    );
    const list = await m.client.data<{ list: WithdrawOrder[] }>('withdrawOrders', {
      token: m.token,
      query: { page: 1, pageSize: 10 },
    });
    expect(list.list[0]?.timeline.map((e) => e.status)).toEqual(['review', 'paid']);
    await reconcileOk();
  });
  it('unmet turnover is refused with data.missing; a waiver lets it through', async () => {
    const m = await withdrawReady(t);
    const created = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'alipay', amount: '500' },
    });
    await m.client.data('sandboxPay', {
      token: m.token,
      headers: money(),
      params: { orderId: created.orderId },
      body: {},
    });
    const env = await withdraw(m, '100');
    expect(env).toMatchObject({
      status_code: ErrorCode.TurnoverNotMet,
      data: { missing: '500.00' },
    });
    const waived = await adminCall<Turnover>(
      t,
      await op(),
      'POST',
      `/admin/api/v1/members/${m.memberId}/turnover/waive`,
      { reason: '活动豁免' },
    );
    expect(waived.data).toMatchObject({ missing: '0.00', waived: '500.00' });
    await expectCode(withdraw(m, '100'), ErrorCode.Success);
  });
  it('wrong fund passwords: 7012 with attempts left, then withdrawals lock for 30 minutes', async () => {
    const m = await withdrawReady(t);
    await fund(t, m.memberId, '1000');
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await withdraw(m, '100', { fundPassword: '000000' })).status_code);
    }
    expect(codes).toEqual([
      ErrorCode.FundPasswordWrong,
      ErrorCode.FundPasswordWrong,
      ErrorCode.FundPasswordWrong,
      ErrorCode.FundPasswordWrong,
      ErrorCode.WithdrawLocked,
    ]);
    await expectCode(withdraw(m, '100'), ErrorCode.WithdrawLocked);
    t.clock.advance(31 * 60 * 1000);
    await expectCode(withdraw(m, '100'), ErrorCode.Success);
  });
  it('a new payout account cools off first (7015); insufficient balance is 7001', async () => {
    await t.services.settings.update({ payoutCooloffHours: 24 });
    try {
      const m = await withdrawReady(t);
      await fund(t, m.memberId, '150');
      const env = await withdraw(m, '100');
      expect(env.status_code).toBe(ErrorCode.PaymentAccountCoolingOff);
      t.clock.advance(24 * 3600 * 1000 + 1);
      const again = await m.client.data<{ token: string }>('login', {
        body: { userName: m.userName, password: m.password },
      });
      await expectCode(
        m.client.call('withdrawOrder', {
          token: again.token,
          headers: money(),
          body: { accountId: m.accountId, amount: '200', fundPassword: '135790' },
        }),
        ErrorCode.InsufficientBalance,
      );
    } finally {
      await t.services.settings.update({ payoutCooloffHours: 0 });
    }
  });
});

describe('COIN and records', () => {
  it('buys COIN at the site rate in one balanced transaction; records show both assets', async () => {
    const m = await registerMember(t);
    await fund(t, m.memberId, '100');
    await t.services.settings.update({ coinRate: '0.50' });
    const after = await m.client.data<{ balance: string; main: string }>('coinBuy', {
      token: m.token,
      headers: money(),
      body: { coins: '60' },
    });
    expect(after).toMatchObject({ balance: '60', main: '70.00' });
    await expectCode(
      m.client.call('coinBuy', { token: m.token, headers: money(), body: { coins: '500' } }),
      ErrorCode.InsufficientBalance,
    );
    const cny = await m.client.data<RecordPage>('records', {
      token: m.token,
      query: { page: 1, pageSize: 10 },
    });
    expect(cny.list.map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      ['coinBuy', '-30.00', '70.00'],
      ['adjust', '100.00', '100.00'],
    ]);
    expect(cny.dayTotals[0]).toMatchObject({ in: '100.00', out: '30.00' });
    const coin = await m.client.data<RecordPage>('records', {
      token: m.token,
      query: { asset: 'COIN', page: 1, pageSize: 10 },
    });
    expect(coin.list.map((r) => [r.type, r.amount])).toEqual([['coinBuy', '60']]);
    const filtered = await m.client.data<RecordPage>('records', {
      token: m.token,
      query: { type: 'adjust', page: 1, pageSize: 10 },
    });
    expect(filtered.total).toBe(1);
    await reconcileOk();
  });
});

describe('idempotency', () => {
  it('a retry returns the first answer; another body with the same key is refused; a missing key is refused', async () => {
    const m = await registerMember(t);
    const key = idemKey();
    const first = await m.client.call('depositOrder', {
      token: m.token,
      headers: money(key),
      body: { channelId: 'alipay', amount: '100' },
    });
    const second = await m.client.call('depositOrder', {
      token: m.token,
      headers: money(key),
      body: { channelId: 'alipay', amount: '100' },
    });
    expect(second).toEqual(first);
    expect(
      (
        await m.client.data<{ total: number }>('depositOrders', {
          token: m.token,
          query: { page: 1, pageSize: 10 },
        })
      ).total,
    ).toBe(1);
    await expectCode(
      m.client.call('depositOrder', {
        token: m.token,
        headers: money(key),
        body: { channelId: 'alipay', amount: '101' },
      }),
      ErrorCode.IdempotencyKeyReused,
    );
    await expectCode(
      m.client.call('depositOrder', {
        token: m.token,
        body: { channelId: 'alipay', amount: '100' },
      }),
      ErrorCode.IdempotencyKeyMissing,
    );
  });
  it('a business error is the first outcome too, replayed even after the cause is gone', async () => {
    const m = await registerMember(t);
    const key = idemKey();
    const first = await m.client.call('coinBuy', {
      token: m.token,
      headers: money(key),
      body: { coins: '50' },
    });
    expect(first.status_code).toBe(ErrorCode.InsufficientBalance);
    await fund(t, m.memberId, '500');
    expect(
      await m.client.call('coinBuy', {
        token: m.token,
        headers: money(key),
        body: { coins: '50' },
      }),
    ).toEqual(first);
  });
  it('keys are scoped per member', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const key = idemKey();
    await a.client.data('depositOrder', {
      token: a.token,
      headers: money(key),
      body: { channelId: 'alipay', amount: '100' },
    });
    const env = await b.client.call<{ order: { amount: string } }>('depositOrder', {
      token: b.token,
      headers: money(key),
      body: { channelId: 'alipay', amount: '120' },
    });
    expect(env.status_code).toBe(ErrorCode.Success);
  });
});

describe('bad money input changes nothing', () => {
  it.each([
    ['-1'],
    ['0'],
    [100],
    ['abc'],
    ['1e309'],
    ['0.001'],
    ['90071992547409930'],
    [' 100'],
    ['100.'],
  ])('amount %j', async (amount) => {
    const m = await registerMember(t);
    const env = await m.client.call('depositOrder', {
      token: m.token,
      headers: money(),
      body: { channelId: 'alipay', amount },
    });
    expect([ErrorCode.Validation, ErrorCode.AmountBelowMin, ErrorCode.AmountAboveMax]).toContain(
      env.status_code,
    );
    expect(
      (
        await m.client.data<{ total: number }>('depositOrders', {
          token: m.token,
          query: { page: 1, pageSize: 10 },
        })
      ).total,
    ).toBe(0);
  });
  it('extra and missing fields', async () => {
    const m = await registerMember(t);
    await expectCode(
      m.client.call('depositOrder', {
        token: m.token,
        headers: money(),
        body: { channelId: 'alipay', amount: '100', bonus: true },
      }),
      ErrorCode.Validation,
    );
    await expectCode(
      m.client.call('depositOrder', {
        token: m.token,
        headers: money(),
        body: { channelId: 'alipay' },
      }),
      ErrorCode.Validation,
    );
  });
});

describe('authorization', () => {
  it("another member's orders, records and payment accounts are unreachable", async () => {
    const a = await withdrawReady(t);
    // B is withdrawal-ready too, so a withdrawal to A's account is stopped by the account rule
    // itself (7014), not by B's missing real name or fund password.
    const b = await withdrawReady(t);
    await fund(t, a.memberId, '1000');
    await fund(t, b.memberId, '500');
    const dep = await a.client.data<{ orderId: string }>('depositOrder', {
      token: a.token,
      headers: money(),
      body: { channelId: 'alipay', amount: '100' },
    });
    const wd = await a.client.data<WithdrawOrder>('withdrawOrder', {
      token: a.token,
      headers: money(),
      body: { accountId: a.accountId, amount: '200', fundPassword: '135790' },
    });
    const orderId = { orderId: dep.orderId };
    // B's calls on A's ids, each with B's token: A's orders are not found for B (7008), A's
    // payment account is not B's (7014).
    const foreign: [RouteName, CallOptions, number][] = [
      ['depositOrderDetail', { params: orderId }, 7008],
      ['depositCancel', { headers: money(), params: orderId, body: {} }, 7008],
      ['sandboxOrder', { params: orderId }, 7008],
      ['sandboxPay', { headers: money(), params: orderId, body: {} }, 7008],
      ['paymentAccountRemove', { params: { id: a.accountId }, body: {} }, 7014],
      [
        'withdrawOrder',
        {
          headers: money(),
          body: { accountId: a.accountId, amount: '100', fundPassword: '135790' },
        },
        7014,
      ],
    ];
    for (const [route, opts, code] of foreign) {
      const env = await b.client.call(route, { ...opts, token: b.token });
      expect(env.status_code, route).toBe(code);
    }
    expect(await b.client.data<WalletBalances>('walletBalances', { token: b.token })).toMatchObject(
      { main: '500.00', locked: '0.00' },
    );
    // B's lists hold only B's own data.
    const bAccounts = await b.client.data<{ list: { id: number }[] }>('paymentAccounts', {
      token: b.token,
    });
    expect(bAccounts.list.map((x) => x.id)).toEqual([b.accountId]);
    expect(
      (
        await b.client.data<{ total: number }>('depositOrders', {
          token: b.token,
          query: { page: 1, pageSize: 100 },
        })
      ).total,
    ).toBe(0);
    expect(
      (
        await b.client.data<{ total: number }>('withdrawOrders', {
          token: b.token,
          query: { page: 1, pageSize: 100 },
        })
      ).total,
    ).toBe(0);
    const bRecords = await b.client.data<RecordPage>('records', {
      token: b.token,
      query: { page: 1, pageSize: 100 },
    });
    expect(bRecords.list.map((r) => [r.type, r.amount])).toEqual([['adjust', '500.00']]);
    expect(
      bRecords.list.some(
        (r) => r.reference.includes(wd.orderId) || r.reference.startsWith(`adjust:${a.memberId}:`),
      ),
    ).toBe(false);
    // A's things are untouched.
    expect(
      (
        await a.client.data<{ list: { id: number }[] }>('paymentAccounts', { token: a.token })
      ).list.map((x) => x.id),
    ).toEqual([a.accountId]);
    expect(
      (await a.client.data<DepositOrder>('depositOrderDetail', { token: a.token, params: orderId }))
        .status,
    ).toBe('pending');
    expect(await a.client.data<WalletBalances>('walletBalances', { token: a.token })).toMatchObject(
      { main: '800.00', locked: '200.00' },
    );
  });
});
