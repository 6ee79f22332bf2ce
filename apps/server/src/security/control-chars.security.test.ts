import { ErrorCode, type RouteName } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, idemKey, registerMember, type Member } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding 5: U+0000 in nine text fields reached PostgreSQL (a 500), and a date that is no day
 * (`9999-99-99`) was one too. Every text field now refuses control characters with 10003.
 */
describe('control characters and impossible dates are 10003, never a 500', () => {
  let t: TestApp;
  let m: Member;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    m = await registerMember(t);
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const NUL = 'ab\u0000cd';
  const memberCalls: [string, RouteName, Record<string, unknown>, boolean][] = [
    ['login userName', 'login', { userName: NUL, password: 'x-password-1' }, false],
    [
      'login captchaId',
      'login',
      { userName: 'someone', password: 'x-password-1', captchaId: NUL, captchaCode: 'ABCD' },
      false,
    ],
    ['device code challengeId', 'deviceSendCode', { challengeId: NUL }, false],
    ['device verify challengeId', 'deviceVerify', { challengeId: NUL, code: '123456' }, false],
    ['reset userName', 'passwordResetCode', { userName: NUL }, false],
    ['device removal deviceId', 'deviceRemove', { deviceId: `device-${NUL}` }, true],
    [
      'depositorName',
      'depositOrder',
      { channelId: 'bank-icbc', amount: '100', depositorName: `张\u0000三` },
      true,
    ],
    ['a lone surrogate', 'profileUpdate', { nickname: 'ab\uD800' }, true],
    ['a newline on one line', 'profileUpdate', { nickname: 'ab\ncd' }, true],
  ];

  it.each(memberCalls)('%s', async (_what, route, body, member) => {
    const r = await m.client.call(route, {
      body,
      ...(member ? { token: m.token } : {}),
      headers: { 'x-idempotency-key': idemKey() },
    });
    expect(r.status_code).toBe(ErrorCode.Validation);
  });

  it('operator login userName and member search q', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/login',
      payload: { userName: NUL, password: 'whatever-pass' },
    });
    expect(login.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
    const search = await t.app.inject({
      method: 'GET',
      url: `/admin/api/v1/members?q=${encodeURIComponent(NUL)}`,
      headers: { 'x-admin-token': admin },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
  });

  it('an operator setting with NUL is 10003 and changes nothing', async () => {
    const r = await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { siteTitle: `x${NUL}` });
    expect(r.status_code).toBe(ErrorCode.Validation);
  });

  it('a webTerminal report with NUL deep inside is 10003', async () => {
    const r = await m.client.call('webTerminal', {
      body: { screen: { name: [NUL] } },
      token: m.token,
    });
    expect(r.status_code).toBe(ErrorCode.Validation);
  });

  it.each(['9999-99-99', '2026-02-30', '2026-13-01'])('records from=%s', async (from) => {
    const r = await m.client.call('records', { query: { from }, token: m.token });
    expect(r.status_code).toBe(ErrorCode.Validation);
  });
});
