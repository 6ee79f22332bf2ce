import type { RunningServer } from '../../../e2e/support/platform-server';
import { shot } from './support/console-fixtures';
import { localhostServer } from './support/localhost-server';
import { memberIdOf, newMember } from './support/member-steps';
import { expect, test as base } from './support/operator-fixtures';
import { newOperator } from './support/operator-steps';

/** The operator suites' platform, on localhost so a passkey's RP id holds. */
const test = base.extend<object, { server: RunningServer }>({ server: [...localhostServer] });

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * A passkey as an operator's FIRST factor (docs/contract.md §4.1): a new operator, in the
 * enrol-only session the site's adminTotpRequired gives them, registers a passkey instead of
 * TOTP; then signs in with it, steps up a money action with it, and cannot remove it (9680).
 */
test('a new operator enrols a passkey as first factor, signs in and steps up with it, and cannot remove it', async ({
  page,
  browser,
  root,
  cspViolations,
}) => {
  test.setTimeout(180_000);
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
  const member = await newMember(browser);
  const memberId = await memberIdOf(root.call, member.userName);
  const op = await newOperator(root, ['member.read', 'wallet.adjust'], { enrol: false });
  const signIn = async () => {
    await page.goto('/console/login');
    await page.getByLabel('账号').fill(op.userName);
    await page.getByLabel('密码').fill(op.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
  };

  // Enrol-only: the choice of the authenticator app or a passkey.
  await signIn();
  await expect(page.getByText('本站要求运营人员绑定两步验证后才能使用后台。')).toBeVisible();
  await expect(page.getByRole('button', { name: '开始绑定' })).toBeVisible();
  await page.getByLabel('通行密钥名称').fill('测试电脑');
  await shot(page, 'console-passkey-enrol');
  await page.getByRole('button', { name: '登记通行密钥' }).click();
  await expect(
    page.getByText('通行密钥已登记。此后登录和二次验证都使用该通行密钥。'),
  ).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await page.getByRole('button', { name: '进入后台' }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();

  // Out, and back in: the password alone is not enough; the passkey is.
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/console\/login$/);
  await signIn();
  await expect(page.getByRole('alert')).toContainText('请输入两步验证码');
  await page.getByRole('button', { name: '使用通行密钥登录' }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();

  // Money in a fresh session: the step-up asks for the passkey, and no six digits.
  await page.goto(`/console/members/${memberId}?u=${member.userName}`);
  await page.getByLabel('金额').fill('10.00');
  await page.getByLabel('原因').fill('e2e 仅通行密钥');
  await page.getByRole('button', { name: '调整余额' }).click();
  const stepUp = page.getByRole('dialog', { name: '二次验证' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByLabel('两步验证码')).toHaveCount(0);
  await stepUp.getByRole('button', { name: '使用通行密钥验证' }).click();
  await expect(page.getByText(/已调整，参考号 .+，现余额 10\.00 元/)).toBeVisible();
  await expect(stepUp).toBeHidden();

  // The only factor cannot be removed: 9680, in Chinese, and the passkey stays.
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '安全设置' })
    .click();
  const row = page.getByRole('row', { name: /测试电脑/ });
  await row.getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
  const again = page.getByRole('dialog', { name: '二次验证' });
  await again.getByRole('button', { name: '使用通行密钥验证' }).click();
  await expect(
    page.getByText(/这是您唯一的第二验证方式，请先绑定验证器或另一个通行密钥再删除/),
  ).toBeVisible();
  await expect(row).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThanOrEqual(3);

  expect(cspViolations).toEqual([]);
  await member.context.close();
});
