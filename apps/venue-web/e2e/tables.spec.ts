import path from 'node:path';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { PHONE, SCREENSHOTS, startSuite, type VenueSuite } from './support/suite';

/**
 * The live tables (真人) inside the member site's frame, in real Chromium at 390×844: a member
 * enters the 真人 venue, sees the tables lobby with each table's mini 大路, opens 经典百家乐,
 * puts chips on 庄 and confirms, watches the cards turned one by one and sees what the round
 * paid; a second member at the same table sees the same cards; the round's cards are checked
 * against the shoe's Merkle root in 公平验证. The venue deals every few seconds
 * (VENUE_TEST_TABLE_SECONDS, refused in production): nothing waits for real betting windows.
 */
const TABLE_SECONDS = 8;
const STAMP = Date.now().toString(36);

let suite: VenueSuite;
let frame: FrameLocator;
let other: { page: Page; frame: FrameLocator } | null = null;
let roundNo = '';
let otherRound = '';
/** The table frames the first member's page received on the live socket, and its list reads. */
const pushed: { type: string; channel: string; at: number }[] = [];
const listReads: number[] = [];

const shot = (p: Page, name: string) =>
  p.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
/**
 * Taps a button in the frame. Dispatched on the button itself: in this harness Playwright's
 * hit-target check reports other elements of the frame as intercepting the tap (as the games
 * spec notes), though the frame's own hit test finds the button.
 */
const tap = (l: Locator) => l.dispatchEvent('click');
const tab = (f: FrameLocator, name: string) =>
  f.locator('.nav').getByRole('button', { name, exact: true }).dispatchEvent('click');

/** Waits until the table takes bets with at least 4 s left. */
const bettingOpen = (f: FrameLocator) =>
  expect(async () => {
    const clock = f.locator('.table-head__clock');
    await expect(clock).toHaveAttribute('data-clock', 'betting', { timeout: 1000 });
    const left = Number(await clock.locator('[data-left]').getAttribute('data-left'));
    expect(left).toBeGreaterThanOrEqual(4);
  }).toPass({ timeout: TABLE_SECONDS * 4000 });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  suite = await startSuite(browser, {
    offsetMs: 0,
    env: { VENUE_TEST_TABLE_SECONDS: String(TABLE_SECONDS) },
  });
  frame = suite.page.frameLocator('#venue');
  suite.page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const f = JSON.parse(String(payload)) as { type: string; channel?: string; at?: number };
      if (f.channel) pushed.push({ type: f.type, channel: f.channel, at: f.at ?? 0 });
    }),
  );
  suite.page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/h5/api/tables') listReads.push(Date.now());
  });
});
test.afterAll(async () => {
  await other?.page.context().close();
  await suite?.close();
});

test('enters 真人 and shows the tables with their roads, countdown and limits', async () => {
  const url = await suite.launch(`tables-a-${STAMP}`, { venueCode: 'XYZR', deposit: '1000.00' });
  await suite.page.goto(suite.harness.pageUrl(url));
  const card = frame.locator('.tlobby__card[data-table="BAC1"]');
  await expect(card).toContainText('经典百家乐');
  await expect(card.locator('[data-road="big"]')).toBeVisible();
  await expect(card).toContainText('限红');
  await expect(frame.locator('.tlobby__card[data-table="LH1"]')).toContainText('龙虎');
  await expect(frame.locator('.tlobby').getByText('电子发牌，无真人荷官')).toBeVisible();
  await shot(suite.page, 'tables-lobby');
});

test('opens 经典百家乐 and bets 庄 with two chips: the felt shows the member and the table', async () => {
  await tap(frame.locator('.tlobby__card[data-table="BAC1"] .tlobby__open'));
  await expect(frame.locator('.table-banner')).toHaveText('电子发牌，无真人荷官');
  await expect(frame.locator('.shoe [data-merkle-root]')).toHaveText(/^[0-9a-f]{64}$/);
  await bettingOpen(frame);
  await tap(frame.locator('.tchip[data-chip="10.00"]'));
  const banker = frame.locator('.zone[data-zone="banker"]');
  await tap(banker);
  await tap(banker);
  await tap(frame.locator('.tchip[data-chip="50.00"]'));
  await tap(frame.locator('.zone[data-zone="tie"]'));
  // 撤销 takes the last chip back.
  await tap(frame.getByRole('button', { name: '撤销' }));
  await expect(banker.locator('.zone__mine')).toHaveAttribute('data-draft', '20.00');
  await expect(frame.locator('.zone[data-zone="tie"] .zone__mine')).toHaveCount(0);
  roundNo = (await frame.locator('.table-page').getAttribute('data-round')) ?? '';
  await tap(frame.getByRole('button', { name: '确认 ¥20.00' }));
  await expect(banker.locator('.zone__mine')).toHaveAttribute('data-mine', '20.00');
  await expect(banker.locator('.zone__mine')).toHaveAttribute('data-draft', '0.00');
  await expect(frame.locator('.top__balance')).toHaveText('¥980.00');
  // Every member sees the table's total on the zone (the poll brings it back).
  await expect(banker.locator('.zone__all')).toHaveAttribute(
    'data-table-total',
    /^(2\d|[3-9]\d|\d{3,})\.\d\d$/,
  );
  expect(roundNo).toMatch(/^\d+$/);
});

test('sees the cards turned one by one, then what the round paid', async () => {
  const deal = frame.locator(`.deal[data-round="${roundNo}"]`);
  await expect(deal).toBeVisible({ timeout: TABLE_SECONDS * 4000 });
  if ((await deal.getAttribute('data-done')) === 'false') {
    await expect(deal.locator('.tcard[data-up="true"]').first()).toBeVisible();
    await shot(suite.page, 'tables-deal');
  }
  await expect(deal).toHaveAttribute('data-done', 'true', { timeout: 10_000 });
  const result = frame.locator(`.table-result[data-round="${roundNo}"]`);
  await expect(result).toBeVisible({ timeout: TABLE_SECONDS * 3000 });
  const winner = await deal.locator('[data-winner]').getAttribute('data-winner');
  // 庄 pays 0.95:1 (¥39.00 back on ¥20), is pushed on a tie, and loses to 闲.
  const paid = { banker: '39.00', tie: '20.00', player: '0.00' }[winner!];
  await expect(result).toHaveAttribute('data-payout', paid!);
});

test('a second member at the same table bets 闲', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const url = await suite.launch(`tables-b-${STAMP}`, {
    venueCode: 'XYZR',
    deposit: '500.00',
    gameCode: 'BAC1',
  });
  await page.goto(suite.harness.pageUrl(url));
  const f = page.frameLocator('#venue');
  await expect(f.locator('.table-page[data-table="BAC1"]')).toBeVisible();
  other = { page, frame: f };
  await bettingOpen(f);
  await tap(f.locator('.zone[data-zone="player"]'));
  await tap(f.getByRole('button', { name: '确认 ¥10.00' }));
  await expect(f.locator('.zone[data-zone="player"] .zone__mine')).toHaveAttribute(
    'data-mine',
    '10.00',
  );
  otherRound = (await f.locator('.table-page').getAttribute('data-round')) ?? '';
});

test('the first member learns the second’s bet from the live socket, not by polling', async () => {
  // The table's total on 闲 includes the second member's chip, pushed as table.totals.
  await expect(frame.locator('.zone[data-zone="player"] .zone__all')).not.toHaveAttribute(
    'data-table-total',
    '0.00',
  );
  expect(pushed.some((f) => f.type === 'table.snapshot' && f.channel === 'table:BAC1')).toBe(true);
  expect(pushed.some((f) => f.type === 'table.totals' && f.channel === 'table:BAC1')).toBe(true);
  // While the socket is live and the round only takes bets, the list is not read at all (it
  // was every second before the channels); it is read when a round opens or is dealt.
  await bettingOpen(frame);
  // The read a round's opening causes has come and gone.
  await expect.poll(() => Date.now() - (listReads.at(-1) ?? 0)).toBeGreaterThan(1000);
  const before = listReads.length;
  await suite.page.waitForTimeout(3000);
  expect(listReads.length).toBe(before);
});

test('both members see the same cards and the same roads', async () => {
  const cards = (f: FrameLocator) =>
    f
      .locator(`.deal[data-round="${otherRound}"] .tcard[data-up="true"]`)
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute('data-position')}:${e.getAttribute('aria-label')}`),
      );
  for (const f of [frame, other!.frame]) {
    const d = f.locator(`.deal[data-round="${otherRound}"]`);
    await expect(d).toHaveAttribute('data-done', 'true', { timeout: TABLE_SECONDS * 4000 });
  }
  expect(await cards(other!.frame)).toEqual(await cards(frame));
  const counts = (f: FrameLocator) => f.locator('.roads [data-count="hands"]').textContent();
  await expect.poll(async () => (await counts(other!.frame)) === (await counts(frame))).toBe(true);
  const theirs = other!.frame.locator(`.table-result[data-round="${otherRound}"]`);
  await expect(theirs).toBeVisible({ timeout: TABLE_SECONDS * 3000 });
});

test('游戏记录 lists the round with the member’s bet and its result', async () => {
  await tab(frame, '注单');
  const round = frame.locator(`.gbet[data-round="${roundNo}"]`);
  await expect(round).toContainText('庄');
  await expect(round).toContainText('¥20.00');
  await expect(round.locator('[data-result]')).not.toHaveAttribute('data-result', 'open');
  await tap(round.getByRole('button', { name: '牌、盐值与证明' }));
});

test('公平验证 checks the round’s cards against the shoe’s Merkle root', async () => {
  await expect(frame.locator('[data-round-check]')).toHaveAttribute('data-round-check', 'true');
  await expect(frame.locator('.tverify tbody tr[data-ok="true"]')).not.toHaveCount(0);
  await expect(frame.locator('.tverify tbody tr[data-ok="false"]')).toHaveCount(0);
  const violations = await suite.page
    .frames()
    .find((x) => x.url().startsWith(suite.venue.origin))!
    .evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
});

test('the roads fill as the shoe goes on: 大路, the derived roads and 问路', async () => {
  test.setTimeout(150_000);
  await tab(frame, '大厅');
  await tap(frame.locator('.tlobby__card[data-table="BAC1"] .tlobby__open'));
  // A few more hands (about 9 s each at the test length) so the derived roads have started.
  await expect
    .poll(
      async () =>
        Number(
          (await frame.locator('.roads [data-count="hands"]').textContent())?.match(/\d+/)?.[0],
        ),
      { timeout: 130_000, intervals: [2000] },
    )
    .toBeGreaterThanOrEqual(9);
  await expect(frame.locator('[data-road="bigEye"] [data-cell]').first()).toBeVisible();
  await frame.locator('.roads').scrollIntoViewIfNeeded();
  await shot(suite.page, 'tables-roads');
});
