import type { Locator, Page } from '@playwright/test';
import {
  adminApi,
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USER,
  expect,
  shot,
  test,
  totpCode,
} from './support/console-fixtures';
import { MEMBER_PASSWORD, newMember } from './support/member-steps';

/**
 * The authenticator in the operator's hand: each code is of a step the server has not seen yet
 * (it accepts a step once, and the steps next to now). When the last one used is the next
 * step, it waits — real time, the authenticator's own clock — until that step is now.
 */
function authenticator(page: Page, secret: string, used: number) {
  let last = used;
  return {
    async next(): Promise<string> {
      while (Math.floor(Date.now() / 30_000) < last) await page.waitForTimeout(1000);
      const now = Math.floor(Date.now() / 30_000);
      last = now + 1;
      return totpCode(secret, last - now);
    },
  };
}

/** The console's login: password, then the six digits the server asks for. */
async function logIn(page: Page, code: string): Promise<void> {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('账号').fill(E2E_ADMIN_USER);
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toContainText('请输入两步验证码');
  await page.getByLabel('两步验证码').fill(code);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();
}

type Codes = ReturnType<typeof authenticator>;

/** The step-up dialog (9600): the next code, then the page sends the same request again. */
async function moneyStepUp(page: Page, codes: Codes, ok: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '二次验证' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('两步验证码').fill(await codes.next());
  await dialog.getByRole('button', { name: ok }).click();
  await expect(dialog).toBeHidden();
}

/** A money action after a recent step-up: done at once, or the dialog asks (it went stale). */
async function stepUpIfAsked(page: Page, codes: Codes, ok: string, done: Locator) {
  const dialog = page.getByRole('dialog', { name: '二次验证' });
  await expect(dialog.or(done).first()).toBeVisible();
  if (await dialog.isVisible()) await moneyStepUp(page, codes, ok);
}

test.use({ viewport: { width: 1280, height: 800 } });

test('an operator signs in with TOTP, confirms a bank deposit, approves a withdrawal, adjusts a balance, puts a venue into maintenance, verifies the audit and exports a report', async ({
  page,
  browser,
  request,
  cspViolations,
}) => {
  test.setTimeout(300_000);
  // The operator's second factor, set up through the API (the console's enrolment is the
  // same two calls); the browser then signs in with password and code.
  const login = await request.post('/admin/api/v1/login', {
    data: { userName: E2E_ADMIN_USER, password: E2E_ADMIN_PASSWORD },
  });
  const setupToken = ((await login.json()) as { data: { token: string } }).data.token;
  const admin = adminApi(request, setupToken);
  const enrol = await admin<{ secret: string }>('POST', '/admin/api/v1/totp/enrol', {});
  const secret = enrol.data.secret;
  const confirmed = await admin('POST', '/admin/api/v1/totp/confirm', { code: totpCode(secret) });
  expect(confirmed.status_code).toBe(6000);
  const codes = authenticator(page, secret, Math.floor(Date.now() / 30_000));
  // Settings need a step-up too (class settings).
  expect(
    (await admin('POST', '/admin/api/v1/stepUp', { class: 'settings', code: await codes.next() }))
      .status_code,
  ).toBe(6000);
  expect(
    (await admin('POST', '/admin/api/v1/settings', { payoutCooloffHours: 0 })).status_code,
  ).toBe(6000);

  // A member with a bank deposit waiting for an operator.
  const member = await newMember(browser);
  const channels = await member.call<{ list: { id: string; type: string; min: string }[] }>(
    'GET',
    '/fd/api/v1/deposit/channels',
  );
  const bank = channels.list.find((c) => c.type === 'bank');
  expect(bank, 'a bank channel in the demo data').toBeDefined();
  const deposit = await member.call<{ orderId: string }>(
    'POST',
    '/fd/api/v1/deposit/order',
    { channelId: bank!.id, amount: '300.00', depositorName: '王小明' },
    true,
  );

  await logIn(page, await codes.next());
  await shot(page, 'console-dashboard');

  // Find the member.
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '会员' })
    .click();
  await page.getByPlaceholder('账号 / 昵称 / 手机').fill(member.userName);
  await page.getByRole('button', { name: '搜索' }).click();
  await page.getByRole('link', { name: member.userName }).click();
  await expect(page.getByRole('heading', { name: `会员 ${member.userName}` })).toBeVisible();
  await shot(page, 'console-member');

  // Confirm the bank deposit.
  await page.getByRole('link', { name: '存款确认' }).click();
  const depositRow = page.getByRole('row', { name: new RegExp(deposit.orderId) });
  await depositRow.getByRole('button', { name: '确认到账' }).click();
  await page
    .getByRole('dialog', { name: '确认到账' })
    .getByRole('button', { name: '确定' })
    .click();
  // Crediting money needs a fresh second factor: the dialog asks, then the same request again.
  await moneyStepUp(page, codes, '验证');
  await expect(page.getByText('已处理')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(deposit.orderId) })).toHaveCount(0);

  // The member asks to withdraw (real name, fund password, an account, turnover waived).
  const memberId = (
    await admin<{ list: { memberId: number; userName: string }[] }>(
      'GET',
      `/admin/api/v1/members?q=${member.userName}`,
    )
  ).data.list.find((m) => m.userName === member.userName)!.memberId;
  await member.call('POST', '/site/api/v1/user/realName/submit', { realName: '王小明' });
  // (The real-name review is also a console page; here the API keeps the journey short.)
  await admin('POST', `/admin/api/v1/realName/${memberId}/review`, { approve: true });
  await member.call('POST', '/site/api/v1/user/fundPassword/set', {
    fundPassword: '246810',
    stepUp: { password: MEMBER_PASSWORD },
  });
  const account = await member.call<{ id: number }>('POST', '/fd/api/v1/payment-accounts', {
    type: 'alipay',
    accountNo: '13800138000',
    stepUp: { password: MEMBER_PASSWORD },
  });
  // A waiver is money: a step-up first (class money), then the waiver.
  const money = { class: 'money', code: await codes.next() };
  expect((await admin('POST', '/admin/api/v1/stepUp', money)).status_code).toBe(6000);
  const waived = await admin('POST', `/admin/api/v1/members/${memberId}/turnover/waive`, {
    reason: 'e2e 免除',
  });
  expect(waived.status_code, waived.message).toBe(6000);
  const withdrawal = await member.call<{ orderId: string }>(
    'POST',
    '/fd/api/v1/withdraw/order',
    { accountId: account.id, amount: '100.00', fundPassword: '246810' },
    true,
  );

  // Review and approve it.
  await page.getByRole('link', { name: '取款审核' }).click();
  const withdrawRow = page.getByRole('row', { name: new RegExp(withdrawal.orderId) });
  await expect(withdrawRow).toContainText('100.00');
  await shot(page, 'console-withdrawal-review');
  await withdrawRow.getByRole('button', { name: '批准出款' }).click();
  await page
    .getByRole('dialog', { name: '批准出款' })
    .getByRole('button', { name: '确定' })
    .click();
  // The money step-up of the deposit counts five minutes; past them the dialog asks again.
  await stepUpIfAsked(page, codes, '验证', page.getByText('已处理'));
  await expect(page.getByText('已处理')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(withdrawal.orderId) })).toHaveCount(0);

  // Adjust the balance: 300 deposited − 100 withdrawn + 10 = 210.00.
  await page.goto(`/console/members/${memberId}?u=${member.userName}`);
  await page.getByLabel('金额').fill('10.00');
  await page.getByLabel('原因').fill('e2e 补偿');
  await page.getByRole('button', { name: '调整余额' }).click();
  // Money needs a step-up of the last five minutes (the deposit's, or the dialog asks again).
  const adjusted = page.getByText(/已调整，参考号 .+，现余额 210\.00 元/);
  await stepUpIfAsked(page, codes, '验证并提交', adjusted);
  await expect(adjusted).toBeVisible();

  // The member's whole detail: wallets, the ledger with the adjustment, a note.
  const wallets = page
    .locator('.ant-card')
    .filter({ has: page.getByText('合计', { exact: true }) });
  await expect(wallets).toContainText('中心钱包210.00');
  await page.getByRole('tab', { name: '账变记录' }).click();
  await expect(page.getByRole('row', { name: /人工调整.*10\.00.*210\.00/ })).toBeVisible();
  await page.getByRole('tab', { name: '登录记录' }).click();
  await expect(page.getByRole('row', { name: /成功/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: '备注' }).click();
  await page.getByPlaceholder('添加备注').fill('e2e 回访：已核实');
  await page.getByRole('button', { name: '添加备注' }).click();
  await expect(page.getByText('e2e 回访：已核实')).toBeVisible();
  await shot(page, 'console-member-detail');

  // The members list as CSV, with its search.
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: '会员' })
    .click();
  await page.getByPlaceholder('账号 / 昵称 / 手机').fill(member.userName);
  await page.getByRole('button', { name: '搜索' }).click();
  const membersCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const membersFile = await (await (await membersCsv).createReadStream()).toArray();
  expect(Buffer.concat(membersFile).toString('utf8')).toContain(member.userName);

  // A new role with two permissions (roles need a fresh step-up, class operators).
  await page.getByRole('link', { name: '运营人员' }).click();
  await page.getByRole('button', { name: '新建角色' }).click();
  const roleName = `e2e审计${Date.now().toString(36).slice(-4)}`;
  const editor = page.getByRole('dialog', { name: '新建角色' });
  await editor.getByLabel('角色名称').fill(roleName);
  await editor.getByText('查看审计日志（audit.read）').click();
  await editor.getByText('查看会员（member.read）').click();
  await editor.getByRole('button', { name: '保存' }).click();
  const roleStepUp = page.getByRole('dialog', { name: '二次验证' });
  await expect(roleStepUp).toBeVisible();
  await roleStepUp.getByLabel('两步验证码').fill(await codes.next());
  await roleStepUp.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toContainText('查看审计日志');
  await shot(page, 'console-roles');

  // A venue into maintenance.
  await page.getByRole('link', { name: '场馆', exact: true }).click();
  // The venue's own switch in its row (the family switches above the table are site settings).
  const toggle = page.getByRole('row', { name: /IMTY/ }).getByRole('switch');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('已进入维护')).toBeVisible();
  await expect(toggle).toBeChecked();

  // The audit chain verifies.
  await page.getByRole('link', { name: '审计链校验' }).click();
  await page.getByRole('button', { name: '开始校验' }).click();
  await expect(page.getByTestId('audit-verify-verdict')).toContainText('审计链完整');
  await shot(page, 'console-audit-verify');

  // A report as CSV.
  await page.getByRole('link', { name: '报表' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV（按日）' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^report-.*-days\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toMatch(/300\.00/);

  expect(cspViolations).toEqual([]);
  await member.context.close();
});

test('a signed-out visitor gets the login page, and a wrong password shows the coded error in Chinese', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/console/withdrawals');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('账号').fill(E2E_ADMIN_USER);
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toContainText(/（\d{4,5}）/);
  expect(cspViolations).toEqual([]);
});
