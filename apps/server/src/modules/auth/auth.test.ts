import { ErrorCode } from '@nebula/protocol';
/*
 * Over 300 lines on purpose: one API suite for registration, login, lockout and captcha, which
 * share the throttle state and fixtures of one app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Captcha,
  HandoverToken,
  LoginChallenge,
  LoginResult,
  MemberInfo,
  MemberJwt,
} from '@nebula/protocol';
import { verifyChatJwt } from '../../lib/chat-jwt';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  bindPhone,
  captchaAnswer,
  expectCode,
  GOOD_PASSWORD,
  lastSmsCode,
  registerMember,
  solvedCaptcha,
  type Member,
  uniqueName,
  userHash,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const info = (m: Pick<Member, 'client' | 'token' | 'userName'>) =>
  m.client.call<MemberInfo>('memberInfo', {
    token: m.token,
    body: { withLockMoney: 1 },
    headers: { 'x-user-hash': userHash(m.userName) },
  });

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

describe('login and one live session', () => {
  it('6002 is identical for an unknown name and a wrong password', async () => {
    const m = await registerMember(t);
    const c = t.client();
    const unknown = await c.call('login', {
      body: { userName: uniqueName('zz'), password: 'whatever-123' },
    });
    const wrong = await c.call('login', {
      body: { userName: m.userName, password: 'whatever-123' },
    });
    expect(unknown).toEqual(wrong);
    expect(unknown.status_code).toBe(ErrorCode.NameError);
  });
  it('a second login ends the first session: 6001 on its next call', async () => {
    const m = await registerMember(t);
    const second = await m.client.data<LoginResult>('login', {
      body: { userName: m.userName, password: m.password },
    });
    await expectCode(info(m), ErrorCode.LoggedInElsewhere);
    await expectCode(info({ ...m, token: second.token }), ErrorCode.Success);
  });
  it('the same token from another device id is 10102', async () => {
    const m = await registerMember(t);
    const other = t.client();
    const env = await other.call('memberInfo', {
      token: m.token,
      body: {},
      headers: { 'x-user-hash': userHash(m.userName) },
    });
    expect(env.status_code).toBe(ErrorCode.SessionInvalid);
  });
  it('X-User-Hash must match the member (6047)', async () => {
    const m = await registerMember(t);
    await expectCode(
      m.client.call('memberInfo', {
        token: m.token,
        body: {},
        headers: { 'x-user-hash': userHash('someoneelse') },
      }),
      ErrorCode.UserHashMismatch,
    );
    expect((await m.client.call('memberInfo', { token: m.token, body: {} })).status_code).toBe(
      ErrorCode.UserHashMismatch,
    );
  });
  it('no token, unknown token and logout give 10004', async () => {
    const m = await registerMember(t);
    await expectCode(m.client.call('memberJwt'), ErrorCode.AuthRequired);
    expect((await m.client.call('memberJwt', { token: 'x'.repeat(43) })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
    expect((await m.client.call('logout', { token: m.token, body: {} })).status_code).toBe(
      ErrorCode.Success,
    );
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
  });
  it('expires after 1 day without remember (fake clock)', async () => {
    const m = await registerMember(t);
    t.clock.advance(23 * 3600 * 1000);
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.Success,
    );
    t.clock.advance(2 * 3600 * 1000);
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
  });
  it('with remember: 7 days idle, 30 days absolute', async () => {
    const m = await registerMember(t);
    const r = await m.client.data<LoginResult>('login', {
      body: { userName: m.userName, password: m.password, remember: true },
    });
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(6 * 24 * 3600 * 1000);
      expect((await m.client.call('memberJwt', { token: r.token })).status_code).toBe(
        ErrorCode.Success,
      );
    }
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect((await m.client.call('memberJwt', { token: r.token })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
    const r2 = await m.client.data<LoginResult>('login', {
      body: { userName: m.userName, password: m.password, remember: true },
    });
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(6 * 24 * 3600 * 1000);
      expect((await m.client.call('memberJwt', { token: r2.token })).status_code).toBe(
        ErrorCode.Success,
      );
    }
    t.clock.advance(5 * 24 * 3600 * 1000);
    expect((await m.client.call('memberJwt', { token: r2.token })).status_code).toBe(
      ErrorCode.Success,
    );
    t.clock.advance(1.5 * 24 * 3600 * 1000);
    expect((await m.client.call('memberJwt', { token: r2.token })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
  });
});

describe('lockout and captcha after failures', () => {
  it('locks real and unknown names alike after 5 failures from one network, with lockedUntil', async () => {
    const m = await registerMember(t);
    for (const name of [m.userName, uniqueName('ghost')]) {
      const c = t.client();
      const ip = '198.51.100.10';
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const cap = i >= 3 ? await solvedCaptcha(t, c, 'login') : {};
        const env = await c.call<{ lockedUntil?: number; captchaRequired?: boolean }>('login', {
          ip,
          body: { userName: name, password: 'bad-password-1', ...cap },
        });
        codes.push(env.status_code);
        if (env.status_code === ErrorCode.AccountLocked)
          expect(env.data.lockedUntil).toBeGreaterThan(t.clock.now());
      }
      expect(codes).toEqual([
        ErrorCode.NameError,
        ErrorCode.NameError,
        ErrorCode.NameError,
        ErrorCode.NameError,
        ErrorCode.AccountLocked,
        ErrorCode.AccountLocked,
      ]);
      // Captcha is required after 3 failures, for real and unknown names alike.
      await expectCode(
        c.call('login', {
          ip: '203.0.113.50',
          body: { userName: name, password: 'bad-password-1' },
        }),
        ErrorCode.VerificationRequired,
      );
    }
  });
  it('a lock on one network never keeps the member out from theirs, and it ends', async () => {
    const m = await registerMember(t);
    const attacker = t.client();
    for (let i = 0; i < 5; i += 1) {
      const cap = i >= 3 ? await solvedCaptcha(t, attacker, 'login') : {};
      await attacker.call('login', {
        ip: '192.0.2.66',
        body: { userName: m.userName, password: 'nope-nope-1', ...cap },
      });
    }
    await expectCode(
      attacker.call('login', {
        ip: '192.0.2.66',
        body: { userName: m.userName, password: m.password },
      }),
      ErrorCode.AccountLocked,
    );
    // The member, on their own network and device, gets in (after a captcha).
    const own = await m.client.call('login', {
      body: {
        userName: m.userName,
        password: m.password,
        ...(await solvedCaptcha(t, m.client, 'login')),
      },
    });
    expect(own.status_code).toBe(ErrorCode.Success);
    t.clock.advance(16 * 60 * 1000);
    const later = await attacker.call('login', {
      ip: '192.0.2.66',
      body: { userName: m.userName, password: m.password },
    });
    expect(later.status_code).not.toBe(ErrorCode.AccountLocked);
  });
});

describe('password change and reset', () => {
  it('a password change ends every session, this one included: 10105', async () => {
    const m = await registerMember(t);
    const env = await m.client.call('passwordChange', {
      token: m.token,
      body: { oldPassword: m.password, newPassword: 'Another-Strong-9' },
    });
    expect(env.status_code).toBe(ErrorCode.Success);
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.PasswordChanged,
    );
    await expectCode(
      m.client.call('login', { body: { userName: m.userName, password: m.password } }),
      ErrorCode.NameError,
    );
    await expectCode(
      m.client.call('login', {
        body: { userName: m.userName, password: 'Another-Strong-9' },
      }),
      ErrorCode.Success,
    );
  });
  it('refuses a wrong old password and the same password', async () => {
    const m = await registerMember(t);
    await expectCode(
      m.client.call('passwordChange', {
        token: m.token,
        body: { oldPassword: 'wrong-one-1', newPassword: 'Another-Strong-9' },
      }),
      ErrorCode.NameError,
    );
    await expectCode(
      m.client.call('passwordChange', {
        token: m.token,
        body: { oldPassword: m.password, newPassword: m.password },
      }),
      ErrorCode.SamePassword,
    );
  });
});

describe('operator block', () => {
  it('a blocked member gets 10104 on every call and at login; unblocking lets them in', async () => {
    const m = await registerMember(t);
    const admin = await adminToken(t);
    await expectCode(
      adminCall(t, admin, 'POST', `/admin/api/v1/members/${m.memberId}/block`, {
        blocked: true,
        reason: '风控',
      }),
      ErrorCode.Success,
    );
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.MemberBlocked,
    );
    await expectCode(
      m.client.call('login', { body: { userName: m.userName, password: m.password } }),
      ErrorCode.MemberBlocked,
    );
    await adminCall(t, admin, 'POST', `/admin/api/v1/members/${m.memberId}/block`, {
      blocked: false,
      reason: '解除',
    });
    await expectCode(
      m.client.call('login', { body: { userName: m.userName, password: m.password } }),
      ErrorCode.Success,
    );
  });
  it('a blocked device gets 10102', async () => {
    const m = await registerMember(t);
    const admin = await adminToken(t);
    await adminCall(t, admin, 'POST', '/admin/api/v1/devices/block', {
      deviceId: m.client.deviceId,
      blocked: true,
      reason: '设备风险',
    });
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.SessionInvalid,
    );
  });
  it('a blocked device cannot get in by any door (10102), uses nothing up and ends no live session elsewhere', async () => {
    const m = await registerMember(t);
    const phone = '13700000001';
    await bindPhone(t, m, phone);
    const admin = await adminToken(t);
    const block = (deviceId: string, blocked: boolean) =>
      adminCall(t, admin, 'POST', '/admin/api/v1/devices/block', {
        deviceId,
        blocked,
        reason: '设备风险',
      });
    // Before the block: a device-authorization challenge with its code, and a URL handover token.
    const device = t.client();
    const challenge = await device.call<LoginChallenge>('login', {
      body: { userName: m.userName, password: m.password },
    });
    expect(challenge.status_code).toBe(ErrorCode.RiskUnusualDevice);
    const challengeId = challenge.data.challengeId;
    await device.data('deviceSendCode', { body: { challengeId } });
    const code = await lastSmsCode(t, `86${phone}`);
    const handover = await m.client.data<HandoverToken>('tokenHandover', {
      token: m.token,
      body: {},
    });
    await expectCode(block(device.deviceId, true), ErrorCode.Success);

    await expectCode(
      device.call('login', { body: { userName: m.userName, password: m.password } }),
      ErrorCode.SessionInvalid,
    );
    const newName = uniqueName();
    const reg = await device.call('register', {
      body: {
        userName: newName,
        password: GOOD_PASSWORD,
        ageConfirmed: true,
        ...(await solvedCaptcha(t, device)),
      },
    });
    expect(reg.status_code).toBe(ErrorCode.SessionInvalid);
    expect(
      (
        await t.db.query('SELECT 1 FROM members WHERE user_name_lower = $1', [
          newName.toLowerCase(),
        ])
      ).rowCount,
    ).toBe(0);
    await expectCode(
      device.call('tokenExchange', { body: { token: handover.token } }),
      ErrorCode.SessionInvalid,
    );
    expect((await device.call('deviceSendCode', { body: { challengeId } })).status_code).toBe(
      ErrorCode.SessionInvalid,
    );
    expect((await device.call('deviceVerify', { body: { challengeId, code } })).status_code).toBe(
      ErrorCode.SessionInvalid,
    );
    // The member's live session on their own device was not replaced.
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.Success,
    );
    const live = await t.db.query(
      'SELECT 1 FROM sessions WHERE member_id = $1 AND ended_at IS NULL',
      [m.memberId],
    );
    expect(live.rowCount).toBe(1);

    // Nothing was used up by the refused attempts: once unblocked, the code and the token still work.
    await block(device.deviceId, false);
    expect((await device.call('deviceVerify', { body: { challengeId, code } })).status_code).toBe(
      ErrorCode.Success,
    );
    await expectCode(
      t.client().call('tokenExchange', { body: { token: handover.token } }),
      ErrorCode.Success,
    );
  });
  it('no session opens on a blocked device even past the door checks (same transaction as the session)', async () => {
    const m = await registerMember(t);
    const admin = await adminToken(t);
    const device = t.client();
    await adminCall(t, admin, 'POST', '/admin/api/v1/devices/block', {
      deviceId: device.deviceId,
      blocked: true,
      reason: '设备风险',
    });
    const open = t.db.tx((q) =>
      t.services.sessions.open(q, {
        memberId: m.memberId,
        deviceId: device.deviceId,
        ip: '127.0.0.1',
        userAgent: 'test',
        remember: false,
      }),
    );
    await expect(open).rejects.toMatchObject({ code: ErrorCode.SessionInvalid });
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.Success,
    );
  });
});

describe('chat JWT and token handover', () => {
  it('issues an HS256 chat JWT bound to the session', async () => {
    const m = await registerMember(t);
    const jwt = await m.client.data<MemberJwt>('memberJwt', { token: m.token });
    const claims = await verifyChatJwt(t.secrets.JWT_SECRET, jwt.token, t.clock.now());
    expect(claims).toMatchObject({ memberId: m.memberId, vipLevel: 0 });
    expect(await t.services.sessions.isLive(claims!.sessionId)).toBe(true);
    await m.client.call('logout', { token: m.token, body: {} });
    expect(await t.services.sessions.isLive(claims!.sessionId)).toBe(false);
  });
  it('a URL token is exchanged once, for a session bound to the new device', async () => {
    const m = await registerMember(t);
    const handover = await m.client.data<HandoverToken>('tokenHandover', {
      token: m.token,
      body: {},
    });
    const browser = t.client();
    const session = await browser.data<LoginResult>('tokenExchange', {
      body: { token: handover.token },
    });
    expect((await browser.call('memberJwt', { token: session.token })).status_code).toBe(
      ErrorCode.Success,
    );
    await expectCode(
      t.client().call('tokenExchange', { body: { token: handover.token } }),
      ErrorCode.TokenExchangeInvalid,
    );
    // One live session per member: the original one was replaced.
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.LoggedInElsewhere,
    );
  });
  it('an expired URL token is refused', async () => {
    const m = await registerMember(t);
    const handover = await m.client.data<HandoverToken>('tokenHandover', {
      token: m.token,
      body: {},
    });
    t.clock.advance(5 * 60 * 1000 + 1);
    await expectCode(
      t.client().call('tokenExchange', { body: { token: handover.token } }),
      ErrorCode.TokenExchangeInvalid,
    );
  });
  it('log out everywhere ends the session and voids handover tokens', async () => {
    const m = await registerMember(t);
    const handover = await m.client.data<HandoverToken>('tokenHandover', {
      token: m.token,
      body: {},
    });
    expect((await m.client.call('logoutAll', { token: m.token, body: {} })).status_code).toBe(
      ErrorCode.Success,
    );
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
    await expectCode(
      t.client().call('tokenExchange', { body: { token: handover.token } }),
      ErrorCode.TokenExchangeInvalid,
    );
  });
});
