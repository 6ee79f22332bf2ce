import type { Page } from '@playwright/test';
import { test as base, expect, waitForApp } from './support/fixtures';
import type { RunningServer } from '../../../e2e/support/platform-server';
import { betK3Big, launchVenue, transferIn } from './support/house-venue-steps';
import { shot } from './support/shots';
import { startVenueStack, type VenueStack } from './support/venue-stack';
import { PASSWORD, memberCall, register } from './support/wallet-steps';

/**
 * One member's whole rewards journey at 390×844 (docs/contract.md §5 Rewards and Activities),
 * against the house venue as its own process: 首存 applied, then deposited — 福利记录 shows the
 * bonus and the turnover it needs; bets at the house venue through the site (快3 大: decided
 * whatever the dice, so its stake is valid turnover) — the requirement falls in 福利记录; 签到;
 * 幸运翻牌 with the chances the deposits earned, its fairness proof checked in the page; 自助返水
 * for the turnover; then the next morning (the platform restarted with its test clock moved)
 * the reward worker's VIP review lifts the member to VIP1, seen on /mine/vip.
 *
 * The platform runs from the next 03:00 Shanghai (its test clock moved ahead): the journey's
 * deposits and check-in share one day, and the reward worker's 04:00 jobs cannot run in the
 * middle of it (a day's VIP review runs once: a run half-way would lift the member early and
 * leave the next morning nothing to do). The venue keeps the machine's clock (the platform
 * signs its calls on it), so its bets count at their settling time, up to a day before the
 * platform's "today": 返水, 幸运翻牌 and VIP read cumulative turnover, so none of it is lost.
 * The venue draws every DRAW_SECONDS (VENUE_TEST_DRAW_SECONDS, refused in production).
 */
const DRAW_SECONDS = 10;
const DAY = 24 * 3600_000;
const SHANGHAI = 8 * 3600_000;

/** Milliseconds from `now` to the next `hour`:00 in Shanghai. */
function toShanghaiHour(hour: number, now: number): number {
  const local = now + SHANGHAI;
  const target = local - (local % DAY) + hour * 3600_000;
  return (target > local ? target : target + DAY) - local;
}

interface Workers {
  /** How far the platform's clock runs ahead of the machine's: to the next 03:00 Shanghai. */
  clockOffset: number;
  stack: VenueStack;
  server: RunningServer;
}

const test = base.extend<object, Workers>({
  clockOffset: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(toShanghaiHour(3, Date.now()));
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ clockOffset }, use) => {
      const offset = String(clockOffset);
      const stack = await startVenueStack(
        { VENUE_TEST_DRAW_SECONDS: String(DRAW_SECONDS) },
        { TEST_CLOCK_OFFSET_MS: offset },
      );
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  server: [
    async ({ stack }, use) => {
      await use(stack.platform);
    },
    { scope: 'worker' },
  ],
});

/**
 * Deposits `amount` through the UI: 支付宝, the amount typed, confirmed, then 支付 on the sandbox
 * cashier (`shown`: the amount as the pages print it).
 */
async function deposit(page: Page, amount: string, shown: string): Promise<void> {
  await page.goto('/mine/finance/deposit');
  await page.getByRole('radio', { name: /支付宝/ }).click();
  await page.getByLabel('存款金额').fill(amount);
  await page.getByRole('button', { name: '立即存款' }).click();
  const sheet = page.getByRole('dialog', { name: '确认存款' });
  await expect(sheet.getByTestId('confirm-amount')).toHaveText(`${shown}CNY`);
  await sheet.getByRole('button', { name: '确认并去支付' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/D[0-9A-Z]+$/);
  await expect(page.getByTestId('cashier-amount')).toHaveText(`¥${shown}`);
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
}

/** The 首存 grant's card in 福利记录 (the page reloaded until it shows `text`). */
async function firstDepositGrant(page: Page, text: string | RegExp): Promise<void> {
  await page.goto('/mine/record/welfare');
  const card = page.getByTestId('grant-card').filter({ hasText: '新会员首存送 50%' });
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText(text, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

type BetPage = { list: { stake: string; status: string; validTurnover: string }[] };

/** Waits until the platform has `count` settled 彩票 bets; answers them. */
async function settledLotteryBets(page: Page, count: number): Promise<BetPage['list']> {
  let bets: BetPage['list'] = [];
  await expect(async () => {
    const got = await memberCall<BetPage>(page, 'GET', '/game/api/v1/bets?family=CP');
    expect(got.list.filter((b) => b.status !== 'open')).toHaveLength(count);
    bets = got.list;
  }).toPass({ timeout: DRAW_SECONDS * 6000 });
  return bets;
}

test('首存, bets, 签到, 幸运翻牌, 自助返水, and VIP1 the next morning', async ({
  page,
  stack,
  clockOffset,
  cspViolations,
}) => {
  test.setTimeout(240_000);
  const userName = await register(page);

  // 首存: apply, then deposit 1,000.00 — 500.00 bonus needing 8 × 500.00 of turnover.
  await page.goto('/activity/discount');
  await page.getByTestId('activity-firstDeposit').click();
  const sheet = page.getByRole('dialog', { name: '新会员首存送 50%' });
  await sheet.getByRole('button', { name: '申请' }).click();
  await expect(page).toHaveURL(/\/mine\/finance\/deposit$/);
  await deposit(page, '1000', '1,000.00');
  await firstDepositGrant(page, '流水 0.00 / 4,000.00');
  await shot(page, 'rewards-journey-first-deposit');

  // A second deposit: the stakes below, and VIP1's deposits (1,000.00) well met.
  await deposit(page, '5000', '5,000.00');

  // Bet 1: 快3 大 1,500.00. Turnover fills the oldest bucket first: the first deposit's
  // 1,000.00, then the bonus's — 500.00 of it.
  const session = await launchVenue(page, stack, 'XYCP', 'JSK3');
  await transferIn(page, 'XYCP', '1500.00');
  await betK3Big(stack, session, 750);
  const first = await settledLotteryBets(page, 1);
  expect(first[0]!.validTurnover).toBe('1500.00');
  await firstDepositGrant(page, '流水 500.00 / 4,000.00');
  await shot(page, 'rewards-journey-turnover-falls');

  // Bet 2: 3,500.00 more — the bonus's turnover done, 5,000.00 in all (VIP1's turnover).
  await transferIn(page, 'XYCP', '3500.00');
  await betK3Big(stack, session, 1750);
  const both = await settledLotteryBets(page, 2);
  expect(both.map((b) => b.validTurnover).sort()).toEqual(['1500.00', '3500.00']);
  await page.goto('/mine/record/betRecord?family=CP');
  await expect(page.locator('.nb-brow')).toHaveCount(2);
  await shot(page, 'rewards-journey-bets');
  await firstDepositGrant(page, '流水 4,000.00 / 4,000.00');
  await shot(page, 'rewards-journey-turnover-done');

  // 签到: today's deposits and turnover both reach the 100.00 it needs.
  await page.goto('/activity/calendar');
  await expect(page.getByTestId('checkin-progress')).toContainText('存款 6,000.00');
  await page.getByTestId('checkin-button').click();
  await expect(page.getByText('签到成功，获得 2.00 元')).toBeVisible();
  await expect(page.getByTestId('checkin-button')).toHaveText('今日已签到');
  await shot(page, 'rewards-journey-checkin');

  // 幸运翻牌: 6,000.00 deposited (one chance per 100.00) and 5,000.00 bet (one per 1,000.00),
  // capped at 50. One flip, the seed rotated, the flip verified in the page.
  await page.goto('/activity/luckyFlip');
  await expect(page.getByTestId('flip-remaining')).toHaveText('50');
  const commitment = await page.getByTestId('flip-commitment').innerText();
  await page.getByTestId('flip-card-0').click();
  await expect(page.getByTestId('flip-result')).toBeVisible();
  await expect(page.getByTestId('flip-card-0')).toHaveClass(/nb-flip__card--open/);
  await expect(page.getByTestId('flip-remaining')).toHaveText('49');
  await expect(page.getByTestId('flip-record-0')).toBeVisible();
  await shot(page, 'rewards-journey-flip');
  await page.getByTestId('flip-rotate').click();
  await expect(page.getByTestId('flip-commitment')).not.toHaveText(commitment);
  await page.getByTestId('flip-verify-0').click();
  await expect(page.getByTestId('flip-check-0')).toContainText('验证通过');
  await shot(page, 'rewards-journey-flip-proof');

  // 自助返水: 彩票 at VIP0's 0.2 % of 5,000.00.
  await page.goto('/mine/rebate');
  await expect(page.getByTestId('rebate-table')).toContainText('5,000.00');
  await expect(page.getByTestId('rebate-total')).toHaveText('10.00');
  await shot(page, 'rewards-journey-rebate');
  await page.getByRole('button', { name: '一键领取' }).click();
  await expect(page.getByText('已领取 10.00')).toBeVisible();
  await expect(page.getByTestId('rebate-total')).toHaveText('0.00');
  await page.goto('/mine/record/welfare');
  await expect(page.getByTestId('grant-card').filter({ hasText: '返水' })).toContainText('10.00');

  // The next morning: the member logs out (a one-day session would have ended by then), the
  // platform comes back at 10:00 Shanghai the next day, and its reward worker's 04:00 VIP
  // review (a period not run yet) lifts them to VIP1.
  await memberCall(page, 'POST', '/site/api/v1/user/logout', {});
  await page.context().clearCookies();
  const platformNow = Date.now() + clockOffset;
  const nextMorning = clockOffset + toShanghaiHour(10, platformNow) + DAY;
  await stack.platform.restart({ TEST_CLOCK_OFFSET_MS: String(nextMorning) });
  await page.goto('/user/login?redirect=%2Fmine%2Fvip');
  // The page settles first (its session check, with no session, re-renders the form).
  await waitForApp(page);
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await expect(page.getByLabel('用户名')).toHaveValue(userName);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/mine\/vip$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('vip-level')).toHaveText('VIP1', { timeout: 2000 });
  }).toPass({ timeout: 120_000 });
  await shot(page, 'rewards-journey-vip1');
  // VIP1's upgrade bonus waits in 福利记录 to be claimed (领取): 18.00, 1× turnover.
  await page.goto('/mine/record/welfare');
  const bonus = page.getByTestId('grant-card').filter({ hasText: 'VIP1 晋级礼金' });
  await expect(bonus).toContainText('待领取');
  await expect(bonus).toContainText('18.00');
  await bonus.getByRole('button', { name: '领取' }).click();
  await expect(page.getByText('领取成功')).toBeVisible();
  await expect(bonus).toContainText('已发放');
  await expect(bonus).toContainText('流水 0.00 / 18.00');
  await shot(page, 'rewards-journey-vip-bonus');
  expect(cspViolations).toEqual([]);
});
