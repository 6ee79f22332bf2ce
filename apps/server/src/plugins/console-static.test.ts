import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP_NONCE_PLACEHOLDER, ErrorCode } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerMember } from '../test/factories';

/** index.html as the console's build writes it (base /console/). */
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Nebula 运营后台</title>
    <script type="module" crossorigin src="/console/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'nebula-console-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dist, 'assets', 'index-abc.js'), 'export {};\n');
  t = await createTestApp({ env: { CONSOLE_DIST: dist, CONSOLE_IDLE_MINUTES: '15' } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the operator console at /console/', () => {
  it('serves its page for every console path, with the inactivity limit from the config', async () => {
    for (const url of ['/console/', '/console/members/12', '/console/login?next=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Nebula 运营后台');
      expect(res.body).toContain('<meta name="nebula-console-idle-minutes" content="15" />');
    }
    const bare = await t.app.inject({ method: 'GET', url: '/console' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/console/');
  });

  it('serves its assets as files and a missing one as 404, never the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/console/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/console/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
  });

  it("has its own CSP: scripts from the origin only, antd's styles by a fresh nonce, never framed", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    // The nonce in the header is the one the page's meta carries for antd, and only that one.
    const elem = /style-src-elem 'self' 'nonce-([A-Za-z0-9+/=]{24})'(;|$)/.exec(csp);
    expect(elem).not.toBeNull();
    const nonce = elem![1]!;
    expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    expect(res.body).not.toContain(CONSOLE_CSP_NONCE_PLACEHOLDER);
    expect(res.headers['cache-control']).toBe('no-store');
    // A fresh nonce per response, never repeated.
    const nonces = new Set([nonce]);
    for (let i = 0; i < 5; i += 1) {
      const again = await t.app.inject({ method: 'GET', url: '/console/members/1' });
      const n = /'nonce-([^']+)'/.exec(String(again.headers['content-security-policy']))![1]!;
      expect(again.body).toContain(`nonce="${n}"`);
      nonces.add(n);
    }
    expect(nonces.size).toBe(6);
    // An asset gets the console's policy without any nonce.
    const asset = await t.app.inject({ method: 'GET', url: '/console/assets/index-abc.js' });
    const assetCsp = String(asset.headers['content-security-policy']);
    expect(assetCsp).toContain("style-src-elem 'self'");
    expect(assetCsp).not.toMatch(/nonce-|unsafe-inline/);
    // The member site keeps its stricter policy (no inline styles).
    const member = await t.app.inject({ method: 'GET', url: '/mine' });
    expect(String(member.headers['content-security-policy'])).toContain("style-src 'self';");
  });

  it("refuses a member's session on the operator calls: only X-Admin-Token counts", async () => {
    const m = await registerMember(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/members',
      headers: { cookie: `X-API-TOKEN=${encodeURIComponent(m.token)}`, 'x-api-token': m.token },
    });
    expect(res.json()).toMatchObject({ status_code: ErrorCode.AdminAuthRequired });
  });
});

describe('a console that is not built', () => {
  it('answers 503 with how to build it', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/console/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
