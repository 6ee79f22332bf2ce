// Over 300 lines: each ceremony (register, login, step-up) with its refusals, on one software
// authenticator, reads as one story.
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt, TOTP_STEP_MS } from '../../lib/totp';
import { adminCall, idemKey, registerMember, uniqueName } from '../../test/factories';
import { SoftAuthenticator } from '../../test/soft-authenticator';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSKEY_CHALLENGE_MS } from './passkey.service';

/**
 * Operator passkeys (docs/contract.md §4.1) against the real app, with a software
 * authenticator: registration, login and step-up, and each refusal leaving nothing changed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const PASSWORD = 'operator-pass-123';
type Envelope<T = unknown> = { status_code: number; message: string; data: T };
type Options = { challenge: string };

const login = async (body: object) =>
  (await t.app.inject({ method: 'POST', url: '/admin/api/v1/login', payload: body })).json<
    Envelope<{ token: string; passkey?: boolean }>
  >();
const loginOptions = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/passkeys/loginOptions',
      payload: {},
    })
  ).json<Envelope<Options>>().data;
const totp = (secret: string) => {
  // Each code counts once: move to a fresh step before every use.
  t.clock.advance(TOTP_STEP_MS);
  return hotp(base32Decode(secret), stepAt(t.clock.now()));
};

/** A finance operator with TOTP, logged in, stepped up for `operators`. */
async function operator(role: 'finance' | 'admin' = 'finance') {
  const userName = uniqueName('pk');
  await t.services.operators.create(userName, PASSWORD, role);
  const token = (await login({ userName, password: PASSWORD })).data.token;
  const enrol = await adminCall<{ secret: string }>(t, token, 'POST', '/admin/api/v1/totp/enrol');
  const secret = enrol.data.secret;
  await adminCall(t, token, 'POST', '/admin/api/v1/totp/confirm', { code: totp(secret) });
  const up = await adminCall(t, token, 'POST', '/admin/api/v1/stepUp', {
    class: 'operators',
    code: totp(secret),
  });
  expect(up.status_code).toBe(ErrorCode.Success);
  const [rpId, origin] = [t.config.webauthn.rpId, t.config.webauthn.origins[0]!];
  return { userName, token, secret, key: new SoftAuthenticator(rpId, origin) };
}
type Op = Awaited<ReturnType<typeof operator>>;

async function register(op: Op, name = '办公室电脑') {
  const opts = await adminCall<Options>(
    t,
    op.token,
    'POST',
    '/admin/api/v1/passkeys/registerOptions',
    {},
  );
  expect(opts.status_code).toBe(ErrorCode.Success);
  const response = op.key.register(opts.data);
  const r = await adminCall<{ id: number }>(t, op.token, 'POST', '/admin/api/v1/passkeys', {
    name,
    response,
  });
  return { r, response };
}
const list = async (op: Op) =>
  (
    await adminCall<{ list: { id: number; name: string }[] }>(
      t,
      op.token,
      'GET',
      '/admin/api/v1/passkeys',
    )
  ).data.list;
const sessions = async () =>
  Number(
    (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM operator_sessions')).rows[0]!.n,
  );
const counterOf = async (op: Op) =>
  Number(
    (
      await t.db.query<{ counter: string }>(
        'SELECT counter FROM operator_passkeys WHERE credential_id = $1',
        [op.key.id],
      )
    ).rows[0]!.counter,
  );
const stepUpState = async (token: string) =>
  (
    await adminCall<{ stepUpUntil: Record<string, number | null> }>(
      t,
      token,
      'GET',
      '/admin/api/v1/me',
    )
  ).data.stepUpUntil;

describe('operator passkeys', () => {
  it('registers after an operators step-up; a replayed registration is refused', async () => {
    const op = await operator();
    const { r, response } = await register(op);
    expect(r.status_code).toBe(ErrorCode.Success);
    expect((await list(op)).map((p) => p.name)).toEqual(['办公室电脑']);
    const again = await adminCall(t, op.token, 'POST', '/admin/api/v1/passkeys', {
      name: '重放',
      response,
    });
    expect(again.status_code).toBe(ErrorCode.PasskeyChallengeInvalid);
    expect(await list(op)).toHaveLength(1);
  });

  it('without an operators step-up nothing is registered (one without any factor enrols)', async () => {
    // An operator with no second factor yet has nothing to re-prove: a passkey may be their
    // first (passkey-only.test.ts); one with a factor must step up first.
    const userName = uniqueName('pk');
    await t.services.operators.create(userName, PASSWORD, 'finance');
    const token = (await login({ userName, password: PASSWORD })).data.token;
    const r = await adminCall(t, token, 'POST', '/admin/api/v1/passkeys/registerOptions', {});
    expect(r.status_code).toBe(ErrorCode.Success);
    const op = await operator();
    t.clock.advance(PASSKEY_CHALLENGE_MS + 1);
    const late = await adminCall(t, op.token, 'POST', '/admin/api/v1/passkeys/registerOptions', {});
    expect(late.status_code).toBe(ErrorCode.OperatorStepUpRequired);
  });

  it('logs in with a passkey instead of the six digits; replays and wrong origins are refused', async () => {
    const op = await operator();
    await register(op);
    const asked = await login({ userName: op.userName, password: PASSWORD });
    expect(asked.status_code).toBe(ErrorCode.AdminTotpRequired);
    expect(asked.data).toEqual({ passkey: true });

    const passkey = op.key.assert(await loginOptions());
    const ok = await login({ userName: op.userName, password: PASSWORD, passkey });
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect((await adminCall(t, ok.data.token, 'GET', '/admin/api/v1/me')).status_code).toBe(
      ErrorCode.Success,
    );

    const before = await sessions();
    const replay = await login({ userName: op.userName, password: PASSWORD, passkey });
    expect(replay.status_code).toBe(ErrorCode.PasskeyChallengeInvalid);
    const evil = op.key.assert(await loginOptions(), { origin: 'https://evil.example' });
    expect(
      (await login({ userName: op.userName, password: PASSWORD, passkey: evil })).status_code,
    ).toBe(ErrorCode.PasskeyVerifyFailed);
    const otherRp = op.key.assert(await loginOptions(), { rpId: 'evil.example' });
    expect(
      (await login({ userName: op.userName, password: PASSWORD, passkey: otherRp })).status_code,
    ).toBe(ErrorCode.PasskeyVerifyFailed);
    // The password still has to be right.
    const wrong = await login({
      userName: op.userName,
      password: 'not-the-password',
      passkey: op.key.assert(await loginOptions()),
    });
    expect(wrong.status_code).toBe(ErrorCode.NameError);
    expect(await sessions()).toBe(before);
  });

  it('a counter that goes back (a cloned key) is refused and the stored counter stays', async () => {
    const op = await operator();
    await register(op);
    const first = op.key.assert(await loginOptions());
    expect(
      (await login({ userName: op.userName, password: PASSWORD, passkey: first })).status_code,
    ).toBe(ErrorCode.Success);
    const stored = await counterOf(op);
    expect(stored).toBe(op.key.counter);
    op.key.counter -= 1; // the next assertion carries the same counter as the last
    const cloned = op.key.assert(await loginOptions());
    const before = await sessions();
    expect(
      (await login({ userName: op.userName, password: PASSWORD, passkey: cloned })).status_code,
    ).toBe(ErrorCode.PasskeyVerifyFailed);
    expect(await counterOf(op)).toBe(stored);
    expect(await sessions()).toBe(before);
  });

  it("another operator's credential counts for nobody else", async () => {
    const a = await operator();
    await register(a);
    const b = await operator();
    await register(b);
    const stolen = a.key.assert(await loginOptions());
    expect(
      (await login({ userName: b.userName, password: PASSWORD, passkey: stolen })).status_code,
    ).toBe(ErrorCode.PasskeyNotFound);
    const opts = await adminCall<Options>(
      t,
      b.token,
      'POST',
      '/admin/api/v1/passkeys/stepUpOptions',
      {
        class: 'money',
      },
    );
    const r = await adminCall(t, b.token, 'POST', '/admin/api/v1/passkeys/stepUp', {
      class: 'money',
      response: a.key.assert(opts.data),
    });
    expect(r.status_code).toBe(ErrorCode.PasskeyNotFound);
    expect((await stepUpState(b.token)).money).toBeNull();
    // Nor can b delete a's passkey.
    const aId = (await list(a))[0]!.id;
    const del = await adminCall(t, b.token, 'POST', `/admin/api/v1/passkeys/${aId}/delete`, {});
    expect(del.status_code).toBe(ErrorCode.PasskeyNotFound);
    expect(await list(a)).toHaveLength(1);
  });

  it('steps up by passkey: fresh, for the class asked, once', async () => {
    const m = await registerMember(t);
    const op = await operator();
    await register(op);
    const adjust = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/admin/api/v1/members/${m.memberId}/adjust`,
          headers: { 'x-admin-token': op.token, 'x-idempotency-key': idemKey() },
          payload: { asset: 'CNY', direction: 'credit', amount: '10', reason: '通行密钥测试' },
        })
      ).json<Envelope>().status_code;
    const options = (cls: string) =>
      adminCall<Options>(t, op.token, 'POST', '/admin/api/v1/passkeys/stepUpOptions', {
        class: cls,
      });
    const stepUp = (cls: string, response: unknown) =>
      adminCall<{ until: number }>(t, op.token, 'POST', '/admin/api/v1/passkeys/stepUp', {
        class: cls,
        response,
      });
    expect(await adjust()).toBe(ErrorCode.OperatorStepUpRequired);

    // A challenge for settings does not open money.
    const forSettings = op.key.assert((await options('settings')).data);
    expect((await stepUp('money', forSettings)).status_code).toBe(
      ErrorCode.PasskeyChallengeInvalid,
    );
    // An assertion on a challenge older than five minutes does not count.
    const stale = (await options('money')).data;
    t.clock.advance(PASSKEY_CHALLENGE_MS + 1000);
    expect((await stepUp('money', op.key.assert(stale))).status_code).toBe(
      ErrorCode.PasskeyChallengeInvalid,
    );
    expect((await stepUpState(op.token)).money).toBeNull();
    expect(await adjust()).toBe(ErrorCode.OperatorStepUpRequired);

    const good = op.key.assert((await options('money')).data);
    const ok = await stepUp('money', good);
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(ok.data.until).toBeGreaterThan(t.clock.now());
    expect(ok.data.until).toBeLessThanOrEqual(t.clock.now() + PASSKEY_CHALLENGE_MS);
    expect(await adjust()).toBe(ErrorCode.Success);
    // The same assertion again: the challenge is spent.
    expect((await stepUp('money', good)).status_code).toBe(ErrorCode.PasskeyChallengeInvalid);
    // A login challenge is not a step-up challenge.
    expect((await stepUp('money', op.key.assert(await loginOptions()))).status_code).toBe(
      ErrorCode.PasskeyChallengeInvalid,
    );
  });

  it('deletes its own passkey after an operators step-up', async () => {
    const op = await operator();
    await register(op);
    const id = (await list(op))[0]!.id;
    const del = await adminCall(t, op.token, 'POST', `/admin/api/v1/passkeys/${id}/delete`, {});
    expect(del.status_code).toBe(ErrorCode.Success);
    expect(await list(op)).toEqual([]);
    const asked = await login({ userName: op.userName, password: PASSWORD });
    expect(asked.data).toEqual({ passkey: false });
  });

  it("an admin's reset of the second factor removes the operator's passkeys too", async () => {
    const op = await operator();
    await register(op);
    const admin = await operator('admin');
    const id = (
      await t.db.query<{ id: number }>('SELECT id FROM operators WHERE user_name = $1', [
        op.userName,
      ])
    ).rows[0]!.id;
    const reset = await adminCall(
      t,
      admin.token,
      'POST',
      `/admin/api/v1/operators/${id}/totp/reset`,
      {
        reason: '手机丢失',
      },
    );
    expect(reset.status_code).toBe(ErrorCode.Success);
    const left = await t.db.query('SELECT 1 FROM operator_passkeys WHERE operator_id = $1', [id]);
    expect(left.rows).toHaveLength(0);
  });
});
