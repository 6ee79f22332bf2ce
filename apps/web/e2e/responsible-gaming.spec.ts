import type { Page } from '@playwright/test';
import { dismissDialogs, expect, memberTest } from './support/fixtures';
import type { RunningServer } from '../../../e2e/support/platform-server';
import { shot } from './support/shots';
import { depositOnline, PASSWORD, register } from './support/wallet-steps';

/**
 * Responsible gambling in the browser (contract §5), without the venue: raising a deposit limit
 * is a request the member confirms the next day (the platform restarted a day ahead with the
 * test-only TEST_CLOCK_OFFSET_MS), and the monthly statement with its CSV. The reality check
 * over a venue frame is in reality-check.spec.ts.
 */
const test = memberTest;
const HOUR = 3_600_000;

async function login(page: Page, userName: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await dismissDialogs(page);
}

/** The platform restarted `ms` ahead; restored with `back` before the worker's next test. */
async function ahead(server: RunningServer, ms: number): Promise<() => Promise<void>> {
  await server.restart({ TEST_CLOCK_OFFSET_MS: String(ms) });
  return () => server.restart();
}

test('raising a deposit limit waits for the member, who confirms it the next day', async ({
  page,
  server,
  cspViolations,
}) => {
  test.setTimeout(150_000);
  const userName = await register(page);
  await page.goto('/mine/depositLimit');
  const day = page.locator('[data-period="day"]');
  await day.getByRole('button', { name: '设置' }).click();
  let sheet = page.getByRole('dialog', { name: '设置每日限额' });
  await sheet.getByRole('textbox').fill('500');
  await expect(sheet.getByRole('status')).toHaveText('低于当前限额，保存后立即生效。');
  await sheet.getByRole('button', { name: '保存' }).click();
  await expect(day.locator('.nb-limit__amount')).toHaveText('500.00');

  // A raise is a request: the limit stays, the window is shown, no 确认 yet.
  await day.getByRole('button', { name: '修改' }).click();
  sheet = page.getByRole('dialog', { name: '设置每日限额' });
  await sheet.getByRole('textbox').fill('2000');
  await expect(sheet.getByRole('status')).toContainText('24 小时后需由您本人确认才生效');
  await sheet.getByRole('button', { name: '保存' }).click();
  const note = day.getByRole('note');
  await expect(note).toContainText('已申请调整为 ¥2,000.00');
  await expect(note.getByTestId('limit-window')).toHaveText(
    /^可确认时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
  );
  await expect(note.getByRole('button', { name: '确认' })).toHaveCount(0);
  await expect(day.locator('.nb-limit__amount')).toHaveText('500.00');
  await shot(page, 'deposit-limit-request');

  // The next day (the platform a day and an hour ahead; the 1-day session has ended).
  const back = await ahead(server, 25 * HOUR);
  try {
    await login(page, userName);
    await page.goto('/mine/depositLimit');
    await expect(day.locator('.nb-limit__amount')).toHaveText('500.00');
    const confirm = day.getByRole('note').getByRole('button', { name: '确认' });
    await expect(confirm).toBeVisible();
    await shot(page, 'deposit-limit-confirm');
    await confirm.click();
    const dialog = page.getByRole('dialog', { name: '确认放宽限额' });
    await expect(dialog).toContainText('确认将每日限额调整为 ¥2,000.00？');
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect(day.locator('.nb-limit__amount')).toHaveText('2,000.00');
    await expect(day.getByRole('note')).toHaveCount(0);
  } finally {
    await back();
  }
  expect(cspViolations).toEqual([]);
});

test('the monthly statement shows the month’s deposits and exports them as CSV', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(90_000);
  await register(page);
  await depositOnline(page, '200');
  await page.goto('/mine');
  await page.getByRole('link', { name: '月度账单' }).click();
  await expect(page).toHaveURL(/\/mine\/statement$/);
  await expect(page.getByRole('heading', { level: 1, name: '月度账单' })).toBeVisible();
  await expect(page.getByTestId('stmt-deposits')).toHaveText('200.00');
  await expect(page.getByTestId('stmt-withdrawals')).toHaveText('0.00');
  await expect(page.getByTestId('stmt-net-deposits')).toHaveText('+200.00');
  await expect(page.getByText('本月没有已结算的投注')).toBeVisible();
  const picker = page.getByLabel('月份');
  await expect(picker).toHaveValue(/^\d{4}-\d{2}$/);
  await shot(page, 'statement');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^月度账单-\d{4}-\d{2}\.csv$/);
  const stream = await file.createReadStream();
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  expect(text).toContain('存款,200.00');
  expect(text).toContain('累计净存款（截至本月底）,200.00');
  expect(cspViolations).toEqual([]);
});

test('loss, wager and time limits: set at once, each window with what it has used', async ({
  page,
  cspViolations,
}) => {
  await register(page);
  await page.goto('/mine/depositLimit');
  await page.getByRole('link', { name: /亏损、投注与时长限额/ }).click();
  await expect(page).toHaveURL(/\/mine\/playLimits$/);
  const loss = page.locator('[data-kind="loss"][data-period="day"]');
  await loss.getByRole('button', { name: '设置' }).click();
  let sheet = page.getByRole('dialog', { name: '24 小时亏损限额' });
  await sheet.getByRole('textbox').fill('100');
  await sheet.getByRole('button', { name: '保存' }).click();
  await expect(loss.locator('.nb-limit__amount')).toHaveText('¥100.00');
  await expect(loss.locator('.nb-limit__used')).toHaveText('窗口内已用 ¥0.00');
  const time = page.locator('[data-kind="time"][data-period="week"]');
  await time.getByRole('button', { name: '设置' }).click();
  sheet = page.getByRole('dialog', { name: '7 天游戏时长限额' });
  await sheet.getByRole('textbox').fill('600');
  await sheet.getByRole('button', { name: '保存' }).click();
  await expect(time.locator('.nb-limit__amount')).toHaveText('600 分钟');
  await expect(time.locator('.nb-limit__used')).toHaveText('窗口内已用 0 分钟');
  await shot(page, 'play-limits');
  expect(cspViolations).toEqual([]);
});
