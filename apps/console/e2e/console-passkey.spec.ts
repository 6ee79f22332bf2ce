import type { Page } from '@playwright/test';
import type { RunningServer } from '../../../e2e/support/platform-server';
import {
  adminApi,
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USER,
  expect,
  test as consoleTest,
  totpCode,
} from './support/console-fixtures';
import { localhostServer } from './support/localhost-server';

/** The platform on localhost, so a passkey's RP id holds (./support/localhost-server.ts). */
const test = consoleTest.extend<object, { server: RunningServer }>({
  server: [...localhostServer],
});

const MEMBER_PASSWORD = 'Nebula-e2e-2026!';

/** Codes of steps the server has not seen yet (it takes each step once). */
function authenticator(page: Page, secret: string) {
  let last = Math.floor(Date.now() / 30_000);
  return async (): Promise<string> => {
    while (Math.floor(Date.now() / 30_000) < last) await page.waitForTimeout(1000);
    const now = Math.floor(Date.now() / 30_000);
    last = now + 1;
    return totpCode(secret, last - now);
  };
}

test.use({ viewport: { width: 1280, height: 800 } });

test('an operator registers a passkey, signs in with it and steps up with it for a balance adjustment', async ({
  page,
  browser,
  request,
  cspViolations,
}) => {
  test.setTimeout(300_000);
  // Chromium's virtual authenticator (DevTools protocol): a platform passkey that verifies the
  // user, standing in for the operator's fingerprint.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  // TOTP first (a passkey is added to a second factor), through the API as in the journey.
  const setup = await request.post('/admin/api/v1/login', {
    data: { userName: E2E_ADMIN_USER, password: E2E_ADMIN_PASSWORD },
  });
  const admin = adminApi(request, ((await setup.json()) as { data: { token: string } }).data.token);
  const secret = (await admin<{ secret: string }>('POST', '/admin/api/v1/totp/enrol', {})).data
    .secret;
  expect(
    (await admin('POST', '/admin/api/v1/totp/confirm', { code: totpCode(secret) })).status_code,
  ).toBe(6000);
  const nextCode = authenticator(page, secret);

  // A member to adjust, registered on the member site.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const memberName = `p${Date.now().toString(36)}`.slice(0, 16);
  await memberPage.goto('/user/register');
  await memberPage.getByLabel('用户名').fill(memberName);
  await memberPage.getByLabel('密码', { exact: true }).fill(MEMBER_PASSWORD);
  await memberPage.getByLabel('确认密码').fill(MEMBER_PASSWORD);
  await memberPage.getByRole('checkbox', { name: /年满 18 周岁/ }).check();
  await memberPage.getByRole('button', { name: '注册', exact: true }).click();
  await expect(memberPage).toHaveURL(/\/$/);
  await memberContext.close();
  const memberId = (
    await admin<{ list: { memberId: number; userName: string }[] }>(
      'GET',
      `/admin/api/v1/members?q=${memberName}`,
    )
  ).data.list.find((m) => m.userName === memberName)!.memberId;

  // Sign in with password and six digits.
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('账号').fill(E2E_ADMIN_USER);
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('请输入两步验证码');
  // No passkey yet: only the six digits are offered.
  await expect(page.getByRole('button', { name: '使用通行密钥登录' })).toHaveCount(0);
  await page.getByLabel('两步验证码').fill(await nextCode());
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();

  // 安全设置 · 通行密钥: registering asks for the operators step-up first.
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '安全设置' })
    .click();
  await expect(page.getByText('尚未登记通行密钥')).toBeVisible();
  await page.getByLabel('名称').fill('测试电脑');
  await page.getByRole('button', { name: '登记通行密钥' }).click();
  const dialog = page.getByRole('dialog', { name: '二次验证' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('两步验证码').fill(await nextCode());
  await dialog.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.getByRole('row', { name: /测试电脑/ })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  // Sign out and back in with the passkey instead of the six digits.
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('账号').fill(E2E_ADMIN_USER);
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('button', { name: '使用通行密钥登录' }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();

  // Money needs a step-up in this new session: the passkey gives it.
  await page.goto(`/console/members/${memberId}?u=${memberName}`);
  await page.getByLabel('金额').fill('10.00');
  await page.getByLabel('原因').fill('e2e 通行密钥');
  await page.getByRole('button', { name: '调整余额' }).click();
  const stepUp = page.getByRole('dialog', { name: '二次验证' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByRole('button', { name: '使用通行密钥验证' }).click();
  await expect(page.getByText(/已调整，参考号 .+，现余额 10\.00 元/)).toBeVisible();
  // The authenticator signed each time: login and step-up.
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThanOrEqual(2);
  expect(cspViolations).toEqual([]);
});
