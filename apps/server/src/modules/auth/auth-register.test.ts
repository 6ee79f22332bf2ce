// Registration: the member, its first session, the refusals before and after the name.
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Captcha } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  captchaAnswer,
  expectCode,
  GOOD_PASSWORD,
  registerMember,
  solvedCaptcha,
  uniqueName,
  memberInfo as info,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

describe('register', () => {
  it('creates a member and a session; member info reads it', async () => {
    const m = await registerMember(t);
    const env = await info(m);
    expect(env.status_code).toBe(ErrorCode.Success);
    expect(env.data).toMatchObject({
      userName: m.userName,
      vipLevel: 0,
      fundPasswordSet: false,
      realNameStatus: 'none',
    });
    expect(env.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  });
  it('refuses a taken name (any case), a weak password, no age confirmation, a bad invite code', async () => {
    const m = await registerMember(t);
    const c = t.client();
    const base = { password: GOOD_PASSWORD, ageConfirmed: true };
    await expectCode(
      c.call('register', {
        body: { ...base, userName: m.userName.toUpperCase(), ...(await solvedCaptcha(t, c)) },
      }),
      ErrorCode.UsernameTaken,
    );
    await expectCode(
      c.call('register', {
        body: {
          ...base,
          userName: uniqueName(),
          password: 'password123',
          ...(await solvedCaptcha(t, c)),
        },
      }),
      ErrorCode.WeakPassword,
    );
    await expectCode(
      c.call('register', {
        body: {
          ...base,
          userName: uniqueName(),
          ageConfirmed: false,
          ...(await solvedCaptcha(t, c)),
        },
      }),
      ErrorCode.AgeNotConfirmed,
    );
    await expectCode(
      c.call('register', {
        body: {
          ...base,
          userName: uniqueName(),
          inviteCode: 'NOPE1234',
          ...(await solvedCaptcha(t, c)),
        },
      }),
      ErrorCode.InviteCodeInvalid,
    );
    expect((await c.call('register', { body: { ...base, userName: '1abc' } })).status_code).toBe(
      ErrorCode.Validation,
    );
    await expectCode(
      c.call('register', { body: { ...base, userName: uniqueName(), password: 'short' } }),
      ErrorCode.Validation,
    );
  });
  it('links a valid invite code to the inviter', async () => {
    const inviter = await registerMember(t);
    const code = (await info(inviter)).data.inviteCode;
    const invited = await registerMember(t, t.client(), { inviteCode: code });
    const r = await t.db.query<{ inviter_id: number }>(
      'SELECT inviter_id FROM members WHERE id = $1',
      [invited.memberId],
    );
    expect(r.rows[0]?.inviter_id).toBe(inviter.memberId);
  });
  it('needs a captcha when the site says so; a captcha is single use', async () => {
    const c = t.client();
    const body = { userName: uniqueName(), password: GOOD_PASSWORD, ageConfirmed: true };
    await expectCode(c.call('register', { body }), ErrorCode.VerificationRequired);
    const cap = await solvedCaptcha(t, c);
    await expectCode(
      c.call('register', { body: { ...body, ...cap, captchaCode: 'ZZZZ' } }),
      ErrorCode.CaptchaWrong,
    );
    // The wrong guess used it up.
    expect((await c.call('register', { body: { ...body, ...cap } })).status_code).toBe(
      ErrorCode.CaptchaExpired,
    );
    const cap2 = await solvedCaptcha(t, c);
    expect((await c.call('register', { body: { ...body, ...cap2 } })).status_code).toBe(
      ErrorCode.Success,
    );
    await expectCode(
      c.call('register', { body: { ...body, userName: uniqueName(), ...cap2 } }),
      ErrorCode.CaptchaExpired,
    );
  });
  it('captcha images are PNG that do not spell the answer; expired after 2 minutes', async () => {
    const c = t.client();
    const cap = await c.data<Captcha>('captcha', { body: { purpose: 'register' } });
    const png = Buffer.from(cap.image.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const answer = (await captchaAnswer(t, cap.captchaId))!;
    t.clock.advance(121_000);
    const env = await c.call('register', {
      body: {
        userName: uniqueName(),
        password: GOOD_PASSWORD,
        ageConfirmed: true,
        captchaId: cap.captchaId,
        captchaCode: answer,
      },
    });
    expect(env.status_code).toBe(ErrorCode.CaptchaExpired);
  });
  it('honours stopRegister and stopLogin', async () => {
    const m = await registerMember(t);
    await t.services.settings.update({ stopRegister: true, stopLogin: true });
    try {
      const c = t.client();
      await expectCode(
        c.call('register', {
          body: {
            userName: uniqueName(),
            password: GOOD_PASSWORD,
            ageConfirmed: true,
            ...(await solvedCaptcha(t, c)),
          },
        }),
        ErrorCode.RegistrationClosed,
      );
      await expectCode(
        m.client.call('login', { body: { userName: m.userName, password: m.password } }),
        ErrorCode.LoginClosed,
      );
    } finally {
      await t.services.settings.update({ stopRegister: false, stopLogin: false });
    }
  });
});
