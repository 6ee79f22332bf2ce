import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, expectCode, registerMember } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

describe('operators', () => {
  it('the first admin comes from ADMIN_USER/ADMIN_PASSWORD, once', async () => {
    const first = await t.services.operators.ensureFirstAdmin(
      { userName: 'boss', password: 'boss-password-1' },
      true,
    );
    expect(first).toEqual({ userName: 'boss', password: 'boss-password-1' });
    expect(
      await t.services.operators.ensureFirstAdmin(
        { userName: 'other', password: 'other-password' },
        true,
      ),
    ).toBeNull();
    const r = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/login',
      payload: { userName: 'boss', password: 'boss-password-1' },
    });
    expect(r.json()).toMatchObject({
      status_code: ErrorCode.Success,
      data: { roleName: '超级管理员' },
    });
    const stored = await t.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM operators WHERE user_name = 'boss'`,
    );
    expect(stored.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });
  it('a wrong operator password is 6002; no token or a member token is 6060', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/login',
      payload: { userName: 'boss', password: 'nope-nope' },
    });
    expect(r.json()).toMatchObject({ status_code: ErrorCode.NameError });
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/api/v1/settings' })).json(),
    ).toMatchObject({ status_code: ErrorCode.AdminAuthRequired });
    const m = await registerMember(t);
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/settings',
      headers: { 'x-admin-token': m.token, 'x-api-token': m.token },
    });
    expect(asMember.json()).toMatchObject({ status_code: ErrorCode.AdminAuthRequired });
  });
  it('roles: a moderator may list members but not change settings (6061)', async () => {
    const mod = await adminToken(t, 'moderator');
    expect((await adminCall(t, mod, 'GET', '/admin/api/v1/members')).status_code).toBe(
      ErrorCode.Success,
    );
    await expectCode(
      adminCall(t, mod, 'POST', '/admin/api/v1/settings', { stopLogin: true }),
      ErrorCode.AdminForbidden,
    );
    expect((await adminCall(t, mod, 'GET', '/admin/api/v1/sms/outbox')).status_code).toBe(
      ErrorCode.AdminForbidden,
    );
  });
  it('logout ends the operator session', async () => {
    const token = await adminToken(t);
    expect((await adminCall(t, token, 'POST', '/admin/api/v1/logout', {})).status_code).toBe(
      ErrorCode.Success,
    );
    expect((await adminCall(t, token, 'GET', '/admin/api/v1/members')).status_code).toBe(
      ErrorCode.AdminAuthRequired,
    );
  });
});

describe('site settings by operators', () => {
  it('changes captcha rules, stopLogin and maintenance at run time; bad values change nothing', async () => {
    const token = await adminToken(t);
    const before = await adminCall<Record<string, unknown>>(
      t,
      token,
      'GET',
      '/admin/api/v1/settings',
    );
    expect(before.data).toMatchObject({
      registerCaptcha: true,
      loginCaptchaAfter: 3,
      stopLogin: false,
    });
    const bad = await adminCall(t, token, 'POST', '/admin/api/v1/settings', {
      loginCaptchaAfter: -1,
      stopLogin: true,
    });
    expect(bad.status_code).toBe(ErrorCode.Validation);
    await expectCode(
      adminCall(t, token, 'POST', '/admin/api/v1/settings', { noSuchKey: 1 }),
      ErrorCode.Validation,
    );
    expect(
      (await adminCall<Record<string, unknown>>(t, token, 'GET', '/admin/api/v1/settings')).data,
    ).toMatchObject({ stopLogin: false });
    const ok = await adminCall<Record<string, unknown>>(
      t,
      token,
      'POST',
      '/admin/api/v1/settings',
      { registerCaptcha: false, loginCaptchaAfter: 0 },
    );
    expect(ok.data).toMatchObject({ registerCaptcha: false, loginCaptchaAfter: 0 });
    // Registration now works without a captcha.
    const env = await t.client().call('register', {
      body: { userName: 'nocap1234', password: 'Sturdy-Pass-2026!', ageConfirmed: true },
    });
    expect(env.status_code).toBe(ErrorCode.Success);
    await adminCall(t, token, 'POST', '/admin/api/v1/settings', {
      registerCaptcha: true,
      loginCaptchaAfter: 3,
    });
  });
  it('the SMS dev outbox shows the real code a member was sent', async () => {
    const token = await adminToken(t);
    const m = await registerMember(t);
    const phone = '13600000001';
    await m.client.data('smsSend', {
      token: m.token,
      body: { purpose: 'bindPhone', countryCode: '86', phone },
    });
    const box = await adminCall<{ list: { phone: string; text: string; purpose: string }[] }>(
      t,
      token,
      'GET',
      '/admin/api/v1/sms/outbox',
    );
    expect(box.status_code).toBe(ErrorCode.Success);
    const sent = box.data.list.find((x) => x.phone === `86${phone}`);
    expect(sent).toMatchObject({ purpose: 'bindPhone' });
    // The code the operator reads is the one that works.
    const code = /(\d{6})/.exec(sent?.text ?? '')?.[1] ?? '';
    await expectCode(
      m.client.call('phoneBind', {
        token: m.token,
        body: { countryCode: '86', phone, code },
      }),
      ErrorCode.Success,
    );
  });
});

describe('audit log', () => {
  it('records every operator action with actor, target, before and after', async () => {
    const token = await adminToken(t);
    const m = await registerMember(t);
    await adminCall(t, token, 'POST', `/admin/api/v1/members/${m.memberId}/block`, {
      blocked: true,
      reason: '测试冻结',
    });
    await adminCall(t, token, 'POST', '/admin/api/v1/settings', { festivalSkin: 'spring' });
    const page = await adminCall<{
      list: { action: string; target: string; before: unknown; after: unknown; actor: string }[];
    }>(t, token, 'GET', '/admin/api/v1/audit?pageSize=10');
    const block = page.data.list.find((a) => a.action === 'member.block');
    expect(block).toMatchObject({
      target: `member:${m.memberId}`,
      before: { blocked: false },
      after: { blocked: true, reason: '测试冻结' },
    });
    const settings = page.data.list.find((a) => a.action === 'settings.update');
    expect(settings).toMatchObject({
      before: { festivalSkin: null },
      after: { festivalSkin: 'spring' },
    });
  });
  it('records device blocks and real-name reviews with the operator, target, before and after', async () => {
    const actor = 'auditor1';
    await t.services.operators.create(actor, 'auditor-password-1', 'admin');
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/login',
      payload: { userName: actor, password: 'auditor-password-1' },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const m = await registerMember(t);
    const deviceId = m.client.deviceId;
    await adminCall(t, token, 'POST', '/admin/api/v1/devices/block', {
      deviceId,
      blocked: true,
      reason: '设备风险',
    });
    await adminCall(t, token, 'POST', '/admin/api/v1/devices/block', {
      deviceId,
      blocked: false,
      reason: '误封',
    });
    await m.client.data('realNameSubmit', { token: m.token, body: { realName: '赵六' } });
    await adminCall(t, token, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
      approve: false,
      reason: '姓名与证件不符',
    });
    await m.client.data('realNameSubmit', { token: m.token, body: { realName: '赵小六' } });
    await adminCall(t, token, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
      approve: true,
    });
    type Entry = { action: string; target: string; before: unknown; after: unknown; actor: string };
    const page = await adminCall<{ list: Entry[] }>(
      t,
      token,
      'GET',
      '/admin/api/v1/audit?pageSize=20',
    );
    const of = (action: string, target: string) =>
      page.data.list.filter((a) => a.action === action && a.target === target);
    expect(of('device.block', `device:${deviceId}`)).toEqual([
      expect.objectContaining({
        actor,
        before: { blocked: false },
        after: { blocked: true, reason: '设备风险' },
      }),
    ]);
    expect(of('device.unblock', `device:${deviceId}`)).toEqual([
      expect.objectContaining({
        actor,
        before: { blocked: true },
        after: { blocked: false, reason: '误封' },
      }),
    ]);
    expect(of('realName.reject', `member:${m.memberId}`)).toEqual([
      expect.objectContaining({
        actor,
        before: { status: 'pending' },
        after: { status: 'rejected', reason: '姓名与证件不符' },
      }),
    ]);
    expect(of('realName.approve', `member:${m.memberId}`)).toEqual([
      expect.objectContaining({
        actor,
        before: { status: 'pending' },
        after: { status: 'approved', reason: null },
      }),
    ]);
  });
  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    await expect(t.db.query(`UPDATE audit_log SET actor = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
