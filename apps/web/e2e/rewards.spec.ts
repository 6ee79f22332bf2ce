import { expect, memberTest } from './support/fixtures';
import { shot } from './support/shots';
import { depositOnline, register } from './support/wallet-steps';

/**
 * Rewards in the browser at 390×844 (contract §5 Rewards): a member who deposited
 * sees their VIP progress on both measures, the whole level table with 返水 rates, today's
 * rebate (nothing accrued without turnover: the claim waits), 福利记录 and 礼物记录 — each
 * route opened from the member centre's shortcuts.
 */
const test = memberTest;

test('VIP progress, the level table, 自助返水, 福利记录 and 礼物记录', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  await register(page);
  await depositOnline(page, '200');

  await page.goto('/mine');
  await page.getByRole('link', { name: 'VIP 特权' }).click();
  await expect(page).toHaveURL(/\/mine\/vip$/);
  await expect(page.getByTestId('vip-level')).toHaveText('VIP0');
  await expect(page.getByText('距 VIP1 还需')).toBeVisible();
  await expect(page.getByTestId('vip-card')).toContainText('200.00');
  await shot(page, 'vip');

  await page.getByRole('link', { name: '查看全部等级与返水比例' }).click();
  await expect(page).toHaveURL(/\/mine\/vip\/details$/);
  await expect(page.getByTestId('vip-table')).toContainText('VIP10');
  await expect(page.getByText('真人')).toBeVisible();
  await shot(page, 'vip-details');

  await page.goto('/mine');
  await page.getByRole('link', { name: '返水中心' }).click();
  await expect(page).toHaveURL(/\/mine\/rebate$/);
  await expect(page.getByTestId('rebate-table')).toContainText('体育');
  await expect(page.getByTestId('rebate-total')).toHaveText('0.00');
  await expect(page.getByRole('button', { name: '暂无可领取的返水' })).toBeDisabled();
  await shot(page, 'rebate');

  await page.goto('/mine');
  await page.getByRole('link', { name: '福利记录' }).click();
  await expect(page).toHaveURL(/\/mine\/record\/welfare$/);
  await expect(page.getByText('暂无福利记录')).toBeVisible();
  await shot(page, 'welfare-record');

  await page.goto('/mine');
  await page.getByRole('link', { name: '礼物记录' }).click();
  await expect(page).toHaveURL(/\/mine\/record\/giftRecord$/);
  await expect(page.getByText('暂无礼物记录')).toBeVisible();
  await shot(page, 'gift-record');

  expect(cspViolations).toEqual([]);
});
