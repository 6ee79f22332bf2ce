import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { shot } from './support/shots';
import { signedCall } from '../../../e2e/support/signed-api';
import { venueTest as test, type VenueStack } from './support/venue-stack';
import { register } from './support/wallet-steps';

/**
 * 试玩 in a real browser at 390×844 against the house venue as its own process (contract §6
 * Demo play): a visitor opens /demo, enters 彩票 in the demo frame (marked 试玩 on the site's
 * bar and on the venue's page), bets a 快3 draw and a football match with play money, resets
 * the balance, then registers — and the new member's 投注记录 and 交易记录 hold nothing of it.
 */
type Envelope<T> = { status_code: number; message: string; data: T };

async function venuePage<T>(stack: VenueStack, path: string, session: string, body?: unknown) {
  const r = await fetch(`${stack.venueApi}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${session}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await r.json()) as { code: number; message?: string; data: T };
  expect(answer.code, `${path}: ${answer.message}`).toBe(0);
  return answer.data;
}

/**
 * The demo session the browser holds, launched once more on `code` as the site does, and the
 * page's session token for it (what the frame's page trades its URL token for).
 */
async function demoSession(page: Page, stack: VenueStack, code: string): Promise<string> {
  const demoToken = await page.evaluate(() => localStorage.getItem('nb_demo_token'));
  expect(demoToken).toMatch(/^demo_/);
  const launched: Envelope<{ url: string; demoToken: string }> = await signedCall(
    page.context(),
    page.request,
    'POST',
    '/game/api/v1/demo/launch',
    { venueCode: code, demoToken },
  );
  expect(launched.status_code, launched.message).toBe(6000);
  expect(launched.data.demoToken).toBe(demoToken);
  const r = await fetch(`${stack.venueApi}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(launched.data.url).searchParams.get('token') }),
  });
  const answer = (await r.json()) as { code: number; data?: { token: string; demo?: boolean } };
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  const s = answer.data!;
  expect(s.demo).toBe(true);
  return s.token;
}

test('a visitor plays a 快3 draw and a football match in 试玩, then registers with clean records', async ({
  page,
  stack,
  cspViolations,
}) => {
  test.setTimeout(90_000);
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
  const frame = page.frameLocator('iframe.nb-demo-frame__page');
  await expect(frame.locator('.demo-badge')).toHaveText('试玩', { timeout: 20_000 });
  await expect(page.getByTestId('demo-balance')).toContainText('2,000.00');

  // A 快3 大 bet of 2.00 on an open round, with the demo player's session. The frame is left
  // first: each launch ends the player's earlier sessions, and the page would launch again.
  await page.goto('/demo');
  const cp = await demoSession(page, stack, 'XYCP');
  await expect(async () => {
    type Round = { roundNo: string; status: string; sealAt: number };
    type Games = { serverTime: number; games: { gameCode: string; current: Round | null }[] };
    const list = await venuePage<Games>(stack, '/h5/api/games', cp);
    const round = list.games.find((g) => g.gameCode === 'JSK3')?.current;
    expect(round?.status).toBe('open');
    expect(round!.sealAt - list.serverTime).toBeGreaterThanOrEqual(2000);
    await venuePage(stack, '/h5/api/games/JSK3/bets', cp, {
      requestKey: `demo-cp-${randomUUID()}`,
      roundNo: round!.roundNo,
      multiple: 1,
      unitPrice: '2.00',
      picks: [{ betType: 'big', pick: '' }],
    });
  }).toPass({ timeout: 20_000 });

  // A football single of 10.00 at the sportsbook, before kick-off.
  const ty = await demoSession(page, stack, 'FBTY');
  type Sel = { selectionId: string; oddsMilli: number };
  type Ev = { markets: { kind: string; selections: Sel[] }[] };
  const events = await venuePage<{ events: Ev[] }>(
    stack,
    '/v1/events?tab=early&sport=football',
    ty,
  );
  const match = events.events.find((e) => e.markets.some((m) => m.kind === '1x2'))!;
  const sel = match.markets.find((m) => m.kind === '1x2')!.selections[0]!;
  await venuePage(stack, '/v1/bet/place', ty, {
    requestKey: `demo-ty-${randomUUID()}`,
    oddsPolicy: 'any',
    stake: '10.00',
    legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
  });

  // Back in the frame (launched again: the old page's session ended): 1,998.00 of play money,
  // then 重置余额 brings it back to 2,000.00.
  await page.goto('/demo/play/XYCP');
  await expect(page.getByTestId('demo-balance')).toContainText('1,998.00');
  await page.getByRole('button', { name: '重置余额' }).click();
  await expect(page.getByTestId('demo-balance')).toContainText('2,000.00');
  await shot(page, 'demo-play');

  // 注册: the new member's records hold nothing of the demo.
  await register(page);
  await page.goto('/mine/record/betRecord');
  await expect(page.getByText('暂无投注记录')).toBeVisible();
  await expect(page.locator('.nb-brow')).toHaveCount(0);
  await page.goto('/mine/record/transRecord');
  await expect(page.getByText('暂无记录')).toBeVisible();
  await expect(page.locator('.nb-rrow')).toHaveCount(0);
  expect(cspViolations).toEqual([]);
});
