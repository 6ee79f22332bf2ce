import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositOrder, Envelope, WalletBalances, WithdrawOrder } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  adminToken,
  expectCode,
  fund,
  idemKey,
  registerMember,
  type Member,
  withdrawReady,
} from '../test/factories';
import { ABANDONED_CLAIM_MS, IDEMPOTENCY_TTL_MS } from './idempotency.service';
import type { EffectUnit } from './money-unit';

/** Idempotency of money calls (contract §2) beyond the basics in wallet.test.ts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ payoutCooloffHours: 0 });
});
afterAll(() => t.close());

const balances = (m: Member) => m.client.data<WalletBalances>('walletBalances', { token: m.token });
async function adminPost<T = unknown>(
  token: string,
  url: string,
  payload: object,
  key?: string,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    'x-admin-token': token,
    ...(key ? { 'x-idempotency-key': key } : {}),
  };
  return (await t.app.inject({ method: 'POST', url, headers, payload })).json<Envelope<T>>();
}
const adjust = (token: string, memberId: number, amount: string, key?: string) =>
  adminPost<{ reference: string }>(
    token,
    `/admin/api/v1/members/${memberId}/adjust`,
    { asset: 'CNY', direction: 'credit', amount, reason: '幂等测试' },
    key,
  );

/** A gate the test opens: `entered` resolves when the code under test reaches it. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const entered = new Promise<void>((r) => (reached = r));
  const wait = () => {
    reached();
    return opened;
  };
  return { open, entered, wait };
}

describe('idempotency keys', () => {
  it('are kept 24 h: the same key with another body is refused until then, then free again', async () => {
    const m = await registerMember(t);
    const key = idemKey();
    const order = (amount: string, token = m.token) =>
      m.client.call<{ orderId: string }>('depositOrder', {
        token,
        headers: { 'x-idempotency-key': key },
        body: { channelId: 'alipay', amount },
      });
    const first = await order('100');
    expect(first.status_code).toBe(ErrorCode.Success);
    expect(await order('100')).toEqual(first);
    t.clock.advance(IDEMPOTENCY_TTL_MS - 3600 * 1000);
    await expectCode(order('101'), ErrorCode.IdempotencyKeyReused);
    expect(await order('100')).toEqual(first);
    t.clock.advance(3600 * 1000 + 5000);
    // The session has ended by now (1 day absolute): a new login, the same device.
    const again = await m.client.data<{ token: string }>('login', {
      body: { userName: m.userName, password: m.password },
    });
    const fresh = await order('101', again.token);
    expect(fresh.status_code).toBe(ErrorCode.Success);
    expect(fresh.data.orderId).not.toBe(first.data.orderId);
    expect(
      (
        await m.client.data<{ total: number }>('depositOrders', {
          token: again.token,
          query: { page: 1, pageSize: 10 },
        })
      ).total,
    ).toBe(2);
  });

  it('are scoped per operator: one key, two operators, two effects; each replays its own', async () => {
    const m = await registerMember(t);
    const [op1, op2] = [await adminToken(t, 'finance'), await adminToken(t, 'finance')];
    const key = idemKey();
    const a = await adjust(op1, m.memberId, '10', key);
    const b = await adjust(op2, m.memberId, '20', key);
    expect([a.status_code, b.status_code]).toEqual([ErrorCode.Success, ErrorCode.Success]);
    expect(b.data.reference).not.toBe(a.data.reference);
    expect(await adjust(op1, m.memberId, '10', key)).toEqual(a);
    expect(await adjust(op2, m.memberId, '20', key)).toEqual(b);
    expect((await adjust(op1, m.memberId, '11', key)).status_code).toBe(
      ErrorCode.IdempotencyKeyReused,
    );
    expect((await balances(m)).main).toBe('30.00');
  });

  it('operator money calls without a key are refused (7002) and change nothing', async () => {
    const m = await withdrawReady(t);
    const op = await adminToken(t, 'finance');
    await fund(t, m.memberId, '500', op);
    const dep = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { channelId: 'bank-icbc', amount: '100', depositorName: '王小明' },
    });
    const wd = await m.client.data<WithdrawOrder>('withdrawOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { accountId: m.accountId, amount: '200', fundPassword: '135790' },
    });
    await expectCode(adjust(op, m.memberId, '10'), ErrorCode.IdempotencyKeyMissing);
    await expectCode(
      adminPost(op, `/admin/api/v1/deposits/${dep.orderId}/confirm`, {}),
      ErrorCode.IdempotencyKeyMissing,
    );
    await expectCode(
      adminPost(op, `/admin/api/v1/deposits/${dep.orderId}/reject`, { reason: '无' }),
      ErrorCode.IdempotencyKeyMissing,
    );
    await expectCode(
      adminPost(op, `/admin/api/v1/withdrawals/${wd.orderId}/approve`, {}),
      ErrorCode.IdempotencyKeyMissing,
    );
    await expectCode(
      adminPost(op, `/admin/api/v1/withdrawals/${wd.orderId}/reject`, { reason: '无' }),
      ErrorCode.IdempotencyKeyMissing,
    );
    expect(await balances(m)).toMatchObject({ main: '300.00', locked: '200.00' });
    expect(
      (
        await m.client.data<DepositOrder>('depositOrderDetail', {
          token: m.token,
          params: { orderId: dep.orderId },
        })
      ).status,
    ).toBe('pending');
    expect(
      (
        await m.client.data<{ list: WithdrawOrder[] }>('withdrawOrders', {
          token: m.token,
          query: { page: 1, pageSize: 10 },
        })
      ).list[0]?.status,
    ).toBe('review');
  });
});

describe('a call whose effect leaves the database (sandbox pay) claims its key first', () => {
  async function pendingOrder() {
    const m = await registerMember(t);
    const o = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { channelId: 'alipay', amount: '100' },
    });
    const key = idemKey();
    const pay = () =>
      m.client.call<DepositOrder>('sandboxPay', {
        token: m.token,
        headers: { 'x-idempotency-key': key },
        params: { orderId: o.orderId },
        body: {},
      });
    return { m, pay };
  }
  const realPay = () => t.services.deposits.sandboxPay.bind(t.services.deposits);
  const gatedEffect = (unit: EffectUnit, wait: () => Promise<void>): EffectUnit => ({
    mode: 'effect',
    perform: (effect) =>
      unit.perform(async () => {
        await wait();
        return effect();
      }),
  });

  it('a duplicate while the first is still paying gets 7004; then every retry replays the first answer', async () => {
    const { m, pay } = await pendingOrder();
    const real = realPay();
    const g = gate();
    const spy = vi
      .spyOn(t.services.deposits, 'sandboxPay')
      .mockImplementationOnce((unit, memberId, orderId) =>
        // The first attempt waits inside its effect, after claiming the key.
        real(gatedEffect(unit, g.wait), memberId, orderId),
      );
    try {
      const first = pay();
      await g.entered;
      await expectCode(pay(), ErrorCode.IdempotencyInProgress);
      expect((await balances(m)).main).toBe('0.00');
      g.open();
      const answer = await first;
      expect(answer).toMatchObject({
        status_code: ErrorCode.Success,
        data: { status: 'credited' },
      });
      expect(await pay()).toEqual(answer);
      expect((await balances(m)).main).toBe('100.00');
    } finally {
      spy.mockRestore();
    }
  });

  it('an unexpected failure frees the key for a retry', async () => {
    const { m, pay } = await pendingOrder();
    const spy = vi
      .spyOn(t.services.deposits, 'sandboxPay')
      .mockImplementationOnce((unit) =>
        unit.perform(() => Promise.reject(new Error('gateway exploded'))),
      );
    try {
      await expectCode(pay(), ErrorCode.Common);
      expect(await pay()).toMatchObject({
        status_code: ErrorCode.Success,
        data: { status: 'credited' },
      });
      expect((await balances(m)).main).toBe('100.00');
    } finally {
      spy.mockRestore();
    }
  });

  it('a claim left unfinished (a crash) is free after 5 minutes, and its late end does not overwrite the answer', async () => {
    const { m, pay } = await pendingOrder();
    const real = realPay();
    const g = gate();
    const spy = vi
      .spyOn(t.services.deposits, 'sandboxPay')
      .mockImplementationOnce((unit, memberId, orderId) =>
        // The first attempt waits inside its effect, after claiming the key.
        real(gatedEffect(unit, g.wait), memberId, orderId),
      );
    try {
      const stuck = pay();
      await g.entered;
      await expectCode(pay(), ErrorCode.IdempotencyInProgress);
      t.clock.advance(ABANDONED_CLAIM_MS + 1000);
      const retried = await pay();
      expect(retried).toMatchObject({
        status_code: ErrorCode.Success,
        data: { status: 'credited' },
      });
      g.open();
      await expectCode(stuck, ErrorCode.OrderStateChanged);
      expect(await pay()).toEqual(retried);
      expect((await balances(m)).main).toBe('100.00');
    } finally {
      spy.mockRestore();
    }
  });
});
