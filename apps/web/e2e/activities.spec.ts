import { expect, memberTest } from './support/fixtures';
import { shot } from './support/shots';
import { depositOnline, register } from './support/wallet-steps';

/**
 * Activities in the browser at 390×844 (contract §5 Activities): a member opens the 优惠 tab,
 * applies for 首存, deposits through the sandbox and finds the bonus with the turnover it needs
 * in 福利记录, then checks in on the 签到 calendar (the deposit counts the day). The platform
 * runs at 10:00 Asia/Shanghai (the test clock), so the deposit and the check-in share a day.
 */
const test = memberTest;
const DAY = 24 * 3600_000;
const OFFSET = 8 * 3600_000;

/** Milliseconds from now to the next 10:00 in Shanghai. */
function toShanghaiMorning(now = Date.now()): number {
  const local = now + OFFSET;
  const dayStart = local - (local % DAY);
  const target = dayStart + 10 * 3600_000;
  return (target > local ? target : target + DAY) - local;
}

test('首存: apply, deposit, see the bonus and its turnover in 福利记录; 签到', async ({
  page,
  server,
  cspViolations,
}) => {
  test.setTimeout(150_000);
  await server.restart({ TEST_CLOCK_OFFSET_MS: String(toShanghaiMorning()) });
  try {
    await register(page);
    await page.goto('/activity/discount');
    const first = page.getByTestId('activity-firstDeposit');
    await expect(first).toContainText('新会员首存送 50%');
    await expect(page.getByTestId('activity-checkin')).toBeVisible();
    await shot(page, 'activity-discount');

    await first.click();
    const sheet = page.getByRole('dialog', { name: '新会员首存送 50%' });
    await expect(sheet).toContainText('存款 50% 赠送，最高 888.00 元');
    await sheet.getByRole('button', { name: '申请' }).click();
    await expect(page).toHaveURL(/\/mine\/finance\/deposit$/);

    await depositOnline(page, '200');
    await page.goto('/mine/record/welfare');
    const grant = page.getByTestId('grant-card').filter({ hasText: '新会员首存送 50%' });
    await expect(grant).toContainText('100.00');
    await expect(grant).toContainText('800.00');

    await page.goto('/activity/discount');
    await page.getByTestId('activity-firstDeposit').click();
    await expect(page.getByTestId('activity-blocker')).toHaveText('您已参与');
    await page.keyboard.press('Escape');

    await page.goto('/activity/calendar');
    await expect(page.getByTestId('checkin-progress')).toContainText('存款 200.00');
    await page.getByTestId('checkin-button').click();
    await expect(page.getByText('签到成功，获得 2.00 元')).toBeVisible();
    await expect(page.getByTestId('checkin-button')).toHaveText('今日已签到');
    await expect(page.getByTestId('checkin-streak')).toHaveText('已连续签到 1 天');
    await expect(page.locator('.nb-act__day--on')).toHaveCount(1);
    await shot(page, 'activity-calendar');

    await page.goto('/mine/record/welfare');
    await expect(page.getByTestId('grant-card').filter({ hasText: '每日签到' })).toContainText(
      '2.00',
    );
    expect(cspViolations).toEqual([]);
  } finally {
    await server.restart();
  }
});
