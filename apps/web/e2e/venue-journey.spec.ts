import type { FrameLocator, Locator } from '@playwright/test';
import { expect } from './support/fixtures';
import { shot } from './support/shots';
import { venueTest, type VenueStack } from './support/venue-stack';
import { PASSWORD, depositOnline, memberCall, operator, register } from './support/wallet-steps';

/**
 * A member's whole venue journey, in a real browser at 390×844 against the house venue as its own
 * process: a member opens a venue from /game/sport, transfers in (the venue page's 转入 asks the
 * site), places a bet in the frame on the venue's sportsbook page, sees it settle, sees it in
 * 投注记录 and its valid turnover in 稽核, recalls the venue's balance and withdraws it.
 *
 * The bet is an in-play single on the match the venue was started with in play (its clock in
 * real time, so the first half outlasts the journey); the venue's trader then enters its result
 * through the venue's operator API — only a match under way takes one, and an open bet is
 * settled by its result, never by hand — which the platform learns from the venue's bet
 * changes alone.
 */
const test = venueTest;

/** The venue operator API (trader role), as the venue's staff would call it. */
async function venueOperator<T>(stack: VenueStack, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${stack.venueApi}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-venue-operator-token': stack.operatorToken },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; message?: string; data: T };
  expect(answer.code, `${path}: ${answer.message}`).toBe(0);
  return answer.data;
}

/**
 * A home or away price of at least 1.50 (Europe) on the full-time 1X2 market of the stack's
 * match in play: the platform's turnover counts bets at 1.50 or more only. A price locked by a
 * goal is waited out.
 */
async function pickPrice(
  venue: FrameLocator,
  matchId: string,
): Promise<{ button: Locator; odds: number; side: 'home' | 'away' }> {
  await venue.locator('.tabs__tab', { hasText: '滚球' }).click();
  for (const side of ['home', 'away'] as const) {
    const button = venue.locator(`.odds[data-selection="${matchId}:ft:1x2:${side}"]`);
    await expect(button).toBeVisible({ timeout: 15_000 });
    await expect(button).not.toHaveClass(/odds--locked/, { timeout: 30_000 });
    const odds = Number(await button.locator('.odds__price').textContent());
    if (odds >= 1.5) return { button, odds, side };
  }
  throw new Error('neither side of the match in play is priced at 1.50 or more');
}

test('a member opens a venue from /game/sport, transfers in, bets in the frame, sees it settle in 投注记录 and 稽核, recalls and withdraws', async ({
  page,
  request,
  stack,
  cspViolations,
}) => {
  test.setTimeout(240_000);
  const userName = await register(page);
  const admin = await operator(request);
  const memberId = await admin.memberId(userName);
  await admin.call('POST', '/admin/api/v1/settings', { payoutCooloffHours: 0 });
  // What a withdrawal needs besides turnover: a real name, a fund password, a payout account.
  await memberCall(page, 'POST', '/site/api/v1/user/realName/submit', { realName: '赵小云' });
  await admin.call('POST', `/admin/api/v1/realName/${memberId}/review`, { approve: true });
  await memberCall(page, 'POST', '/site/api/v1/user/fundPassword/set', {
    fundPassword: '246810',
    stepUp: { password: PASSWORD },
  });
  await memberCall(page, 'POST', '/fd/api/v1/payment-accounts', {
    type: 'alipay',
    accountNo: '13800138000',
    stepUp: { password: PASSWORD },
  });
  // 100.00 deposited: 100.00 of valid turnover to do before a withdrawal.
  await depositOnline(page, '100');

  // Opens 星云体育·IM from /game/sport: its frame route, the venue page on its own origin.
  await page.goto('/game/sport');
  await page.getByRole('button', { name: '进入星云体育·IM' }).click();
  await expect(page).toHaveURL(/\/sport\/im\?venue=IMTY&url=/);
  const venue = page.frameLocator('iframe.nb-frame__page');
  await expect(venue.locator('.top__amount')).toHaveText('¥0.00');

  // The venue page's 转入 asks the site (a checked message) to open the transfer sheet.
  await venue.locator('.top__transfer').click();
  const sheet = page.getByRole('dialog', { name: /星云体育·IM 转账/ });
  await sheet.getByRole('textbox').fill('100');
  await sheet.getByRole('button', { name: '下一步' }).click();
  await sheet.getByRole('button', { name: '确认转账' }).click();
  await expect(sheet.getByRole('status')).toContainText('转账成功');
  await sheet.getByRole('button', { name: '知道了' }).click();
  // The site told the page (transferDone): it shows the money it now holds.
  await expect(venue.locator('.top__amount')).toHaveText('¥100.00');
  await expect(page.getByTestId('frame-main-balance')).toContainText('0.00');
  await expect(page.getByTestId('frame-venue-balance')).toContainText('100.00');

  // A single in play at a price of 1.50 or more (Europe), 100.00 staked with the chip.
  await venue.locator('.top__odds').click();
  await venue.getByRole('radio', { name: /欧洲盘/ }).click();
  const { button, odds, side } = await pickPrice(venue, stack.testMatchId);
  await button.click();
  await venue.locator('.slip-fab').click();
  const slip = venue.locator('.sheet__panel.slip');
  await expect(slip).toBeVisible();
  await slip.getByRole('radio', { name: '接受任何赔率变化' }).click();
  await slip.getByRole('button', { name: '100', exact: true }).click();
  await slip.locator('.slip__footer .btn--primary').click();
  // In play: 确认中 while the venue waits out its delay, then accepted.
  await expect(slip.locator('.receipt__title')).toHaveText('投注成功', { timeout: 20_000 });
  const betId = (await slip.locator('.receipt__bet').getAttribute('data-bet')) ?? '';
  expect(betId).not.toBe('');
  await expect(venue.locator('.top__amount')).toHaveText('¥0.00');
  await shot(page, 'venue-frame-bet');

  // Unsettled at first in 投注记录, pulled from the venue by the platform's worker.
  await page.goto('/mine/record/betRecord');
  const row = page.locator(`[data-bet="${betId}"]`);
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('未结算', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('星云体育·IM');

  // The venue's trader enters the match's result, the member's side ahead; the venue settles
  // the bet as won and the platform learns it from the venue's changes.
  await venueOperator(stack, '/operator/v1/events/result', {
    eventId: stack.testMatchId,
    status: 'finished',
    score: side === 'home' ? { home: 1, away: 0 } : { home: 0, away: 1 },
    halfTime: { home: 0, away: 0 },
    reason: 'e2e 旅程赛果',
  });
  // The list follows its open bets by itself.
  await expect(row.locator('.nb-rrow__amount')).toContainText('+', { timeout: 30_000 });
  await row.getByRole('button').click();
  const detail = page.getByRole('dialog', { name: '注单详情' });
  await expect(detail.locator('.nb-betd__result')).toHaveText('赢');
  await expect(detail.locator('.nb-betd__head')).toContainText('赢');
  const fact = (label: string) =>
    detail.locator('.nb-betd__fact', { has: page.locator('dt', { hasText: label }) }).locator('dd');
  await expect(fact('有效投注')).toHaveText('100.00');
  const payoutText = ((await fact('派彩').textContent()) ?? '').replace(/[¥,]/g, '');
  const payout = Number(payoutText);
  // Paid at the price it was accepted at: the one shown (rounded to two places), or a little
  // moved by the match's clock during the in-play delay (any change accepted).
  expect(Math.abs(payout - 100 * odds)).toBeLessThan(5);
  await shot(page, 'bet-record-settled');
  await detail.getByRole('button', { name: '关闭' }).click();

  // 稽核: the settled bet's 100.00 of valid turnover meets the deposit's requirement.
  await page.goto('/mine/audit');
  await expect(page.getByTestId('audit-state')).toHaveText('流水已达标，可以申请取款');
  await expect(page.locator('.nb-audit__amount--turnover')).toContainText('100.00');

  // 一键回收 brings the venue's balance (the payout) home.
  await page.goto('/mine/finance/transfer');
  await expect(page.locator('[data-venue="IMTY"]')).toContainText(payoutText);
  await page.getByRole('button', { name: '一键回收' }).click();
  await expect(page.getByText(/已回收 1 个场馆/)).toBeVisible();
  await expect(page.getByTestId('transfer-main')).toHaveText(`¥${payoutText}`);

  // And withdraws it all.
  await page.goto('/mine/finance/withdrawal');
  await expect(page.getByTestId('check-turnover')).toContainText('已达标');
  await page.getByRole('textbox', { name: '取款金额' }).fill(payoutText);
  await page.getByRole('button', { name: '立即取款' }).click();
  const confirm = page.getByRole('dialog', { name: '确认取款' });
  await expect(confirm.getByTestId('confirm-amount')).toHaveText(`${payoutText}CNY`);
  await confirm.getByLabel('资金密码').fill('246810');
  await confirm.getByRole('button', { name: '确认取款' }).click();
  await expect(page.getByText('取款申请已提交')).toBeVisible();
  await expect(page.getByTestId('withdraw-new-balance')).toContainText('0.00 CNY');
  const orderId = await page.locator('[data-order-id^="W"]').getAttribute('data-order-id');
  await admin.call('POST', `/admin/api/v1/withdrawals/${orderId}/approve`, {}, true);
  await page.goto('/mine/finance/withdrawal?tab=records');
  await expect(page.locator(`[data-order-id="${orderId}"]`)).toContainText('已出款');
  expect(cspViolations).toEqual([]);
});
