import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import { dialects } from '@nebula/protocol/venue/dialects';
import { h5MetaPath, type H5Meta } from '@nebula/protocol/venue/h5-meta';
import { h5LivePath } from '@nebula/protocol/venue/live-frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, PLATFORM_ORIGIN, type VenueTestApp } from '../../test/venue-test-app';
import { registerH5Static } from './h5-static.plugin';

let v: VenueTestApp;
/** A built page of our own, so the walk does not depend on whether the real one was built. */
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'venue-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>体育</title>');
  // As the build writes them: the page pre-compressed beside the original.
  await writeFile(path.join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>体育</title>'));
  await writeFile(
    path.join(dist, 'index.html.br'),
    brotliCompressSync('<!doctype html><title>体育</title>'),
  );
  await writeFile(path.join(dist, 'assets', 'entry-abc123.js'), 'console.log(1)');
  v = await createVenueTestApp({}, undefined, dist);
});
afterAll(async () => {
  await v.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the page meta call', () => {
  it('answers the stake limits and the family’s leagues, in the session’s dialect', async () => {
    const token = await v.enter('meta-ty');
    const r = await v.page<H5Meta>('GET', '/v1/meta', token);
    expect(r.code).toBe(0);
    expect(r.data!.limits).toEqual({
      minStake: '10.00',
      maxStake: '50000.00',
      maxPayout: '500000.00',
    });
    expect(new Set(r.data!.leagues.map((l) => l.sport))).toEqual(
      new Set(['football', 'basketball']),
    );
    const dj = await v.enter('meta-dj', 'HOUSE_DJ');
    const esports = await v.page<H5Meta>('GET', '/api/mobile/meta', dj);
    expect(esports.code).toBe(100);
    expect(new Set(esports.data!.leagues.map((l) => l.title))).toEqual(
      new Set(['cs2', 'lol', 'dota2']),
    );
  });

  it('refuses a missing token or another dialect’s prefix like every engine call', async () => {
    expect((await v.page('GET', '/v1/meta', null)).code).toBe(14010);
    const token = await v.enter('meta-wrong');
    expect((await v.page('GET', '/ob/api/meta', token)).code).toBe(String(ErrorCode.VenueUnknown));
  });
});

describe('the page’s own routes under hostile input', () => {
  it('never answer a 5xx: the meta call under every dialect, the live socket without an upgrade, the page', async () => {
    const token = await v.enter('meta-fuzz');
    const urls = [
      ...Object.values(dialects).map((d) => `${d.prefix}${h5MetaPath}`),
      h5LivePath,
      '/h5',
      '/h5/',
      '/h5/assets/%00',
      '/h5/../../etc/passwd',
    ];
    const callers = [
      {},
      { authorization: `Bearer ${token}` },
      { authorization: 'Bearer x'.repeat(50) },
      { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' },
    ];
    for (const url of urls) {
      for (const headers of callers) {
        for (const q of ['', '?a[]=1', '?token=%00', `?x=${'y'.repeat(3000)}`]) {
          for (const method of ['GET', 'POST'] as const) {
            const r = await v.app.inject({ method, url: url + q, headers });
            expect(r.statusCode, `${method} ${url}${q}`).toBeLessThan(500);
          }
        }
      }
    }
  });
});

describe('the page at /h5/', () => {
  const serve = (d: string) => {
    const app = Fastify();
    registerH5Static(app, {
      publicUrl: 'https://venue.example',
      frameOrigins: [PLATFORM_ORIGIN, 'https://m.site.example'],
      dist: d,
    });
    return app;
  };

  it('sends the page with its policy: framed by the merchants only, no referrer, own origin only', async () => {
    const app = serve(dist);
    const r = await app.inject({
      method: 'GET',
      url: '/h5/?token=abc',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cache-control']).toBe('no-cache');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${PLATFORM_ORIGIN} https://m.site.example`);
    expect(csp).toContain("connect-src 'self' wss://venue.example");
    expect(csp).toContain("script-src 'self'");
    const asset = await app.inject({ method: 'GET', url: '/h5/assets/entry-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    const bare = await app.inject({ method: 'GET', url: '/h5?token=abc' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/h5/?token=abc');
    await app.close();
  });

  it('without a build, says how to make one', async () => {
    const app = serve(path.join(dist, 'missing'));
    const r = await app.inject({ method: 'GET', url: '/h5/' });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('npm run build:venue-web');
    await app.close();
  });
});
