import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { dismissDialogs, expect, memberTest as test } from './support/fixtures';
import { signedCall } from '../../../e2e/support/signed-api';
import { shot } from './support/shots';
import { memberCall, operator, PASSWORD, register } from './support/wallet-steps';

/**
 * The dead ends a new member hit, each tapped at 390×844 and followed to the page
 * it must reach, and the rough edges mended: words, times, the floating icon, the PIN input.
 */

async function logout(page: Page): Promise<void> {
  await memberCall(page, 'POST', '/site/api/v1/user/logout', {});
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

async function login(page: Page, userName: string): Promise<void> {
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test('an anonymous tap on 存款, 取款 or 转账 opens login with the way back, and login returns there', async ({
  page,
}) => {
  const userName = await register(page);
  await logout(page);
  await page.goto('/');
  await dismissDialogs(page);
  for (const [name, path] of [
    ['取款', '/mine/finance/withdrawal'],
    ['转账', '/mine/finance/transfer'],
    ['存款', '/mine/finance/deposit'],
  ] as const) {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent(path)}`);
  }
  await login(page, userName);
  await expect(page).toHaveURL(/\/mine\/finance\/deposit$/);
});

test('a member-only URL opened while logged out goes to login with its return path', async ({
  page,
}) => {
  for (const path of ['/mine/mail', '/mine/feedback', '/mine/userInfo?open=fundPassword']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent(path)}`);
  }
  // The 我的 tab too.
  await page.goto('/');
  await dismissDialogs(page);
  await page.getByRole('link', { name: /^我的/ }).click();
  await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent('/mine')}`);
});

test('a session that ends while on /mine still goes home (contract §8.3)', async ({
  page,
  request,
}) => {
  const userName = await register(page);
  await page.goto('/mine/mail');
  await expect(page.getByRole('heading', { name: '站内信' })).toBeVisible();
  const admin = await operator(request);
  const memberId = await admin.memberId(userName);
  // A fresh tab on the same stored session is what meets the block here. The first page is
  // closed before the block: anything it still had going (polls, the chat socket) could meet the
  // block first and clear the stored session, and the fresh tab would then open /mine anonymous
  // (login). Keeping it off /site/api alone was not enough: a CI run lost that race twice.
  const fresh = await page.context().newPage();
  await page.close();
  await admin.call('POST', `/admin/api/v1/members/${memberId}/block`, {
    blocked: true,
    reason: 'e2e',
  });
  await fresh.goto('/mine/mail');
  await expect(fresh).toHaveURL(/\/$/);
});

test('联系客服 leads to the customer-service page', async ({ page }) => {
  await page.goto('/user/password');
  await page.getByRole('link', { name: '未绑定手机？联系客服找回' }).click();
  await expect(page).toHaveURL(/\/customer\/main$/);
  await expect(page.getByRole('heading', { level: 1, name: '在线客服' })).toBeVisible();
});

test('the floating icon keeps clear of the family card’s 进入 at 390 px, its close button on screen', async ({
  page,
}) => {
  await page.goto('/');
  await dismissDialogs(page);
  const icon = page.locator('.nb-float');
  await expect(icon).toBeVisible();
  const close = page.getByRole('button', { name: '关闭活动图标' });
  const box = (await icon.boundingBox())!;
  const closeBox = (await close.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(closeBox.x).toBeGreaterThanOrEqual(0);
  expect(closeBox.y).toBeGreaterThanOrEqual(0);
  expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(viewport.width);
  expect(closeBox.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  // Every 进入 on screen (the family cards) stays uncovered, at the top and scrolled down.
  for (const scroll of [0, 300, 10_000]) {
    const moved = await page.evaluate((y) => {
      const before = window.scrollY;
      window.scrollTo({ top: y, behavior: 'instant' });
      return window.scrollY !== before;
    }, scroll);
    // A scroll docks the icon; it comes back once the page is idle and its transition ends.
    if (moved) await expect(icon).toHaveClass(/nb-float--docked/);
    await expect(icon).not.toHaveClass(/nb-float--docked/);
    await page.waitForFunction(
      () => document.querySelector('.nb-float')?.getAnimations({ subtree: true }).length === 0,
    );
    const iconBox = (await icon.boundingBox())!;
    const enters = page.locator(
      '.nb-family-card__enter, a:text-is("进入"), button:text-is("进入")',
    );
    expect(await enters.count()).toBeGreaterThan(0);
    for (const enter of await enters.all()) {
      const b = await enter.boundingBox();
      if (!b || b.y > viewport.height || b.y + b.height < 0) continue;
      const overlaps =
        b.x < iconBox.x + iconBox.width &&
        iconBox.x < b.x + b.width &&
        b.y < iconBox.y + iconBox.height &&
        iconBox.y < b.y + b.height;
      expect(overlaps, `进入 at ${b.x},${b.y} under the icon at scroll ${scroll}`).toBe(false);
    }
  }
});

test('words: the currency’s one name, devices named from the user agent, the site name fits', async ({
  page,
  request,
}) => {
  await register(page);
  await page.goto('/mine/currency');
  await expect(page.getByRole('heading', { level: 1, name: '我的金币' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('COIN');
  const admin = await operator(request);
  await admin.call('POST', '/admin/api/v1/settings', { currencyName: '星币' });
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '我的星币' })).toBeVisible();
  } finally {
    await admin.call('POST', '/admin/api/v1/settings', { currencyName: '金币' });
  }

  await page.goto('/mine/security');
  const devices = page.locator('.nb-devices');
  await expect(devices).toContainText('Linux · Chrome');
  await expect(page.locator('body')).not.toContainText('seed');
  await expect(devices).not.toContainText('浏览器');

  // The top bar: the name and the member's actions never overlap; the name ends in an ellipsis
  // rather than pushing them off screen.
  await page.goto('/');
  await dismissDialogs(page);
  const title = (await page.locator('.nb-topbar__title').boundingBox())!;
  const actions = (await page.locator('.nb-topbar__actions').boundingBox())!;
  expect(title.x + title.width).toBeLessThanOrEqual(actions.x);
  expect(actions.x + actions.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('withdrawal: 实名审核中 while in review; 去设置 opens the 6-box fund-password form with the numeric keypad', async ({
  page,
}) => {
  await register(page);
  await memberCall(page, 'POST', '/site/api/v1/user/realName/submit', { realName: '张小北' });
  await page.goto('/mine/finance/withdrawal');
  await expect(page.getByTestId('check-real-name')).toContainText('实名审核中');
  await shot(page, 'withdrawal-review');
  await page.getByTestId('check-fund-password').getByRole('link', { name: '去设置' }).click();
  await expect(page).toHaveURL(/\/mine\/userInfo\?open=fundPassword$/);
  const form = page.getByRole('dialog');
  await expect(form).toBeVisible();
  const pin = form.locator('.nb-pin').first();
  await expect(pin.locator('.nb-pin__box')).toHaveCount(6);
  const input = pin.locator('input');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(input).toHaveAttribute('pattern', '[0-9]*');
  const boxHeight = (await pin.locator('.nb-pin__box').first().boundingBox())!.height;
  expect(boxHeight).toBeGreaterThanOrEqual(44);
  await input.fill('12ab34');
  await expect(input).toHaveValue('1234');
  await expect(pin.locator('.nb-pin__box--filled')).toHaveCount(4);
  await shot(page, 'fund-password');
});

test('a withdrawal in review shows 审核中 in 交易记录', async ({ page, request }) => {
  const userName = await register(page);
  const admin = await operator(request);
  const memberId = await admin.memberId(userName);
  await admin.call('POST', '/admin/api/v1/settings', { payoutCooloffHours: 0 });
  await admin.call(
    'POST',
    `/admin/api/v1/members/${memberId}/adjust`,
    { asset: 'CNY', direction: 'credit', amount: '300', reason: 'e2e' },
    true,
  );
  await memberCall(page, 'POST', '/site/api/v1/user/realName/submit', { realName: '王小明' });
  await admin.call('POST', `/admin/api/v1/realName/${memberId}/review`, { approve: true });
  await memberCall(page, 'POST', '/site/api/v1/user/fundPassword/set', {
    fundPassword: '246810',
    stepUp: { password: PASSWORD },
  });
  const account = await memberCall<{ id: number }>(page, 'POST', '/fd/api/v1/payment-accounts', {
    type: 'alipay',
    accountNo: '13800138000',
    stepUp: { password: PASSWORD },
  });
  const order = await signedCall(
    page.context(),
    page.request,
    'POST',
    '/fd/api/v1/withdraw/order',
    { accountId: account.id, amount: '120', fundPassword: '246810' },
    { 'X-Idempotency-Key': randomUUID() },
  );
  expect(order.status_code, order.message).toBe(6000);
  await page.goto('/mine/record/transRecord');
  const row = page.locator('[data-record-type="withdraw"]');
  await expect(row).toContainText('审核中');
  await expect(row).toContainText('-120.00');
});

test('the password change says it succeeded', async ({ page }) => {
  await register(page);
  await page.goto('/mine/security');
  await page.getByText('修改登录密码').click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel('当前密码').fill(PASSWORD);
  await sheet.getByLabel('新密码', { exact: true }).fill('Brand-New-Pass-2026');
  await sheet.getByLabel('确认新密码').fill('Brand-New-Pass-2026');
  await sheet.getByRole('button', { name: '修改登录密码' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('status')).toContainText('密码修改成功，请使用新密码登录');
});

test.describe('times', () => {
  test.use({ timezoneId: 'America/New_York' });
  test('every time a member sees is Shanghai’s, whatever the phone’s zone', async ({ page }) => {
    await register(page);
    const before = Date.now();
    await page.goto('/mine/security');
    const shown = (await page.locator('.nb-logins__time').first().textContent()) ?? '';
    const shanghai = (ms: number) =>
      new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    // The login happened within the last minute or two: its Shanghai minute, not New York's.
    const candidates = [-120_000, -60_000, 0, 60_000].map((d) => shanghai(before + d));
    expect(candidates).toContain(shown.trim());
  });
});
