import type { Page } from '@playwright/test';
import { memberIdOf, newMember } from './support/member-steps';
import { expect, test } from './support/operator-fixtures';
import { consoleLogin, newOperator, openFromMenu } from './support/operator-steps';

type Room = {
  roomId: number;
  name: string;
  vipMin: number;
  vipMax: number;
  slowModeSeconds: number;
};
type Mute = { memberId: number; reason: string; mutedBy: string; active: boolean };
type Gift = { giftId: number; name: string; icon: string; price: string; enabled: boolean };

/** A call from the console's own page with its session (what its buttons would send). */
async function pageCall(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  return page.evaluate(
    async ([m, u, data]) => {
      const raw = sessionStorage.getItem('nebula-console-session');
      const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
      const res = await fetch(u, {
        method: m,
        headers: {
          ...(data === undefined ? {} : { 'content-type': 'application/json' }),
          'X-Admin-Token': token,
          'X-Idempotency-Key': crypto.randomUUID(),
        },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return {
        http: res.status,
        code: ((await res.json()) as { status_code: number }).status_code,
      };
    },
    [method, url, body] as const,
  );
}

/**
 * 聊天室管理 end to end (docs/architecture.md, "Operator console"): a moderator creates and edits
 * a room, mutes a member and lifts it, and edits a gift — each checked on the server, not
 * only on the page.
 */
test('a moderator runs rooms, mutes and gifts from the chat page; the server holds each change', async ({
  page,
  browser,
  root,
  cspViolations,
}) => {
  test.setTimeout(150_000);
  const member = await newMember(browser);
  const memberId = await memberIdOf(root.call, member.userName);
  const moderator = await newOperator(root, ['chat.moderate']);
  const tag = Date.now().toString(36).slice(-5);

  await consoleLogin(page, moderator);
  await openFromMenu(page, '聊天室管理');

  // A new room, then its VIP range and slow mode edited.
  await page.getByRole('button', { name: '新建房间' }).click();
  let dialog = page.getByRole('dialog', { name: '新建房间' });
  await dialog.getByLabel('名称').fill(`e2e房${tag}`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`e2e房${tag}`) });
  await expect(row).toBeVisible();
  const rooms = async () =>
    (await root.call<{ list: Room[] }>('GET', `/admin/api/v1/chat/rooms?name=e2e房${tag}`)).data
      .list;
  expect(await rooms()).toEqual([
    expect.objectContaining({ name: `e2e房${tag}`, vipMin: 0, vipMax: 99, slowModeSeconds: 0 }),
  ]);

  await row.getByRole('button', { name: '编辑' }).click();
  dialog = page.getByRole('dialog', { name: '编辑房间' });
  await dialog.getByLabel('名称').fill(`e2e厅${tag}`);
  await dialog.getByLabel('最低 VIP').fill('2');
  await dialog.getByLabel('最高 VIP').fill('5');
  await dialog.getByLabel(/慢速模式/).fill('10');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('row', { name: new RegExp(`e2e厅${tag}.*VIP2–VIP5.*10 秒`) }),
  ).toBeVisible();
  const edited = (
    await root.call<{ list: Room[] }>('GET', `/admin/api/v1/chat/rooms?name=e2e厅${tag}`)
  ).data.list;
  expect(edited).toEqual([
    expect.objectContaining({ name: `e2e厅${tag}`, vipMin: 2, vipMax: 5, slowModeSeconds: 10 }),
  ]);

  // A mute through the page's tool: it is listed, on the server, and lifted with a reason.
  await page.getByRole('tab', { name: '禁言' }).click();
  await page.getByRole('button', { name: '禁言会员' }).click();
  dialog = page.getByRole('dialog', { name: '禁言会员' });
  await dialog.getByLabel('会员 ID').fill(String(memberId));
  await dialog.getByLabel('分钟（空为永久）').fill('60');
  await dialog.getByLabel('原因').fill('e2e 刷屏');
  await dialog.getByRole('button', { name: '禁言' }).click();
  await expect(dialog).toBeHidden();
  const muteRow = page.getByRole('row', { name: new RegExp(member.userName) });
  await expect(muteRow).toContainText('e2e 刷屏');
  await expect(muteRow).toContainText('生效中');
  const mutes = async () =>
    (await root.call<{ list: Mute[] }>('GET', `/admin/api/v1/chat/mutes?memberId=${memberId}`)).data
      .list;
  expect(await mutes()).toEqual([
    expect.objectContaining({
      memberId,
      reason: 'e2e 刷屏',
      mutedBy: moderator.userName,
      active: true,
    }),
  ]);

  await muteRow.getByRole('button', { name: '解除禁言' }).click();
  dialog = page.getByRole('dialog', { name: `解除禁言：${member.userName}` });
  await dialog.getByLabel('原因').fill('e2e 已整改');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(member.userName) })).toHaveCount(0);
  expect(await mutes()).toEqual([]);

  // The catalogue: the seeded 鲜花 gets a new price and is switched off.
  await page.getByRole('tab', { name: '礼物' }).click();
  const catalogue = page.locator('.ant-card', { hasText: '礼物目录' });
  await catalogue.getByRole('row', { name: /鲜花/ }).getByRole('button', { name: '编辑' }).click();
  dialog = page.getByRole('dialog', { name: '编辑礼物' });
  await dialog.getByLabel('价格（金币）').fill('3');
  await dialog.getByLabel('启用').click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(catalogue.getByRole('row', { name: /鲜花.*3.*停用/ })).toBeVisible();
  const gifts = (await root.call<{ list: Gift[] }>('GET', '/admin/api/v1/chat/gifts')).data.list;
  expect(gifts.find((g) => g.name === '鲜花')).toEqual(
    expect.objectContaining({ price: '3', enabled: false, icon: '/static/gifts/flower.svg' }),
  );
  // Every change is on the audit record under the moderator's name.
  const audit = await root.call<{ list: { action: string }[] }>(
    'GET',
    `/admin/api/v1/audit?actor=${moderator.userName}&pageSize=50`,
  );
  expect(audit.data.list.map((e) => e.action)).toEqual(
    expect.arrayContaining(['chat.mute', 'chat.unmute']),
  );

  expect(cspViolations).toEqual([]);
  await member.context.close();
});

/** Without chat.moderate: no menu item, the page by its address refuses, the API answers 6061. */
test('an operator without chat.moderate sees no chat menu and the server refuses the calls', async ({
  page,
  root,
}) => {
  const viewer = await newOperator(root, ['member.read']);
  await consoleLogin(page, viewer);
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByRole('link', { name: '会员' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '聊天室管理' })).toHaveCount(0);

  await page.goto('/console/chat');
  await expect(page.getByText('（6061）')).toBeVisible();
  await expect(page.getByRole('button', { name: '新建房间' })).toHaveCount(0);

  const name = `e2e拒${Date.now().toString(36).slice(-5)}`;
  expect(await pageCall(page, 'GET', '/admin/api/v1/chat/rooms')).toEqual({
    http: 200,
    code: 6061,
  });
  expect(
    await pageCall(page, 'POST', '/admin/api/v1/chat/rooms', {
      name,
      vipMin: 0,
      vipMax: 99,
      slowModeSeconds: 0,
    }),
  ).toEqual({ http: 200, code: 6061 });
  expect(
    await pageCall(page, 'POST', '/admin/api/v1/chat/gifts', {
      giftId: 2,
      name: '点赞',
      icon: '/static/gifts/like.svg',
      price: '999',
      enabled: true,
    }),
  ).toEqual({ http: 200, code: 6061 });

  // Nothing changed on the server.
  const rooms = await root.call<{ list: Room[] }>('GET', `/admin/api/v1/chat/rooms?name=${name}`);
  expect(rooms.data.list).toEqual([]);
  const gifts = (await root.call<{ list: Gift[] }>('GET', '/admin/api/v1/chat/gifts')).data.list;
  expect(gifts.find((g) => g.giftId === 2)?.price).toBe('5');
});
