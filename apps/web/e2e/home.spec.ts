import { dismissDialogs, expect, test } from './support/fixtures';
import { startServer, type RunningServer } from '../../../e2e/support/platform-server';

test.describe('site title from config', () => {
  // A title no build or default carries (short of the 27 characters that start the marquee),
  // so only the operator's configuration can put it on the page.
  const SITE_TITLE = '银河测试站 · 标题来自配置';
  let custom: RunningServer;
  test.beforeAll(async () => {
    custom = await startServer({ SITE_TITLE });
  });
  test.afterAll(async () => {
    await custom.stop();
  });

  test('the document title and the top bar show the configured title', async ({ page }) => {
    await page.goto(`${custom.url}/`);
    await expect(page).toHaveTitle(SITE_TITLE);
    await expect(page.locator('.nb-topbar__title')).toHaveText(SITE_TITLE);
  });
});

test.describe('home page', () => {
  test('renders banners and the notice marquee from the server', async ({
    page,
    cspViolations,
  }) => {
    const notices = page.waitForResponse((r) => r.url().includes('/advertising/queryNoticeList'));
    await page.goto('/');
    const res = await notices;
    const body = (await res.json()) as {
      status_code: number;
      data: { list: { title: string; content: string }[] };
    };
    expect(body.status_code).toBe(6000);
    // The marquee shows the seeded marquee notices.
    await expect(
      page.getByText(body.data.list[0]!.content, { exact: false }).first(),
    ).toBeVisible();
    // Banners are the seeded station ads.
    await expect(
      page
        .getByRole('img', { name: '新会员首存礼遇' })
        .or(page.getByLabel('新会员首存礼遇'))
        .first(),
    ).toBeAttached();
    // Game families come from the site naming rows.
    await expect(
      page
        .getByRole('tab', { name: '体育' })
        .or(page.getByText('体育', { exact: true }))
        .first(),
    ).toBeVisible();
    expect(cspViolations).toEqual([]);
  });

  test('the notice marquee opens the announcements', async ({ page }) => {
    const popInfo = page.waitForResponse((r) => r.url().includes('/memberTopActivity/popInfo'));
    await page.goto('/');
    await popInfo;
    await dismissDialogs(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The marquee never stops moving, so Playwright's "stable" wait would never end.
    await page.getByRole('button', { name: '公告' }).click({ force: true });
    await expect(page.getByText('关于账户安全的公告')).toBeVisible();
  });

  test('signed requests still succeed from the stored encrypted key when the signing chunk is blocked', async ({
    page,
  }) => {
    // First visit: the signing chunk fetches the device key and stores it encrypted.
    // The waiter is set before the visit: the call can finish before goto() returns.
    const first = page.waitForResponse(
      (r) => r.url().includes('/advertising/queryStationAdList') && r.status() === 200,
    );
    await page.goto('/');
    await first;
    await page.waitForFunction(() =>
      Object.keys(localStorage).some((k) => k.toLowerCase().includes('sign')),
    );
    // Second visit with the chunk blocked.
    let blocked = 0;
    await page.route(/signing-chunk[^/]*\.js/, async (route) => {
      blocked += 1;
      await route.abort();
    });
    const signed = page.waitForResponse((r) => r.url().includes('/advertising/queryNoticeList'));
    await page.reload();
    const res = await signed;
    expect(res.request().headers()['x-sign']).toMatch(/^[0-9a-f]{64}$/);
    expect(((await res.json()) as { status_code: number }).status_code).toBe(6000);
    expect(blocked).toBeGreaterThan(0);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  });
});

test.describe('first paint from the server', () => {
  // Without scripts the page still shows its top: the platform drew it into the HTML.
  test.use({ javaScriptEnabled: false });
  test('the top bar, the first banner and the notice line are in the served page', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('.nb-topbar__title')).toHaveText('星云体育 · Nebula');
    const banner = page.getByRole('img', { name: '新会员首存礼遇' });
    await expect(banner).toBeVisible();
    expect(
      await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    await expect(page.locator('.nb-notice')).toBeVisible();
  });
});
