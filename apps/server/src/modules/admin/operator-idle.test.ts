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
});
