import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID, type BootData, type StationAd } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';

/** index.html as the member site's build writes it (the places the platform fills included). */
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Nebula</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/web-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'nebula-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'assets', 'index-abc.js'), 'export {};\n');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

async function getPage(url: string, ip = '203.0.113.7') {
  const res = await t.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: { accept: 'text/html' },
  });
  return { res, html: res.body };
}

/** The data block exactly as the browser's JSON.parse reads it. */
function bootDataOf(html: string): BootData | null {
  const open = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  if (start < 0) return null;
  const end = html.indexOf('</script>', start + open.length);
  return JSON.parse(html.slice(start + open.length, end)) as BootData;
}

describe('the member site’s first screen from the server', () => {
  it('the home page carries the site title, the top of the page and the data the site starts from', async () => {
    const { res, html } = await getPage('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The page holds this visitor's address: no shared cache may keep it.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const settings = await t.services.settings.get();
    expect(html).toContain(`<title>${settings.siteTitle}</title>`);
    const boot = bootDataOf(html);
    expect(boot).not.toBeNull();
    expect(boot!.preInfo.ip).toBe('203.0.113.7');
    expect(boot!.preInfo.SiteBaseConfigVo.title).toBe(settings.siteTitle);
    // The same rows the calls answer.
    const ads = await t.client().data<{ list: StationAd[] }>('stationAdList');
    expect(boot!.home?.stationAds).toEqual(ads.list);
    const marquee = await t
      .client()
      .data<{ list: unknown[] }>('noticeList', { body: { category: 1 } });
    expect(boot!.home?.marquee).toEqual(marquee.list);
    // The first banner is drawn and fetched before the scripts.
    const first = ads.list[0]!;
    expect(html).toContain(`<img src="${first.imageUrl}"`);
    expect(html.indexOf(`<link rel="preload" as="image" href="${first.imageUrl}"`)).toBeLessThan(
      html.indexOf('/assets/index-abc.js'),
    );
    // The scripts and styles of the build are still there, and no inline script was added.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    );
    expect(html.match(/<script(?![^>]*(type="application\/json"|type="module"))/g)).toBeNull();
  });

  it('each visitor gets their own address in the shared rendering', async () => {
    const a = bootDataOf((await getPage('/', '198.51.100.1')).html);
    const b = bootDataOf((await getPage('/', '198.51.100.2')).html);
    expect(a?.preInfo.ip).toBe('198.51.100.1');
    expect(b?.preInfo.ip).toBe('198.51.100.2');
  });

  it('other pages get pre-info but neither the home content nor its markup', async () => {
    const { res, html } = await getPage('/mine/userInfo?x=1');
    expect(res.statusCode).toBe(200);
    const boot = bootDataOf(html);
    expect(boot?.preInfo.ip).toBe('203.0.113.7');
    expect(boot?.home).toBeNull();
    expect(html).toContain('<div id="root"></div>');
  });

  it('operator text that tries to break out of the page is shown as text and parsed back intact', async () => {
    const hostile = '</script><script>alert(1)</script><!--\u2028"\'&';
    const title = 'X</title><img src=x onerror=alert(2)>';
    await t.services.settings.update({ siteTitle: title });
    const notices = await t
      .client()
      .data<{ list: { id: number; content: string }[] }>('noticeList', { body: { category: 1 } });
    const first = notices.list[0]!;
    await t.services.content.saveNotice({
      id: first.id,
      category: 1,
      title: hostile,
      content: hostile,
    });
    try {
      const { html } = await getPage('/');
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x onerror');
      // Exactly the build's one script and the data block.
      expect(html.match(/<script/g)).toHaveLength(2);
      const boot = bootDataOf(html);
      expect(boot?.preInfo.SiteBaseConfigVo.title).toBe(title);
      expect(boot?.home?.marquee.find((n) => n.id === first.id)?.content).toBe(hostile);
      expect(html).toContain('<title>X&lt;/title&gt;&lt;img src=x onerror=alert(2)&gt;</title>');
    } finally {
      await t.services.content.saveNotice({
        id: first.id,
        category: 1,
        title: '公告',
        content: first.content,
      });
      await t.services.settings.update({ siteTitle: 'Nebula' });
    }
  });

  it('a change of settings or content reaches the next page at once', async () => {
    await t.services.settings.update({ siteTitle: '新的站点名称' });
    expect((await getPage('/')).html).toContain('<title>新的站点名称</title>');
    await t.db.query(`UPDATE station_ads SET enabled = false`);
    await t.services.content.changed();
    const boot = bootDataOf((await getPage('/')).html);
    expect(boot?.home?.stationAds).toEqual([]);
    await t.db.query(`UPDATE station_ads SET enabled = true`);
    await t.services.content.changed();
    await t.services.settings.update({ siteTitle: 'Nebula' });
  });

  it('while the site is in maintenance the page carries no home content (the calls would refuse it)', async () => {
    await t.services.settings.update({
      siteStatus: { status: 'maintenance', message: '维护中', startTime: null, endTime: null },
    });
    try {
      const boot = bootDataOf((await getPage('/')).html);
      expect(boot?.home).toBeNull();
      expect(boot?.preInfo.maintainConfig).toBeTruthy();
    } finally {
      await t.services.settings.update({
        siteStatus: { status: 'open', message: '', startTime: null, endTime: null },
      });
    }
  });

  it('a refused address gets the plain page: nothing the API would refuse it', async () => {
    const id = await t.services.access.blockIp('192.0.2.0/24', 'test');
    try {
      const { res, html } = await getPage('/', '192.0.2.9');
      expect(res.statusCode).toBe(200);
      expect(bootDataOf(html)).toBeNull();
      expect(html).toBe(INDEX_HTML);
    } finally {
      await t.services.access.unblockIp(id);
    }
  });

  it('assets are served with a long cache; a missing asset and an unknown API path are 404s, never the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
    const api = await t.app.inject({
      method: 'POST',
      url: '/site/api/v1/no/such/call',
      payload: {},
    });
    expect(api.statusCode).toBe(404);
    expect(typeof api.json<{ status_code: unknown }>().status_code).toBe('number');
  });
});
