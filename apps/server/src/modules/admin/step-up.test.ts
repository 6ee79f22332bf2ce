import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt, TOTP_STEP_MS } from '../../lib/totp';
import { adminCall, adminToken, idemKey, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { STEP_UP_MS } from './step-up.service';

/**
 * Step-up (docs/contract.md §4.1): a money, settings or operators action needs a TOTP code
 * typed in the last five minutes for that class in this session; recovery codes never count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const code = (secret: string, ahead = 0) =>
  hotp(base32Decode(secret), stepAt(t.clock.now()) + ahead);

/** A finance operator with a second factor, logged in (the session already has it). */
async function enrolled() {
  const token = await adminToken(t, 'finance');
  const enrol = await adminCall<{ secret: string }>(t, token, 'POST', '/admin/api/v1/totp/enrol');
  const confirm = await adminCall<{ recoveryCodes: string[] }>(
    t,
    token,
    'POST',
    '/admin/api/v1/totp/confirm',
    { code: code(enrol.data.secret) },
  );
  expect(confirm.status_code).toBe(ErrorCode.Success);
  return { token, secret: enrol.data.secret, recovery: confirm.data.recoveryCodes };
}

async function adjust(token: string, memberId: number) {
  const r = await t.app.inject({
    method: 'POST',
    url: `/admin/api/v1/members/${memberId}/adjust`,
    headers: { 'x-admin-token': token, 'x-idempotency-key': idemKey() },
    payload: { asset: 'CNY', direction: 'credit', amount: '10', reason: '二次验证测试' },
  });
  return r.json<{ status_code: number }>().status_code;
}

const stepUp = (token: string, body: object) =>
  adminCall<{ until: number }>(t, token, 'POST', '/admin/api/v1/stepUp', body);

describe('step-up', () => {
  it('missing, wrong class, recovery code, then fresh: refused until the right one', async () => {
    const m = await registerMember(t);
    const op = await enrolled();
    expect(await adjust(op.token, m.memberId)).toBe(ErrorCode.OperatorStepUpRequired);
    // A step-up for settings does not open money.
    expect(
      (await stepUp(op.token, { class: 'settings', code: code(op.secret, 1) })).status_code,
    ).toBe(ErrorCode.Success);
    expect(await adjust(op.token, m.memberId)).toBe(ErrorCode.OperatorStepUpRequired);
    // Recovery codes do not count, in either field.
    expect((await stepUp(op.token, { class: 'money', code: op.recovery[0] })).status_code).toBe(
      ErrorCode.Validation,
    );
    expect(
      (await stepUp(op.token, { class: 'money', code: '000000', recoveryCode: op.recovery[0] }))
        .status_code,
    ).toBe(ErrorCode.Validation);
    // A code already spent (the settings step-up's) does not count twice.
    expect((await stepUp(op.token, { class: 'money', code: code(op.secret, 1) })).status_code).toBe(
      ErrorCode.AdminTotpWrong,
    );
    t.clock.advance(TOTP_STEP_MS);
    const ok = await stepUp(op.token, { class: 'money', code: code(op.secret, 1) });
    expect(ok.status_code).toBe(ErrorCode.Success);
    expect(await adjust(op.token, m.memberId)).toBe(ErrorCode.Success);
    const me = await adminCall<{ stepUpUntil: Record<string, number | null> }>(
      t,
      op.token,
      'GET',
      '/admin/api/v1/me',
    );
    expect(me.data.stepUpUntil.money).toBe(ok.data.until);
    expect(me.data.stepUpUntil.operators).toBeNull();
    // Stale after five minutes.
    t.clock.advance(STEP_UP_MS);
    expect(await adjust(op.token, m.memberId)).toBe(ErrorCode.OperatorStepUpRequired);
  });

  it('an operator without a factor has nothing to step up with (6063)', async () => {
    const token = await adminToken(t, 'finance');
    expect((await stepUp(token, { class: 'money', code: '123456' })).status_code).toBe(
      ErrorCode.AdminTotpNotEnrolled,
    );
  });

  it('GET /me answers the role, its permissions and the factor', async () => {
    const token = await adminToken(t, 'moderator');
    const me = await adminCall(t, token, 'GET', '/admin/api/v1/me');
    expect(me).toMatchObject({
      status_code: ErrorCode.Success,
      data: { roleName: '客服/风控', totpEnabled: false },
    });
    expect((me.data as { permissions: string[] }).permissions.sort()).toEqual([
      'chat.moderate',
      'content.write',
      'member.read',
    ]);
  });

  it('adminTotpRequired is read on every request: a live session without a factor may only enrol', async () => {
    const token = await adminToken(t, 'finance');
    expect((await adminCall(t, token, 'GET', '/admin/api/v1/deposits')).status_code).toBe(
      ErrorCode.Success,
    );
    await t.services.settings.update({ adminTotpRequired: true });
    try {
      expect((await adminCall(t, token, 'GET', '/admin/api/v1/deposits')).status_code).toBe(
        ErrorCode.AdminTotpEnrolRequired,
      );
      expect((await adminCall(t, token, 'GET', '/admin/api/v1/me')).status_code).toBe(
        ErrorCode.Success,
      );
    } finally {
      await t.services.settings.update({ adminTotpRequired: false });
    }
  });
});
