import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminApi,
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USER,
  expect,
  shot,
  test,
  totpCode,
} from './support/console-fixtures';
import { newMember } from './support/member-steps';
import { Authenticator } from './support/operator-steps';

/** The console's login with password and the authenticator's code of a step not used yet. */
/** Logs in with the second factor; returns the TOTP step its code was of (used, never again). */
async function logIn(page: Page, secret: string): Promise<number> {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('账号').fill(E2E_ADMIN_USER);
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toContainText('请输入两步验证码');
  // The enrolment used this step's code: the next step's is accepted and not used yet. The step
  // is read here, as the code is made: read before the page's steps, a step boundary passed
  // meanwhile (under load) left the authenticator one step behind, and its next code a replay.
  const step = Math.floor(Date.now() / 30_000) + 1;
  await page.getByLabel('两步验证码').fill(totpCode(secret, 0, step * 30_000));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();
  return step;
}

/** A screenshot once the last action's toasts are gone and the page is at its top. */
async function pageShot(page: Page, name: string): Promise<void> {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/**
 * A second operator (a role holding promo.approve, made by the superuser after an operators
 * step-up with the next unused code) approves the pending activity creation.
 */
async function approveActivityCreate(
  request: APIRequestContext,
  admin: ReturnType<typeof adminApi>,
  auth: Authenticator,
): Promise<void> {
  const up = await admin('POST', '/admin/api/v1/stepUp', {
    class: 'operators',
    code: await auth.next(),
  });
  expect(up.status_code, up.message).toBe(6000);
  const role = await admin<{ id: number }>('POST', '/admin/api/v1/roles', {
    name: 'e2e 活动复核',
    permissions: ['promo.approve'],
  });
  expect(role.status_code, role.message).toBe(6000);
  const userName = `approver${Date.now().toString(36)}`;
  const password = 'Approver-pass-2026';
  const made = await admin('POST', '/admin/api/v1/operators', {
    userName,
    password,
    roleId: role.data.id,
  });
  expect(made.status_code, made.message).toBe(6000);
  const login = await request.post('/admin/api/v1/login', { data: { userName, password } });
  const approver = adminApi(
    request,
    ((await login.json()) as { data: { token: string } }).data.token,
  );
  const pending = await approver<{ list: { id: number; action: string }[] }>(
    'GET',
    '/admin/api/v1/approvals?status=pending',
  );
  const filed = pending.data.list.find((r) => r.action === 'adminActivityCreate');
  expect(filed, 'the pending activity creation').toBeDefined();
  const ok = await approver('POST', `/admin/api/v1/approvals/${filed!.id}/approve`, {});
  expect(ok.status_code, ok.message).toBe(6000);
}

function menu(page: Page, name: string) {
  return page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name, exact: true });
}

test.use({ viewport: { width: 1280, height: 800 } });

test('an operator creates an activity, edits a VIP level, approves an agent application and ships a mall redemption', async ({
  page,
  browser,
  request,
  cspViolations,
}) => {
  test.setTimeout(300_000);
  const login = await request.post('/admin/api/v1/login', {
    data: { userName: E2E_ADMIN_USER, password: E2E_ADMIN_PASSWORD },
  });
  const setupToken = ((await login.json()) as { data: { token: string } }).data.token;
  const admin = adminApi(request, setupToken);
  const secret = (await admin<{ secret: string }>('POST', '/admin/api/v1/totp/enrol', {})).data
    .secret;
  expect(
    (await admin('POST', '/admin/api/v1/totp/confirm', { code: totpCode(secret) })).status_code,
  ).toBe(6000);

  // A member who asks to become an agent and redeems a physical item with points an operator
  // credited (the member site's own journey covers those pages).
  const member = await newMember(browser);
  await member.call('POST', '/agent/api/v1/apply', { contact: 'QQ 20261127' });
  const memberId = (
    await admin<{ list: { memberId: number; userName: string }[] }>(
      'GET',
      `/admin/api/v1/members?q=${member.userName}`,
    )
  ).data.list.find((m) => m.userName === member.userName)!.memberId;

  const loggedInStep = await logIn(page, secret);
  // Each later step-up takes the authenticator's next code not used yet.
  const auth = new Authenticator(secret, loggedInStep);

  // 活动: a new first-deposit activity from the form (the rule starts from the kind's template).
  await menu(page, '活动').click();
  await page.getByRole('button', { name: '新建活动' }).click();
  const form = page.getByRole('dialog', { name: '新建活动' });
  await form.getByLabel('标题').fill('e2e 首存送 10%');
  await form.getByLabel('图片地址').fill('/static/e2e.png');
  await form.getByLabel('活动说明').fill('首次存款满 100 元送 10%。');
  await form.getByRole('button', { name: '保存' }).click();
  // It starts active, so it pays at once: four eyes (docs/contract.md §4.1) file it for a
  // second operator holding promo.approve, who approves it; only then is it listed.
  await expect(page.getByText('待复核：已提交复核，待他人批准')).toBeVisible();
  await expect(page.getByRole('row', { name: /e2e 首存送 10%/ })).toHaveCount(0);
  await approveActivityCreate(request, admin, auth);
  // A points adjustment moves what buys mall items: a fresh money step-up first (below the
  // points threshold it applies at once).
  const moneyUp = await admin('POST', '/admin/api/v1/stepUp', {
    class: 'money',
    code: await auth.next(),
  });
  expect(moneyUp.status_code, moneyUp.message).toBe(6000);
  const credited = await admin('POST', `/admin/api/v1/members/${memberId}/points/adjust`, {
    direction: 'credit',
    points: '30000',
    reason: 'e2e 积分',
  });
  expect(credited.status_code, credited.message).toBe(6000);
  const mall = await member.call<{ items: { id: number; kind: string; price: string }[] }>(
    'GET',
    '/act/api/v1/mall',
  );
  const physical = mall.items.find((i) => i.kind === 'physical' && Number(i.price) <= 30000);
  expect(physical, 'a physical item in the demo data').toBeDefined();
  await member.call(
    'POST',
    `/act/api/v1/mall/items/${physical!.id}/redeem`,
    { address: { name: '张三', phone: '13800138000', address: '上海市浦东新区世纪大道 100 号' } },
    true,
  );
  await page.reload();
  const activityRow = page.getByRole('row', { name: /e2e 首存送 10%/ });
  await expect(activityRow).toContainText('首存优惠');
  await expect(activityRow).toContainText('已上线');
  await pageShot(page, 'console-activities');

  // VIP 等级: rename level 1 (a name is no raise: it saves at once).
  await menu(page, 'VIP 等级').click();
  const vipRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'VIP1', exact: true }) });
  await vipRow.getByRole('button', { name: '编辑' }).click();
  const vipForm = page.getByRole('dialog', { name: '编辑 VIP1' });
  await vipForm.getByLabel('名称').fill('白银会员');
  await vipForm.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('VIP1 已保存')).toBeVisible();
  await expect(vipRow).toContainText('白银会员');
  await page.locator('.ant-table-content').evaluate((el) => el.scrollTo(0, 0));
  await pageShot(page, 'console-vip-levels');

  // 代理: approve the member's application.
  await menu(page, '代理').click();
  const appRow = page.getByRole('row', { name: new RegExp(member.userName) });
  await expect(appRow).toContainText('QQ 20261127');
  await pageShot(page, 'console-agents');
  await appRow.getByRole('button', { name: '通过' }).click();
  await page
    .getByRole('dialog', { name: '通过代理申请' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(page.getByText('已通过')).toBeVisible();
  // Decided, it leaves the pending list; the member now has an agent code.
  await expect(page.getByRole('row', { name: new RegExp(member.userName) })).toHaveCount(0);
  const status = await member.call<{ agent: { code: string } | null }>(
    'GET',
    '/agent/api/v1/status',
  );
  expect(status.agent?.code).toBeTruthy();

  // 积分商城: ship the member's redemption.
  await menu(page, '积分商城').click();
  await page.getByRole('tab', { name: '兑换单' }).click();
  const orderRow = page.getByRole('row', { name: /张三 13800138000/ });
  await expect(orderRow).toContainText('待发货');
  await pageShot(page, 'console-mall');
  await orderRow.getByRole('button', { name: '发货' }).click();
  const ship = page.getByRole('dialog', { name: '发货' });
  await ship.getByLabel('快递单号').fill('SF1234567890');
  await ship.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已发货')).toBeVisible();
  await expect(page.getByRole('row', { name: /张三 13800138000/ })).toHaveCount(0);

  const shipped = await member.call<{ list: { status: string; trackingNo: string | null }[] }>(
    'GET',
    '/act/api/v1/mall/redemptions',
  );
  expect(shipped.list[0]).toMatchObject({ status: 'shipped', trackingNo: 'SF1234567890' });
  expect(cspViolations).toEqual([]);
  await member.context.close();
});
