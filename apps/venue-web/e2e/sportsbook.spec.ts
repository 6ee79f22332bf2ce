import path from 'node:path';
import { expect, test } from '@playwright/test';
import { nextKickoff } from './support/kickoff';
import { Sportsbook } from './support/page-model';
import { SCREENSHOTS, startSuite, type VenueSuite } from './support/suite';

/**
 * A member's evening at the house venue's sportsbook, inside the member site's frame (a harness
 * parent on 127.0.0.1; the venue on localhost), in real Chromium at 390×844: enter from a launch
 * URL, bet a single (a double tap places once) and a 3-leg parlay before kick-off, watch the
 * matches go live and a price move, accept a changed price in play (确认中, then accepted), see
 * the bets in 我的注单 and the simulator settle them with their payouts and the balance.
 *
 * The venue's clock is moved to 45 s before three league matches of its calendar kick off
 * together, and plays them at 120× (a match in under a minute).
 */
const SPEED = 120;
const LEAD_MS = 45_000;
const PLAYER = `journey-${Date.now().toString(36)}`;

let suite: VenueSuite;
let book: Sportsbook;
let kickoff: ReturnType<typeof nextKickoff>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const now = Date.now();
  kickoff = nextKickoff(now, SPEED);
  suite = await startSuite(browser, {
    offsetMs: kickoff.at - LEAD_MS - now,
    env: { VENUE_CLOCK_SPEED: String(SPEED) },
  });
  book = new Sportsbook(suite.page);
});
test.afterAll(() => suite?.close());

const fixture = (i: number) => kickoff.fixtures[i]!.id;
const a = () => fixture(0);
const b = () => fixture(1);
const c = () => fixture(2);

test('enters from a launch URL: the token is traded at once and the URL cleaned', async () => {
  const url = await suite.launch(PLAYER, { deposit: '1000.00' });
  await suite.page.goto(suite.harness.pageUrl(url));
  await book.reveal(a());
  await expect(book.balance).toHaveText('¥1,000.00');
  const frame = suite.page.frames().find((f) => f.url().startsWith(suite.venue.origin))!;
  expect(new URL(frame.url()).search).toBe('');
  // The page said it is up, to the merchant's origin only.
  const got = await book.received();
  expect(got).toContainEqual({
    origin: suite.venue.origin,
    data: { source: 'nebula-venue', type: 'ready' },
    fromVenue: true,
  });
  await expect(book.tab('今日')).toContainText(/今日\s*\d+/);
  await suite.page.screenshot({ path: path.join(SCREENSHOTS, 'venue-list.png') });
});

test('places a single with a double tap: one bet, debited once', async () => {
  await book.odds(await book.reveal(a()), '1x2', 'home').click();
  await book.openSlip();
  await book.slip.getByRole('button', { name: '100', exact: true }).click();
  await expect(book.slip.locator('.slip__total')).toContainText('总投注 100.00');
  await expect(book.placeButton).toHaveText('投注 100.00');
  await book.placeButton.dblclick();
  await expect(book.slip.locator('.receipt__title')).toHaveText('投注成功');
  await expect(book.slip.locator('.receipt__bet')).toHaveCount(1);
  await expect(book.balance).toHaveText('¥900.00');
  await book.slip.getByRole('button', { name: '继续投注' }).click();
});

test('places a 3-leg parlay of different matches with a stake chip', async () => {
  await book.odds(await book.reveal(a()), 'ah', 'home').click();
  await book.odds(await book.reveal(b()), '1x2', 'home').click();
  await book.odds(await book.reveal(c()), 'ou', 'over').click();
  await expect(book.slipButton).toContainText('3');
  await book.openSlip();
  await book.slip.getByRole('button', { name: '串关' }).click();
  await book.slip.getByLabel('串关投注额').fill('50');
  await expect(book.slip.locator('.slip__parlay')).toContainText('3串1');
  await expect(book.slip.locator('.slip__return')).not.toHaveText('0.00');
  await suite.page.screenshot({ path: path.join(SCREENSHOTS, 'venue-slip.png') });
  await book.placeButton.click();
  await expect(book.slip.locator('.receipt__title')).toHaveText('投注成功');
  await expect(book.slip.locator('.receipt__bet')).toContainText('3串1');
  await expect(book.balance).toHaveText('¥850.00');
  await book.slip.getByRole('button', { name: '查看注单' }).click();
  await expect(book.frame.locator('.bet')).toHaveCount(2);
  await expect(book.frame.locator('.bet').first()).toContainText('已接受');
});

test('sees the matches go live and a price move, then accepts a changed price in play', async () => {
  test.setTimeout(120_000);
  await book.nav('赛事').click();
  // Wait for the kick-off on the venue's clock, then open 滚球.
  const untilKickoff = kickoff.at + 3000 - (Date.now() + suite.venue.offsetMs);
  if (untilKickoff > 0) await suite.page.waitForTimeout(untilKickoff);
  await book.tab('滚球').click();
  const live = book.match(a());
  await expect(live.locator('.match__clock')).toBeVisible({ timeout: 15_000 });
  // A price pushed over the live socket flashes (up green, down red).
  await expect(live.locator('[data-move]').first()).toBeAttached({ timeout: 20_000 });

  await live.locator('.match__more').click();
  await expect(book.frame.locator('.board__state--live')).toBeVisible();
  await suite.page.screenshot({ path: path.join(SCREENSHOTS, 'venue-detail.png') });
  const pick = book.frame.locator('.market[data-kind="1x2"] .odds').first();
  await pick.click();
  await book.openSlip();
  await book.slip.getByRole('radio', { name: '不接受' }).click();
  await book.slip.getByRole('button', { name: '50', exact: true }).click();
  // The member sees the change (old price struck through, the new one marked) and accepts it.
  await expect(book.placeButton).toHaveText('接受新赔率', { timeout: 20_000 });
  await expect(book.slip.locator('.slip-item__changed')).toHaveText('赔率已变化');
  await book.placeButton.click();
  await expect(book.slip.locator('.slip-item__changed')).toHaveCount(0);

  // In play the venue re-checks the price when it receives the bet and after its delay: a
  // change in between comes back as 赔率已变化 with the new price, accepted again until placed.
  let accepted = false;
  const receipt = book.slip.locator('.receipt');
  for (let attempt = 0; attempt < 25 && !accepted; attempt += 1) {
    if ((await receipt.count()) > 0) {
      if ((await receipt.locator('.badge--open').count()) > 0) {
        accepted = true;
        break;
      }
      // Refused after the delay (the price moved again): the stake came back; bet again.
      await book.slip.getByRole('button', { name: '继续投注' }).click();
      await pick.click();
      await book.openSlip();
      await book.slip.getByRole('button', { name: '50', exact: true }).click();
      continue;
    }
    const label = (await book.placeButton.count()) > 0 ? await book.placeButton.textContent() : '';
    if (label === '接受新赔率') {
      await book.placeButton.click();
    } else if (label?.startsWith('投注 ') && (await book.placeButton.isEnabled())) {
      await book.placeButton.click();
      await book.settled();
    } else {
      await suite.page.waitForTimeout(300);
    }
  }
  expect(accepted).toBe(true);
  await expect(book.slip.locator('.receipt__title')).toHaveText('投注成功');
  await expect(book.balance).toHaveText('¥800.00');
  await book.slip.getByRole('button', { name: '继续投注' }).click();
});

test('sees the three bets settled by the simulator with their payouts and the balance', async () => {
  test.setTimeout(150_000);
  await book.nav('注单').click();
  await book.frame.getByRole('button', { name: '已结算' }).click();
  const settled = book.frame.locator('.bet');
  // The page notices settlements by itself (it watches its open bets) and reloads the list.
  await expect(settled).toHaveCount(3, { timeout: 120_000 });
  for (const card of await settled.all()) {
    await expect(card.locator('dt', { hasText: '派彩' })).toBeVisible();
    await expect(card.locator('dt', { hasText: '结算时间' })).toBeVisible();
    await expect(card.locator('.badge')).toHaveText(/^(赢|输|赢半|输半|走盘|无效)$/);
  }
  // The balance is the deposit less the stakes plus the payouts shown, to the fen.
  const payouts = await settled.locator('dt:text-is("派彩") + dd').allTextContents();
  const fen = (s: string) => BigInt(s.replaceAll(',', '').replace('.', ''));
  const expected = 100_000n - 20_000n + payouts.reduce((sum, p) => sum + fen(p), 0n);
  await expect.poll(() => book.balanceFen(), { timeout: 20_000 }).toBe(expected);
  const answer = await suite.venue.call<{ balance: string }>(suite.merchant, 'balance', {
    venueCode: 'IMTY',
    playerId: PLAYER,
  });
  expect(fen(answer.data!.balance)).toBe(expected);
  // The member site heard of every change of the balance.
  const changes = (await book.received()).filter((m) => m.data.type === 'balanceChanged');
  expect(changes.length).toBeGreaterThanOrEqual(4);
  await suite.page.screenshot({ path: path.join(SCREENSHOTS, 'venue-bets.png') });
});
