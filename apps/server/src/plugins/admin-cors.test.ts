import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { consoleApiOrigin } from './console-static';
import { consoleContentSecurityPolicy } from './security';
import { adminToken, registerMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * A console served from another origin (docs/architecture.md, "Operator console"): only the
 * origins in CONSOLE_ORIGINS may call /admin/api/* across origins, without credentials.
 */
const CONSOLE = 'https://console.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seedDemo: false,
    env: { CONSOLE_ORIGINS: `${CONSOLE}, https://ops.example.com:8443` },
  });
});
afterAll(() => t.close());

const preflight = (origin: string, url = '/admin/api/v1/me') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-admin-token, content-type',
    },
  });

describe('CONSOLE_ORIGINS in the config', () => {
  it('is a list of origins; anything else stops the start', () => {
    expect(loadConfig({}).consoleApp.origins).toEqual([]);
    expect(
      loadConfig({ CONSOLE_ORIGINS: ' https://a.example.com ,http://127.0.0.1:5174,' }).consoleApp
        .origins,
    ).toEqual(['https://a.example.com', 'http://127.0.0.1:5174']);
    for (const bad of [
      'https://a.example.com/',
      'https://a.example.com/console',
      'a.example.com',
      'ftp://a.example.com',
      '*',
    ]) {
      expect(() => loadConfig({ CONSOLE_ORIGINS: bad }), bad).toThrow(/CONSOLE_ORIGINS/);
    }
  });
});

describe('cross-origin calls to the operator API', () => {
  it('a listed origin passes the preflight and reads the answer; no credentials are allowed', async () => {
    const pre = await preflight(CONSOLE);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/X-Admin-Token/);
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();

    const token = await adminToken(t);
    const me = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/me',
      headers: { origin: CONSOLE, 'x-admin-token': token },
    });
    expect(me.json<{ status_code: number }>().status_code).toBe(ErrorCode.Success);
    expect(me.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(me.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(me.headers.vary)).toMatch(/Origin/);
    // A refusal is readable too: the console shows the code.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/me',
      headers: { origin: CONSOLE },
    });
    expect(refused.json<{ status_code: number }>().status_code).toBe(ErrorCode.AdminAuthRequired);
    expect(refused.headers['access-control-allow-origin']).toBe(CONSOLE);
  });

  it('another origin is refused: no CORS headers, the preflight answers 403', async () => {
    const pre = await preflight('https://evil.example.com');
    expect(pre.statusCode).toBe(403);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const token = await adminToken(t);
    const me = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/me',
      headers: { origin: 'https://evil.example.com', 'x-admin-token': token },
    });
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('only /admin/api/*: the member API stays closed to the console origin', async () => {
    const member = await registerMember(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/fd/api/v1/wallet/balances',
      headers: { origin: CONSOLE, 'x-api-token': member.token },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await preflight(CONSOLE, '/fd/api/v1/wallet/balances');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    // And the member's session is nothing to the operator API, from any origin.
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/me',
      headers: { origin: CONSOLE, 'x-api-token': member.token },
    });
    expect(asMember.json<{ status_code: number }>().status_code).toBe(ErrorCode.AdminAuthRequired);
  });
});

describe('a console build that calls the platform from another origin', () => {
  it('names that origin, and only an origin, in its page CSP connect-src', () => {
    const meta = (content: string) =>
      `<head><meta name="nebula-console-api-origin" content="${content}"></head>`;
    expect(consoleApiOrigin(meta('https://api.example.com'))).toBe('https://api.example.com');
    expect(consoleApiOrigin(meta(''))).toBeNull();
    expect(consoleApiOrigin(meta('https://api.example.com/x'))).toBeNull();
    expect(consoleApiOrigin(meta("https://a.cn; script-src 'unsafe-inline'"))).toBeNull();
    expect(consoleContentSecurityPolicy(undefined, ['https://api.example.com']).connectSrc).toEqual(
      ["'self'", 'https://api.example.com'],
    );
    expect(consoleContentSecurityPolicy().connectSrc).toEqual(["'self'"]);
  });
});
