import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannel, DepositOrder, WalletBalances } from '@nebula/protocol';
import { loadConfig } from '../../config/config';
import { createTestApp, testSecrets, type TestApp } from '../../test/test-app';
import { expectCode, idemKey, registerMember, type Member } from '../../test/factories';
import { sandboxSignature } from '../deposit/sandbox-gateway';

/**
 * The sandbox gateway in production mode (contract §1, §5): refused unless SANDBOX_PAYMENTS
 * enables it. Two production nodes on one database: one with the sandbox enabled, one without.
 */
const secrets = testSecrets();
const production = {
  NODE_ENV: 'production',
  ...secrets,
  AUDIT_CHECKPOINT_KEY: 'a'.repeat(40),
  WEBAUTHN_RP_ID: 'admin.example.com',
  WEBAUTHN_ORIGINS: 'https://admin.example.com',
};
let on: TestApp;
let off: TestApp;
let m: Member;
let orderId: string;

beforeAll(async () => {
  on = await createTestApp({
    seedDemo: false,
    secrets,
    env: { ...production, SANDBOX_PAYMENTS: 'on' },
  });
  off = await createTestApp({
    seedDemo: false,
    secrets,
    env: production,
    db: { db: on.db, url: on.dbUrl },
    clock: on.clock,
  });
  m = await registerMember(on);
  // An online order made while the sandbox was on (e.g. before a node was restarted without it).
  orderId = (
    await m.client.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { channelId: 'alipay', amount: '100' },
    })
  ).orderId;
});
afterAll(async () => {
  await off?.close();
  await on?.close();
});

/** The member's client, pointed at one node (same device, same session). */
const at = (node: TestApp) => node.client(m.client.deviceId);

async function callback(node: TestApp, amount = '100.00') {
  const raw = JSON.stringify({
    orderId,
    amount,
    status: 'paid',
    gatewayTradeNo: `P${orderId}`,
    paidAt: 1,
  });
  return node.app.inject({
    method: 'POST',
    url: '/fd/api/v1/deposit/callback/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': sandboxSignature(secrets.PAYMENT_CALLBACK_SECRET, raw),
    },
    payload: raw,
  });
}

describe('the sandbox gateway in production', () => {
  it('config: off in production unless SANDBOX_PAYMENTS enables it; on elsewhere', () => {
    expect(loadConfig(production).sandboxPayments).toBe(false);
    expect(loadConfig({ ...production, SANDBOX_PAYMENTS: 'on' }).sandboxPayments).toBe(true);
    expect(loadConfig({ ...production, SANDBOX_PAYMENTS: 'off' }).sandboxPayments).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxPayments).toBe(true);
  });

  it('without SANDBOX_PAYMENTS: online channels hidden, orders, pay page and callback refused', async () => {
    const c = at(off);
    const channels = await c.data<{ list: DepositChannel[] }>('depositChannels', {
      token: m.token,
    });
    expect(channels.list.map((x) => x.type).sort()).toEqual(['bank', 'usdt']);
    for (const channelId of ['alipay', 'wechat', 'ebpay', 'koipay']) {
      await expectCode(
        c.call('depositOrder', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          body: { channelId, amount: '100' },
        }),
        ErrorCode.SandboxDisabled,
      );
    }
    await expectCode(
      c.call('sandboxOrder', { token: m.token, params: { orderId } }),
      ErrorCode.SandboxDisabled,
    );
    await expectCode(
      c.call('sandboxPay', {
        token: m.token,
        headers: { 'x-idempotency-key': idemKey() },
        params: { orderId },
        body: {},
      }),
      ErrorCode.SandboxDisabled,
    );
    const r = await callback(off);
    expect([r.statusCode, r.body]).toEqual([400, 'fail']);
    expect(
      (await c.data<DepositOrder>('depositOrderDetail', { token: m.token, params: { orderId } }))
        .status,
    ).toBe('pending');
    expect((await c.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe('0.00');
    // Offline channels still work.
    await expectCode(
      c.call('depositOrder', {
        token: m.token,
        headers: { 'x-idempotency-key': idemKey() },
        body: { channelId: 'usdt-trc20', amount: '10' },
      }),
      ErrorCode.Success,
    );
  });

  it('with SANDBOX_PAYMENTS=on: channels listed, the pay page works, the callback credits', async () => {
    const c = at(on);
    const channels = await c.data<{ list: DepositChannel[] }>('depositChannels', {
      token: m.token,
    });
    expect(
      channels.list
        .filter((x) => x.online)
        .map((x) => x.type)
        .sort(),
    ).toEqual(['alipay', 'ebpay', 'koipay', 'wechat']);
    expect(
      (await c.data<DepositOrder>('sandboxOrder', { token: m.token, params: { orderId } })).payUrl,
    ).toBe(`/pay/sandbox/${orderId}`);
    expect((await callback(on)).body).toBe('success');
    expect((await c.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '100.00',
    );
    const paid = await c.data<{ orderId: string }>('depositOrder', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: { channelId: 'wechat', amount: '50' },
    });
    expect(
      (
        await c.data<DepositOrder>('sandboxPay', {
          token: m.token,
          headers: { 'x-idempotency-key': idemKey() },
          params: { orderId: paid.orderId },
          body: {},
        })
      ).status,
    ).toBe('credited');
    expect((await c.data<WalletBalances>('walletBalances', { token: m.token })).main).toBe(
      '150.00',
    );
  });
});
