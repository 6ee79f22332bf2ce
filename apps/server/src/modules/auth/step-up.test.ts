import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeSent, LoginChallenge, LoginResult } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  bindPhone,
  expectCode,
  lastSmsCode,
  registerMember,
  solvedCaptcha,
  type Member,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

let phoneSeq = 13800000000;
async function memberWithPhone(): Promise<Member & { phone: string }> {
  const m = await registerMember(t);
  phoneSeq += 1;
  const phone = String(phoneSeq);
  await bindPhone(t, m, phone);
  return { ...m, phone };
}

describe('login risk with a bound phone: a step-up, never a silent pass', () => {
  it('6026 from a new device on a known network', async () => {
    const m = await memberWithPhone();
    const env = await t
      .client()
      .call<LoginChallenge>('login', { body: { userName: m.userName, password: m.password } });
    expect(env.status_code).toBe(ErrorCode.RiskUnusualDevice);
    expect(env.data.reason).toBe('device');
    expect(env.data.phoneMasked).toBe(`13${'*'.repeat(7)}${m.phone.slice(-2)}`);
  });
  it('6025 from a known device on a new network', async () => {
    const m = await memberWithPhone();
    const env = await m.client.call('login', {
      ip: '203.0.113.80',
      body: { userName: m.userName, password: m.password },
    });
    expect(env.status_code).toBe(ErrorCode.RiskUnusualIp);
  });
  it('6027 from a new device on a new network', async () => {
    const m = await memberWithPhone();
    const env = await t
      .client()
      .call('login', { ip: '203.0.113.81', body: { userName: m.userName, password: m.password } });
    expect(env.status_code).toBe(ErrorCode.RiskUnusualIpAndDevice);
  });
  it('6028 when the last login is over 90 days old', async () => {
    const m = await memberWithPhone();
    t.clock.advance(91 * 24 * 3600 * 1000);
    const env = await m.client.call('login', {
      body: { userName: m.userName, password: m.password },
    });
    expect(env.status_code).toBe(ErrorCode.RiskLongAbsence);
  });
  it('6029 after failed logins from elsewhere since the last success', async () => {
    const m = await memberWithPhone();
    for (const ip of ['198.18.0.1', '198.18.1.1', '198.18.2.1']) {
      await t
        .client()
        .call('login', { ip, body: { userName: m.userName, password: 'wrong-pass-1' } });
    }
    // Three failures also put the name behind a captcha.
    const env = await m.client.call('login', {
      body: {
        userName: m.userName,
        password: m.password,
        ...(await solvedCaptcha(t, m.client, 'login')),
      },
    });
    expect(env.status_code).toBe(ErrorCode.RiskGeneral);
  });
  it('a known device on a known network logs straight in', async () => {
    const m = await memberWithPhone();
    await expectCode(
      m.client.call('login', { body: { userName: m.userName, password: m.password } }),
      ErrorCode.Success,
    );
  });
});

describe('device authorization (6035–6039)', () => {
  async function challenge() {
    const m = await memberWithPhone();
    const device = t.client();
    const env = await device.call<LoginChallenge>('login', {
      body: { userName: m.userName, password: m.password, remember: true },
    });
    expect(env.status_code).toBe(ErrorCode.RiskUnusualDevice);
    return { m, device, challengeId: env.data.challengeId };
  }

  it('6035 before a code was sent; the right code opens a session and trusts the device', async () => {
    const { m, device, challengeId } = await challenge();
    await expectCode(
      device.call('deviceVerify', { body: { challengeId, code: '000000' } }),
      ErrorCode.DeviceAuthRequired,
    );
    await device.data<CodeSent>('deviceSendCode', { body: { challengeId } });
    const code = await lastSmsCode(t, `86${m.phone}`);
    const session = await device.data<LoginResult>('deviceVerify', { body: { challengeId, code } });
    expect((await device.call('memberJwt', { token: session.token })).status_code).toBe(
      ErrorCode.Success,
    );
    // The device is now trusted: the next login needs no step-up.
    await expectCode(
      device.call('login', { body: { userName: m.userName, password: m.password } }),
      ErrorCode.Success,
    );
    // The challenge was used up.
    expect((await device.call('deviceVerify', { body: { challengeId, code } })).status_code).toBe(
      ErrorCode.DeviceAuthExpired,
    );
  });
  it('6036 for a wrong code, 6037 locked after 5 tries', async () => {
    const { m, device, challengeId } = await challenge();
    await device.data('deviceSendCode', { body: { challengeId } });
    const code = await lastSmsCode(t, `86${m.phone}`);
    const wrong = code === '111111' ? '222222' : '111111';
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push(
        (await device.call('deviceVerify', { body: { challengeId, code: wrong } })).status_code,
      );
    expect(codes).toEqual([
      ErrorCode.DeviceAuthCodeWrong,
      ErrorCode.DeviceAuthCodeWrong,
      ErrorCode.DeviceAuthCodeWrong,
      ErrorCode.DeviceAuthCodeWrong,
      ErrorCode.DeviceAuthLocked,
    ]);
    expect((await device.call('deviceVerify', { body: { challengeId, code } })).status_code).toBe(
      ErrorCode.DeviceAuthLocked,
    );
  });
  it('6038 when the code is over 5 minutes old', async () => {
    const { m, device, challengeId } = await challenge();
    await device.data('deviceSendCode', { body: { challengeId } });
    const code = await lastSmsCode(t, `86${m.phone}`);
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await device.call('deviceVerify', { body: { challengeId, code } })).status_code).toBe(
      ErrorCode.DeviceAuthExpired,
    );
  });
  it('6039 for codes requested too often', async () => {
    const { device, challengeId } = await challenge();
    await device.data('deviceSendCode', { body: { challengeId } });
    const again = await device.call<{ resendAfter: number }>('deviceSendCode', {
      body: { challengeId },
    });
    expect(again.status_code).toBe(ErrorCode.DeviceAuthTooMany);
    expect(again.data.resendAfter).toBeGreaterThan(t.clock.now());
  });
  it('a challenge works only on the device that started it', async () => {
    const { challengeId } = await challenge();
    expect((await t.client().call('deviceSendCode', { body: { challengeId } })).status_code).toBe(
      ErrorCode.DeviceAuthExpired,
    );
  });
});

describe('a member without a bound phone', () => {
  it('is let in from a new device, and the login is flagged in the security centre', async () => {
    const m = await registerMember(t);
    const device = t.client();
    const session = await device.data<LoginResult>('login', {
      ip: '203.0.113.90',
      body: { userName: m.userName, password: m.password },
    });
    const overview = await device.data<{
      riskyLoginCount: number;
      recentLogins: { risky: boolean; riskReason: string | null }[];
    }>('securityOverview', {
      token: session.token,
      ip: '203.0.113.90',
    });
    expect(overview.riskyLoginCount).toBe(1);
    expect(overview.recentLogins[0]).toMatchObject({ risky: true, riskReason: 'ipAndDevice' });
  });
});

describe('password reset by SMS', () => {
  it('resets with the code, ends every session (10105), and answers the same for unknown names', async () => {
    const m = await memberWithPhone();
    const anon = t.client();
    const known = await anon.call('passwordResetCode', { body: { userName: m.userName } });
    const unknown = await anon.call('passwordResetCode', { body: { userName: 'nobody12345' } });
    expect(known.status_code).toBe(ErrorCode.Success);
    expect(unknown.status_code).toBe(ErrorCode.Success);
    expect(Object.keys(known.data as object)).toEqual(Object.keys(unknown.data as object));
    const code = await lastSmsCode(t, `86${m.phone}`);
    await expectCode(
      anon.call('passwordReset', {
        body: {
          userName: m.userName,
          code: code === '000000' ? '000001' : '000000',
          newPassword: 'Brand-New-Pass-1',
        },
      }),
      ErrorCode.SmsCodeWrong,
    );
    await expectCode(
      anon.call('passwordReset', {
        body: { userName: m.userName, code, newPassword: 'Brand-New-Pass-1' },
      }),
      ErrorCode.Success,
    );
    expect((await m.client.call('memberJwt', { token: m.token })).status_code).toBe(
      ErrorCode.PasswordChanged,
    );
    await expectCode(
      m.client.call('login', {
        body: { userName: m.userName, password: 'Brand-New-Pass-1' },
      }),
      ErrorCode.Success,
    );
    // The code was used up.
    await expectCode(
      anon.call('passwordReset', {
        body: { userName: m.userName, code, newPassword: 'Brand-New-Pass-2' },
      }),
      ErrorCode.SmsCodeExpired,
    );
  });
});
