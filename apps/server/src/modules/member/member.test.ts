import { ErrorCode } from '@nebula/protocol';
/*
 * Over 300 lines on purpose: one API suite for the member centre (info, profile, phone, real name,
 * fund password, security centre) on one app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo, RealNameInfo, SecurityOverview } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  bindPhone,
  expectCode,
  lastSmsCode,
  registerMember,
  type Member,
  userHash,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

const info = async (m: Member) =>
  m.client.data<MemberInfo>('memberInfo', {
    token: m.token,
    body: { withLockMoney: 1 },
    headers: { 'x-user-hash': userHash(m.userName) },
  });

let phoneSeq = 13900000000;
const nextPhone = () => String((phoneSeq += 1));

describe('profile', () => {
  it('updates nickname, avatar and email; refuses a foreign avatar and unknown fields', async () => {
    const m = await registerMember(t);
    const updated = await m.client.data<MemberInfo>('profileUpdate', {
      token: m.token,
      body: { nickname: '小星', avatar: '/static/avatars/avatar-3.svg', email: 'star@example.com' },
    });
    expect(updated).toMatchObject({
      nickname: '小星',
      avatar: '/static/avatars/avatar-3.svg',
      email: 'star@example.com',
    });
    await expectCode(
      m.client.call('profileUpdate', {
        token: m.token,
        body: { avatar: 'https://evil.example/x.png' },
      }),
      ErrorCode.Validation,
    );
    await expectCode(
      m.client.call('profileUpdate', { token: m.token, body: { vipLevel: 9 } }),
      ErrorCode.Validation,
    );
    expect((await info(m)).vipLevel).toBe(0);
  });
});

describe('phone', () => {
  it('binds with the code sent to the new number, shows it masked', async () => {
    const m = await registerMember(t);
    const phone = nextPhone();
    await bindPhone(t, m, phone);
    const i = await info(m);
    expect(i.phoneMasked).toBe(`13${'*'.repeat(7)}${phone.slice(-2)}`);
    expect(i.countryCode).toBe('86');
  });
  it('a code sent for one number does not bind another', async () => {
    const m = await registerMember(t);
    const a = nextPhone();
    const b = nextPhone();
    await m.client.data('smsSend', {
      token: m.token,
      body: { purpose: 'bindPhone', countryCode: '86', phone: a },
    });
    const code = await lastSmsCode(t, `86${a}`);
    await expectCode(
      m.client.call('phoneBind', {
        token: m.token,
        body: { countryCode: '86', phone: b, code },
      }),
      ErrorCode.SmsCodeWrong,
    );
  });
  it('changing a bound phone needs a step-up (6049), by password or by SMS to the old phone', async () => {
    const m = await registerMember(t);
    const old = nextPhone();
    await bindPhone(t, m, old);
    const fresh = nextPhone();
    await m.client.data('smsSend', {
      token: m.token,
      body: { purpose: 'bindPhone', countryCode: '86', phone: fresh },
    });
    const code = await lastSmsCode(t, `86${fresh}`);
    await expectCode(
      m.client.call('phoneBind', {
        token: m.token,
        body: { countryCode: '86', phone: fresh, code },
      }),
      ErrorCode.StepUpRequired,
    );
    await expectCode(
      m.client.call('phoneBind', {
        token: m.token,
        body: { countryCode: '86', phone: fresh, code, stepUp: { password: 'wrong-pass-99' } },
      }),
      ErrorCode.NameError,
    );
    await m.client.data('smsSend', { token: m.token, body: { purpose: 'stepUp' } });
    const stepCode = await lastSmsCode(t, `86${old}`);
    const env = await m.client.call('phoneBind', {
      token: m.token,
      body: { countryCode: '86', phone: fresh, code, stepUp: { smsCode: stepCode } },
    });
    expect(env.status_code).toBe(ErrorCode.Success);
  });
  it('a number bound to another member is refused (6050)', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const phone = nextPhone();
    await bindPhone(t, a, phone);
    await b.client.data('smsSend', {
      token: b.token,
      body: { purpose: 'bindPhone', countryCode: '86', phone },
    });
    const code = await lastSmsCode(t, `86${phone}`);
    await expectCode(
      b.client.call('phoneBind', {
        token: b.token,
        body: { countryCode: '86', phone, code },
      }),
      ErrorCode.PhoneInUse,
    );
  });
  it('SMS codes are rate limited (6052) and a step-up code needs a bound phone (6053)', async () => {
    const m = await registerMember(t);
    await expectCode(
      m.client.call('smsSend', { token: m.token, body: { purpose: 'stepUp' } }),
      ErrorCode.NoPhoneBound,
    );
    const phone = nextPhone();
    await m.client.data('smsSend', {
      token: m.token,
      body: { purpose: 'bindPhone', countryCode: '86', phone },
    });
    await expectCode(
      m.client.call('smsSend', {
        token: m.token,
        body: { purpose: 'bindPhone', countryCode: '86', phone },
      }),
      ErrorCode.SmsTooFrequent,
    );
  });
  it('no SMS code reaches the log in production, even at trace level', async () => {
    const lines: string[] = [];
    const secret = 'p'.repeat(40);
    const prod = await createTestApp({
      seedDemo: false,
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'trace',
        SIGN_KEY: secret,
        SESSION_SECRET: secret,
        JWT_SECRET: secret,
        PAYMENT_CALLBACK_SECRET: secret,
        AUDIT_CHECKPOINT_KEY: secret,
        WEBAUTHN_RP_ID: 'admin.example.com',
        WEBAUTHN_ORIGINS: 'https://admin.example.com',
      },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      expect(prod.config.production).toBe(true);
      const m = await registerMember(prod);
      const phone = nextPhone();
      // Every way a code is made or travels: sent, typed back in a body, put in a URL.
      await bindPhone(prod, m, phone);
      await m.client.data('smsSend', { token: m.token, body: { purpose: 'stepUp' } });
      await prod.client().call('passwordResetCode', { body: { userName: m.userName } });
      const codes = (await prod.db.query<{ text: string }>('SELECT text FROM sms_outbox')).rows.map(
        (r) => /(\d{6})/.exec(r.text)?.[1] ?? '',
      );
      expect(codes).toHaveLength(3);
      await m.client.call('phoneBind', {
        token: m.token,
        body: { countryCode: '86', phone: nextPhone(), code: codes[1]! },
      });
      await prod.app.inject({
        method: 'GET',
        url: `/site/api/v1/user/security/logins?page=1&code=${codes[1]!}`,
      });
      const log = lines.join('');
      // The capture is real: the requests above were logged.
      expect(log).toContain('/site/api/v1/user/sms/send');
      for (const code of codes) {
        expect(code).toMatch(/^\d{6}$/);
        // As a number of its own (a timestamp may hold the same six digits by chance).
        expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      }
      expect(log).toContain('code=[redacted]');
    } finally {
      await prod.close();
    }
  });
});

describe('real name', () => {
  it('submit → pending → operator approves; shown masked; cannot resubmit; rejected can', async () => {
    const m = await registerMember(t);
    const submitted = await m.client.data<RealNameInfo>('realNameSubmit', {
      token: m.token,
      body: { realName: '张三丰' },
    });
    expect(submitted).toMatchObject({ status: 'pending', realNameMasked: '张**' });
    await expectCode(
      m.client.call('realNameSubmit', { token: m.token, body: { realName: '李四' } }),
      ErrorCode.RealNameLocked,
    );
    const admin = await adminToken(t);
    const pending = await adminCall<{ list: { memberId: number; realName: string }[] }>(
      t,
      admin,
      'GET',
      '/admin/api/v1/realName/pending',
    );
    expect(
      pending.data.list.some((p) => p.memberId === m.memberId && p.realName === '张三丰'),
    ).toBe(true);
    await adminCall(t, admin, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
      approve: false,
      reason: '姓名与证件不符',
    });
    const rejected = await m.client.data<RealNameInfo>('realNameStatus', { token: m.token });
    expect(rejected).toMatchObject({ status: 'rejected', reason: '姓名与证件不符' });
    await m.client.data('realNameSubmit', { token: m.token, body: { realName: '张三' } });
    await expectCode(
      adminCall(t, admin, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
        approve: true,
      }),
      ErrorCode.Success,
    );
    expect((await info(m)).realNameStatus).toBe('approved');
    // Reviewed exactly once.
    await expectCode(
      adminCall(t, admin, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
        approve: false,
      }),
      ErrorCode.Validation,
    );
  });
  it('refuses names that are not names', async () => {
    const m = await registerMember(t);
    await expectCode(
      m.client.call('realNameSubmit', { token: m.token, body: { realName: '<script>' } }),
      ErrorCode.Validation,
    );
  });
});

describe('fund password', () => {
  it('needs a step-up; six digits; member info says it is set', async () => {
    const m = await registerMember(t);
    await expectCode(
      m.client.call('fundPasswordSet', {
        token: m.token,
        body: { fundPassword: '123456', stepUp: {} },
      }),
      ErrorCode.StepUpRequired,
    );
    await expectCode(
      m.client.call('fundPasswordSet', {
        token: m.token,
        body: { fundPassword: '12345a', stepUp: { password: m.password } },
      }),
      ErrorCode.Validation,
    );
    await expectCode(
      m.client.call('fundPasswordSet', {
        token: m.token,
        body: { fundPassword: '123456', stepUp: { password: m.password } },
      }),
      ErrorCode.Success,
    );
    expect((await info(m)).fundPasswordSet).toBe(true);
    const r = await t.db.query<{ fund_password_hash: string }>(
      'SELECT fund_password_hash FROM members WHERE id = $1',
      [m.memberId],
    );
    expect(r.rows[0]?.fund_password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('security centre', () => {
  it('lists trusted devices and logins; removing a device makes its next login risky', async () => {
    const m = await registerMember(t);
    const overview = await m.client.data<SecurityOverview>('securityOverview', { token: m.token });
    expect(overview.devices).toHaveLength(1);
    expect(overview.devices[0]).toMatchObject({ deviceId: m.client.deviceId, current: true });
    expect(overview.recentLogins[0]).toMatchObject({ success: true, risky: false });
    await expectCode(
      m.client.call('deviceRemove', {
        token: m.token,
        body: { deviceId: 'not-a-device-of-mine' },
      }),
      ErrorCode.DeviceNotFound,
    );
    await expectCode(
      m.client.call('deviceRemove', {
        token: m.token,
        body: { deviceId: m.client.deviceId },
      }),
      ErrorCode.Success,
    );
    const phone = nextPhone();
    await bindPhone(t, m, phone);
    await expectCode(
      m.client.call('login', { body: { userName: m.userName, password: m.password } }),
      ErrorCode.RiskUnusualDevice,
    );
  });
  it('login history pages newest first', async () => {
    const m = await registerMember(t);
    await m.client.call('login', { body: { userName: m.userName, password: 'wrong-pass-1' } });
    await m.client.data('login', { body: { userName: m.userName, password: m.password } });
    const token = (
      await m.client.data<{ token: string }>('login', {
        body: { userName: m.userName, password: m.password },
      })
    ).token;
    const page = await m.client.data<{ list: { success: boolean }[]; total: number }>(
      'loginHistory',
      { token, query: { page: 1, pageSize: 2 } },
    );
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
  });
  it('webTerminal takes any object up to 8 KB and no more', async () => {
    const c = t.client();
    await expectCode(
      c.call('webTerminal', {
        body: { fingerprint: 'abc', screen: '390x844', nested: { a: [1, 2] } },
      }),
      ErrorCode.Success,
    );
    const big = await c.raw('webTerminal', { body: { pad: 'x'.repeat(9000) } });
    expect(big.statusCode).toBe(413);
    await expectCode(c.call('webTerminal', { body: [1, 2] }), ErrorCode.Validation);
  });
  it('webTerminal is stored with device, member, address and user agent; the security centre shows the latest', async () => {
    const m = await registerMember(t);
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1';
    const report = (body: object, token?: string) =>
      m.client.call('webTerminal', {
        body,
        ip: '198.51.100.7',
        headers: { 'user-agent': ua },
        ...(token ? { token } : {}),
      });
    // Reported before login (anonymous), then again while logged in.
    await expectCode(
      report({
        deviceId: m.client.deviceId,
        fingerprint: '0badf00d',
        screen: '375x812',
        userAgent: ua,
      }),
      ErrorCode.Success,
    );
    t.clock.advance(1000);
    const before = t.clock.now();
    await expectCode(
      report(
        {
          deviceId: m.client.deviceId,
          fingerprint: '1a2b3c4d',
          screen: '390x844',
          userAgent: ua,
        },
        m.token,
      ),
      ErrorCode.Success,
    );
    const after = t.clock.now();
    const rows = await t.db.query<{
      device_id: string;
      member_id: number | null;
      ip: string;
      user_agent: string;
      data: unknown;
    }>(
      'SELECT device_id, member_id, ip, user_agent, data FROM web_terminals WHERE device_id = $1 ORDER BY id',
      [m.client.deviceId],
    );
    expect(rows.rows).toEqual([
      {
        device_id: m.client.deviceId,
        member_id: null,
        ip: '198.51.100.7',
        user_agent: ua,
        data: {
          deviceId: m.client.deviceId,
          fingerprint: '0badf00d',
          screen: '375x812',
          userAgent: ua,
        },
      },
      {
        device_id: m.client.deviceId,
        member_id: m.memberId,
        ip: '198.51.100.7',
        user_agent: ua,
        data: {
          deviceId: m.client.deviceId,
          fingerprint: '1a2b3c4d',
          screen: '390x844',
          userAgent: ua,
        },
      },
    ]);
    // Another member's session on the same device id says nothing in this member's centre.
    const other = await registerMember(t, t.client(m.client.deviceId));
    t.clock.advance(1000);
    await other.client.call('webTerminal', {
      token: other.token,
      body: { fingerprint: 'ffffffff', screen: '1x1' },
    });
    const overview = await m.client.data<SecurityOverview>('securityOverview', {
      token: (
        await m.client.data<{ token: string }>('login', {
          body: { userName: m.userName, password: m.password },
        })
      ).token,
    });
    expect(overview.devices[0]).toMatchObject({
      deviceId: m.client.deviceId,
      terminal: { fingerprint: '1a2b3c4d', screen: '390x844', userAgent: ua },
    });
    expect(overview.devices[0]?.terminal?.reportedAt).toBeGreaterThanOrEqual(before);
    expect(overview.devices[0]?.terminal?.reportedAt).toBeLessThanOrEqual(after);
  });
  it('a device that never reported has no terminal; odd report fields are not shown as text', async () => {
    const m = await registerMember(t);
    expect(
      (await m.client.data<SecurityOverview>('securityOverview', { token: m.token })).devices[0]
        ?.terminal,
    ).toBeNull();
    await m.client.call('webTerminal', {
      token: m.token,
      body: { fingerprint: { not: 'text' }, screen: 390 },
    });
    const terminal = (await m.client.data<SecurityOverview>('securityOverview', { token: m.token }))
      .devices[0]?.terminal;
    expect(terminal).toMatchObject({ fingerprint: null, screen: null });
  });
});
