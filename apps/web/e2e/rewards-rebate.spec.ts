import type { FrameLocator, Locator } from '@playwright/test';
import { expect } from './support/fixtures';
import { shot } from './support/shots';
import { venueTest, type VenueStack } from './support/venue-stack';
import { depositOnline, register } from './support/wallet-steps';

/**
 * 自助返水 in the browser at 390×844 (contract §5 Rewards), against the house venue as its own
 * process: a member bets 100.00 in the venue's frame, the venue's trader settles it, and the
 * member sees its valid turnover on /mine/rebate (体育 at VIP0's 0.38 %), claims 0.38, and finds
 * the 返水 grant with its turnover bucket in 福利记录 and the turnover on /mine/vip.
 */
const test = venueTest;

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

/** A full-time 1X2 price of at least 1.50 on the match in play (turnover counts from 1.50). */
async function pickPrice(
  venue: FrameLocator,
  matchId: string,
): Promise<{ button: Locator; side: 'home' | 'away' }> {
  await venue.locator('.tabs__tab', { hasText: '滚球' }).click();
  for (const side of ['home', 'away'] as const) {
    const button = venue.locator(`.odds[data-selection="${matchId}:ft:1x2:${side}"]`);
    await expect(button).toBeVisible({ timeout: 15_000 });
    await expect(button).not.toHaveClass(/odds--locked/, { timeout: 30_000 });
    const odds = Number(await button.locator('.odds__price').textContent());
    if (odds >= 1.5) return { button, side };
  }
  throw new Error('neither side of the match in play is priced at 1.50 or more');
}

test('a settled bet accrues 返水; the member claims it and sees the grant in 福利记录', async ({
  page,
  stack,
  cspViolations,
}) => {
  test.setTimeout(240_000);
  await register(page);
  await depositOnline(page, '100');

  await page.goto('/game/sport');
  await page.getByRole('button', { name: '进入星云体育·IM' }).click();
  const venue = page.frameLocator('iframe.nb-frame__page');
  await venue.locator('.top__transfer').click();
  const sheet = page.getByRole('dialog', { name: /星云体育·IM 转账/ });
  await sheet.getByRole('textbox').fill('100');
  await sheet.getByRole('button', { name: '下一步' }).click();
  await sheet.getByRole('button', { name: '确认转账' }).click();
  await expect(sheet.getByRole('status')).toContainText('转账成功');
  await sheet.getByRole('button', { name: '知道了' }).click();
  await expect(venue.locator('.top__amount')).toHaveText('¥100.00');

  await venue.locator('.top__odds').click();
  await venue.getByRole('radio', { name: /欧洲盘/ }).click();
  const { button, side } = await pickPrice(venue, stack.testMatchId);
  await button.click();
  await venue.locator('.slip-fab').click();
  const slip = venue.locator('.sheet__panel.slip');
  await slip.getByRole('radio', { name: '接受任何赔率变化' }).click();
  await slip.getByRole('button', { name: '100', exact: true }).click();
  await slip.locator('.slip__footer .btn--primary').click();
  await expect(slip.locator('.receipt__title')).toHaveText('投注成功', { timeout: 20_000 });
  await venueOperator(stack, '/operator/v1/events/result', {
    eventId: stack.testMatchId,
    status: 'finished',
    score: side === 'home' ? { home: 1, away: 0 } : { home: 0, away: 1 },
    halfTime: { home: 0, away: 0 },
    reason: 'e2e 返水',
  });

  // The settled bet's valid turnover reaches the rebate page once the platform has pulled it.
  await page.goto('/mine/rebate');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('rebate-total')).toHaveText('0.38', { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId('rebate-table')).toContainText('100.00');
  await shot(page, 'rebate-accrued');
  await page.getByRole('button', { name: '一键领取' }).click();
  await expect(page.getByText('已领取 0.38')).toBeVisible();
  await expect(page.getByTestId('rebate-total')).toHaveText('0.00');

  await page.goto('/mine/record/welfare');
  const grant = page.getByTestId('grant-card').first();
  await expect(grant).toContainText('返水');
  await expect(grant).toContainText('已发放');
  await expect(grant).toContainText('流水 0.00 / 0.38');
  await shot(page, 'welfare-record-rebate');

  await page.goto('/mine/vip');
  await expect(page.getByTestId('vip-card')).toContainText('100.00');
  expect(cspViolations).toEqual([]);
});
