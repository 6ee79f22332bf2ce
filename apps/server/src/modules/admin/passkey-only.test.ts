import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, idemKey, registerMember, uniqueName } from '../../test/factories';
import { SoftAuthenticator } from '../../test/soft-authenticator';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A passkey as an operator's only second factor (docs/contract.md §4.1): enrolled instead of
 * TOTP in an enrol-only session, then asked at every login and every step-up — the password
 * alone never opens a session again, and the last passkey cannot be removed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ adminTotpRequired: true });
});
afterAll(() => t.close());

const PASSWORD = 'operator-pass-123';
type Envelope<T = unknown> = { status_code: number; message: string; data: T };
type Options = { challenge: string };
type Session = { token: string; enrolOnly: boolean; passkey?: boolean };

const login = async (body: object) =>
  (await t.app.inject({ method: 'POST', url: '/admin/api/v1/login', payload: body })).json<
    Envelope<Session>
  >();
const loginOptions = async () =>
  (
    await t.app.inject({ method: 'POST', url: '/admin/api/v1/passkeys/loginOptions', payload: {} })
  ).json<Envelope<Options>>().data;

/** A finance operator who enrols a passkey (and nothing else) from an enrol-only session. */
async function passkeyOnlyOperator() {
  const userName = uniqueName('pko');
  await t.services.operators.create(userName, PASSWORD, 'finance');
  const first = (await login({ userName, password: PASSWORD })).data;
  expect(first.enrolOnly).toBe(true);
  const key = new SoftAuthenticator(t.config.webauthn.rpId, t.config.webauthn.origins[0]!);
  const opts = await adminCall<Options>(
    t,
    first.token,
    'POST',
    '/admin/api/v1/passkeys/registerOptions',
    {},
  );
  expect(opts.status_code).toBe(ErrorCode.Success);
  const added = await adminCall<{ id: number }>(t, first.token, 'POST', '/admin/api/v1/passkeys', {
    name: '唯一的密钥',
    response: key.register(opts.data),
  });
  expect(added.status_code).toBe(ErrorCode.Success);
  return { userName, key, enrolToken: first.token, passkeyId: added.data.id };
}

describe('a passkey as the only second factor', () => {
  it('an operator with neither factor may only enrol; a passkey enrolled opens the session', async () => {
    const userName = uniqueName('pko');
    await t.services.operators.create(userName, PASSWORD, 'finance');
    const s = (await login({ userName, password: PASSWORD })).data;
    expect(s.enrolOnly).toBe(true);
    expect((await adminCall(t, s.token, 'GET', '/admin/api/v1/deposits')).status_code).toBe(
      ErrorCode.AdminTotpEnrolRequired,
    );
    const op = await passkeyOnlyOperator();
    expect((await adminCall(t, op.enrolToken, 'GET', '/admin/api/v1/deposits')).status_code).toBe(
      ErrorCode.Success,
    );
    const me = await adminCall<{ totpEnabled: boolean }>(
      t,
      op.enrolToken,
      'GET',
      '/admin/api/v1/me',
    );
    expect(me.data.totpEnabled).toBe(false);
  });

  it('logs in by passkey only: the password alone or six digits are refused', async () => {
    const op = await passkeyOnlyOperator();
    const asked = await login({ userName: op.userName, password: PASSWORD });
    expect(asked.status_code).toBe(ErrorCode.AdminTotpRequired);
    expect(asked.data).toEqual({ passkey: true });
    const digits = await login({ userName: op.userName, password: PASSWORD, totp: '123456' });
    expect(digits.status_code).toBe(ErrorCode.AdminTotpWrong);
    const recovery = await login({
      userName: op.userName,
      password: PASSWORD,
      recoveryCode: 'ABCDE-FGHIJ',
    });
    expect(recovery.status_code).toBe(ErrorCode.AdminTotpWrong);
    const ok = await login({
      userName: op.userName,
      password: PASSWORD,
      passkey: op.key.assert(await loginOptions()),
    });
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data.enrolOnly).toBe(false);
    expect((await adminCall(t, ok.data.token, 'GET', '/admin/api/v1/deposits')).status_code).toBe(
      ErrorCode.Success,
    );
  });

  it('steps up by passkey; a TOTP step-up is refused and the money waits until then', async () => {
    const op = await passkeyOnlyOperator();
    const token = (
      await login({
        userName: op.userName,
        password: PASSWORD,
        passkey: op.key.assert(await loginOptions()),
      })
    ).data.token;
    const m = await registerMember(t);
    const balance = async () =>
      (
        await t.db.query<{ b: string }>(
          `SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1`,
          [m.memberId],
        )
      ).rows[0]!.b;
    const start = await balance();
    const adjust = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/api/v1/members/${m.memberId}/adjust`,
          headers: { 'x-admin-token': token, 'x-idempotency-key': idemKey() },
          payload: { asset: 'CNY', direction: 'credit', amount: '10', reason: '仅通行密钥' },
        })
      ).json<Envelope>().status_code;
    expect(await adjust()).toBe(ErrorCode.OperatorStepUpRequired);
    expect(await balance()).toBe(start);
    const byCode = await adminCall(t, token, 'POST', '/admin/api/v1/stepUp', {
      class: 'money',
      code: '123456',
    });
    expect(byCode.status_code).toBe(ErrorCode.AdminTotpNotEnrolled);
    const opts = await adminCall<Options>(
      t,
      token,
      'POST',
      '/admin/api/v1/passkeys/stepUpOptions',
      {
        class: 'money',
      },
    );
    expect(opts.status_code).toBe(ErrorCode.Success);
    const up = await adminCall(t, token, 'POST', '/admin/api/v1/passkeys/stepUp', {
      class: 'money',
      response: op.key.assert(opts.data),
    });
    expect(up.status_code).toBe(ErrorCode.Success);
    expect(await adjust()).toBe(ErrorCode.Success);
    expect(await balance()).not.toBe(start);
  });

  it('the last passkey of an operator without TOTP cannot be removed (9680)', async () => {
    const op = await passkeyOnlyOperator();
    const token = (
      await login({
        userName: op.userName,
        password: PASSWORD,
        passkey: op.key.assert(await loginOptions()),
      })
    ).data.token;
    const opts = await adminCall<Options>(
      t,
      token,
      'POST',
      '/admin/api/v1/passkeys/stepUpOptions',
      {
        class: 'operators',
      },
    );
    await adminCall(t, token, 'POST', '/admin/api/v1/passkeys/stepUp', {
      class: 'operators',
      response: op.key.assert(opts.data),
    });
    const del = await adminCall(
      t,
      token,
      'POST',
      `/admin/api/v1/passkeys/${op.passkeyId}/delete`,
      {},
    );
    expect(del.status_code).toBe(ErrorCode.PasskeyLastFactor);
    const left = await adminCall<{ list: unknown[] }>(t, token, 'GET', '/admin/api/v1/passkeys');
    expect(left.data.list).toHaveLength(1);
  });
});
