import {
  countSockets,
  expectNothingInjected,
  FLOOD_GAP_MS,
  list,
  openChat,
  say,
  secondMember,
  shown,
  socketTimes,
  watchForScripts,
} from './support/chat-steps';
import { dismissDialogs, expect, memberTest } from './support/fixtures';
import { memberCall, operator, register } from './support/wallet-steps';

/**
 * The chat room in the browser (issue "Chat", Tests → Browser): two members see each other in
 * one room; an XSS corpus in messages and nicknames stays text; a stopped server shows the
 * reconnect state, exactly 5 attempts 3 s apart, then the button, which rejoins the room once
 * the server is back on the same port and data. Real server, built site, real websocket.
 */

const test = memberTest;

test('two members in one room see each other’s messages; shielding, the filter, deletes and mutes show live', async ({
  page,
  browser,
  server,
  request,
  cspViolations,
}) => {
  const alice = await register(page);
  // Home leads to the chat room.
  await dismissDialogs(page);
  await page.getByRole('link', { name: '进入聊天室' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: '大厅' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '聊天内容' })).toBeEnabled();

  const bob = await secondMember(browser, server);
  await openChat(bob.page);

  await say(page, '大家好，我是小A');
  await expect(list(bob.page).getByText('大家好，我是小A')).toBeVisible();
  await say(bob.page, '欢迎小A，我是小B');
  await expect(list(page).getByText('欢迎小A，我是小B')).toBeVisible();
  // Each sees their own message on their side, and the other's on the other side.
  await expect(page.locator('.nb-chat-msg--own')).toContainText('大家好，我是小A');
  await expect(bob.page.locator('.nb-chat-msg--own')).toContainText('欢迎小A，我是小B');

  // The filter shields contact details and tells the sender, who alone sees the notice.
  await say(page, '有事加我 vx abcdefg');
  await expect(page.getByTestId('chat-filtered')).toContainText(
    '消息未发送：消息含有 QQ / 微信等联系方式，已被屏蔽',
  );
  await expect(page.getByTestId('chat-filtered')).toContainText('有事加我 vx abcdefg');
  await page.waitForTimeout(FLOOD_GAP_MS);
  await expect(list(bob.page)).not.toContainText('abcdefg');

  // Bob shields Alice from her message's menu: her messages go, and new ones do not arrive.
  await list(bob.page)
    .getByRole('button', { name: /的消息操作$/ })
    .first()
    .click();
  await bob.page.getByText('屏蔽此人').click();
  await expect(list(bob.page).getByText('大家好，我是小A')).toHaveCount(0);
  await say(page, '小B还能看到吗');
  await expect(list(page).getByText('小B还能看到吗')).toBeVisible();
  await bob.page.waitForTimeout(1500);
  await expect(list(bob.page).getByText('小B还能看到吗')).toHaveCount(0);
  await expect(list(bob.page).getByText('欢迎小A，我是小B')).toBeVisible();

  // An operator deletes Bob's message: it goes from both screens, live.
  const admin = await operator(request);
  const messageId = await list(page)
    .locator('li', { hasText: '欢迎小A，我是小B' })
    .getAttribute('data-message-id');
  await admin.call('POST', `/admin/api/v1/chat/messages/${messageId}/delete`, {});
  await expect(list(page).getByText('欢迎小A，我是小B')).toHaveCount(0);
  await expect(list(bob.page).getByText('欢迎小A，我是小B')).toHaveCount(0);

  // A timed mute reaches Alice's open page: the notice counts down and the input is closed.
  await admin.call('POST', `/admin/api/v1/chat/members/${await admin.memberId(alice)}/mute`, {
    muted: true,
    minutes: 5,
    reason: 'e2e 禁言',
  });
  await expect(page.getByTestId('chat-notice-muted')).toHaveText(/您已被禁言，4:5\d 后解除/);
  await expect(page.getByRole('textbox', { name: '聊天内容' })).toBeDisabled();

  expect(cspViolations).toEqual([]);
  await bob.context.close();
});

test('a gift: the picker shows the 金币 balance, a double tap debits once, the room sees it; too little 金币 is explained', async ({
  page,
  browser,
  server,
  request,
}) => {
  const userName = await register(page);
  const admin = await operator(request);
  await admin.call(
    'POST',
    `/admin/api/v1/members/${await admin.memberId(userName)}/adjust`,
    { asset: 'COIN', direction: 'credit', amount: '100', reason: 'e2e 礼物' },
    true,
  );
  const bob = await secondMember(browser, server);
  await openChat(bob.page);
  await openChat(page);

  await page.getByRole('button', { name: '送礼物' }).click();
  const sheet = page.getByRole('dialog', { name: '送礼物' });
  await expect(sheet.getByTestId('gift-coin-balance')).toHaveText('100');
  await sheet.getByRole('radio', { name: /奖杯/ }).click();
  await expect(sheet.getByTestId('gift-total')).toHaveText('合计 50 金币');
  await sheet.getByRole('button', { name: '赠送' }).dblclick();
  await expect(page.getByText('礼物已送出')).toBeVisible();
  await expect(bob.page.getByTestId('gift-burst')).toContainText('送出 奖杯 ×1');
  await expect(list(bob.page).locator('.nb-chat-gift')).toHaveCount(1);
  await expect(list(page).locator('.nb-chat-gift')).toHaveCount(1);
  const coin = await memberCall<{ balance: string }>(page, 'GET', '/fd/api/v1/coin/info');
  expect(coin.balance).toBe('50');

  await page.getByRole('button', { name: '送礼物' }).click();
  await expect(sheet.getByTestId('gift-coin-balance')).toHaveText('50');
  await sheet.getByRole('radio', { name: /火箭/ }).click();
  await expect(sheet.getByRole('alert')).toContainText('余额不足');
  await expect(sheet.getByRole('button', { name: '赠送' })).toBeDisabled();
  await sheet.getByRole('alert').getByRole('link', { name: '去兑换金币' }).click();
  await expect(page).toHaveURL(/\/mine\/currency$/);
  await bob.context.close();
});

const CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">点我领奖</a>',
  'javascript:alert(document.domain)',
  '<svg onload=alert(1)>',
  'RLO \u202Eabc<b>x</b> end',
  'zero\u200Bwidth\u200B<iframe src="javascript:alert(1)"></iframe>',
];
/** Nicknames hold at most 16 characters; each is a payload of its own. */
const NICKNAMES = ['<svg/onload=a()>', '<script>alert(1)', '\u202Eevil\u200B<b>x</b>'];

test('an XSS corpus in messages and nicknames is shown verbatim as text and nothing runs', async ({
  page,
  browser,
  server,
}) => {
  const aliceDialogs = await watchForScripts(page);
  await register(page);
  await memberCall(page, 'POST', '/site/api/v1/user/profile/update', { nickname: NICKNAMES[0] });
  const bob = await secondMember(browser, server);
  const bobDialogs = await watchForScripts(bob.page);
  await memberCall(bob.page, 'POST', '/site/api/v1/user/profile/update', {
    nickname: NICKNAMES[1],
  });

  await openChat(page);
  await openChat(bob.page);
  for (const [index, text] of CORPUS.entries()) {
    if (index === CORPUS.length - 1) {
      await memberCall(page, 'POST', '/site/api/v1/user/profile/update', {
        nickname: NICKNAMES[2],
      });
    }
    await say(page, text);
    await expect(page.getByTestId('chat-filtered')).toHaveCount(0);
    await page.waitForTimeout(FLOOD_GAP_MS);
  }
  await say(bob.page, '收到');

  for (const viewer of [page, bob.page]) {
    await expect(list(viewer).getByText('收到')).toBeVisible();
    const { contents, names } = await shown(viewer);
    for (const text of CORPUS) expect(contents).toContain(text);
    for (const name of NICKNAMES) expect(names).toContain(name);
    await expectNothingInjected(viewer);
  }
  // Reloaded, the same corpus comes from history and is still text.
  await bob.page.reload();
  await expect(list(bob.page).getByText('收到')).toBeVisible();
  const { contents } = await shown(bob.page);
  for (const text of CORPUS) expect(contents).toContain(text);
  await expectNothingInjected(bob.page);

  expect(aliceDialogs).toEqual([]);
  expect(bobDialogs).toEqual([]);
  await bob.context.close();
});

test('a stopped server: reconnecting, exactly 5 attempts 3 s apart, then the button rejoins the room once it is back', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await countSockets(page);
  await register(page);
  await openChat(page);
  await say(page, '断线前的消息');
  await expect(list(page).getByText('断线前的消息')).toBeVisible();
  expect((await socketTimes(page)).opened).toHaveLength(1);

  await server.halt();
  const bar = page.getByTestId('chat-connection');
  await expect(bar).toHaveText(/重连中 \(1\/5\)/);
  await expect(page.getByRole('textbox', { name: '聊天内容' })).toBeDisabled();
  await expect(bar).toHaveText(/重连中 \(5\/5\)/, { timeout: 20_000 });
  const reconnect = page.getByRole('button', { name: '重新连接' });
  await expect(reconnect).toBeVisible({ timeout: 10_000 });
  await expect(bar).toContainText('连接已断开');

  // No sixth attempt, however long the page waits.
  await page.waitForTimeout(4000);
  const { opened, closed } = await socketTimes(page);
  expect(opened).toHaveLength(6);
  // Each attempt starts 3 s after the previous connection ended: never sooner; later only by
  // how late a loaded machine runs the timer (a doubling back-off would show 6 s and more).
  for (let i = 1; i <= 5; i += 1) {
    const gap = opened[i]! - closed[i - 1]!;
    expect(gap, `attempt ${i} after ${gap} ms`).toBeGreaterThanOrEqual(2950);
    expect(gap, `attempt ${i} after ${gap} ms`).toBeLessThan(5000);
  }

  await server.restart();
  await reconnect.click();
  await expect(bar).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('textbox', { name: '聊天内容' })).toBeEnabled();
  // The room was joined again: its history is there, once, and speaking works.
  await expect(list(page).getByText('断线前的消息')).toHaveCount(1);
  await say(page, '重连后的消息');
  await expect(list(page).getByText('重连后的消息')).toBeVisible();
  expect((await socketTimes(page)).opened).toHaveLength(7);
});
