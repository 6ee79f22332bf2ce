import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerH5Static } from './h5-static.plugin';

const SITE = 'https://m.site.example';
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'venue-web-pages-'));
  await mkdir(path.join(dist, 'games'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>体育</title>');
  const games = '<!doctype html><title>游戏</title>';
  await writeFile(path.join(dist, 'games', 'index.html'), games);
  await writeFile(path.join(dist, 'games', 'index.html.gz'), gzipSync(games));
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const serve = (d: string) => {
  const app = Fastify();
  registerH5Static(app, { publicUrl: 'https://venue.example', frameOrigins: [SITE], dist: d });
  return app;
};

describe('the house games page at /h5/games/', () => {
  it('is served beside the sportsbook with the same policy, never cached', async () => {
    const app = serve(dist);
    const r = await app.inject({
      method: 'GET',
      url: '/h5/games/?token=abc&game=JSK3',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${SITE}`);
    expect(csp).toContain("script-src 'self'");
    const plain = await app.inject({ method: 'GET', url: '/h5/games/' });
    expect(plain.body).toContain('<title>游戏</title>');
    // The sportsbook's page is still its own.
    expect((await app.inject({ method: 'GET', url: '/h5/' })).body).toContain('体育');
    await app.close();
  });

  it('sends the bare path to the directory with the launch query kept', async () => {
    const app = serve(dist);
    const r = await app.inject({ method: 'GET', url: '/h5/games?token=abc&game=JSK3' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/h5/games/?token=abc&game=JSK3');
    await app.close();
  });

  it('without a build, says how to make one', async () => {
    const app = serve(path.join(dist, 'missing'));
    const r = await app.inject({ method: 'GET', url: '/h5/games/' });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('npm run build:venue-web');
    await app.close();
  });
});
