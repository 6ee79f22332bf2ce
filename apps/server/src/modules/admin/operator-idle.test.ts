import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Server-side inactivity (docs/contract.md §4.1): an operator session without a request for the
 * console's idle minutes (CONSOLE_IDLE_MINUTES) ends and answers 9644; the test clock moves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { CONSOLE_IDLE_MINUTES: '10' } });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const me = async (token: string) =>
  (await adminCall(t, token, 'GET', '/admin/api/v1/me')).status_code;

describe('operator session inactivity', () => {
  it('each request keeps the session; a gap of the idle minutes ends it', async () => {
    expect(t.config.consoleApp.idleMinutes).toBe(10);
    const token = await adminToken(t, 'finance');
    t.clock.advance(9 * MINUTE);
    expect(await me(token)).toBe(ErrorCode.Success);
    t.clock.advance(9 * MINUTE);
    expect(await me(token)).toBe(ErrorCode.Success);
    t.clock.advance(10 * MINUTE);
    expect(await me(token)).toBe(ErrorCode.AdminSessionIdle);
    // Ended, not just refused once: coming back later does not revive it.
    expect(await me(token)).toBe(ErrorCode.AdminAuthRequired);
  });

  it('another session of the same idle length is untouched by the first one ending', async () => {
    const a = await adminToken(t, 'finance');
    const b = await adminToken(t, 'finance');
    t.clock.advance(6 * MINUTE);
    expect(await me(b)).toBe(ErrorCode.Success);
    t.clock.advance(6 * MINUTE);
    expect(await me(a)).toBe(ErrorCode.AdminSessionIdle);
    expect(await me(b)).toBe(ErrorCode.Success);
  });

  it('operators set a shorter idle limit as a site setting; the env value is its default and ceiling', async () => {
    const admin = await adminToken(t);
    const settings = await adminCall<{ consoleIdleMinutes: number }>(
      t,
      admin,
      'GET',
      '/admin/api/v1/settings',
    );
    expect(settings.data.consoleIdleMinutes).toBe(10);
    // Above CONSOLE_IDLE_MINUTES: refused with its code, nothing changed, no audit row.
    const above = await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
      consoleIdleMinutes: 11,
    });
    expect(above.status_code).toBe(ErrorCode.ConsoleIdleAboveCeiling);
    expect((await t.services.settings.get()).consoleIdleMinutes).toBe(10);
    const bad = await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
      consoleIdleMinutes: 0,
    });
    expect(bad.status_code).toBe(ErrorCode.Validation);
    const ok = await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
      consoleIdleMinutes: 3,
    });
    expect(ok.status_code).toBe(ErrorCode.Success);
    const audit = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'settings.update'
         AND target = 'settings:consoleIdleMinutes'`,
    );
    expect(audit.rowCount).toBe(1);
    try {
      const token = await adminToken(t, 'finance');
      t.clock.advance(2 * MINUTE);
      expect(await me(token)).toBe(ErrorCode.Success);
      t.clock.advance(3 * MINUTE);
      expect(await me(token)).toBe(ErrorCode.AdminSessionIdle);
    } finally {
      await t.services.settings.update({ consoleIdleMinutes: 10 });
    }
  });

  it('the login and /me report the idle limit the server applies, so the console signs out then', async () => {
    const admin = await adminToken(t);
    const idleOf = async (token: string) =>
      (await adminCall<{ idleMinutes: number }>(t, token, 'GET', '/admin/api/v1/me')).data
        .idleMinutes;
    const userName = `idle${Date.now().toString(36)}`;
    await t.services.operators.create(userName, 'operator-pass-123', 'finance');
    const login = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/api/v1/login',
          payload: { userName, password: 'operator-pass-123' },
        })
      ).json<{ data: { token: string; idleMinutes: number } }>().data;
    // The env value while the setting is at its default.
    const first = await login();
    expect(first.idleMinutes).toBe(10);
    expect(await idleOf(first.token)).toBe(10);
    try {
      await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { consoleIdleMinutes: 4 });
      // A session already open learns the shorter limit at its next request, a new one at login.
      expect(await idleOf(first.token)).toBe(4);
      expect((await login()).idleMinutes).toBe(4);
    } finally {
      await t.services.settings.update({ consoleIdleMinutes: 10 });
    }
    expect(await idleOf(first.token)).toBe(10);
  });
});
