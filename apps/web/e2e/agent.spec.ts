import { expect, memberTest } from './support/fixtures';
import { shot } from './support/shots';
import { operator, PASSWORD, register } from './support/wallet-steps';

/**
 * Agents in the browser at 390×844 (contract §5 Agents): a member applies on /agent, an
 * operator approves through the API, the agent centre shows the link with its QR poster, and a
 * friend who registers through the link appears in the downline.
 */
const test = memberTest;

test('apply, approval, the agent link and a friend in the downline', async ({
  page,
  browser,
  baseURL,
  request,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  const userName = await register(page);
  await page.goto('/agent');
  await page.getByLabel('联系方式').fill('QQ 10086001');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('agent-pending')).toContainText('申请审核中');

  const op = await operator(request);
  const pending = await op.call<{ list: { id: number; userName: string }[] }>(
    'GET',
    '/admin/api/v1/agent/applications?status=pending&pageSize=100',
  );
  const mine = pending.list.find((a) => a.userName === userName);
  expect(mine).toBeDefined();
  await op.call('POST', `/admin/api/v1/agent/applications/${mine!.id}/decide`, { approve: true });

  await page.reload();
  const code = (await page.getByTestId('agent-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(page.getByTestId('agent-link')).toHaveText(
    `${baseURL}/user/register?agent_verify=${code}`,
  );
  await expect(page.getByRole('img', { name: '推广链接二维码' })).toBeVisible();
  await expect(page.getByTestId('agent-tiers')).toContainText('15%');
  // The picture of the code, the link and the QR poster a new agent shares.
  await page.getByTestId('agent-link').scrollIntoViewIfNeeded();
  await shot(page, 'agent-invite');

  // A friend opens the link, registers on the same visit and joins the downline.
  const visitor = await browser.newContext();
  const friendName = `f${Date.now().toString(36)}`.slice(0, 14);
  try {
    const friend = await visitor.newPage();
    await friend.goto(`${baseURL}/user/register?agent_verify=${code}`);
    await friend.getByLabel('用户名').fill(friendName);
    await friend.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await friend.getByLabel('确认密码').fill(PASSWORD);
    await friend.getByRole('checkbox', { name: /年满 18 周岁/ }).check();
    await friend.getByRole('button', { name: '注册', exact: true }).click();
    await expect(friend).toHaveURL(`${baseURL}/`);
  } finally {
    await visitor.close();
  }

  await page.reload();
  await expect(page.getByTestId('agent-downline')).toContainText(friendName);
  await expect(page.getByText('直属（1）')).toBeVisible();
  // The picture shows the downline with the friend (the link and poster are above it).
  await page.getByTestId('agent-downline').scrollIntoViewIfNeeded();
  await shot(page, 'agent');
  expect(cspViolations).toEqual([]);
});
