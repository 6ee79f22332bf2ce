import type { Page } from '@playwright/test';
import { memberIdOf, newMember } from './support/member-steps';
import { expect, test } from './support/operator-fixtures';
import { consoleLogin, newOperator } from './support/operator-steps';

/** A call from the console's own page with its session (what its buttons would send). */
async function pageCall(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([url, data]) => {
      const raw = sessionStorage.getItem('nebula-console-session');
      const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Admin-Token': token,
          'X-Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify(data),
      });
      return { http: res.status, body: (await res.json()) as { status_code: number } };
    },
    [path, body] as const,
  );
}

/**
 * A role is what an operator may do (docs/contract.md §4.1): without wallet.adjust and
 * settings.write the console shows neither the balance adjustment nor the site settings, the
 * settings page refuses when opened by its address, and the server answers the calls 6061.
 */
test('an operator without wallet.adjust and settings.write sees neither, and the server refuses both', async ({
  page,
  browser,
  root,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  const member = await newMember(browser);
  const memberId = await memberIdOf(root.call, member.userName);
  const viewer = await newOperator(root, ['member.read', 'withdraw.review', 'audit.read']);

  await consoleLogin(page, viewer);
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByRole('link', { name: '会员' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '取款审核' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '站点设置' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: '运营人员与角色' })).toHaveCount(0);

  // The member's page shows the member, but no balance adjustment.
  await menu.getByRole('link', { name: '会员' }).click();
  await page.getByPlaceholder('账号 / 昵称 / 手机').fill(member.userName);
  await page.getByRole('button', { name: '搜索' }).click();
  await page.getByRole('link', { name: member.userName }).click();
  await expect(page.getByRole('heading', { name: `会员 ${member.userName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: '调整余额' })).toHaveCount(0);
  await expect(page.getByLabel('金额')).toHaveCount(0);

  // The settings page by its address: refused, not an empty table.
  await page.goto('/console/settings');
  await expect(page.getByText('（6061）')).toBeVisible();
  await expect(page.getByRole('heading', { name: '站点设置' })).toHaveCount(0);

  // The calls themselves, from the page with its session: HTTP 200, code 6061.
  const adjust = await pageCall(page, `/admin/api/v1/members/${memberId}/adjust`, {
    asset: 'CNY',
    direction: 'credit',
    amount: '10.00',
    reason: 'e2e 越权',
  });
  expect(adjust).toEqual({ http: 200, body: expect.objectContaining({ status_code: 6061 }) });
  const settings = await pageCall(page, '/admin/api/v1/settings', { payoutCooloffHours: 48 });
  expect(settings).toEqual({ http: 200, body: expect.objectContaining({ status_code: 6061 }) });

  // Nothing changed: the member's balance and the setting are as they were.
  const balances = await member.call<{ main: string }>('GET', '/fd/api/v1/wallet/balances');
  expect(balances.main).toBe('0.00');
  const now = await root.call<{ payoutCooloffHours: number }>('GET', '/admin/api/v1/settings');
  expect(now.data.payoutCooloffHours).toBe(0);
  // The refusals are on the audit record, under the operator's name.
  const audit = await root.call<{ list: { actor: string; action: string; target: string }[] }>(
    'GET',
    `/admin/api/v1/audit?actor=${viewer.userName}&pageSize=50`,
  );
  const denied = audit.data.list.filter((e) => e.action === 'operator.denied');
  expect(denied.map((e) => e.target)).toEqual(
    expect.arrayContaining(['route:adminAdjust', 'route:adminSettingsUpdate']),
  );

  expect(cspViolations).toEqual([]);
  await member.context.close();
});
