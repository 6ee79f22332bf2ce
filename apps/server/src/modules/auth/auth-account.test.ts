// Passwords, operator blocks, the chat JWT and the token handover.
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandoverToken, LoginChallenge, LoginResult, MemberJwt } from '@nebula/protocol';
import { verifyChatJwt } from '../../lib/chat-jwt';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  bindPhone,
  expectCode,
  GOOD_PASSWORD,
  lastSmsCode,
  registerMember,
  solvedCaptcha,
  uniqueName,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

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
