import type { FrameLocator, Locator } from '@playwright/test';
import { test as base, expect } from './support/fixtures';
import type { RunningServer } from '../../../e2e/support/platform-server';
import { shot } from './support/shots';
import { startVenueStack, type VenueStack } from './support/venue-stack';
import { memberCall, register } from './support/wallet-steps';

/**
 * 试玩 in a real browser at 390×844 against the house venue as its own process (contract §6
 * Demo play). A visitor opens /demo and plays with play money through the demo frames, as a
 * player would: a 极速快3 bet placed on the board and watched to its draw and settlement, then a
 * football single on the sportsbook page, settled by the result the venue's trader enters.
 * 重置余额 restores the play money; 真人 and 电子 open marked 试玩 too. The visitor then
 * registers; while the platform's bet worker (every 2 s) has had many rounds after those
 * settlements, the new member's 投注记录 and 交易记录 hold nothing of the demo, and their
 * wallet total is zero. The venue draws every few seconds (VENUE_TEST_DRAW_SECONDS, refused in
 * production).
 */
const DRAW_SECONDS = 15;
const test = base.extend<object, { stack: VenueStack; server: RunningServer }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startVenueStack({ VENUE_TEST_DRAW_SECONDS: String(DRAW_SECONDS) });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  server: [async ({ stack }, use) => use(stack.platform), { scope: 'worker' }],
});

/** DOM clicks in the frame: its lobby re-renders every second (as the venue page's specs do). */
const tap = (l: Locator) => l.dispatchEvent('click');

/** The venue operator API (trader role): the match's result, as the venue's staff enter it. */
async function enterResult(stack: VenueStack, side: 'home' | 'away') {
  const r = await fetch(`${stack.venueApi}/operator/v1/events/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-venue-operator-token': stack.operatorToken },
    body: JSON.stringify({
      eventId: stack.testMatchId,
      status: 'finished',
      score: side === 'home' ? { home: 1, away: 0 } : { home: 0, away: 1 },
      halfTime: { home: 0, away: 0 },
      reason: 'e2e 试玩赛果',
    }),
  });
  const answer = (await r.json()) as { code: number; message?: string };
  expect(answer.code, answer.message).toBe(0);
}

/** 和值 10 on 极速快3 for ¥2.00 on a round open for a few more seconds; answers the round. */
async function betK3(cp: FrameLocator): Promise<string> {
  await tap(cp.locator('.lobby__card[data-game="JSK3"] .lobby__open'));
  const ten = cp.locator('.ball[data-pick="10"]');
  let roundNo = '';
  await expect(async () => {
    await expect(cp.locator('.k3-head__clock')).toHaveAttribute('data-clock', 'open', {
      timeout: 1000,
    });
    const left = await cp.locator('.k3-head__left').textContent();
    expect(Number(left!.split(':')[1])).toBeGreaterThanOrEqual(6);
    if ((await ten.getAttribute('aria-pressed')) !== 'true') await tap(ten);
    await expect(ten).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
    await cp.getByRole('button', { name: '确认投注', exact: true }).click({ timeout: 2000 });
    const sheet = cp.getByRole('dialog', { name: '确认投注' });
    roundNo = (await sheet.locator('.k3-confirm__round').textContent({ timeout: 2000 }))!.match(
      /\d{12,}/,
    )![0];
    await sheet.getByRole('button', { name: '确认投注 ¥2.00' }).click({ timeout: 2000 });
    await expect(cp.getByRole('dialog', { name: '投注成功' })).toContainText(`第 ${roundNo} 期`, {
      timeout: 5000,
    });
  }).toPass({ timeout: DRAW_SECONDS * 4000 });
  await cp
    .getByRole('dialog', { name: '投注成功' })
    .getByRole('button', { name: '继续投注' })
    .click();
  return roundNo;
}

test('a visitor plays a 快3 draw and a football match in 试玩, then registers with clean records', async ({
  page,
  stack,
  cspViolations,
}) => {
  test.setTimeout(240_000);
  await page.goto('/demo');
  await expect(page.getByRole('heading', { name: /先试玩，再决定/ })).toBeVisible();
  for (const code of ['FBTY', 'XYCP', 'XYZR', 'XYDZ'])
    await expect(page.getByTestId(`demo-venue-${code}`)).toBeVisible();
  await expect(page.getByTestId('demo-venue-XYCP')).toContainText('彩票');
  await shot(page, 'demo');

  // 彩票 in the demo frame: 试玩 on the site's bar and on the venue's own page.
  await page.getByTestId('demo-venue-XYCP').getByRole('link', { name: '开始试玩' }).click();
  await expect(page).toHaveURL(/\/demo\/play\/XYCP$/);
  await expect(page.getByTestId('demo-badge')).toHaveText('试玩');
  const cp = page.frameLocator('iframe.nb-demo-frame__page');
  await expect(cp.locator('.demo-badge')).toHaveText('试玩', { timeout: 20_000 });
  await expect(page.getByTestId('demo-balance')).toContainText('2,000.00');

  // A 快3 bet on the board, watched to its draw, then settled in the venue's 注单.
  const roundNo = await betK3(cp);
  await expect(cp.locator('.top__balance')).toHaveText('¥1,998.00');
  const roll = cp.locator(`.roll-layer[data-round="${roundNo}"] .roll`);
  await expect(roll).toHaveAttribute('data-state', 'landed', { timeout: DRAW_SECONDS * 3000 });
  await tap(cp.locator('.nav').getByRole('button', { name: '注单', exact: true }));
  const slip = cp.locator('.gbet').filter({ hasText: `第 ${roundNo} 期` });
  await expect(slip).toHaveAttribute('data-status', 'settled', { timeout: 30_000 });

  // The sportsbook: a 100.00 single on the match in play, settled by its result.
  await page.goto('/demo');
  await page.getByTestId('demo-venue-FBTY').getByRole('link', { name: '开始试玩' }).click();
  await expect(page).toHaveURL(/\/demo\/play\/FBTY$/);
  const ty = page.frameLocator('iframe.nb-demo-frame__page');
  await expect(ty.locator('.top__amount')).toHaveText('¥2,000.00', { timeout: 20_000 });
  await expect(page.getByTestId('demo-badge')).toHaveText('试玩');
  await expect(ty.locator('.demo-badge')).toHaveText('试玩');
  await ty.locator('.tabs__tab', { hasText: '滚球' }).click();
  const side = 'home';
  const price = ty.locator(`.odds[data-selection="${stack.testMatchId}:ft:1x2:${side}"]`);
  await expect(price).toBeVisible({ timeout: 15_000 });
  await expect(price).not.toHaveClass(/odds--locked/, { timeout: 30_000 });
  await price.click();
  await ty.locator('.slip-fab').click();
  const betSlip = ty.locator('.sheet__panel.slip');
  await betSlip.getByRole('radio', { name: '接受任何赔率变化' }).click();
  await betSlip.getByRole('button', { name: '100', exact: true }).click();
  await betSlip.locator('.slip__footer .btn--primary').click();
  await expect(betSlip.locator('.receipt__title')).toHaveText('投注成功', { timeout: 20_000 });
  await expect(ty.locator('.top__amount')).toHaveText('¥1,900.00');
  await enterResult(stack, side);
  // Won: the play wallet, as the site's 试玩 bar reads it, gets the payout (above 2,000.00).
  await expect(async () => {
    const shown = (await page.getByTestId('demo-balance').textContent())!.replace(/[^\d.]/g, '');
    expect(Number(shown)).toBeGreaterThan(2000);
  }).toPass({ timeout: 40_000 });

  // 重置余额 brings the play money back to 2,000.00.
  await page.getByRole('button', { name: '重置余额' }).click();
  await expect(page.getByTestId('demo-balance')).toContainText('2,000.00');
  await shot(page, 'demo-play');

  // 真人 and 电子 open in the demo frame too, marked 试玩 on the bar and on the venue's page.
  for (const code of ['XYZR', 'XYDZ']) {
    await page.goto('/demo');
    await page.getByTestId(`demo-venue-${code}`).getByRole('link', { name: '开始试玩' }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/play/${code}$`));
    await expect(page.getByTestId('demo-badge')).toHaveText('试玩');
    await expect(page.frameLocator('iframe.nb-demo-frame__page').locator('.demo-badge')).toHaveText(
      '试玩',
      { timeout: 20_000 },
    );
    await expect(page.getByTestId('demo-balance')).toContainText('2,000.00');
  }

  // 注册: the new member's records hold nothing of the demo, through many worker rounds.
  await register(page);
  for (let round = 0; round < 4; round += 1) {
    await page.waitForTimeout(2_500);
    const bets = await memberCall<{ total: number }>(page, 'GET', '/game/api/v1/bets');
    expect(bets.total).toBe(0);
  }
  const wallet = await memberCall<{ total: string }>(page, 'GET', '/fd/api/v1/wallet/balances');
  expect(wallet.total).toBe('0.00');
  await page.goto('/mine/record/betRecord');
  await expect(page.getByText('暂无投注记录')).toBeVisible();
  await expect(page.locator('.nb-brow')).toHaveCount(0);
  await page.goto('/mine/record/transRecord');
  await expect(page.getByText('暂无记录')).toBeVisible();
  await expect(page.locator('.nb-rrow')).toHaveCount(0);
  expect(cspViolations).toEqual([]);
});
