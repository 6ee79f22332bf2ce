import path from 'node:path';
import { expect, test, type FrameLocator } from '@playwright/test';
import { SCREENSHOTS, startSuite, type VenueSuite } from './support/suite';

/**
 * The house games page inside the member site's frame (a harness parent on 127.0.0.1; the venue
 * on localhost), in real Chromium at 390×844: enter from a launch, see the 彩票 lobby, open
 * 极速快3, watch a round be drawn, find it in 开奖记录 and recompute it in 公平验证 from its
 * revealed seed — the same dice. The venue draws every few seconds (VENUE_TEST_DRAW_SECONDS,
 * refused in production), so nothing here waits for real minutes or depends on the hour.
 */
const DRAW_SECONDS = 15;
const PLAYER = `games-${Date.now().toString(36)}`;

let suite: VenueSuite;
let frame: FrameLocator;
let drawn: { roundNo: string; dice: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  suite = await startSuite(browser, {
    offsetMs: 0,
    env: { VENUE_TEST_DRAW_SECONDS: String(DRAW_SECONDS) },
  });
  frame = suite.page.frameLocator('#venue');
});
test.afterAll(() => suite?.close());

const shot = (name: string) =>
  suite.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

test('enters from a launch and shows the lobby with the countdown', async () => {
  const url = await suite.launch(PLAYER, { venueCode: 'XYCP', deposit: '500.00' });
  expect(new URL(url).pathname).toBe('/h5/games/');
  await suite.page.goto(suite.harness.pageUrl(url));
  const card = frame.locator('.lobby__card[data-game="JSK3"]');
  await expect(card).toContainText('极速快3');
  await expect(card.locator('.lobby__clock')).toContainText(/距封盘|已封盘|等待/);
  // The token was traded once and the address cleaned.
  const f = suite.page.frames().find((x) => x.url().startsWith(suite.venue.origin))!;
  expect(new URL(f.url()).search).toBe('');
  await shot('games-lobby');
});

test('opens 极速快3: the board with its odds, 注数 × 倍数 × 单价 and the total', async () => {
  await frame.locator('.lobby__card[data-game="JSK3"] .lobby__open').click();
  await expect(frame.locator('.k3-head__clock')).toBeVisible();
  await expect(frame.getByRole('tab', { name: '和值' })).toHaveAttribute('aria-selected', 'true');
  // Picks are taken only while a round is open: wait for one.
  await expect(frame.locator('.k3-head__clock')).toHaveAttribute('data-clock', 'open', {
    timeout: DRAW_SECONDS * 2000,
  });
  const ten = frame.locator('.ball[data-pick="10"]');
  await expect(ten).toContainText('7.75');
  await ten.click();
  await expect(ten).toHaveAttribute('aria-pressed', 'true');
  await expect(frame.locator('.k3-slip [data-count]')).toHaveText('1');
  await expect(frame.locator('.k3-slip__total')).toHaveText('¥2.00');
  await shot('games-k3');
});

test('watches a round be drawn: the dice land on the outcome', async () => {
  const roll = frame.locator('.roll');
  await expect(roll).toBeVisible({ timeout: DRAW_SECONDS * 3000 });
  await shot('games-draw');
  await expect(roll).toHaveAttribute('data-state', 'landed', { timeout: 5000 });
  const dice = await roll.locator('.dice').getAttribute('data-dice');
  await roll.click();
  await expect(roll).toHaveCount(0);
  const last = frame.locator('.k3-head__last');
  await expect(last.locator('.dice')).toHaveAttribute('data-dice', dice!);
  drawn = { roundNo: (await last.getAttribute('data-last'))!, dice: dice! };
  expect(drawn.roundNo).toMatch(/^\d{12,}$/);
});

test('开奖记录 lists the round with its chain index and revealed seed', async () => {
  await frame.getByRole('button', { name: '开奖', exact: true }).click();
  const row = frame.locator(`.result[data-round="${drawn.roundNo}"]`);
  await expect(row.locator('.dice')).toHaveAttribute('data-dice', drawn.dice);
  await expect(row).toContainText(/链序号 #\d+/);
  await expect(row.locator('.result__seed code')).toHaveText(/^[0-9a-f]{64}$/);
  await shot('games-results');
  await row.getByRole('button', { name: /验证此期/ }).click();
});

test('公平验证 recomputes that round from its seed: the same dice, the chain holds', async () => {
  const check = frame.locator(`.check[data-round="${drawn.roundNo}"]`);
  await expect(check).toBeVisible();
  await expect(check.locator('.check__verdict')).toContainText('验证通过');
  // The recomputed dice (first) and the venue's record (second) are the dice the page showed.
  const rows = check.locator('.check__line .dice');
  await expect(rows.first()).toHaveAttribute('data-dice', drawn.dice);
  await expect(check.locator('.mark--bad')).toHaveCount(0);
  await expect(frame.locator('[data-commitment]')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(frame.locator('.verify__why')).toContainText('不使用外部随机信标');
  await shot('games-verify');
});

test('规则 shows every bet type’s return and the paytable’s hash, checked here', async () => {
  await frame.getByRole('button', { name: '规则', exact: true }).click();
  await expect(frame.locator('tr[data-bet="big"] [data-rtp]')).toHaveText('97.22%');
  await expect(frame.locator('tr[data-bet="sum"][data-pick="10"] [data-rtp]')).toHaveText('96.88%');
  await expect(frame.locator('.rules .mark--ok')).toBeVisible();
  await shot('games-rules');
  // Nothing the page did was refused by its policy.
  const violations = await suite.page
    .frames()
    .find((x) => x.url().startsWith(suite.venue.origin))!
    .evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
});
