import { ErrorCode, type Captcha } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  captchaAnswer,
  expectCode,
  registerMember,
  uniqueName,
} from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import type { TestClient } from '../test/test-client';

/** A registration body with a solved captcha, from the given address. */
async function signUp(t: TestApp, c: TestClient, ip: string, body: Record<string, unknown>) {
  const cap = await c.data<Captcha>('captcha', { body: { purpose: 'register' }, ip });
  const captchaCode = (await captchaAnswer(t, cap.captchaId)) ?? '';
  return c.call('register', {
    body: {
      password: GOOD_PASSWORD,
      ageConfirmed: true,
      captchaId: cap.captchaId,
      captchaCode,
      ...body,
    },
    ip,
  });
}

describe('finding 4: registration does not tell which names exist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a bogus invite code answers 6046 for a taken name and a free one alike', async () => {
    const taken = await registerMember(t);
    const c = t.client();
    await expectCode(
      signUp(t, c, '10.1.0.1', { userName: taken.userName, inviteCode: 'NOSUCH99' }),
      ErrorCode.InviteCodeInvalid,
    );
    await expectCode(
      signUp(t, c, '10.1.0.1', { userName: uniqueName(), inviteCode: 'NOSUCH99' }),
      ErrorCode.InviteCodeInvalid,
    );
  });

  it('a weak password answers 6044 before the name is looked at', async () => {
    const taken = await registerMember(t);
    await expectCode(
      signUp(t, t.client(), '10.1.0.2', { userName: taken.userName, password: 'password123' }),
      ErrorCode.WeakPassword,
    );
  });

  it('a wrong captcha answers 6021 for a taken name', async () => {
    const taken = await registerMember(t);
    const c = t.client();
    const cap = await c.data<Captcha>('captcha', { body: { purpose: 'register' } });
    const answer = (await captchaAnswer(t, cap.captchaId)) ?? '';
    const wrong = answer === 'AAAA' ? 'BBBB' : 'AAAA';
    await expectCode(
      c.call('register', {
        body: {
          userName: taken.userName,
          password: GOOD_PASSWORD,
          ageConfirmed: true,
          captchaId: cap.captchaId,
          captchaCode: wrong,
        },
      }),
      ErrorCode.CaptchaWrong,
    );
  });
});

describe('finding 1: registrations per address and per block', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REGISTER_PER_ADDRESS_HOUR: '3', REGISTER_PER_BLOCK_HOUR: '5' },
    });
  });
  afterAll(() => t.close());

  it('an address past its hourly budget gets 6056 and creates nothing', async () => {
    const c = t.client();
    for (let i = 0; i < 3; i += 1) {
      await expectCode(
        signUp(t, c, '198.51.100.7', { userName: uniqueName('r') }),
        ErrorCode.Success,
      );
    }
    const refused = uniqueName('r');
    await expectCode(
      signUp(t, c, '198.51.100.7', { userName: refused }),
      ErrorCode.RegisterTooFrequent,
    );
    const r = await t.db.query('SELECT 1 FROM members WHERE user_name_lower = $1', [
      refused.toLowerCase(),
    ]);
    expect(r.rowCount).toBe(0);
    // Another address of another block is not affected.
    await expectCode(signUp(t, c, '203.0.113.9', { userName: uniqueName('r') }), ErrorCode.Success);
  });

  it('a /24 block past its budget is refused even from fresh addresses; an hour later it may again', async () => {
    const c = t.client();
    for (let i = 1; i <= 5; i += 1) {
      await expectCode(
        signUp(t, c, `192.0.2.${i}`, { userName: uniqueName('b') }),
        ErrorCode.Success,
      );
    }
    await expectCode(
      signUp(t, c, '192.0.2.77', { userName: uniqueName('b') }),
      ErrorCode.RegisterTooFrequent,
    );
    t.clock.advance(61 * 60 * 1000);
    await expectCode(signUp(t, c, '192.0.2.78', { userName: uniqueName('b') }), ErrorCode.Success);
  });

  it('an IPv6 /64 is one block', async () => {
    const c = t.client();
    for (let i = 1; i <= 5; i += 1) {
      await expectCode(
        signUp(t, c, `2001:db8:1:2::${i}`, { userName: uniqueName('v') }),
        ErrorCode.Success,
      );
    }
    await expectCode(
      signUp(t, c, '2001:db8:1:2:ffff::1', { userName: uniqueName('v') }),
      ErrorCode.RegisterTooFrequent,
    );
    await expectCode(
      signUp(t, c, '2001:db8:1:3::1', { userName: uniqueName('v') }),
      ErrorCode.Success,
    );
  });
});
