import { expect, type Browser } from '@playwright/test';
import { signedCall } from '../../../../e2e/support/signed-api';
import type { AdminCall } from './operator-steps';

export const MEMBER_PASSWORD = 'Nebula-e2e-2026!';
const FUND_PASSWORD = '246810';
let registered = 0;

/** A member on the member site (its own phone-sized context), registered through its page. */
export async function newMember(browser: Browser) {
  registered += 1;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const userName = `m${Date.now().toString(36)}${registered}`.slice(0, 16);
  await page.goto('/user/register');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel('确认密码').fill(MEMBER_PASSWORD);
  await page.getByRole('checkbox', { name: /年满 18 周岁/ }).check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, money = false) => {
    const r = await signedCall<T>(
      context,
      page.request,
      method,
      path,
      body,
      money ? { 'X-Idempotency-Key': crypto.randomUUID() } : {},
    );
    expect(r.status_code, `${path}: ${r.message}`).toBe(6000);
    return r.data;
  };
  return { userName, page, context, call };
}
export type Member = Awaited<ReturnType<typeof newMember>>;

/** The member's id as the console knows it. */
export async function memberIdOf(admin: AdminCall, userName: string): Promise<number> {
  const r = await admin<{ list: { memberId: number; userName: string }[] }>(
    'GET',
    `/admin/api/v1/members?q=${userName}`,
  );
  const found = r.data.list.find((m) => m.userName === userName);
  expect(found, `member ${userName}`).toBeDefined();
  return found!.memberId;
}

/**
 * A member who has `deposit` yuan (a bank deposit an operator confirmed) and may withdraw: real
 * name approved, a fund password, an Alipay account. The site's settings ask no turnover and no
 * cool-off (support/operator-fixtures.ts).
 */
export async function withdrawingMember(browser: Browser, admin: AdminCall, deposit: string) {
  const member = await newMember(browser);
  const channels = await member.call<{ list: { id: string; type: string }[] }>(
    'GET',
    '/fd/api/v1/deposit/channels',
  );
  const bank = channels.list.find((c) => c.type === 'bank');
  expect(bank, 'a bank channel in the demo data').toBeDefined();
  const order = await member.call<{ orderId: string }>(
    'POST',
    '/fd/api/v1/deposit/order',
    { channelId: bank!.id, amount: deposit, depositorName: '王小明' },
    true,
  );
  const confirmed = await admin('POST', `/admin/api/v1/deposits/${order.orderId}/confirm`, {});
  expect(confirmed.status_code, confirmed.message).toBe(6000);
  const memberId = await memberIdOf(admin, member.userName);
  await member.call('POST', '/site/api/v1/user/realName/submit', { realName: '王小明' });
  const reviewed = await admin('POST', `/admin/api/v1/realName/${memberId}/review`, {
    approve: true,
  });
  expect(reviewed.status_code, reviewed.message).toBe(6000);
  await member.call('POST', '/site/api/v1/user/fundPassword/set', {
    fundPassword: FUND_PASSWORD,
    stepUp: { password: MEMBER_PASSWORD },
  });
  const account = await member.call<{ id: number }>('POST', '/fd/api/v1/payment-accounts', {
    type: 'alipay',
    accountNo: '13800138000',
    stepUp: { password: MEMBER_PASSWORD },
  });
  const withdraw = (amount: string) =>
    member.call<{ orderId: string }>(
      'POST',
      '/fd/api/v1/withdraw/order',
      { accountId: account.id, amount, fundPassword: FUND_PASSWORD },
      true,
    );
  return { ...member, memberId, withdraw };
}
