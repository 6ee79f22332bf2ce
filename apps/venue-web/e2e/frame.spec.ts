import { expect, test, type Frame, type Request } from '@playwright/test';
import { startHarness, type Harness } from './support/harness';
import { Sportsbook } from './support/page-model';
import { PHONE, startSuite, type VenueSuite } from './support/suite';
import type { Merchant } from './support/venue';

/**
 * The page inside its frame, as the member site and a hostile page see it: it talks
 * to its own origin only, posts messages only to the merchant origins its session delivered
 * and takes messages only from them, an ended session shows 请返回重新进入 and asks the parent
 * to relaunch, 跟投 fills the slip at current prices, and the odds type is kept at the venue.
 */
let suite: VenueSuite;
let other: Harness;
let stranger: Harness;
const otherMerchant = (origin: string): Merchant => ({
  code: 'OTHER',
  secret: `e2e-${'o'.repeat(40)}`,
  origins: [origin],
});

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // Another merchant's member site (an origin the page may be framed by, not ours), and a
  // page on an origin no merchant has.
  other = await startHarness();
  stranger = await startHarness();
  suite = await startSuite(browser, { extraMerchants: [otherMerchant(other.origin)] });
});
test.afterAll(async () => {
  await suite?.close();
  await other?.close();
  await stranger?.close();
});

const venueFrame = (suite: VenueSuite): Frame =>
  suite.page.frames().find((f) => f.url().startsWith(suite.venue.origin))!;

test('sends requests to its own origin only, and messages only to the merchant', async () => {
  const page = suite.page;
  const requests: Request[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => {
    if (r.frame() !== page.mainFrame() && !r.frame().url().startsWith(stranger.origin)) {
      requests.push(r);
    }
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const book = new Sportsbook(page);
  await page.goto(
    suite.harness.pageUrl(await suite.launch('origins', { deposit: '200.00' }), stranger.origin),
  );
  await expect(book.frame.locator('.match').first()).toBeVisible();
  await book.nav('赛果').click();
  await expect(book.frame.locator('.result, .state').first()).toBeVisible();
  await book.nav('注单').click();
  await expect(book.frame.locator('.segment')).toBeVisible();
  await book.nav('赛事').click();

  const venueRequests = requests.filter((r) => r.frame().url().startsWith(suite.venue.origin));
  expect(venueRequests.length).toBeGreaterThan(5);
  for (const r of venueRequests) expect(new URL(r.url()).origin).toBe(suite.venue.origin);
  expect(sockets).toEqual([`${suite.venue.origin.replace('http', 'ws')}/h5/api/live`]);
  // Nothing the page loads or calls carries its launch URL as a referrer: none is sent.
  for (const r of venueRequests.filter((x) => x.resourceType() !== 'document')) {
    expect(await r.headerValue('referer')).toBeNull();
  }

  // Its own policy refused nothing it needed.
  expect(
    await venueFrame(suite).evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    ),
  ).toEqual([]);

  // 转入 asks the site to open its transfer sheet: a message to the merchant's origin.
  await book.frame.getByRole('button', { name: '转入' }).click();
  await expect
    .poll(async () => (await book.received()).map((m) => m.data.type))
    .toContain('openTransfer');
  for (const m of await book.received()) {
    expect(m).toMatchObject({ origin: suite.venue.origin, fromVenue: true });
    expect(m.data.source).toBe('nebula-venue');
  }
  expect((await book.received()).find((m) => m.data.type === 'openTransfer')!.data).toEqual({
    source: 'nebula-venue',
    type: 'openTransfer',
    venueCode: 'IMTY',
  });
  // The page on another origin beside it heard nothing.
  const evil = page.frames().find((f) => f.url().startsWith(stranger.origin))!;
  expect(
    await evil.evaluate(() => (window as unknown as { received: unknown[] }).received),
  ).toEqual([]);
});

test('takes messages only from the merchant’s window: another origin’s are ignored', async () => {
  const page = suite.page;
  const book = new Sportsbook(page);
  const balanceCalls = () => {
    let n = 0;
    const on = (r: Request) => {
      if (r.url().endsWith('/api/mobile/balance')) n += 1;
    };
    page.on('request', on);
    return { count: () => n, stop: () => page.off('request', on) };
  };
  const evil = page.frames().find((f) => f.url().startsWith(stranger.origin))!;
  const calls = balanceCalls();
  // A stranger posts the site's message, exactly as the site would word it: ignored.
  await evil.evaluate(() =>
    (window as unknown as { attack: (m: unknown) => void }).attack({
      source: 'nebula-site',
      type: 'transferDone',
    }),
  );
  await page.waitForTimeout(1500);
  expect(calls.count()).toBe(0);
  // The same message from the merchant's window: the balance is read again.
  await page.evaluate(
    ([origin]) =>
      (window as unknown as { sendToVenue: (m: unknown, o: string) => void }).sendToVenue(
        { source: 'nebula-site', type: 'transferDone' },
        origin!,
      ),
    [suite.venue.origin],
  );
  await expect.poll(() => calls.count()).toBe(1);
  // Not a message of the contract, even from the merchant: ignored.
  await page.evaluate(
    ([origin]) =>
      (window as unknown as { sendToVenue: (m: unknown, o: string) => void }).sendToVenue(
        { source: 'nebula-site', type: 'transferDone', amount: '100' },
        origin!,
      ),
    [suite.venue.origin],
  );
  await page.waitForTimeout(1000);
  expect(calls.count()).toBe(1);
  calls.stop();
  await expect(book.balance).toHaveText('¥200.00');
});

test('in another merchant’s frame, the page posts nothing to that site', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  // Launched for NEBULA, opened inside OTHER's member site (framing allowed: it is a merchant).
  await page.goto(other.pageUrl(await suite.launch('elsewhere')));
  const book = new Sportsbook(page);
  await expect(book.frame.locator('.match').first()).toBeVisible();
  await book.frame.getByRole('button', { name: '转入' }).click();
  await page.waitForTimeout(1000);
  expect(await book.received()).toEqual([]);
  await context.close();
});

test('a page on an origin no merchant has cannot frame it', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const exchanges: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/h5/api/session/exchange')) exchanges.push(r.url());
  });
  // The page's policy names the merchants' member sites as the only ones that may frame it…
  const policy = (await fetch(`http://127.0.0.1:${suite.venue.port}/h5/`)).headers.get(
    'content-security-policy',
  );
  expect(policy).toContain(`frame-ancestors ${suite.harness.origin} ${other.origin}`);
  // …so here the browser refuses to show it: its scripts never run (no token exchange).
  await page.goto(stranger.pageUrl(await suite.launch('stranger')));
  await page.waitForTimeout(2000);
  expect(exchanges).toEqual([]);
  await expect(page.frameLocator('#venue').locator('.top')).toHaveCount(0);
  await context.close();
});

test('an ended session shows 请返回重新进入 and asks the parent to relaunch', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(suite.harness.pageUrl(await suite.launch('ended')));
  const book = new Sportsbook(page);
  await expect(book.frame.locator('.match').first()).toBeVisible();
  // The member logged in elsewhere: the platform ends the venue session.
  const ended = await suite.venue.call(suite.merchant, 'endSessions', {
    venueCode: 'IMTY',
    playerId: 'ended',
    reason: 'logout',
  });
  expect(ended.code).toBe(0);
  // The page learns it at its next call (here a tap on the balance), or sooner from its live
  // socket, which checks the session again whenever it subscribes.
  const refresh = book.frame.getByRole('button', { name: '刷新余额' });
  const alert = book.frame.getByRole('alert');
  await expect(async () => {
    if (await refresh.isVisible()) await refresh.click({ timeout: 1000 });
    await expect(alert).toContainText('请返回重新进入', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect
    .poll(async () => (await book.received()).map((m) => m.data.type))
    .toContain('relaunch');
  const relaunch = (await book.received()).find((m) => m.data.type === 'relaunch')!;
  expect(relaunch.origin).toBe(suite.venue.origin);

  // A launch URL is single use: opened again (a reload), it shows the same state.
  const url = await suite.launch('reload');
  await page.goto(suite.harness.pageUrl(url));
  await expect(book.frame.locator('.match').first()).toBeVisible();
  await venueFrame({ ...suite, page }).goto(url);
  await expect(book.frame.getByRole('alert')).toContainText('请返回重新进入');
  await context.close();
});

test('跟投 fills the slip with the shared selections at the prices on offer now', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const book = new Sportsbook(page);
  // Two selections a member shared, read off the list, and one that is no longer offered.
  await page.goto(suite.harness.pageUrl(await suite.launch('sharer')));
  const rows = book.frame.locator('.match');
  await expect(rows.first()).toBeVisible();
  const first = await book.odds(rows.nth(0), '1x2', 'home').getAttribute('data-selection');
  const second = await book.odds(rows.nth(1), 'ou', 'over').getAttribute('data-selection');
  const gone = `${first!.split(':')[0]}:ft:ah:-975:home`;

  await page.goto(
    suite.harness.pageUrl(await suite.launch('follower', { selections: [first!, second!, gone] })),
  );
  await expect(book.slip).toBeVisible();
  await expect(book.slip.locator('.slip-item')).toHaveCount(2);
  await expect(book.slip.locator('.notice')).toContainText('1 个跟投选项已停止投注');
  // Each shows the price the list shows now (the venue's, not the shared bet's).
  for (const id of [first!, second!]) {
    const inSlip = book.slip.locator(`.slip-item[data-selection="${id}"] [data-price]`);
    const onList = book.frame.locator(`.match .odds[data-selection="${id}"] .odds__price`);
    await expect(inSlip).toHaveText((await onList.textContent())!);
    expect(Number(await inSlip.getAttribute('data-price'))).toBeGreaterThan(1000);
  }
  await context.close();
});

test('the odds type is switched, explained when negative, and kept for the player', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const book = new Sportsbook(page);
  await page.goto(suite.harness.pageUrl(await suite.launch('malay')));
  await expect(book.frame.locator('.match').first()).toBeVisible();
  await book.frame.getByRole('button', { name: '香港盘' }).click();
  const types = book.frame.getByRole('radiogroup', { name: '盘口类型' });
  await expect(types).toContainText('负数赔率：如 -0.80，表示投注 80 可赢 100');
  await types.getByRole('radio', { name: /马来盘/ }).click();
  await expect(book.frame.getByRole('button', { name: '马来盘' })).toBeVisible();
  // Malay odds: every price within [−1, 1], some of them negative.
  const prices = await book.frame
    .locator('.match .odds[data-selection*=":ft:ah:"] .odds__price')
    .allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const p of prices) expect(Math.abs(Number(p))).toBeLessThanOrEqual(1);
  // A new launch of the same player opens in 马来盘 (kept at the venue).
  await page.goto(suite.harness.pageUrl(await suite.launch('malay')));
  await expect(book.frame.getByRole('button', { name: '马来盘' })).toBeVisible();
  await context.close();
});
