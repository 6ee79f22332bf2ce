import { ErrorCode, type DepositOrder } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt, TOTP_STEP_MS } from '../../lib/totp';
import { adminCall, adminToken, idemKey, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sandboxSignature } from './sandbox-gateway';

/**
 * Resolving a deposit in review credits what really arrived (docs/contract.md §4.1): like a
 * confirmation it needs a fresh `money` step-up of an operator with a second factor; without
 * one nothing is credited, and the same call after the step-up credits once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const code = (secret: string) => hotp(base32Decode(secret), stepAt(t.clock.now()));

/** A deposit the gateway paid with a different amount: it waits in review. */
async function inReview() {
  const m = await registerMember(t);
  const order = await m.client.data<{ orderId: string }>('depositOrder', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: { channelId: 'ebpay', amount: '300' },
  });
  const raw = JSON.stringify({
    orderId: order.orderId,
    amount: '299.00',
    status: 'paid',
    gatewayTradeNo: `T${order.orderId}`,
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
  return { m, orderId: order.orderId };
}

describe('resolving a deposit in review needs a money step-up', () => {
  it('9600 without a fresh step-up, nothing credited; after it, credited once', async () => {
    const { m, orderId } = await inReview();
    const token = await adminToken(t, 'finance');
    const enrol = await adminCall<{ secret: string }>(t, token, 'POST', '/admin/api/v1/totp/enrol');
    const confirmed = await adminCall(t, token, 'POST', '/admin/api/v1/totp/confirm', {
      code: code(enrol.data.secret),
    });
    expect(confirmed.status_code).toBe(ErrorCode.Success);
    const key = idemKey();
    const resolve = () =>
      t.app
        .inject({
          method: 'POST',
          url: `/admin/api/v1/deposits/${orderId}/resolve`,
          headers: { 'x-admin-token': token, 'x-idempotency-key': key },
          payload: { credit: true, reason: '核实到账 299' },
        })
        .then((r) => r.json<{ status_code: number; data: DepositOrder }>());
    const refused = await resolve();
    expect(refused).toMatchObject({
      status_code: ErrorCode.OperatorStepUpRequired,
      data: { class: 'money' },
    });
    const main = async () => (await t.services.ledger.balances(t.db, m.memberId)).main;
    expect(await main()).toBe(0n);
    t.clock.advance(TOTP_STEP_MS);
    const up = await adminCall(t, token, 'POST', '/admin/api/v1/stepUp', {
      class: 'money',
      code: code(enrol.data.secret),
    });
    expect(up.status_code).toBe(ErrorCode.Success);
    // The same request again (the refusal before the step-up was not kept for its key).
    const done = await resolve();
    expect(done).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'credited', receivedAmount: '299.00' },
    });
    expect(await main()).toBe(29_900n);
    expect((await resolve()).status_code).toBe(ErrorCode.Success);
    expect(await main()).toBe(29_900n);
  });
});
