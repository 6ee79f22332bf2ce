import { ErrorCode } from '@nebula/protocol';
/*
 * Over 300 lines on purpose: one table of the order of checks (contract §2), each row a request and
 * its expected code.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, registerMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('order of checks (contract §2)', () => {
  it('22007 when X-API-UUID is missing, before anything else', async () => {
    const c = t.client();
    const env = await c.call('noticeList', {
      body: { category: 1, bogus: true },
      headers: { 'x-api-uuid': undefined, 'x-version': '1.0.0', 'x-sign': undefined },
    });
    expect(env.status_code).toBe(ErrorCode.NoUuid);
  });
  it('22007 for a malformed device id', async () => {
    const env = await t.client('bad id!').call('preInfo', { body: {} });
    expect(env.status_code).toBe(ErrorCode.NoUuid);
  });
  it('10009 when X-Version is below the minimum, before the signature', async () => {
    const env = await t.client().call('noticeList', {
      body: { category: 1 },
      headers: { 'x-version': '1.9.9' },
      unsigned: true,
    });
    expect(env.status_code).toBe(ErrorCode.OldVersion);
    expect(await t.client().call('preInfo', { headers: { 'x-version': undefined } })).toMatchObject(
      { status_code: ErrorCode.OldVersion },
    );
  });
  it('10108 with serverTime when the signature is missing, before validation', async () => {
    const env = await t
      .client()
      .call<{ serverTime: number }>('noticeList', { body: { category: 99 }, unsigned: true });
    expect(env.status_code).toBe(ErrorCode.ApiAuth);
    expect(Math.abs(env.data.serverTime - Date.now())).toBeLessThan(5000);
  });
  it('10108 for a wrong signature and for a timestamp over 5 minutes off', async () => {
    const c = t.client();
    await expectCode(
      c.call('noticeList', {
        body: { category: 1 },
        headers: { 'x-sign': 'ab'.repeat(32) },
      }),
      ErrorCode.ApiAuth,
    );
    await expectCode(
      c.call('noticeList', { body: { category: 1 }, skewMs: 5 * 60 * 1000 + 2000 }),
      ErrorCode.ApiAuth,
    );
    await expectCode(
      c.call('noticeList', { body: { category: 1 }, skewMs: -(5 * 60 * 1000 + 2000) }),
      ErrorCode.ApiAuth,
    );
    await expectCode(
      c.call('noticeList', { body: { category: 1 }, skewMs: 4 * 60 * 1000 }),
      ErrorCode.Success,
    );
  });
  it('10108 when another device signs for this device id', async () => {
    const a = t.client();
    const b = t.client();
    const headers = a.headers('/site/api/v1/advertising/queryNoticeList', true);
    const env = await b.call('noticeList', {
      body: { category: 1 },
      headers: { 'x-sign': headers['x-sign'], 'x-timestamp': headers['x-timestamp'] },
    });
    expect(env.status_code).toBe(ErrorCode.ApiAuth);
  });
  it('6031 for a blocklisted address, before maintenance', async () => {
    const id = await t.services.access.blockIp('198.51.100.0/24', 'test');
    await t.services.settings.update({
      siteStatus: { status: 'maintenance', message: 'x', startTime: null, endTime: null },
    });
    try {
      const env = await t
        .client()
        .call('noticeList', { body: { category: 1 }, ip: '198.51.100.20' });
      expect(env).toMatchObject({
        status_code: ErrorCode.AccessRestrictedIp,
        data: { ip: '198.51.100.20' },
      });
      const other = await t
        .client()
        .call('noticeList', { body: { category: 1 }, ip: '198.51.101.20' });
      expect(other.status_code).toBe(ErrorCode.Maintenance);
    } finally {
      await t.services.access.unblockIp(id);
      await t.services.settings.update({
        siteStatus: { status: 'open', message: '', startTime: null, endTime: null },
      });
    }
  });
  it('10108 before 6031 and 6033: a bad signature is refused before the address is looked at', async () => {
    const block = await t.services.access.blockIp('198.51.100.0/24', 'test');
    await t.services.access.addRegionRange('XR', '192.0.2.0/24');
    await t.services.settings.update({ blockedRegions: ['XR'] });
    try {
      const c = t.client();
      const badSign = { 'x-sign': 'ab'.repeat(32) };
      for (const [ip, code] of [
        ['198.51.100.20', ErrorCode.AccessRestrictedIp],
        ['192.0.2.20', ErrorCode.AccessRestrictedRegion],
      ] as const) {
        expect((await c.call('noticeList', { body: { category: 1 }, ip })).status_code).toBe(code);
        await expectCode(
          c.call('noticeList', { body: { category: 1 }, ip, headers: badSign }),
          ErrorCode.ApiAuth,
        );
        await expectCode(
          c.call('noticeList', { body: { category: 1 }, ip, unsigned: true }),
          ErrorCode.ApiAuth,
        );
      }
    } finally {
      await t.services.access.unblockIp(block);
      await t.services.settings.update({ blockedRegions: [] });
    }
  });
  it('6033 before 6032: an unserved region learns that, not the maintenance', async () => {
    await t.services.access.addRegionRange('XM', '203.0.113.0/24');
    await t.services.settings.update({
      blockedRegions: ['XM'],
      siteStatus: { status: 'maintenance', message: 'x', startTime: null, endTime: null },
    });
    try {
      await expectCode(
        t.client().call('noticeList', { body: { category: 1 }, ip: '203.0.113.8' }),
        ErrorCode.AccessRestrictedRegion,
      );
      await expectCode(
        t.client().call('noticeList', { body: { category: 1 }, ip: '203.0.114.8' }),
        ErrorCode.Maintenance,
      );
    } finally {
      await t.services.settings.update({
        blockedRegions: [],
        siteStatus: { status: 'open', message: '', startTime: null, endTime: null },
      });
    }
  });
  it('6032 before the session codes: maintenance wins over a missing or unknown token', async () => {
    await t.services.settings.update({
      siteStatus: { status: 'maintenance', message: 'x', startTime: null, endTime: null },
    });
    try {
      const c = t.client();
      await expectCode(c.call('memberInfo', { body: {} }), ErrorCode.Maintenance);
      expect((await c.call('memberInfo', { body: {}, token: 'not-a-session' })).status_code).toBe(
        ErrorCode.Maintenance,
      );
    } finally {
      await t.services.settings.update({
        siteStatus: { status: 'open', message: '', startTime: null, endTime: null },
      });
    }
    expect((await t.client().call('memberInfo', { body: {} })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
  });
  it('session codes before 10003: an invalid body on a member call without a session is 10004', async () => {
    const c = t.client();
    expect((await c.call('logout', { body: { bogus: true } })).status_code).toBe(
      ErrorCode.AuthRequired,
    );
    await expectCode(
      c.call('logout', { body: { bogus: true }, token: 'not-a-session' }),
      ErrorCode.AuthRequired,
    );
    const m = await registerMember(t);
    await expectCode(
      m.client.call('logout', { body: { bogus: true }, token: m.token }),
      ErrorCode.Validation,
    );
    // The same session from another device is refused with its session code, still before 10003.
    await expectCode(
      t.client().call('logout', { body: { bogus: true }, token: m.token }),
      ErrorCode.SessionInvalid,
    );
  });
  it('10003 for unknown fields, after the signature', async () => {
    const env = await t.client().call('noticeList', { body: { category: 1, extra: 'x' } });
    expect(env.status_code).toBe(ErrorCode.Validation);
    expect(env.message).toBe('参数校验失败');
  });
  it('10003 for malformed JSON and for wrong types, as HTTP 200', async () => {
    const c = t.client();
    const res = await t.app.inject({
      method: 'POST',
      url: '/site/api/v1/advertising/queryNoticeList',
      headers: {
        ...c.headers('/site/api/v1/advertising/queryNoticeList', true),
        'content-type': 'application/json',
      },
      payload: '{"category":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_code: ErrorCode.Validation });
    expect((await c.call('noticeList', { body: { category: '1' } })).status_code).toBe(
      ErrorCode.Validation,
    );
  });
});

describe('exempt calls', () => {
  it('bootstrap calls are not signed', async () => {
    const c = t.client();
    await expectCode(c.call('preInfo', { body: {} }), ErrorCode.Success);
    await expectCode(c.call('vvPretty'), ErrorCode.Success);
  });
  it('/healthz needs no headers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
  it('/docs/openapi.json lists every route of the table', async () => {
    const res = await t.app.inject('/docs/openapi.json');
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/site/api/v1/configuration/preInfo',
        '/site/api/v1/sec/{id}',
        '/act/api/v1/advertising/queryStationAdList',
      ]),
    );
    expect((await t.app.inject('/docs/')).statusCode).toBe(200);
  });
});

describe('transport outcomes', () => {
  it('an unknown API path is a 404 envelope, never HTML', async () => {
    for (const url of [
      '/site/api/v1/nope',
      '/fd/api/v9/x',
      '/api/json-cache',
      '/admin/api/v1/none',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: t.client().headers(url, false),
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json()).toMatchObject({ status_code: ErrorCode.Common });
    }
  });
  it('a body over the limit is 413', async () => {
    const res = await t
      .client()
      .raw('noticeList', { body: { category: 1, pad: 'x'.repeat(70 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status_code: ErrorCode.Validation });
  });
  it('pages carry a strict CSP; API replies are nosniff, no-store and never CORS-open', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/some/page',
      headers: { accept: 'text/html' },
    });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    // The two framing headers agree: nobody frames the member site, not even itself.
    expect(page.headers['x-frame-options']).toBe('DENY');
    const res = await t
      .client()
      .raw('preInfo', { body: {}, headers: { origin: 'https://evil.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
  it('compresses a large reply for a client that accepts it, and leaves a small one alone', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/docs/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
    const doc = JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')) as { paths: object };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    const br = await t.app.inject({
      method: 'GET',
      url: '/docs/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).length).toBeGreaterThan(gzip.rawPayload.length);
    const plain = await t.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await t
      .client()
      .raw('preInfo', { body: {}, headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status_code: ErrorCode.Success });
  });
  it('never answers a 5xx with internals', async () => {
    const res = await t.client().raw('sec', { params: { id: 'does-not-exist' } });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toMatch(/stack|Error:/);
  });
});

describe('rate limit', () => {
  it('answers HTTP 429 with status_code 6501 past the limit', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' },
      seedDemo: false,
    });
    try {
      const c = limited.client();
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await c.raw('preInfo', { body: {} })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await c.raw('preInfo', { body: {} });
      expect(res.json()).toMatchObject({ status_code: ErrorCode.RateLimited });
      // Another address has its own budget.
      expect((await c.raw('preInfo', { body: {}, ip: '192.0.2.55' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
