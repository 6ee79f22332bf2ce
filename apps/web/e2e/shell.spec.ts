import { expect, test } from './support/fixtures';
import { startServer, type RunningServer } from '../../../e2e/support/platform-server';

test.describe('site states from the server', () => {
  let stopped: RunningServer;
  let maintenance: RunningServer;
  test.beforeAll(async () => {
    [stopped, maintenance] = await Promise.all([
      startServer({ SITE_STATUS: 'stopped' }),
      startServer({ SITE_STATUS: 'maintenance' }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([stopped.stop(), maintenance.stop()]);
  });

  test('a stopped site sends the browser to the stop-service page', async ({ page }) => {
    await page.goto(`${stopped.url}/`);
    await expect(page).toHaveURL(/\/other\/stopService$/);
    await expect(page.getByText('服务已暂停')).toBeVisible();
  });

  test('maintenance (6032) sends the browser to the access-alert page', async ({ page }) => {
    await page.goto(`${maintenance.url}/`);
    await expect(page).toHaveURL(/\/other\/restrictionIp\?name=access-alert/);
    await expect(page.getByText('系统维护中').first()).toBeVisible();
  });
});

test.describe('shell behaviours', () => {
  test('a browser with cookies turned off sees the cookies-disabled screen', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false });
    });
    await page.goto('/');
    await expect(page.getByText(/Cookie/i).first()).toBeVisible();
  });

  test('the security tip and system pages render with zero CSP violations', async ({
    page,
    cspViolations,
  }) => {
    for (const path of [
      '/',
      '/other/maintenance',
      '/other/restrictionIp?name=access-caveat',
      '/404',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    expect(cspViolations).toEqual([]);
  });

  test('the restriction page shows the caller address from pre-info', async ({ page }) => {
    await page.goto('/other/restrictionIp?name=access-caveat');
    await expect(page.getByText('访问受限')).toBeVisible();
    await expect(page.getByText(/127\.0\.0\.1/)).toBeVisible();
  });
});
