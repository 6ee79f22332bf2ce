import path from 'node:path';
import { expect, test, type FrameLocator } from '@playwright/test';
import { SCREENSHOTS, startSuite, type VenueSuite } from './support/suite';

/**
 * The house lottery's three games in the member site's frame, in real Chromium at 390×844: the
 * lobby lists 极速快3, 极速PK10 and 极速时时彩 with countdowns and last results; a member bets
 * 定位胆 on PK10, watches the race land on the outcome, makes a 2-draw 追号 on 快3 and sees both
 * draws placed, opens 走势图, and finds every bet in 我的注单. The venue draws every few seconds
 * (VENUE_TEST_DRAW_SECONDS, refused in production): nothing waits for real minutes.
 */
const DRAW_SECONDS = 15;
const PLAYER = `lottery-${Date.now().toString(36)}`;

let suite: VenueSuite;
let frame: FrameLocator;
let pk10: { roundNo: string };

/**
 * Taps go as DOM clicks: the lobby re-renders every second (countdowns, draws), and a pointer
 * click aimed through the member site's frame sometimes landed on the card above.
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
const shot = (name: string) =>
  suite.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
/** Taps a cell until it shows chosen (a seal between the wait and the tap disables the board). */
const pick = async (key: string) => {
  const cell = frame.locator(`.ball[data-pick="${key}"]`);
  await expect(async () => {
    if ((await cell.getAttribute('aria-pressed')) !== 'true') await cell.click({ timeout: 2000 });
    await expect(cell).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass({ timeout: DRAW_SECONDS * 3000 });
};

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

test('the lobby lists the three games with their countdowns and last results', async () => {
  test.setTimeout(90_000);
  const url = await suite.launch(PLAYER, { venueCode: 'XYCP', deposit: '500.00' });
  await suite.page.goto(suite.harness.pageUrl(url));
  for (const [code, name] of [
    ['JSK3', '极速快3'],
    ['JSPK10', '极速PK10'],
    ['JSSSC', '极速时时彩'],
  ] as const) {
    const card = frame.locator(`.lobby__card[data-game="${code}"]`);
    await expect(card).toContainText(name);
    await expect(card.locator('.lobby__clock')).toContainText(/距封盘|已封盘|等待/);
  }
  // Each game's last result, drawn as that game reads: cars for PK10, digits for 时时彩. The
  // venue opens each game's first round as it starts, one game after another: a game opened
  // after the current draw's seal takes the next one (round-schedule.ts) and shows its first
  // result a whole round later, so each game gets the same wait.
  await expect(frame.locator('.lobby__card[data-game="JSPK10"] .outcome--cars .car')).toHaveCount(
    10,
    { timeout: DRAW_SECONDS * 3000 },
  );
  await expect(
    frame.locator('.lobby__card[data-game="JSSSC"] .outcome--digits .digit'),
  ).toHaveCount(5, { timeout: DRAW_SECONDS * 3000 });
  await expect(frame.locator('.lobby__card[data-game="JSPK10"]')).toContainText(/冠亚和 \d+/);
  await shot('lottery-lobby');
});

test('bets 定位胆 on PK10: 注数 × 倍数 × 单价, the exact slip, placed', async () => {
  await frame.locator('.lobby__card[data-game="JSPK10"] .lobby__open').dispatchEvent('click');
  await expect(frame.getByRole('tab', { name: '定位胆' })).toHaveAttribute('aria-selected', 'true');
  await openRound();
  await pick('position|1:7');
  await pick('position|2:3');
  await expect(frame.locator('.k3-slip [data-count]')).toHaveText('2');
  await expect(frame.locator('.k3-slip__total')).toHaveText('¥4.00');
  await shot('lottery-pk10');
  await openRound();
  await pick('position|1:7');
  await pick('position|2:3');
  // A DOM click, as `tab` does: under load a pointer click through the frame was seen landing on
  // the board above the slip bar for a whole minute (the bar drawn on top, enabled, in view).
  const confirm = frame.getByRole('button', { name: '确认投注', exact: true });
  await expect(confirm).toBeEnabled();
  await confirm.dispatchEvent('click');
  const sheet = frame.getByRole('dialog', { name: '确认投注' });
  await expect(sheet).toContainText('冠军 7号');
  await expect(sheet).toContainText('@9.70');
  await expect(sheet.locator('.k3-confirm__total')).toHaveText('¥4.00');
  const roundNo = (await sheet.locator('.k3-confirm__round').textContent())!.match(/\d{12,}/)![0];
  await sheet.getByRole('button', { name: '确认投注 ¥4.00' }).click();
  const done = frame.getByRole('dialog', { name: '投注成功' });
  await expect(done).toContainText(`第 ${roundNo} 期 · 2 注已投注`);
  await expect(done).toContainText('余额 ¥496.00');
  pk10 = { roundNo };
  await done.getByRole('button', { name: '继续投注' }).click();
});

test('watches the race: the cars land on the drawn order, then it goes by itself', async () => {
  const roll = frame.locator(`.roll-layer[data-round="${pk10.roundNo}"] .roll`);
  await expect(roll).toBeVisible({ timeout: DRAW_SECONDS * 3000 });
  await expect(roll.locator('.race')).toBeVisible();
  await shot('lottery-draw');
  await expect(roll).toHaveAttribute('data-state', 'landed', { timeout: 5000 });
  const order = await roll.locator('.outcome--cars').getAttribute('data-outcome');
  expect(
    order!
      .split(',')
      .map(Number)
      .sort((a, b) => a - b),
  ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  await expect(roll).toHaveCount(0, { timeout: 5000 });
  await expect(frame.locator('.k3-head__last .outcome--cars')).toHaveAttribute(
    'data-outcome',
    order!,
  );
});

test('走势图 charts 遗漏, 冷热 and 最大连出 per position', async () => {
  // Dispatched on the link itself: scrolled into view it sits under the sticky countdown.
  await frame
    .locator('.game-links')
    .getByRole('button', { name: /走势图/ })
    .dispatchEvent('click');
  const trend = frame.locator('.trend[data-game="JSPK10"]');
  await expect(trend.locator('.trend__heat .trend__row')).toHaveCount(10);
  await trend.getByRole('tab', { name: '冷热' }).dispatchEvent('click');
  await trend.getByRole('tab', { name: '近 50 期' }).dispatchEvent('click');
  await expect(trend.getByRole('tab', { name: '冷热' })).toHaveAttribute('aria-selected', 'true');
  await expect(trend.locator('.trend__bars rect')).toHaveCount(10);
  await shot('lottery-trend');
});

test('规则 of PK10: each bet’s return by enumeration, the paytable’s hash checked', async () => {
  await tab('规则');
  const rules = frame.locator('.rules');
  await expect(rules).toContainText('极速PK10');
  // 冠亚和大 wins on 40 of the 90 ordered first two cars: 40/90 × 2.18.
  await expect(rules.locator('tr[data-bet="gy_big"] [data-rtp]')).toHaveText('96.89%');
  await expect(rules.locator('tr[data-bet="position"] [data-rtp]')).toHaveText('97.00%');
  await expect(rules.locator('.mark--ok')).toBeVisible();
});

test('时时彩: 前三/中三/后三 on the board with their odds, one 注 at ¥2.00', async () => {
  await tab('大厅');
  await frame.locator('.lobby__card[data-game="JSSSC"] .lobby__open').dispatchEvent('click');
  await frame.getByRole('tab', { name: '前中后三' }).click();
  await expect(frame.locator('.ball[data-pick="front3|leopard"]')).toContainText('97.00');
  await pick('mid3|straight');
  await expect(frame.locator('.k3-slip [data-count]')).toHaveText('1');
  await expect(frame.locator('.k3-slip__total')).toHaveText('¥2.00');
  await shot('lottery-ssc');
});

test('追号 on 快3: a 2-draw plan, each draw placed as it opens', async () => {
  test.setTimeout(120_000);
  await tab('大厅');
  await frame.locator('.lobby__card[data-game="JSK3"] .lobby__open').dispatchEvent('click');
  await pick('10');
  await frame.locator('.k3-slip').getByRole('button', { name: '追号', exact: true }).click();
  const sheet = frame.getByRole('dialog', { name: '追号' });
  await sheet.getByRole('button', { name: '2 期', exact: true }).click();
  // Both draws placed whatever the first one does: 中奖后停止 off (it is on by default).
  await sheet.getByRole('checkbox', { name: '中奖后停止追号' }).uncheck();
  await expect(sheet.locator('.k3-confirm__total')).toHaveText('¥4.00');
  await sheet.getByRole('button', { name: '确认追号 ¥4.00' }).click();
  const done = frame.getByRole('dialog', { name: '追号已创建' });
  await expect(done).toContainText('追 2 期');
  await done.getByRole('button', { name: '查看追号' }).click();
  const plan = frame.locator('.chase').first();
  await expect(plan).toContainText('和值 10');
  await expect(plan.locator('li[data-status="placed"]')).toHaveCount(2, {
    timeout: DRAW_SECONDS * 5000,
  });
  await expect(plan).not.toHaveAttribute('data-status', 'active', { timeout: DRAW_SECONDS * 2000 });
});

test('我的注单 shows the PK10 bets and the chase’s bets, settled', async () => {
  test.setTimeout(90_000);
  await tab('注单');
  const pkRows = frame.locator('.gbet').filter({ hasText: `第 ${pk10.roundNo} 期` });
  await expect(pkRows).toHaveCount(2);
  for (const row of await pkRows.all())
    await expect(row).toHaveAttribute('data-status', 'settled', { timeout: 20_000 });
  const k3Rows = frame.locator('.gbet').filter({ hasText: '和值' });
  await expect(k3Rows).toHaveCount(2, { timeout: 30_000 });
  for (const row of await k3Rows.all())
    await expect(row).toHaveAttribute('data-status', 'settled', { timeout: DRAW_SECONDS * 3000 });
  const violations = await suite.page
    .frames()
    .find((x) => x.url().startsWith(suite.venue.origin))!
    .evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([]);
});
