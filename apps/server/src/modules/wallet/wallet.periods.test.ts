import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DepositLimits,
  DepositOrder,
  RecordPage,
  WalletBalances,
  WithdrawOrder,
} from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminToken,
  expectCode,
  fund,
  idemKey,
  registerMember,
  type Member,
  withdrawReady,
} from '../../test/factories';

/**
 * Rules counted over Asia/Shanghai periods (contract §1, §5), driven at the API with a fake
 * clock placed at chosen instants: deposit limits (weeks from Monday, months, the lowest
 * applies, lowering at once, removing once confirmed after the cooling-off), withdrawal limits per request and per day,
 * and the records' date filter. Every test only moves the clock forward.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ payoutCooloffHours: 0 });
});
afterAll(() => t.close());

/** Moves the fake clock to a Shanghai wall-clock time, e.g. '2030-06-01 12:00'. */
function at(shanghai: string): void {
  const target = Date.parse(`${shanghai.replace(' ', 'T')}:00+08:00`);
  expect(target).toBeGreaterThanOrEqual(t.clock.now());
  t.clock.advance(target - t.clock.now());
}
/** A fresh session after a jump (sessions last a day). */
async function relogin(m: Member): Promise<void> {
  m.token = (
    await m.client.data<{ token: string }>('login', {
      body: { userName: m.userName, password: m.password },
    })
  ).token;
}
const money = () => ({ 'x-idempotency-key': idemKey() });
const order = (m: Member, amount: string) =>
  m.client.call<{ orderId: string; remaining: string }>('depositOrder', {
    token: m.token,
    headers: money(),
    body: { channelId: 'alipay', amount },
  });
/** A deposit paid through the sandbox: credited, so it counts whatever happens to pending orders. */
async function deposit(m: Member, amount: string): Promise<void> {
  const o = await m.client.data<{ orderId: string }>('depositOrder', {
    token: m.token,
    headers: money(),
    body: { channelId: 'alipay', amount },
  });
  expect(
    (
      await m.client.data<DepositOrder>('sandboxPay', {
        token: m.token,
        headers: money(),
        params: { orderId: o.orderId },
        body: {},
      })
    ).status,
  ).toBe('credited');
}
const setLimit = (m: Member, period: 'day' | 'week' | 'month', amount: string | null) =>
  m.client.data<DepositLimits>('depositLimitSet', { token: m.token, body: { period, amount } });
const limitOf = (l: DepositLimits, period: string) => l.list.find((x) => x.period === period);

describe('deposit limits over Shanghai periods', () => {
  it('weeks start on Monday 00:00 in Shanghai', async () => {
    at('2030-06-01 12:00'); // a Saturday
    const m = await registerMember(t);
    await setLimit(m, 'week', '500');
    await deposit(m, '400');
    at('2030-06-02 23:50'); // Sunday: still the same week
    await relogin(m);
    expect(await order(m, '200')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '100.00' },
    });
    at('2030-06-03 00:10'); // Monday in Shanghai (Sunday 16:10 UTC): a new week
    await expectCode(order(m, '200'), ErrorCode.Success);
    const view = await m.client.data<DepositLimits>('depositLimits', { token: m.token });
    expect(limitOf(view, 'week')).toMatchObject({ amount: '500.00', used: '200.00' });
  });

  it('months start on the 1st, 00:00 in Shanghai', async () => {
    at('2030-06-30 12:00');
    const m = await registerMember(t);
    await setLimit(m, 'month', '500');
    await deposit(m, '400');
    at('2030-06-30 23:50');
    expect(await order(m, '200')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '100.00' },
    });
    at('2030-07-01 00:10'); // 30 June 16:10 UTC
    await expectCode(order(m, '200'), ErrorCode.Success);
  });

  it('the lowest remaining of day, week and month applies', async () => {
    at('2030-07-02 10:00');
    const m = await registerMember(t);
    await setLimit(m, 'day', '1000');
    await setLimit(m, 'week', '300');
    await setLimit(m, 'month', '800');
    expect(await order(m, '400')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '300.00' },
    });
    await setLimit(m, 'month', '200');
    expect(await order(m, '250')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '200.00' },
    });
    await setLimit(m, 'day', '150');
    expect(await order(m, '160')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '150.00' },
    });
    await expectCode(order(m, '150'), ErrorCode.Success);
    expect(await order(m, '50')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '0.00' },
    });
  });

  it('lowering an existing limit applies at once', async () => {
    at('2030-07-02 11:00');
    const m = await registerMember(t);
    await setLimit(m, 'day', '1000');
    await deposit(m, '300');
    const lowered = await setLimit(m, 'day', '400');
    expect(limitOf(lowered, 'day')).toMatchObject({ amount: '400.00', request: null });
    expect(await order(m, '200')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '100.00' },
    });
    await expectCode(order(m, '100'), ErrorCode.Success);
  });

  it('removing a limit waits for the member to confirm it after the cooling-off', async () => {
    at('2030-07-02 12:00');
    const m = await registerMember(t);
    await setLimit(m, 'day', '500');
    await deposit(m, '400');
    const asked = t.clock.now();
    const removed = await setLimit(m, 'day', null);
    const request = limitOf(removed, 'day')?.request;
    expect(limitOf(removed, 'day')).toMatchObject({ amount: '500.00', request: { amount: null } });
    const due = request?.confirmableAt ?? 0;
    expect(due - 24 * 3600 * 1000).toBeGreaterThanOrEqual(asked);
    expect(due - 24 * 3600 * 1000).toBeLessThanOrEqual(t.clock.now());
    expect(request?.expiresAt).toBe(due + 7 * 24 * 3600 * 1000);
    expect(await order(m, '200')).toMatchObject({
      status_code: ErrorCode.DepositLimitExceeded,
      data: { remaining: '100.00' },
    });
    t.clock.advance(25 * 3600 * 1000);
    await relogin(m);
    // Past the cooling-off the limit still stands until the member confirms.
    expect(
      limitOf(await m.client.data<DepositLimits>('depositLimits', { token: m.token }), 'day')
        ?.amount,
    ).toBe('500.00');
    await m.client.data('limitRequestConfirm', {
      token: m.token,
      params: { requestId: request?.id ?? 0 },
      body: {},
    });
    expect(
      limitOf(await m.client.data<DepositLimits>('depositLimits', { token: m.token }), 'day'),
    ).toMatchObject({ amount: null, request: null });
    // More than the old limit in one order: only possible because the limit is gone.
    await expectCode(order(m, '600'), ErrorCode.Success);
  });
});

describe('withdrawal limits', () => {
  it('min and max per request; the daily maximum over the Shanghai day, rejected orders not counted', async () => {
    at('2030-07-03 23:00');
    await t.services.settings.update({
      withdrawMin: '100',
      withdrawMax: '600',
      withdrawDailyMax: '1000',
    });
    try {
      const m = await withdrawReady(t);
      const op = await adminToken(t, 'finance');
      await fund(t, m.memberId, '5000', op);
      const withdraw = (amount: string) =>
        m.client.call<WithdrawOrder & { min: string; max: string; remaining: string }>(
          'withdrawOrder',
          {
            token: m.token,
            headers: money(),
            body: { accountId: m.accountId, amount, fundPassword: '135790' },
          },
        );
      expect(await withdraw('99.99')).toMatchObject({
        status_code: ErrorCode.AmountBelowMin,
        data: { min: '100' },
      });
      expect(await withdraw('600.01')).toMatchObject({
        status_code: ErrorCode.AmountAboveMax,
        data: { max: '600' },
      });
      await expectCode(withdraw('600'), ErrorCode.Success);
      const second = await withdraw('400');
      expect(second.status_code).toBe(ErrorCode.Success);
      expect(await withdraw('100')).toMatchObject({
        status_code: ErrorCode.DailyWithdrawLimit,
        data: { remaining: '0.00' },
      });
      const rej = await t.app.inject({
        method: 'POST',
        url: `/admin/api/v1/withdrawals/${second.data.orderId}/reject`,
        headers: { 'x-admin-token': op, ...money() },
        payload: { reason: '信息有误' },
      });
      expect(rej.json<{ status_code: number }>().status_code).toBe(ErrorCode.Success);
      expect(await withdraw('500')).toMatchObject({
        status_code: ErrorCode.DailyWithdrawLimit,
        data: { remaining: '400.00' },
      });
      await expectCode(withdraw('400'), ErrorCode.Success);
      at('2030-07-04 00:05'); // the next Shanghai day (still 3 July in UTC)
      await expectCode(withdraw('600'), ErrorCode.Success);
      expect(
        await m.client.data<WalletBalances>('walletBalances', { token: m.token }),
      ).toMatchObject({ main: '3400.00', locked: '1600.00' });
    } finally {
      await t.services.settings.update({
        withdrawMin: '100',
        withdrawMax: '50000',
        withdrawDailyMax: '200000',
      });
    }
  });
});

describe('records', () => {
  it('filter by from / to as Shanghai dates, both ends included', async () => {
    at('2030-07-10 23:30'); // 15:30 UTC
    const m = await registerMember(t);
    await fund(t, m.memberId, '100');
    at('2030-07-11 00:30'); // 16:30 UTC on the 10th
    await fund(t, m.memberId, '200');
    at('2030-07-12 10:00');
    await fund(t, m.memberId, '300');
    await relogin(m);
    const page = async (query: Record<string, string>) => {
      const r = await m.client.data<RecordPage>('records', {
        token: m.token,
        query: { ...query, page: 1, pageSize: 20 },
      });
      return { amounts: r.list.map((x) => x.amount), days: r.dayTotals.map((d) => [d.date, d.in]) };
    };
    expect(await page({ from: '2030-07-11', to: '2030-07-11' })).toEqual({
      amounts: ['200.00'],
      days: [['2030-07-11', '200.00']],
    });
    expect(await page({ from: '2030-07-10', to: '2030-07-11' })).toEqual({
      amounts: ['200.00', '100.00'],
      days: [
        ['2030-07-11', '200.00'],
        ['2030-07-10', '100.00'],
      ],
    });
    expect((await page({ from: '2030-07-12' })).amounts).toEqual(['300.00']);
    expect((await page({ to: '2030-07-10' })).amounts).toEqual(['100.00']);
    expect((await page({})).amounts).toEqual(['300.00', '200.00', '100.00']);
    await expectCode(
      m.client.call('records', {
        token: m.token,
        query: { from: '2030/07/10', page: 1, pageSize: 20 },
      }),
      ErrorCode.Validation,
    );
  });
});
