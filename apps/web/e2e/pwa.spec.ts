import type { Page } from '@playwright/test';
import { dismissDialogs, expect, memberTest as test } from './support/fixtures';
import { operator } from './support/wallet-steps';

/**
 * The installable site in Chromium: the manifest, and a service worker that is
 * network-only — it never answers an API call or a platform page from a cache, keeps nothing
 * but its static offline page, shows that page when a navigation fails, and purges old caches.
 */

const OFFLINE_ASSETS = ['/offline.html', '/offline.css', '/static/pwa/icon.svg'];

/** Waits until the service worker controls the page (a first visit needs one reload). */
async function controlled(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
    await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/);
  await dismissDialogs(page);
}

/** Every URL held in any of the origin's caches. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.sort();
  });
}

test('the manifest names the site and its icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe('星云体育 · Nebula');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons)
    expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
});

test('the service worker caches only its offline page and never answers an API call or a page from a cache', async ({
  page,
  request,
}) => {
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/^\/(site|act|game|fd|stream|admin)\/api\//.test(path) && response.fromServiceWorker())
      fromWorker.push(path);
  });
  await controlled(page);
  // Browse a little: pages, API calls, assets.
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: '新手指南' })).toBeVisible();
  await page.goto('/sponsor/0');
  await expect(page.getByRole('heading', { name: '星云杯城市足球联赛' })).toBeVisible();
  expect(fromWorker).toEqual([]);
  expect(await cachedUrls(page)).toEqual([...OFFLINE_ASSETS].sort());

  // A page and an API answer changed by an operator show the change at once: nothing stale.
  const admin = await operator(request);
  await admin.call('POST', '/admin/api/v1/settings', { siteTitle: '星云新标题' });
  try {
    await page.goto('/');
    await expect(page).toHaveTitle(/星云新标题/);
    await page.goto('/download');
    await expect(page.getByText(/「星云新标题」无需下载安装包/)).toBeVisible();
  } finally {
    await admin.call('POST', '/admin/api/v1/settings', { siteTitle: '星云体育 · Nebula' });
  }
  expect(await cachedUrls(page)).toEqual([...OFFLINE_ASSETS].sort());
});

test('offline: a navigation shows the static offline page; API calls fail instead of answering from a cache', async ({
  page,
  context,
}) => {
  await controlled(page);
  await context.setOffline(true);
  try {
    await page.goto('/mine/mail').catch(() => undefined);
    await expect(page.getByRole('heading', { name: '网络连接已断开' })).toBeVisible();
    // Its stylesheet came from the precache: the button is styled.
    await expect(page.getByRole('link', { name: '重新加载' })).toHaveCSS(
      'background-color',
      'rgb(22, 119, 255)',
    );
    const api = await page.evaluate(() =>
      fetch('/site/api/v1/help/list').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    const html = await page.evaluate(() =>
      fetch('/help', { headers: { accept: 'text/html' } }).then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(html).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('link', { name: '重新加载' }).click();
  await expect(page.locator('.nb-tabbar')).toBeVisible();
});

test('the worker purges the caches it finds on activate (an older worker’s included)', async ({
  page,
}) => {
  // A cache left by an older worker, made before this one registers (the offline page runs no
  // script of the site, so no worker is registered yet).
  await page.goto('/offline.html');
  await page.evaluate(async () => {
    const stale = await caches.open('nebula-offline-v0');
    await stale.put('/site/api/v1/help/list', new Response('{"stale":true}'));
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await controlled(page);
  await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(['nebula-offline-v1']);
  expect(await cachedUrls(page)).toEqual([...OFFLINE_ASSETS].sort());
});
