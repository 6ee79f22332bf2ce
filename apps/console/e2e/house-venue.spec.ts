import { expect, test } from './support/house-venue-stack';
import { shot } from './support/console-fixtures';
import { consoleLogin, openFromMenu } from './support/operator-steps';

type AuditEntry = { operator: string; action: string; target: string; detail: unknown };

/**
 * The house venue's back office through the platform (docs/architecture.md, "The house venue
 * through the platform"): an operator enters a match's result on the console's 自营场馆 page;
 * the platform calls the venue with its own token, and the venue records the result under the
 * console operator's name.
 */
test('an operator enters a house-venue result through the console and the venue records it', async ({
  page,
  root,
  stack,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  await consoleLogin(page, root);
  await openFromMenu(page, '自营场馆');

  await page.getByLabel('赛事 ID').first().fill(stack.testMatchId);
  await page.getByLabel('主队', { exact: true }).fill('2');
  await page.getByLabel('客队', { exact: true }).fill('1');
  await page.getByLabel('半场主队').fill('1');
  await page.getByLabel('半场客队').fill('0');
  await page.getByLabel('原因').fill('e2e 控制台录入赛果');
  await page.getByRole('button', { name: '提交赛果' }).click();
  await expect(page.getByText('赛果已录入')).toBeVisible();
  await expect(page.getByText(/场馆答复：/)).toContainText(stack.testMatchId);
  await shot(page, 'console-house-venue-events');

  // The venue's own record: its operator API's audit, the result under the console operator.
  const res = await fetch(`${stack.venueApi}/operator/v1/audit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-venue-operator-token': stack.operatorToken },
    body: JSON.stringify({ limit: 50 }),
  });
  const answer = (await res.json()) as { code: number; data: { entries: AuditEntry[] } };
  expect(answer.code).toBe(0);
  const entry = answer.data.entries.find(
    (e) => e.action === 'event.result' && e.target === stack.testMatchId,
  );
  expect(entry, 'the venue audited the result').toBeDefined();
  // The platform's token (e2e) acting for the console operator.
  expect(entry!.operator).toBe(`e2e/${root.userName}`);
  expect(entry!.detail).toMatchObject({
    after: { status: 'finished', score: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 } },
    reason: 'e2e 控制台录入赛果',
  });

  // 自营游戏: the venue's own games as its operator API lists them.
  await page.getByRole('tab', { name: '自营游戏' }).click();
  await expect(page.getByRole('columnheader', { name: '游戏代码' })).toBeVisible();
  await expect(page.getByRole('button', { name: '发布新种子链' }).first()).toBeVisible();
  // Once the result's toast is gone.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await shot(page, 'console-house-venue-games');

  expect(cspViolations).toEqual([]);
});
