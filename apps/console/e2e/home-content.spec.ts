import { shot } from './support/console-fixtures';
import { expect, test } from './support/operator-fixtures';
import { consoleLogin, openFromMenu } from './support/operator-steps';

const TITLE = '春节期间存取款安排';

/**
 * 内容管理 · 首页内容: an operator publishes a notice for the member home from the console, and
 * the card lists it among the site's notices (saved by the platform, read back from it).
 */
test('an operator publishes a home notice on the content page', async ({
  page,
  root,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  await consoleLogin(page, root);
  await openFromMenu(page, '内容管理');

  await page.getByRole('button', { name: '新建公告' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('标题').fill(TITLE);
  await dialog
    .getByLabel('内容')
    .fill('春节期间（2 月 9 日至 2 月 17 日）存取款照常办理，到账时间可能略有延迟。');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: TITLE })).toBeVisible();

  // Once the save's toast is gone.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await shot(page, 'console-home-content');
  expect(cspViolations).toEqual([]);
});
