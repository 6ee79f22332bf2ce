import path from 'node:path';
import { expect, test, type FrameLocator, type Locator } from '@playwright/test';
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

/**
 * A member's tap on the board: after the draw animation of the round before has gone (it covers
 * the page for a few seconds as each round opens, longer on a loaded machine), then as a DOM click
 * (a pointer click aimed through the frame sometimes landed on the bar above the board).
 */
async function tap(cell: Locator): Promise<void> {
  await expect(frame.locator('.roll-layer')).toHaveCount(0, { timeout: 10_000 });
  await cell.dispatchEvent('click');
}

let suite: VenueSuite;
let frame: FrameLocator;
let drawn: { roundNo: string; dice: string };
let bet: { roundNo: string };
/**
 * Taps a tab of the bottom bar. Dispatched on the button itself: on the 快3 page Playwright's
 * hit-target check reports the board under the fixed bar as intercepting the tap, though the
 * frame's own hit test (elementFromPoint at the button's centre) finds the button.
 */
const tab = (name: string) =>
  frame.locator('.nav').getByRole('button', { name, exact: true }).dispatchEvent('click');
/** Waits until a round is open with at least 6 s before its seal. */
const openRound = () =>
  expect(async () => {
    await expect(frame.locator('.k3-head__clock')).toHaveAttribute('data-clock', 'open', {
      timeout: 1000,
    });
    const left = await frame.locator('.k3-head__left').textContent();
    expect(Number(left!.split(':')[1])).toBeGreaterThanOrEqual(6);
  }).toPass({ timeout: DRAW_SECONDS * 3000 });
const hex64 = async (l: Locator) =>
  expect.poll(async () => (await l.textContent())?.trim()).toMatch(/^[0-9a-f]{64}$/);

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
  // A DOM click: a pointer click through the frame sometimes landed on a re-rendering card.
  await frame.locator('.lobby__card[data-game="JSK3"] .lobby__open').dispatchEvent('click');
  await expect(frame.locator('.k3-head__clock')).toBeVisible();
  await expect(frame.getByRole('tab', { name: '和值' })).toHaveAttribute('aria-selected', 'true');
  const ten = frame.locator('.ball[data-pick="10"]');
  await expect(ten).toContainText('7.75');
  // Picks are taken only while a round is open (the board is disabled from the seal to the next
  // round): wait for one with a few seconds left, and tap again if the seal came first.
  await openRound();
  await expect(async () => {
    if ((await ten.getAttribute('aria-pressed')) !== 'true') await tap(ten);
    await expect(ten).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass({ timeout: DRAW_SECONDS * 3000 });
  await expect(frame.locator('.k3-slip [data-count]')).toHaveText('1');
  await expect(frame.locator('.k3-slip__total')).toHaveText('¥2.00');
  await shot('games-k3');
});

test('bets 和值 10 at 倍数 1: the confirm sheet shows the exact slip, then it is placed', async () => {
  // A round whose seal is far enough for the sheet: wait for the next one if this one is closing.
  await openRound();
  const ten = frame.locator('.ball[data-pick="10"]');
  if ((await ten.getAttribute('aria-pressed')) !== 'true') await tap(ten);
  const sheet = frame.getByRole('dialog', { name: '确认投注' });
  // Tapped as the board is (tap): a pointer click aimed through the frame was taken by the board
  // above the button, then the seal and the next round's draw came, round after round.
  await expect(async () => {
    if (!(await sheet.isVisible())) {
      await openRound();
      if ((await ten.getAttribute('aria-pressed')) !== 'true') await tap(ten);
      await tap(frame.getByRole('button', { name: '确认投注', exact: true }));
    }
    await expect(sheet).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: DRAW_SECONDS * 3000 });
  await expect(sheet).toContainText('和值');
  await expect(sheet).toContainText('@7.75');
  await expect(sheet.locator('.k3-confirm__total')).toHaveText('¥2.00');
  const roundNo = (await sheet.locator('.k3-confirm__round').textContent())!.match(/\d{12,}/)![0];
  await sheet.getByRole('button', { name: '确认投注 ¥2.00' }).click();
  const done = frame.getByRole('dialog', { name: '投注成功' });
  await expect(done).toContainText(`第 ${roundNo} 期 · 1 注已投注`);
  await expect(done).toContainText('余额 ¥498.00');
  await expect(frame.locator('.top__balance')).toHaveText('¥498.00');
  bet = { roundNo };
  await done.getByRole('button', { name: '继续投注' }).click();
});

test('watches the round bet on be drawn: the dice land on the outcome', async () => {
  // The draw of the round bet on is the next one (a round opens when the one before is drawn).
  const roll = frame.locator(`.roll-layer[data-round="${bet.roundNo}"] .roll`);
  await expect(roll).toBeVisible({ timeout: DRAW_SECONDS * 3000 });
  await shot('games-draw');
  await expect(roll).toHaveAttribute('data-state', 'landed', { timeout: 5000 });
  const dice = await roll.locator('.dice').getAttribute('data-dice');
  // Once landed, the result stays a moment and goes by itself (a tap skips it: the unit test).
  await expect(roll).toHaveCount(0, { timeout: 5000 });
  const last = frame.locator('.k3-head__last');
  await expect(last.locator('.dice')).toHaveAttribute('data-dice', dice!);
  drawn = { roundNo: (await last.getAttribute('data-last'))!, dice: dice! };
  expect(drawn.roundNo).toBe(bet.roundNo);
});

test('开奖记录 lists the round with its chain index and revealed seed', async () => {
  await tab('开奖');
  const row = frame.locator(`.result[data-round="${drawn.roundNo}"]`);
  await expect(row.locator('.dice')).toHaveAttribute('data-dice', drawn.dice);
  await expect(row).toContainText(/链序号 #\d+/);
  await hex64(row.locator('.result__seed code'));
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
  await hex64(frame.locator('[data-commitment]'));
  await expect(frame.locator('.verify__why')).toContainText('不使用外部随机信标');
  await shot('games-verify');
});

test('规则 shows every bet type’s return and the paytable’s hash, checked here', async () => {
  await tab('规则');
  await expect(frame.locator('tr[data-bet="big"] [data-rtp]')).toHaveText('97.22%');
  await expect(frame.locator('tr[data-bet="sum"][data-pick="10"] [data-rtp]')).toHaveText('96.88%');
  await expect(frame.locator('.rules .mark--ok')).toBeVisible();
  await shot('games-rules');
});

test('我的注单 shows the bet settle with its payout and valid stake', async () => {
  await tab('注单');
  const row = frame.locator('.gbet').filter({ hasText: `第 ${bet.roundNo} 期` });
  await expect(row).toContainText('和值');
  await expect(row.locator('.gbet__pick')).toHaveText('10');
  await expect(row).toContainText('投注 ¥2.00');
  await expect(row).toHaveAttribute('data-status', 'settled', { timeout: 20_000 });
  const sum = drawn.dice.split(',').reduce((a, d) => a + Number(d), 0);
  if (sum === 10) {
    await expect(row).toHaveAttribute('data-result', 'won');
    await expect(row).toContainText('派彩 ¥15.50');
  } else {
    await expect(row).toHaveAttribute('data-result', 'lost');
    await expect(row).toContainText('派彩 ¥0.00');
  }
  await expect(row).toContainText('有效投注 ¥2.00');
  await shot('games-records');
  // Nothing the page did was refused by its policy.
  const violations = await suite.page
    .frames()
    .find((x) => x.url().startsWith(suite.venue.origin))!
    .evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
});
