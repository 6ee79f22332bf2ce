import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { shot } from './support/shots';
import { venueTest } from './support/venue-stack';
import { depositOnline, memberCall, register } from './support/wallet-steps';

/**
 * The reality check over a venue frame (contract §5), against the house venue beside the
 * platform: a member chooses checks every 15 minutes, bets 100.00 in the frame, and when the
 * platform comes back 16 minutes ahead (restarted with the test-only TEST_CLOCK_OFFSET_MS, no
 * real wait) a dialog covers the frame with the time played and this session's figures; 继续
 * closes it, the next one (32 minutes in) is answered 退出, which ends the venue session and
 * goes home.
 */
const test = venueTest;
const MINUTE = 60_000;
/**
 * How long the dialog may take once the member comes back to the tab after the platform came
 * back ahead: the site asks the session clock again on coming back (reality-check.api.ts), well
 * inside its one-minute poll; the browser's own clock, which the restart does not move, would
 * fire the due-time timer only 15 real minutes later.
 */
const COME_BACK_WAIT_MS = 20_000;

/**
 * The member comes back to the tab: the event a browser fires then (at the document, bubbling
 * to the window, where the site's query cache listens), and the site asks the session clock.
 */
async function comeBack(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );
}

/** Whether the middle of the frame is covered by the dialog (the frame cannot be used). */
async function frameCovered(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const frame = document.querySelector('iframe.nb-frame__page');
    if (!frame) return false;
    const box = frame.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== frame && top?.closest('.nb-reality') !== null;
  });
}

test('a reality check covers the venue frame with the session’s figures until answered', async ({
  page,
  stack,
  cspViolations,
}) => {
  test.setTimeout(240_000);
  await register(page);
  await page.goto('/mine/depositLimit');
  const card = page.getByRole('region', { name: '游戏时间提醒' });
  await card.getByText('15 分钟').click();
  await expect(page.getByText('已保存')).toBeVisible();
  await depositOnline(page, '100');

  // Into 星云体育·IM, 100.00 transferred in and staked on the match in play.
  await page.goto('/game/sport');
  await page.getByRole('button', { name: '进入星云体育·IM' }).click();
  await expect(page).toHaveURL(/\/sport\/im\?venue=IMTY&url=/);
  const venue = page.frameLocator('iframe.nb-frame__page');
  await venue.locator('.top__transfer').click();
  const sheet = page.getByRole('dialog', { name: /星云体育·IM 转账/ });
  await sheet.getByRole('textbox').fill('100');
  await sheet.getByRole('button', { name: '下一步' }).click();
  await sheet.getByRole('button', { name: '确认转账' }).click();
  await expect(sheet.getByRole('status')).toContainText('转账成功');
  await sheet.getByRole('button', { name: '知道了' }).click();
  await expect(venue.locator('.top__amount')).toHaveText('¥100.00');
  await venue.locator('.tabs__tab', { hasText: '滚球' }).click();
  const price = venue.locator(`.odds[data-selection^="${stack.testMatchId}:ft:1x2:"]`).first();
  await expect(price).toBeVisible({ timeout: 15_000 });
  await expect(price).not.toHaveClass(/odds--locked/, { timeout: 30_000 });
  await price.click();
  await venue.locator('.slip-fab').click();
  const slip = venue.locator('.sheet__panel.slip');
  await slip.getByRole('radio', { name: '接受任何赔率变化' }).click();
  await slip.getByRole('button', { name: '100', exact: true }).click();
  await slip.locator('.slip__footer .btn--primary').click();
  await expect(slip.locator('.receipt__title')).toHaveText('投注成功', { timeout: 20_000 });
  // The platform has copied the bet (its worker pulls the venue's changes).
  await expect(async () => {
    const bets = await memberCall<{ list: unknown[] }>(page, 'GET', '/game/api/v1/bets');
    expect(bets.list).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('reality-check')).toHaveCount(0);

  // 16 minutes into the session: the check is due, over the frame.
  await stack.platform.restart({ TEST_CLOCK_OFFSET_MS: String(16 * MINUTE) });
  try {
    await comeBack(page);
    const check = page.getByRole('alertdialog', { name: '游戏时间提醒' });
    await expect(check).toBeVisible({ timeout: COME_BACK_WAIT_MS });
    await expect(check).toContainText(/您本次登录已 1[6-9] 分钟/);
    await expect(check.getByTestId('reality-stakes')).toHaveText('100.00');
    await expect(check.getByTestId('reality-payouts')).toHaveText('0.00');
    await expect(check.getByTestId('reality-net')).toHaveText('-100.00');
    await expect(check.getByRole('button', { name: '投注记录' })).toBeVisible();
    await expect(check.getByRole('button', { name: '限额设置' })).toBeVisible();
    expect(await frameCovered(page)).toBe(true);
    await shot(page, 'reality-check');
    await check.getByRole('button', { name: '继续' }).click();
    await expect(check).toHaveCount(0);
    expect(await frameCovered(page)).toBe(false);

    // 32 minutes in: the next one, answered 退出: the venue session ends and the site goes home.
    await stack.platform.restart({ TEST_CLOCK_OFFSET_MS: String(32 * MINUTE) });
    await comeBack(page);
    await expect(check).toBeVisible({ timeout: COME_BACK_WAIT_MS });
    await check.getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(check).toHaveCount(0);
  } finally {
    await stack.platform.restart();
  }
  expect(cspViolations).toEqual([]);
});
