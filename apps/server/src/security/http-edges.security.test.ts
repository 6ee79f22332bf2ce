import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { adminCall, adminToken } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding 7: URLs the router cannot read answered Fastify's own body, without the security
 * headers and echoing the path. Finding 8: /docs was public in production.
 */
describe('framework errors go through the envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['a bad percent escape', 'GET', '/%'],
    ['an over-long path parameter', 'POST', `/site/api/v1/sec/${'x'.repeat(300)}<script>`],
  ] as const)('%s: 10003 envelope, security headers, no echo', async (_what, method, url) => {
    const r = await t.app.inject({ method, url });
    expect(r.statusCode).toBe(200);
    expect(r.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).not.toContain('<script>');
    expect(r.body).not.toContain('%');
    // No framework internals: the reason is a word of the contract's.
    expect(r.body).not.toContain('FST_');
    expect(r.json<{ data: { reason: string } }>().data.reason).toMatch(
      /^(bad_url|bad_request|malformed_body)$/,
    );
  });

  it.each([
    ['malformed JSON', 'application/json', '{"a":', 'malformed_body'],
    ['an unknown content type', 'text/x-nebula', 'x', 'unsupported_media_type'],
  ] as const)('%s: 10003 with a public reason', async (_what, type, payload, reason) => {
    const r = await t.app.inject({
      method: 'POST',
      // The operators' login: no device or signature headers stand before the body's parsing.
      url: '/admin/api/v1/login',
      headers: { 'content-type': type },
      payload,
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('FST_');
    expect(r.json<{ status_code: number; data: { reason: string } }>()).toMatchObject({
      status_code: ErrorCode.Validation,
      data: { reason },
    });
  });
  it('a body-less POST validates as {} (defaults apply); an explicit null body is 10003', async () => {
    const client = t.client();
    const none = await client.raw('preInfo');
    expect(none.json<{ status_code: number }>().status_code).toBe(ErrorCode.Success);
    const nulled = await client.raw('preInfo', {
      headers: { 'content-type': 'application/json' },
      body: 'null',
    });
    expect(nulled.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
  });
});

describe('query parameters are strict like bodies (contract §2.9)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  it('a route that takes no query refuses an unknown parameter with 10003', async () => {
    const url = '/admin/api/v1/ledger/reconcile';
    expect((await adminCall(t, admin, 'GET', url)).status_code).toBe(ErrorCode.Success);
    expect((await adminCall(t, admin, 'GET', `${url}?debug=1`)).status_code).toBe(
      ErrorCode.Validation,
    );
  });

  it('a route with a query refuses a parameter it does not name', async () => {
    const url = '/admin/api/v1/audit?pageSize=5';
    expect((await adminCall(t, admin, 'GET', url)).status_code).toBe(ErrorCode.Success);
    expect((await adminCall(t, admin, 'GET', `${url}&debug=1`)).status_code).toBe(
      ErrorCode.Validation,
    );
  });
});

describe('API docs in production', () => {
  it('are off in production unless DOCS=on, on elsewhere', () => {
    const secrets = {
      SIGN_KEY: 'k'.repeat(32),
      SESSION_SECRET: 's'.repeat(32),
      JWT_SECRET: 'j'.repeat(32),
      PAYMENT_CALLBACK_SECRET: 'p'.repeat(32),
      AUDIT_CHECKPOINT_KEY: 'a'.repeat(32),
      WEBAUTHN_RP_ID: 'admin.example.com',
      WEBAUTHN_ORIGINS: 'https://admin.example.com',
    };
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/x', ...secrets };
    expect(loadConfig(prod).docs).toBe(false);
    expect(loadConfig({ ...prod, DOCS: 'on' }).docs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).docs).toBe(true);
  });

  it('answer 404 while off, and the operator setting turns them on', async () => {
    const t = await createTestApp({ env: { DOCS: 'off' } });
    try {
      for (const url of ['/docs', '/docs/openapi.json', '/docs/static/index.html']) {
        const r = await t.app.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(404);
        expect(r.json<{ status_code: number }>().status_code).toBe(ErrorCode.Common);
      }
      const token = await adminToken(t);
      const set = await adminCall(t, token, 'POST', '/admin/api/v1/settings', { apiDocs: true });
      expect(set.status_code).toBe(ErrorCode.Success);
      const doc = await t.app.inject({ method: 'GET', url: '/docs/openapi.json' });
      expect(doc.statusCode).toBe(200);
      expect(doc.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    } finally {
      await t.close();
    }
  });

  it('the docs page works over plain http outside production (no upgrade-insecure-requests)', async () => {
    const t = await createTestApp();
    try {
      let r = await t.app.inject({ method: 'GET', url: '/docs' });
      while (r.statusCode === 302) {
        const next = new URL(String(r.headers.location), 'http://127.0.0.1/docs/').pathname;
        r = await t.app.inject({ method: 'GET', url: next });
      }
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-security-policy']).toBeDefined();
      expect(String(r.headers['content-security-policy'])).not.toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await t.close();
    }
  });
});
