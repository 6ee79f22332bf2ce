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
  lastSmsCode,
  registerMember,
  userHash,
  type Member,
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
    expect(
      (
        await m.client.call('profileUpdate', {
          token: m.token,
          body: { avatar: 'https://evil.example/x.png' },
        })
      ).status_code,
    ).toBe(10003);
    expect(
      (await m.client.call('profileUpdate', { token: m.token, body: { vipLevel: 9 } })).status_code,
    ).toBe(10003);
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
    expect(
      (
        await m.client.call('phoneBind', {
          token: m.token,
          body: { countryCode: '86', phone: b, code },
        })
      ).status_code,
    ).toBe(6023);
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
    expect(
      (
        await m.client.call('phoneBind', {
          token: m.token,
          body: { countryCode: '86', phone: fresh, code },
        })
      ).status_code,
    ).toBe(6049);
    expect(
      (
        await m.client.call('phoneBind', {
          token: m.token,
          body: { countryCode: '86', phone: fresh, code, stepUp: { password: 'wrong-pass-99' } },
        })
      ).status_code,
    ).toBe(6002);
    await m.client.data('smsSend', { token: m.token, body: { purpose: 'stepUp' } });
    const stepCode = await lastSmsCode(t, `86${old}`);
    const env = await m.client.call('phoneBind', {
      token: m.token,
      body: { countryCode: '86', phone: fresh, code, stepUp: { smsCode: stepCode } },
    });
    expect(env.status_code).toBe(6000);
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
    expect(
      (
        await b.client.call('phoneBind', {
          token: b.token,
          body: { countryCode: '86', phone, code },
        })
      ).status_code,
    ).toBe(6050);
  });
  it('SMS codes are rate limited (6052) and a step-up code needs a bound phone (6053)', async () => {
    const m = await registerMember(t);
    expect(
      (await m.client.call('smsSend', { token: m.token, body: { purpose: 'stepUp' } })).status_code,
    ).toBe(6053);
    const phone = nextPhone();
    await m.client.data('smsSend', {
      token: m.token,
      body: { purpose: 'bindPhone', countryCode: '86', phone },
    });
    expect(
      (
        await m.client.call('smsSend', {
          token: m.token,
          body: { purpose: 'bindPhone', countryCode: '86', phone },
        })
      ).status_code,
    ).toBe(6052);
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
    expect(
      (await m.client.call('realNameSubmit', { token: m.token, body: { realName: '李四' } }))
        .status_code,
    ).toBe(6051);
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
    expect(
      (
        await adminCall(t, admin, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
          approve: true,
        })
      ).status_code,
    ).toBe(6000);
    expect((await info(m)).realNameStatus).toBe('approved');
    // Reviewed exactly once.
    expect(
      (
        await adminCall(t, admin, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
          approve: false,
        })
      ).status_code,
    ).toBe(10003);
  });
  it('refuses names that are not names', async () => {
    const m = await registerMember(t);
    expect(
      (await m.client.call('realNameSubmit', { token: m.token, body: { realName: '<script>' } }))
        .status_code,
    ).toBe(10003);
  });
});

describe('fund password', () => {
  it('needs a step-up; six digits; member info says it is set', async () => {
    const m = await registerMember(t);
    expect(
      (
        await m.client.call('fundPasswordSet', {
          token: m.token,
          body: { fundPassword: '123456', stepUp: {} },
        })
      ).status_code,
    ).toBe(6049);
    expect(
      (
        await m.client.call('fundPasswordSet', {
          token: m.token,
          body: { fundPassword: '12345a', stepUp: { password: m.password } },
        })
      ).status_code,
    ).toBe(10003);
    expect(
      (
        await m.client.call('fundPasswordSet', {
          token: m.token,
          body: { fundPassword: '123456', stepUp: { password: m.password } },
        })
      ).status_code,
    ).toBe(6000);
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
    expect(
      (
        await m.client.call('deviceRemove', {
          token: m.token,
          body: { deviceId: 'not-a-device-of-mine' },
        })
      ).status_code,
    ).toBe(6054);
    expect(
      (
        await m.client.call('deviceRemove', {
          token: m.token,
          body: { deviceId: m.client.deviceId },
        })
      ).status_code,
    ).toBe(6000);
    const phone = nextPhone();
    await bindPhone(t, m, phone);
    expect(
      (await m.client.call('login', { body: { userName: m.userName, password: m.password } }))
        .status_code,
    ).toBe(6026);
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
    expect(
      (
        await c.call('webTerminal', {
          body: { fingerprint: 'abc', screen: '390x844', nested: { a: [1, 2] } },
        })
      ).status_code,
    ).toBe(6000);
    const big = await c.raw('webTerminal', { body: { pad: 'x'.repeat(9000) } });
    expect(big.statusCode).toBe(413);
    expect((await c.call('webTerminal', { body: [1, 2] })).status_code).toBe(10003);
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
    expect(
      (
        await report({
          deviceId: m.client.deviceId,
          fingerprint: '0badf00d',
          screen: '375x812',
          userAgent: ua,
        })
      ).status_code,
    ).toBe(6000);
    t.clock.advance(1000);
    const before = t.clock.now();
    expect(
      (
        await report(
          {
            deviceId: m.client.deviceId,
            fingerprint: '1a2b3c4d',
            screen: '390x844',
            userAgent: ua,
          },
          m.token,
        )
      ).status_code,
    ).toBe(6000);
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
