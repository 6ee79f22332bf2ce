import type { Page } from '@playwright/test';
import { withdrawingMember } from './support/member-steps';
import { expect, test } from './support/operator-fixtures';
import { consoleLogin, newOperator } from './support/operator-steps';

/**
 * "Desktop first (1280 px), usable on a tablet" (docs/architecture.md, "Operator console"):
 * the key pages at a tablet's landscape and portrait sizes. The page itself never
 * scrolls sideways; a wide table scrolls inside its own box; the menu is reachable (beside the
 * page in landscape, behind the 菜单 button in portrait); a dialog fits the screen.
 */
async function fitsWidth(page: Page, where: string): Promise<void> {
  // Wait for the page's lists to arrive: an empty table is narrower than a full one.
  await page.waitForLoadState('networkidle');
  const m = await page.evaluate(() => {
    const width = window.innerWidth;
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')].map((w) => {
      const table = w.querySelector('table');
      const scroller = w.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      const box = w.getBoundingClientRect();
      return {
        right: Math.round(box.right),
        wide: (table?.scrollWidth ?? 0) > w.clientWidth,
        scrolls: scroller
          ? ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX) &&
            scroller.clientWidth <= w.clientWidth
          : false,
      };
    });
    return { width, page: document.scrollingElement!.scrollWidth, tables };
  });
  expect(m.page, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(m.width);
  for (const t of m.tables) {
    expect(t.right, `${where}: a table reaches past the screen`).toBeLessThanOrEqual(m.width);
    if (t.wide) expect(t.scrolls, `${where}: a wide table does not scroll in its box`).toBe(true);
  }
}

/** Opens a page from the menu as a tablet user would: through 菜单 when the menu is folded. */
async function openFromMenu(page: Page, label: string, heading: RegExp | string) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const link = menu.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) await page.getByRole('button', { name: '菜单' }).click();
  await link.click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  // The folded menu closes again after a choice: it never covers the page it opened.
  if (page.viewportSize()!.width < 992) await expect(link).toBeHidden();
}

async function dialogFits(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${name}: the dialog starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: the dialog ends off screen`).toBeLessThanOrEqual(width);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test.describe(`a tablet at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('the key pages fit, the menu is reachable and tables scroll in their box', async ({
      page,
      browser,
      root,
      cspViolations,
    }) => {
      test.setTimeout(150_000);
      await root.stepUp('money');
      const member = await withdrawingMember(browser, root.call, '300.00');
      const order = await member.withdraw('120.00');
      const op = await newOperator(root, [
        'member.read',
        'withdraw.review',
        'chat.moderate',
        'report.read',
      ]);
      await consoleLogin(page, op);
      const menu = page.getByRole('navigation', { name: '主菜单' });
      if (viewport.width < 992) {
        // Portrait: the menu is folded away, one tap on 菜单 shows it over the page.
        await expect(menu.getByRole('link', { name: '会员' })).toBeHidden();
        await expect(page.getByRole('button', { name: '菜单' })).toBeVisible();
      } else {
        await expect(menu.getByRole('link', { name: '会员' })).toBeVisible();
      }
      await fitsWidth(page, '今日概览');

      await openFromMenu(page, '会员', '会员');
      await page.getByPlaceholder('账号 / 昵称 / 手机').fill(member.userName);
      await page.getByRole('button', { name: '搜索' }).click();
      await expect(page.getByRole('link', { name: member.userName })).toBeVisible();
      await fitsWidth(page, '会员');
      await page.getByRole('link', { name: member.userName }).click();
      await expect(page.getByRole('heading', { name: `会员 ${member.userName}` })).toBeVisible();
      await fitsWidth(page, '会员详情');

      await openFromMenu(page, '取款审核', '取款审核');
      const row = page.getByRole('row', { name: new RegExp(order.orderId) });
      await expect(row).toContainText('120.00');
      await fitsWidth(page, '取款审核');
      // The row's action is reachable by scrolling the table, not the page.
      await row.getByRole('button', { name: '批准出款' }).scrollIntoViewIfNeeded();
      await row.getByRole('button', { name: '批准出款' }).click();
      await dialogFits(page, '批准出款');
      await fitsWidth(page, '取款审核（对话框后）');

      await openFromMenu(page, '聊天室管理', '聊天室管理');
      await fitsWidth(page, '聊天室管理');
      await page.getByRole('button', { name: '新建房间' }).click();
      await dialogFits(page, '新建房间');
      await page.getByRole('tab', { name: '禁言' }).click();
      await fitsWidth(page, '聊天室管理 · 禁言');

      expect(cspViolations).toEqual([]);
      await member.context.close();
    });
  });
}
