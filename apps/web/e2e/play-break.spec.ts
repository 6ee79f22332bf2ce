import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { shot } from './support/shots';
import { venueTest } from './support/venue-stack';
import { depositOnline, PASSWORD, register } from './support/wallet-steps';

/**
 * Time-out and self-exclusion in the browser (responsible gambling), against the house venue
 * beside the platform: a member opens 冷静期与自我排除 from the member centre, takes a 24-hour
 * time-out confirmed with the login password and its exact end, and the money already in a
 * venue comes home; then a deposit, a transfer in and a venue launch are each refused with 9202.
 */
const test = venueTest;

const BREAK_REFUSED = '您正处于冷静期或自我排除期，暂不能存款、进入场馆或转入';
const HOUR = 3_600_000;

/** "2026-11-26 12:00": an instant in Beijing time, as the site shows it. */
function beijing(ms: number): string {
  return new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
}

/** Moves `amount` from the main wallet into a venue on /mine/finance/transfer. */
async function transferIn(page: Page, venue: string, amount: string): Promise<void> {
  await page.locator(`[data-venue="${venue}"]`).getByRole('button', { name: '转入' }).click();
  const sheet = page.getByRole('dialog', { name: /转账/ });
  await sheet.getByRole('textbox').fill(amount);
  await sheet.getByRole('button', { name: '下一步' }).click();
  await sheet.getByRole('button', { name: '确认转账' }).click();
  await expect(sheet.getByRole('status')).toContainText('转账成功');
  await sheet.getByRole('button', { name: '知道了' }).click();
}

test('a 24-hour time-out from the member centre: confirmed with its end, venues recalled, then deposits, transfers in and launches are refused', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  await register(page);
  await depositOnline(page, '200');
  await page.goto('/mine/finance/transfer');
  await transferIn(page, 'FBTY', '50');
  await expect(page.getByTestId('transfer-main')).toHaveText('¥150.00');

  await page.goto('/mine');
  await page.getByRole('link', { name: '冷静期与自我排除' }).click();
  await expect(page).toHaveURL(/\/mine\/playBreak$/);
  await expect(page.getByRole('heading', { level: 1, name: '冷静期与自我排除' })).toBeVisible();
  await expect(page.getByText(/短时间暂停/)).toBeVisible();
  await expect(page.getByText(/长期暂停/)).toBeVisible();
  await shot(page, 'play-break-choose');

  // A wrong login password is refused at the field, and nothing starts.
  await page.getByRole('radio', { name: /^24小时/ }).click();
  const password = page.getByLabel('登录密码');
  await password.fill('not-the-password-1');
  await page.getByRole('button', { name: '开始冷静期' }).click();
  const sheet = page.getByRole('dialog', { name: '确认开始冷静期' });
  await sheet.getByRole('button', { name: '确认开始' }).click();
  await expect(page.getByText('登录密码错误')).toBeVisible();
  await expect(page.getByTestId('break-ends-at')).toHaveCount(0);

  // The right one: the sheet states the end (now + 24 h, Beijing time) and that it is final.
  await password.fill(PASSWORD);
  const before = Date.now();
  await page.getByRole('button', { name: '开始冷静期' }).click();
  const end = sheet.getByTestId('break-confirm-end');
  await expect(end).toHaveText(/（北京时间）$/);
  const shown = ((await end.textContent()) ?? '').replace('（北京时间）', '');
  const after = Date.now();
  expect([beijing(before + 24 * HOUR), beijing(after + 24 * HOUR)]).toContain(shown);
  await expect(sheet).toContainText(`${shown} 之前无法取消或缩短`);
  await shot(page, 'play-break-confirm');
  await sheet.getByRole('button', { name: '确认开始' }).click();

  // The break runs: its end (the server's, the same minute or the next) and the time left.
  const endsAt = page.getByTestId('break-ends-at');
  await expect(endsAt).toBeVisible();
  expect([beijing(before + 24 * HOUR), beijing(Date.now() + 24 * HOUR)]).toContain(
    await endsAt.textContent(),
  );
  await expect(page.getByTestId('break-left')).toHaveText(/^(23 小时 5\d 分钟|1 天 0 小时)$/);
  await expect(page.getByRole('heading', { level: 2, name: '冷静期' })).toBeVisible();
  await expect(page.getByText('存款、进入场馆、转入场馆')).toBeVisible();
  // Only longer breaks are offered now.
  await expect(page.getByRole('radio', { name: /^24小时/ })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^72小时/ })).toBeVisible();
  await expect(page.getByText(/冷静期已开始/)).toBeHidden();
  await shot(page, 'play-break');

  // Starting it brought the venue's 50.00 home; a transfer in is refused with 9202.
  await page.goto('/mine/finance/transfer');
  await expect(page.getByTestId('transfer-main')).toHaveText('¥200.00');
  await page.locator('[data-venue="FBTY"]').getByRole('button', { name: '转入' }).click();
  const transfer = page.getByRole('dialog', { name: /转账/ });
  await transfer.getByRole('textbox').fill('20');
  await transfer.getByRole('button', { name: '下一步' }).click();
  await transfer.getByRole('button', { name: '确认转账' }).click();
  await expect(transfer.getByRole('alert')).toContainText(BREAK_REFUSED);
  await expect(transfer.getByRole('alert')).toContainText(
    /冷静期将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 结束/,
  );
  await expect(page.getByTestId('transfer-main')).toHaveText('¥200.00');

  // A deposit is refused with 9202, and points to the break.
  await page.goto('/mine/finance/deposit');
  await page.getByRole('radio', { name: /支付宝/ }).click();
  await page.getByRole('button', { name: '200', exact: true }).click();
  await page.getByRole('button', { name: '立即存款' }).click();
  const deposit = page.getByRole('dialog', { name: '确认存款' });
  await deposit.getByRole('button', { name: '确认并去支付' }).click();
  await expect(deposit.getByRole('alert')).toContainText(BREAK_REFUSED);
  await expect(deposit.getByRole('alert')).toContainText('冷静期将于');
  await shot(page, 'play-break-deposit');
  await deposit.getByRole('link', { name: '查看暂停详情' }).click();
  await expect(page).toHaveURL(/\/mine\/playBreak$/);

  // So is a venue launch.
  await page.goto('/game/sport');
  await page.getByRole('button', { name: '进入星云体育·FB' }).click();
  await expect(page.getByText(BREAK_REFUSED).first()).toBeVisible();
  await expect(page).toHaveURL(/\/game\/sport$/);
  expect(cspViolations).toEqual([]);
});
