import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from './support/fixtures';
import type { RunningServer } from '../../../e2e/support/platform-server';
import { shot } from './support/shots';
import { signedCall } from '../../../e2e/support/signed-api';
import { startVenueStack, type VenueStack } from './support/venue-stack';
import { depositOnline, register } from './support/wallet-steps';

/**
 * The house games from the member site, in a real browser at 390×844 against the house venue as
 * its own process: a member opens 真人 from /game/realbet, bets 庄 at 经典百家乐 in the frame, the
 * round deals and settles, and the bet is in 投注记录 with its valid turnover; likewise 电子 from
 * /game/egame: one spin of 福星高照, then 投注记录. The tables bet for a few seconds
 * (VENUE_TEST_TABLE_SECONDS, refused in production), so nothing waits on a real betting window.
 */
const TABLE_SECONDS = 6;
const test = base.extend<object, { stack: VenueStack; server: RunningServer }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startVenueStack({ VENUE_TEST_TABLE_SECONDS: String(TABLE_SECONDS) });
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
 * Taps a button in the frame. Dispatched on the button itself: Playwright's hit-target check
 * reports other elements of the frame as intercepting the tap (as the venue page's specs note).
 */
const tap = (l: Locator) => l.dispatchEvent('click');

/** A member with 100.00 deposited, `amount` of it moved into the venue `code`. */
async function memberWithVenueMoney(page: Page, code: string, amount: string): Promise<void> {
  await register(page);
  await depositOnline(page, '100');
  const moved = await signedCall(
    page.context(),
    page.request,
    'POST',
    '/fd/api/v1/transfer/order',
    { venueCode: code, direction: 'in', amount },
    { 'X-Idempotency-Key': randomUUID() },
  );
  expect(moved.status_code, moved.message).toBe(6000);
}

/** The member's 投注记录 of one family: its one bet, once settled (the list follows it). */
async function settledRow(page: Page, family: string, venueName: string): Promise<Locator> {
  await page.goto(`/mine/record/betRecord?family=${family}`);
  const row = page.locator('.nb-brow');
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 2000 });
    await expect(row.locator('.nb-rrow__amount')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(venueName);
  return row;
}

const fact = (page: Page, label: string) =>
  page
    .getByRole('dialog', { name: '注单详情' })
    .locator('.nb-betd__fact', { has: page.locator('dt', { hasText: label }) })
    .locator('dd');

test('真人: a member bets 庄 at 经典百家乐 from /game/realbet and finds it settled in 投注记录', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(50_000);
  await memberWithVenueMoney(page, 'XYZR', '50.00');
  await page.goto('/game/realbet');
  await page.getByRole('button', { name: '进入星云真人' }).click();
  await expect(page).toHaveURL(/\/gaming\/house\?venue=XYZR&url=/);
  const frame = page.frameLocator('iframe.nb-frame__page');
  await tap(frame.locator('.tlobby__card[data-table="BAC1"] .tlobby__open'));

  // 庄 10.00 on a round still taking bets for at least 3 s.
  await expect(async () => {
    const clock = frame.locator('.table-head__clock');
    await expect(clock).toHaveAttribute('data-clock', 'betting', { timeout: 1000 });
    const left = Number(await clock.locator('[data-left]').getAttribute('data-left'));
    expect(left).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: TABLE_SECONDS * 4000 });
  const roundNo = (await frame.locator('.table-page').getAttribute('data-round')) ?? '';
  await tap(frame.locator('.tchip[data-chip="10.00"]'));
  const banker = frame.locator('.zone[data-zone="banker"]');
  await tap(banker);
  await tap(frame.getByRole('button', { name: '确认 ¥10.00' }));
  await expect(banker.locator('.zone__mine')).toHaveAttribute('data-mine', '10.00');

  // The round deals and settles: 庄 pays 0.95:1, is pushed on a tie, loses to 闲.
  const deal = frame.locator(`.deal[data-round="${roundNo}"]`);
  await expect(deal).toHaveAttribute('data-done', 'true', { timeout: TABLE_SECONDS * 4000 });
  const winner = await deal.locator('[data-winner]').getAttribute('data-winner');
  const paid = { banker: '19.50', tie: '10.00', player: '0.00' }[winner!]!;

  const row = await settledRow(page, 'ZR', '星云真人');
  await row.getByRole('button').click();
  await expect(fact(page, '派彩')).toContainText(paid);
  // A push counts nothing towards turnover; a decided bet its stake.
  await expect(fact(page, '有效投注')).toHaveText(winner === 'tie' ? '0.00' : '10.00');
  expect(cspViolations).toEqual([]);
});

test('电子: a member spins 福星高照 once from /game/egame and finds it in 投注记录', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(50_000);
  await memberWithVenueMoney(page, 'XYDZ', '20.00');
  await page.goto('/game/egame');
  await page.getByRole('button', { name: '进入星云电子' }).click();
  await expect(page).toHaveURL(/\/gaming\/house\?venue=XYDZ&url=/);
  const frame = page.frameLocator('iframe.nb-frame__page');
  await tap(frame.locator('.slot-card[data-game="FXGZ"] .lobby__open'));
  const button = frame.locator('.slot-spin');
  await expect(button).toHaveText('转动 ¥0.20');
  await tap(button);
  await expect(frame.locator('.slot[data-phase="done"]')).toBeVisible({ timeout: 30_000 });
  const total = (await frame.locator('.slot-outcome [data-total]').getAttribute('data-total'))!;

  const row = await settledRow(page, 'DZ', '星云电子');
  await expect(row.locator('.nb-brow__stake')).toContainText('0.20');
  await row.getByRole('button').click();
  await expect(fact(page, '派彩')).toContainText(total);
  // A spin counts its stake unless it paid back exactly the stake.
  await expect(fact(page, '有效投注')).toHaveText(total === '0.20' ? '0.00' : '0.20');
  expect(cspViolations).toEqual([]);
});

/** The venue page's own call with a launched session (what the frame's page does). */
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

/** Launches a venue as its family page does and exchanges the URL's token for a session. */
async function launch(page: Page, stack: VenueStack, code: string, gameCode: string) {
  const launched = await signedCall<{ url: string }>(
    page.context(),
    page.request,
    'POST',
    '/game/api/v1/venue/launch',
    { enName: code, isPreload: false, isManualLaunch: true, gameCode },
  );
  expect(launched.status_code, launched.message).toBe(6000);
  const token = new URL(launched.data.url).searchParams.get('token');
  const r = await fetch(`${stack.venueApi}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

test('投注记录 shows a 彩票, a 真人 and a 电子 bet side by side', async ({ page, stack }) => {
  test.setTimeout(50_000);
  await register(page);
  await depositOnline(page, '100');
  for (const code of ['XYCP', 'XYZR', 'XYDZ']) {
    const moved = await signedCall(
      page.context(),
      page.request,
      'POST',
      '/fd/api/v1/transfer/order',
      { venueCode: code, direction: 'in', amount: '20.00' },
      { 'X-Idempotency-Key': randomUUID() },
    );
    expect(moved.status_code, moved.message).toBe(6000);
  }
  // 快3 大 2.00 on an open round.
  const cp = await launch(page, stack, 'XYCP', 'JSK3');
  await expect(async () => {
    type Games = { serverTime: number; games: { gameCode: string; current: Round | null }[] };
    type Round = { roundNo: string; status: string; sealAt: number };
    const list = await venuePage<Games>(stack, '/h5/api/games', cp);
    const round = list.games.find((g) => g.gameCode === 'JSK3')?.current;
    expect(round?.status).toBe('open');
    expect(round!.sealAt - list.serverTime).toBeGreaterThanOrEqual(2000);
    await venuePage(stack, '/h5/api/games/JSK3/bets', cp, {
      requestKey: `cp-${randomUUID()}`,
      roundNo: round!.roundNo,
      multiple: 1,
      unitPrice: '2.00',
      picks: [{ betType: 'big', pick: '' }],
    });
  }).toPass({ timeout: 20_000 });
  // 经典百家乐 庄 10.00 on a round taking bets.
  const zr = await launch(page, stack, 'XYZR', 'BAC1');
  await expect(async () => {
    type Round = { roundNo: string; state: string; bettingEndsAt: number };
    type Tables = { serverTime: number; tables: { code: string; round: Round | null }[] };
    const list = await venuePage<Tables>(stack, '/h5/api/tables', zr);
    const round = list.tables.find((x) => x.code === 'BAC1')?.round;
    expect(round?.state).toBe('betting');
    expect(round!.bettingEndsAt - list.serverTime).toBeGreaterThanOrEqual(1000);
    await venuePage(stack, '/h5/api/tables/BAC1/bets', zr, {
      requestKey: `zr-${randomUUID()}`,
      roundNo: round!.roundNo,
      bets: [{ zone: 'banker', amount: '10.00' }],
    });
  }).toPass({ timeout: TABLE_SECONDS * 4000 });
  // One 福星高照 spin.
  const dz = await launch(page, stack, 'XYDZ', 'FXGZ');
  await venuePage(stack, '/h5/api/games/slots/spins', dz, {
    requestKey: `dz-${randomUUID()}`,
    gameCode: 'FXGZ',
    lineBet: '0.01',
  });

  await page.goto('/mine/record/betRecord');
  const rows = page.locator('.nb-brow');
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(3, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  for (const name of ['星云彩票', '星云真人', '星云电子'])
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
  await shot(page, 'bet-record-house-games');
});
