import { memberIdOf, newMember } from './support/member-steps';
import { expect, test } from './support/operator-fixtures';
import { Authenticator, newOperator } from './support/operator-steps';

/**
 * An operator's first login when the site requires a second factor (adminTotpRequired,
 * support/operator-fixtures.ts): enrolment only — every other page comes back to it, and the
 * server refuses everything else — until a code from the secret the page shows confirms it.
 * A money action then asks for a fresh code: the enrolment's own code does not count twice.
 */
test('a new operator enrols a second factor before anything else, and a money action asks for a fresh code', async ({
  page,
  browser,
  root,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  const member = await newMember(browser);
  const memberId = await memberIdOf(root.call, member.userName);
  const op = await newOperator(root, ['member.read', 'wallet.adjust'], { enrol: false });

  await page.goto('/console/login');
  await page.getByLabel('账号').fill(op.userName);
  await page.getByLabel('密码').fill(op.password);
  await page.getByRole('button', { name: '登录' }).click();
  const enrolNotice = page.getByText('本站要求运营人员绑定两步验证后才能使用后台。');
  await expect(enrolNotice).toBeVisible();

  // Any other page comes back to enrolment, and the server refuses the session elsewhere.
  for (const path of ['/console/', '/console/withdrawals', `/console/members/${memberId}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/console\/login$/);
    await expect(enrolNotice).toBeVisible();
  }
  const refused = await page.evaluate(async () => {
    const raw = sessionStorage.getItem('nebula-console-session');
    const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
    const res = await fetch('/admin/api/v1/members', { headers: { 'X-Admin-Token': token } });
    return ((await res.json()) as { status_code: number }).status_code;
  });
  expect(refused).toBe(6062);
  await expect(page.getByRole('navigation', { name: '主菜单' })).toHaveCount(0);

  // Enrol: the secret the page shows, the authenticator's code (RFC 6238) computed from it.
  await page.getByRole('button', { name: '开始绑定' }).click();
  const secret = (await page.getByTestId('totp-secret').locator('code').textContent())?.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const auth = new Authenticator(secret!);
  const enrolCode = await auth.next();
  await page.getByLabel('六位验证码').fill(enrolCode);
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByTestId('recovery-codes')).toContainText(/[A-Z2-7]{5}-[A-Z2-7]{5}/);
  await page.getByRole('button', { name: '进入后台' }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();

  // A money action: the step-up dialog asks for a code; the one enrolment used is refused.
  await page.goto(`/console/members/${memberId}?u=${member.userName}`);
  await expect(page.getByRole('heading', { name: `会员 ${member.userName}` })).toBeVisible();
  await page.getByLabel('金额').fill('10.00');
  await page.getByLabel('原因').fill('e2e 补偿');
  await page.getByRole('button', { name: '调整余额' }).click();
  const stepUp = page.getByRole('dialog', { name: '二次验证' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('两步验证码').fill(enrolCode);
  await stepUp.getByRole('button', { name: '验证并提交' }).click();
  await expect(page.getByText('两步验证码错误（6059）')).toBeVisible();
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('两步验证码').fill(await auth.next());
  await stepUp.getByRole('button', { name: '验证并提交' }).click();
  await expect(page.getByText(/已调整，参考号 .+，现余额 10\.00 元/)).toBeVisible();
  await expect(stepUp).toBeHidden();
  const balances = await member.call<{ main: string }>('GET', '/fd/api/v1/wallet/balances');
  expect(balances.main).toBe('10.00');

  expect(cspViolations).toEqual([]);
  await member.context.close();
});
