import type { Page } from '@playwright/test';
import { expect, memberTest as test } from './support/fixtures';
import { register } from './support/wallet-steps';

/**
 * Lists of server data refresh when pulled down, as on a phone: a real touch drag (Chromium's
 * touch input, not a synthetic DOM event) from the top of 我的反馈 must ask the server again.
 */

/** Drags a finger from (x, fromY) down to (x, toY) in small steps, as a member pulls. */
async function pullDown(page: Page, x: number, fromY: number, toY: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', fromY);
  const steps = 20;
  for (let i = 1; i <= steps; i += 1) {
    await touch('touchMove', fromY + ((toY - fromY) * i) / steps);
    await page.waitForTimeout(16);
  }
  await touch('touchEnd', toY);
  await cdp.detach();
}

test('pulling 我的反馈 down asks the server for the list again', async ({ page }) => {
  await register(page);
  await page.goto('/mine/feedback?tab=mine');
  const empty = page.getByText('还没有提交过反馈');
  await expect(empty).toBeVisible();
  await page.waitForLoadState('networkidle');
  const box = await empty.boundingBox();
  if (!box) throw new Error('the empty list has no box');
  const refetch = page.waitForRequest((r) => r.url().includes('/site/api/v1/feedback/list'), {
    timeout: 5000,
  });
  await pullDown(page, box.x + box.width / 2, box.y, box.y + 400);
  await refetch;
});
