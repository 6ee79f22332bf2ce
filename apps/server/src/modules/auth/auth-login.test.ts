// Login: one live session per member, then lockout and captcha after failures.
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  expectCode,
  registerMember,
  solvedCaptcha,
  uniqueName,
  userHash,
  memberInfo as info,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

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
