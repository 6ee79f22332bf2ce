import { expect, memberTest } from './support/fixtures';
import { shot } from './support/shots';
import { depositOnline, register } from './support/wallet-steps';

/**
 * 幸运翻牌 and the friend activities in the browser at 390×844 (contract §5 Rewards): a member
 * deposits, flips a card, reveals the server seed and verifies the flip in the page; an inviter
 * sees the code, a friend who registered through its link, and the peak-bet page.
 */
const test = memberTest;

test('幸运翻牌: deposit for chances, flip a card, rotate the seed and verify', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(150_000);
  await register(page);
  await depositOnline(page, '200');
  await page.goto('/activity/luckyFlip');
  await expect(page.getByTestId('flip-remaining')).toHaveText('2');
  await expect(page.getByTestId('flip-prizes')).toContainText('888元');
  const commitment = await page.getByTestId('flip-commitment').innerText();
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);

  await page.getByTestId('flip-card-4').click();
  await expect(page.getByTestId('flip-result')).toBeVisible();
  await expect(page.getByTestId('flip-card-4')).toHaveClass(/nb-flip__card--open/);
  await expect(page.getByTestId('flip-remaining')).toHaveText('1');
  await expect(page.getByTestId('flip-record-0')).toBeVisible();
  await expect(page.getByTestId('flip-verify-0')).toBeDisabled();
  await shot(page, 'activity-lucky-flip');

  await page.getByTestId('flip-rotate').click();
  await expect(page.getByTestId('flip-commitment')).not.toHaveText(commitment);
  await expect(page.getByTestId('flip-verify-0')).toBeEnabled();
  await page.getByTestId('flip-verify-0').click();
  await expect(page.getByTestId('flip-check-0')).toContainText('验证通过');
  expect(cspViolations).toEqual([]);
});

test('邀请好友 shows the code and a friend registered through it; 好友最高投注 lists the friend', async ({
  page,
  browser,
  baseURL,
  cspViolations,
}) => {
  test.setTimeout(150_000);
  await register(page);
  await page.goto('/activity/friendInvitation');
  const code = (await page.getByTestId('invite-code').innerText()).trim();
  expect(code).toMatch(/^[A-Za-z0-9]+$/);
  await expect(page.getByTestId('invite-link')).toContainText(`invite_code=${code}`);
  await expect(page.getByRole('img', { name: '扫码注册，一起赢好礼' })).toBeVisible();

  const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const friend = await visitor.newPage();
    await friend.goto(`/?invite_code=${code}`);
    await register(friend);
  } finally {
    await visitor.close();
  }

  await page.reload();
  const friends = page.getByTestId('invite-friends');
  await expect(friends).toContainText('已注册');
  await expect(friends.locator('tbody tr')).toHaveCount(1);
  await shot(page, 'activity-friend-invitation');

  await page.goto('/activity/friendPeakBet');
  await expect(page.getByTestId('peak-tiers')).toContainText('588.00');
  await expect(page.getByTestId('peak-friends')).toContainText('统计中');
  await shot(page, 'activity-friend-peak-bet');
  expect(cspViolations).toEqual([]);
});
