// Over 300 lines on purpose: one scenario per race, each with its own setup, reads best as one file.
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositOrder, WalletBalances } from '@nebula/protocol';
import type * as PasswordModule from '../../lib/password';
import { verifyPassword } from '../../lib/password';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, fund, idemKey, registerMember, withdrawReady } from '../../test/factories';
import { testDbKind } from '../../test/test-db';
import { sandboxSignature } from '../deposit/sandbox-gateway';

// Counts argon2 verifies, to prove parallel fund-password guesses cannot all be checked.
vi.mock('../../lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

/**
 * Races on PostgreSQL, where they are real (PGlite's single connection would hide them). Rate
 * limits are out of the way (the test app raises them) and every refusal's code is asserted.
 */
const onPostgres = testDbKind() === 'postgres';

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({
    payoutCooloffHours: 0,
    turnoverMultiplier: '0',
    withdrawDailyMax: '100000000',
  });
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

const statuses = (envs: { status_code: number }[]) => envs.map((e) => e.status_code);

describe.skipIf(!onPostgres)('wallet under concurrency (PostgreSQL)', () => {
  it('200 concurrent withdrawals each for the whole balance: exactly one succeeds', async () => {
    const m = await withdrawReady(t);
    await fund(t, m.memberId, '1000');
    const envs = await Promise.all(
      Array.from({ length: 200 }, () =>
        m.client.call('withdrawOrder', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          body: { accountId: m.accountId, amount: '1000', fundPassword: '135790' },
        }),
      ),
    );
    const codes = statuses(envs);
    expect(codes.filter((c) => c === 6000)).toHaveLength(1);
    expect(
      codes
        .filter((c) => c !== ErrorCode.Success)
        .every((c) => c === ErrorCode.InsufficientBalance),
    ).toBe(true);
    expect(await m.client.data<WalletBalances>('walletBalances', { token: m.token })).toMatchObject(
      { main: '0.00', locked: '1000.00' },
    );
  }, 120_000);

  it('50 retries of one idempotency key, sequential and parallel: one effect, identical answers', async () => {
    const m = await registerMember(t);
    await fund(t, m.memberId, '100');
    const key = idemKey();
    const body = { coins: '10' };
    const parallel = await Promise.all(
      Array.from({ length: 25 }, () =>
        m.client.call('coinBuy', { token: m.token, headers: { 'x-idempotency-key': key }, body }),
      ),
    );
    const sequential = [];
    for (let i = 0; i < 25; i += 1)
      sequential.push(
        await m.client.call('coinBuy', {
          token: m.token,
          headers: { 'x-idempotency-key': key },
          body,
        }),
      );
    const all = [...parallel, ...sequential];
    // Concurrent duplicates either wait for the first and replay it, or are told it is in progress.
    const done = all.filter((e) => e.status_code === ErrorCode.Success);
    expect(
      all.every(
        (e) =>
          e.status_code === ErrorCode.Success || e.status_code === ErrorCode.IdempotencyInProgress,
      ),
    ).toBe(true);
    for (const e of done) expect(e).toEqual(done[0]);
    expect(sequential.every((e) => e.status_code === ErrorCode.Success)).toBe(true);
    expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).coin).toBe(
      '10',
    );
    const other = await m.client.call('coinBuy', {
      token: m.token,
      headers: { 'x-idempotency-key': key },
      body: { coins: '11' },
    });
    expect(other.status_code).toBe(ErrorCode.IdempotencyKeyReused);
  }, 60_000);

  it('a callback storm with replays credits each order exactly once', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => registerMember(t)));
    const orders: { orderId: string; member: (typeof members)[number] }[] = [];
    for (const m of members) {
      for (let i = 0; i < 4; i += 1) {
        const o = await m.client.data<{ orderId: string }>('depositOrder', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          body: { channelId: 'alipay', amount: '100' },
        });
        orders.push({ orderId: o.orderId, member: m });
      }
    }
    const storm = orders.flatMap((o) =>
      Array.from({ length: 10 }, () => {
        const raw = JSON.stringify({
          orderId: o.orderId,
          amount: '100.00',
          status: 'paid',
          gatewayTradeNo: `S${o.orderId}`,
          paidAt: 1,
        });
        return t.app.inject({
          method: 'POST',
          url: '/fd/api/v1/deposit/callback/sandbox',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': sandboxSignature(t.secrets.PAYMENT_CALLBACK_SECRET, raw),
          },
          payload: raw,
        });
      }),
    );
    const answers = await Promise.all(storm);
    expect(answers.every((a) => a.body === 'success')).toBe(true);
    for (const m of members) {
      expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
        '400.00',
      );
    }
    expect((await t.services.walletAdmin.reconcile()).ok).toBe(true);
  }, 120_000);

  it('concurrent confirm and reject of one order: one outcome', async () => {
    const m = await registerMember(t);
    const admin = await adminToken(t, 'finance');
    for (let round = 0; round < 5; round += 1) {
      const o = await m.client.data<{ orderId: string }>('depositOrder', {
        token: m.token,
        headers: { 'x-idempotency-key': idemKey() },
        body: { channelId: 'bank-icbc', amount: '100', depositorName: '王小明' },
      });
      const calls = Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/admin/api/v1/deposits/${o.orderId}/${i % 2 ? 'reject' : 'confirm'}`,
          headers: { 'x-admin-token': admin, 'x-idempotency-key': idemKey() },
          payload: i % 2 ? { reason: '并发拒绝' } : {},
        }),
      );
      const codes = (await Promise.all(calls)).map(
        (r) => r.json<{ status_code: number }>().status_code,
      );
      expect(codes.filter((c) => c === 6000)).toHaveLength(1);
      expect(
        codes
          .filter((c) => c !== ErrorCode.Success)
          .every((c) => c === ErrorCode.OrderStateChanged),
      ).toBe(true);
    }
    const r = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE member_id = $1 AND kind = 'deposit'`,
      [m.memberId],
    );
    const credited = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deposit_orders WHERE member_id = $1 AND status = 'credited'`,
      [m.memberId],
    );
    expect(r.rows[0]?.n).toBe(credited.rows[0]?.n);
    expect((await t.services.walletAdmin.reconcile()).ok).toBe(true);
  }, 60_000);

  it('20 parallel wrong fund passwords: at most 5 are verified, then withdrawals are locked', async () => {
    const m = await withdrawReady(t);
    await fund(t, m.memberId, '1000');
    const verifies = vi.mocked(verifyPassword).mock.calls;
    const before = verifies.length;
    const envs = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.client.call('withdrawOrder', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          body: { accountId: m.accountId, amount: '100', fundPassword: '000000' },
        }),
      ),
    );
    expect(verifies.length - before).toBe(5);
    const codes = statuses(envs);
    expect(
      codes.every((c) => c === ErrorCode.FundPasswordWrong || c === ErrorCode.WithdrawLocked),
    ).toBe(true);
    expect(codes.filter((c) => c === 7012).length).toBeLessThanOrEqual(4);
    expect(codes).toContain(ErrorCode.WithdrawLocked);
    // Locked: even the right password is refused now, without being verified.
    const right = await m.client.call('withdrawOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { accountId: m.accountId, amount: '100', fundPassword: '135790' },
    });
    expect(right.status_code).toBe(ErrorCode.WithdrawLocked);
    expect(verifies.length - before).toBe(5);
    expect(await m.client.data<WalletBalances>('walletBalances', { token: m.token })).toMatchObject(
      { main: '1000.00', locked: '0.00' },
    );
  }, 60_000);

  it('parallel withdrawals cannot pass the daily maximum together', async () => {
    await t.services.settings.update({ withdrawDailyMax: '500' });
    try {
      const m = await withdrawReady(t);
      await fund(t, m.memberId, '10000');
      const envs = await Promise.all(
        Array.from({ length: 20 }, () =>
          m.client.call('withdrawOrder', {
            token: m.token,
            headers: { 'x-idempotency-key': idemKey() },
            body: { accountId: m.accountId, amount: '100', fundPassword: '135790' },
          }),
        ),
      );
      const codes = statuses(envs);
      expect(codes.filter((c) => c === 6000)).toHaveLength(5);
      expect(
        codes
          .filter((c) => c !== ErrorCode.Success)
          .every((c) => c === ErrorCode.DailyWithdrawLimit),
      ).toBe(true);
      expect(
        await m.client.data<WalletBalances>('walletBalances', { token: m.token }),
      ).toMatchObject({ main: '9500.00', locked: '500.00' });
    } finally {
      await t.services.settings.update({ withdrawDailyMax: '100000000' });
    }
  }, 120_000);

  it('parallel deposit orders cannot pass a deposit limit together', async () => {
    const m = await registerMember(t);
    await m.client.data('depositLimitSet', {
      token: m.token,
      body: { period: 'day', amount: '500' },
    });
    const envs = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.client.call('depositOrder', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          body: { channelId: 'alipay', amount: '100' },
        }),
      ),
    );
    const codes = statuses(envs);
    expect(codes.filter((c) => c === 6000)).toHaveLength(5);
    expect(
      codes
        .filter((c) => c !== ErrorCode.Success)
        .every((c) => c === ErrorCode.DepositLimitExceeded),
    ).toBe(true);
    expect(
      (
        await m.client.data<{ total: number }>('depositOrders', {
          token: m.token,
          query: { page: 1, pageSize: 50 },
        })
      ).total,
    ).toBe(5);
  }, 60_000);

  it('parallel taps of the sandbox pay button with one key: one payment, one answer', async () => {
    const m = await registerMember(t);
    const o = await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { channelId: 'alipay', amount: '100' },
    });
    const key = idemKey();
    const tap = () =>
      m.client.call<DepositOrder>('sandboxPay', {
        token: m.token,
        headers: { 'x-idempotency-key': key },
        params: { orderId: o.orderId },
        body: {},
      });
    const envs = await Promise.all(Array.from({ length: 10 }, tap));
    // Duplicates either replay the first answer or are told it is still running.
    expect(
      statuses(envs).every((c) => c === ErrorCode.Success || c === ErrorCode.IdempotencyInProgress),
    ).toBe(true);
    const final = await tap();
    expect(final).toMatchObject({ status_code: ErrorCode.Success, data: { status: 'credited' } });
    for (const e of envs.filter((x) => x.status_code === ErrorCode.Success))
      expect(e).toEqual(final);
    expect((await m.client.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '100.00',
    );
  }, 60_000);
});
