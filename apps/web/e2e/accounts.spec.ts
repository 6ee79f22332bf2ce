import type { BrowserContext, Page } from '@playwright/test';
import { expect, memberTest } from './support/fixtures';
import { signedPost } from '../../../e2e/support/signed-api';

/**
 * Accounts in the browser (issue "Accounts", Tests → Browser): registration, logout, login with
 * remember, one live session per member (6001 notice), protected routes, referral prefill and
 * the URL-token exchange, against the real server and the built site.
 */

const PASSWORD = 'Nebula-e2e-2026!';
const DAY_MS = 24 * 3600 * 1000;

// Registration without the image captcha (a test cannot read it) and a known signing key, so
// a test can make the signed tokenHandover call itself.
const test = memberTest;

let counter = 0;
/** A fresh user name: a letter first, 4–16 letters and digits. */
function newUserName(): string {
  counter += 1;
  return `e${Date.now().toString(36)}${counter}`.slice(0, 16);
}

async function register(page: Page, userName: string): Promise<void> {
  await page.goto('/user/register');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /年满 18 周岁/ }).check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function login(page: Page, userName: string, remember: boolean): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  if (remember) await page.getByRole('checkbox', { name: '记住我' }).check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Home greets a visit with its pop(s) and then the security tip: close them one by one. */
async function dismissHomeDialogs(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (let shown = 0; shown < 5; shown += 1) {
    await dialog.waitFor({ state: 'visible' });
    const tip = dialog.getByRole('button', { name: '我知道了' });
    if ((await tip.count()) > 0) {
      await tip.click();
      await expect(dialog).toHaveCount(0);
      return;
    }
    const text = (await dialog.textContent()) ?? '';
    const close = dialog.getByRole('button', { name: '关闭' });
    await (
      (await close.count()) > 0 ? close : dialog.getByRole('button', { name: '确定' })
    ).click();
    // Gone (its leave animation over) before the next in the queue is looked for.
    await expect(page.getByRole('dialog').filter({ hasText: text })).toHaveCount(0);
  }
}

async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'X-API-TOKEN');
}

test('register, log out, log in with remember; a login elsewhere ends this session with one notice', async ({
  page,
  browser,
  baseURL,
  cspViolations,
}) => {
  const userName = newUserName();
  await register(page, userName);
  // The top bar now shows the member (their avatar, named by the nickname = user name at
  // registration) and the main balance, not 登录/注册.
  await expect(page.getByRole('banner').getByRole('link', { name: userName })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /余额 ¥0\.00/ })).toBeVisible();

  await page.goto('/mine');
  await expect(page.getByText(`账号：${userName}`)).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  // Asks once.
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: '登录' })).toBeVisible();
  expect(await tokenCookie(page.context())).toBeUndefined();

  await login(page, userName, true);
  const remembered = await tokenCookie(page.context());
  expect(remembered).toBeDefined();
  expect(remembered!.expires * 1000 - Date.now()).toBeGreaterThan(364 * DAY_MS);
  const loginInfo = await page.evaluate(() => localStorage.getItem('loginInfo'));
  expect(loginInfo).toBeTruthy();
  expect(loginInfo).not.toContain(userName);

  await page.goto('/mine');
  await expect(page.getByText(`账号：${userName}`)).toBeVisible();

  // Every 6001 this page is answered, from before the other login on.
  let sessionEnds = 0;
  page.on('response', (response) => {
    if (!response.url().includes('/api/')) return;
    void response
      .json()
      .then((body: { status_code?: number }) => {
        if (body.status_code === 6001) sessionEnds += 1;
      })
      .catch(() => undefined);
  });
  // The same member logs in on another device: this session is over (one live session).
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(`${baseURL}/user/login`);
    await other.getByLabel('用户名').fill(userName);
    await other.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: '登录', exact: true }).click();
    await expect(other).toHaveURL(`${baseURL}/`);
  } finally {
    await elsewhere.close();
  }

  // This page learns it on its next call — the member's next action, or earlier by itself (a
  // background refresh or the session's push): either way one modal with the server's
  // message, then login.
  const notice = page.getByRole('dialog');
  await expect(async () => {
    if (await notice.isVisible()) return;
    await page.getByRole('link', { name: '安全中心' }).click({ timeout: 2000 });
    await expect(notice).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('您的账号已在其他设备登录');
  await expect.poll(() => sessionEnds).toBeGreaterThanOrEqual(1);
  // It stays the only one while it waits for OK.
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  expect(await tokenCookie(page.context())).toBeUndefined();
  await notice.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(`${baseURL}/user/login`);
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The remembered name is prefilled for the next login.
  await expect(page.getByLabel('用户名')).toHaveValue(userName);
  expect(cspViolations).toEqual([]);
});

test('an anonymous visit to a /mine page lands on login, with the way back', async ({
  page,
  baseURL,
}) => {
  for (const path of ['/mine/userInfo', '/mine/security', '/mine']) {
    await page.goto(path);
    await expect(page).toHaveURL(`${baseURL}/user/login?redirect=${encodeURIComponent(path)}`);
  }
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
});

test('an invite code in the URL is prefilled at registration and accepted', async ({
  page,
  browser,
  baseURL,
}) => {
  // A real member's invite code, as the member centre shows it.
  await register(page, newUserName());
  await page.goto('/mine/userInfo');
  const row = page.getByRole('button', { name: /我的邀请码/ });
  const inviteCode = /([A-Z0-9]{8})/.exec(await row.innerText())?.[1];
  expect(inviteCode).toBeTruthy();

  const visitor = await browser.newContext();
  try {
    const invitee = await visitor.newPage();
    await invitee.goto(`${baseURL}/?invite_code=${inviteCode}`);
    await expect(invitee.getByRole('banner').getByRole('link', { name: '注册' })).toBeVisible();
    // Kept with its time, then used on another page of the visit.
    const stored = await invitee.evaluate(() => localStorage.getItem('invite_code'));
    expect(JSON.parse(stored!)).toMatchObject({ value: inviteCode });
    await dismissHomeDialogs(invitee);
    await invitee.getByRole('banner').getByRole('link', { name: '注册' }).click();
    await expect(invitee).toHaveURL(`${baseURL}/user/register`);
    await expect(invitee.getByLabel('邀请码（选填）')).toHaveValue(inviteCode!);
    // The server accepts it (an unknown code would answer 6046).
    const inviteeName = newUserName();
    await invitee.getByLabel('用户名').fill(inviteeName);
    await invitee.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await invitee.getByLabel('确认密码').fill(PASSWORD);
    await invitee.getByRole('checkbox', { name: /年满 18 周岁/ }).check();
    await invitee.getByRole('button', { name: '注册', exact: true }).click();
    await expect(invitee).toHaveURL(`${baseURL}/`);
    await expect(
      invitee.getByRole('banner').getByRole('link', { name: inviteeName }),
    ).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('a URL token is exchanged for a session here and removed from the address bar', async ({
  page,
  browser,
  baseURL,
}) => {
  const userName = newUserName();
  await register(page, userName);
  const handover = await signedPost<{ token: string; expiresAt: number }>(
    page.context(),
    page.request,
    '/site/api/v1/user/token/handover',
    {},
  );
  expect(handover.status_code).toBe(6000);
  const handed = handover.data.token;

  const app = await browser.newContext();
  try {
    const opened = await app.newPage();
    await opened.goto(`${baseURL}/mine?from=app&token=${encodeURIComponent(handed)}`);
    // Logged in as the member, on the page asked for, without the token in the address.
    await expect(opened.getByText(`账号：${userName}`)).toBeVisible();
    await expect(opened).toHaveURL(`${baseURL}/mine?from=app`);
    expect(await opened.evaluate(() => window.location.href)).not.toContain(handed);
    const session = await tokenCookie(app);
    expect(session?.value).toBeTruthy();
    expect(decodeURIComponent(session!.value)).not.toBe(handed);

    // The handed-over token was good once: opening it again logs nobody in.
    const again = await browser.newContext();
    try {
      const replay = await again.newPage();
      await replay.goto(`${baseURL}/mine?token=${encodeURIComponent(handed)}`);
      // Not logged in: the member page sends the visitor to login, the token gone from the URL.
      await expect(replay).toHaveURL(
        `${baseURL}/user/login?redirect=${encodeURIComponent('/mine')}`,
      );
      await expect(replay.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    } finally {
      await again.close();
    }
  } finally {
    await app.close();
  }
});
