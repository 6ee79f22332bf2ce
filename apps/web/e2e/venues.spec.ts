import { expect } from './support/fixtures';
import { shot } from './support/shots';
import { venueTest } from './support/venue-stack';
import { depositOnline, register } from './support/wallet-steps';

/**
 * Venues in the browser, against the house venue running as its own process on
 * `localhost` beside the platform on 127.0.0.1: the game pages, the frame's origin check, and
 * transfers on /mine/finance/transfer.
 */
const test = venueTest;

test('the game pages list a family’s venues with their counts; an empty family says so', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/game/sport');
  const cards = page.locator('[data-venue]');
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toContainText('星云体育·IM');
  await expect(page.locator('[data-family-counts="TY"]')).toContainText('4 个场馆');
  // Hot matches priced by the venue.
  await expect(page.getByRole('heading', { name: '热门赛事' })).toBeVisible();
  await expect(page.locator('.nb-hot__odds').first()).toHaveText(/^\d+\.\d{2,3}$/);
  await shot(page, 'game-sport');
  // A visitor's 进入 asks for a login first, and comes back.
  await page.getByRole('button', { name: '进入星云体育·FB' }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fgame%2Fsport/);

  await page.goto('/game/gaming');
  await expect(page.locator('[data-venue]')).toHaveCount(3);
  await page.goto('/game/realbet');
  await expect(page.locator('[data-venue="XYZR"]')).toContainText('星云真人');
  await page.goto('/game/chess');
  await expect(page.getByText('该分类暂无场馆')).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('/game/lottery lists 星云彩票, which opens in the house game frame (/gaming/house)', async ({
  page,
  stack,
  cspViolations,
}) => {
  await register(page);
  await page.goto('/game/lottery');
  const card = page.locator('[data-venue="XYCP"]');
  await expect(card).toContainText('星云彩票');
  await expect(page.locator('[data-family-counts="CP"]')).toContainText('1 个场馆');
  await shot(page, 'game-lottery');
  await page.getByRole('button', { name: '进入星云彩票' }).click();
  await expect(page).toHaveURL(/\/gaming\/house\?venue=XYCP&url=/);
  const frame = page.locator('iframe.nb-frame__page');
  await expect(frame).toHaveAttribute('src', new RegExp(`^${stack.venueOrigin}/h5/`));
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox).not.toContain('allow-top-navigation');
  await expect(page.getByRole('heading', { name: '星云彩票' })).toBeVisible();
  await expect(page.getByTestId('frame-venue-balance')).toContainText('0.00');
  await shot(page, 'gaming-house');
  expect(cspViolations).toEqual([]);
});

test('a frame route frames the venue page on its registry origin, and nothing else (404)', async ({
  page,
  stack,
  cspViolations,
}) => {
  await register(page);
  const off = await page.goto(
    `/sport/V188?venue=FBTY&url=${encodeURIComponent('https://evil.example/h5/')}`,
  );
  expect(off?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);

  await page.goto('/game/sport');
  await page.getByRole('button', { name: '进入星云体育·FB' }).click();
  await expect(page).toHaveURL(/\/sport\/V188\?venue=FBTY&url=/);
  const frame = page.locator('iframe.nb-frame__page');
  await expect(frame).toHaveAttribute('src', new RegExp(`^${stack.venueOrigin}/h5/`));
  // Sandboxed: scripts and its own origin, never our top window.
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox).toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-top-navigation');
  // The venue's own balance, asked through the third-party proxy.
  await expect(page.getByTestId('frame-venue-balance')).toContainText('0.00');
  expect(cspViolations).toEqual([]);
});

test('transfers in and out with MAX, 一键回收 and the 免转 switch on /mine/finance/transfer', async ({
  page,
}) => {
  await register(page);
  await depositOnline(page, '200');
  await page.goto('/mine/finance/transfer');
  await expect(page.getByTestId('transfer-main')).toHaveText('¥200.00');
  const fb = page.locator('[data-venue="FBTY"]');
  await fb.getByRole('button', { name: '转入' }).click();
  const sheet = page.getByRole('dialog', { name: /星云体育·FB 转账/ });
  await sheet.getByRole('textbox').fill('120');
  await sheet.getByRole('button', { name: '下一步' }).click();
  await expect(sheet.getByTestId('transfer-confirm')).toContainText('¥120.00');
  await sheet.getByRole('button', { name: '确认转账' }).click();
  await expect(sheet.getByRole('status')).toContainText('转账成功');
  await sheet.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByTestId('transfer-main')).toHaveText('¥80.00');
  await expect(fb).toContainText('120.00');
  await expect(fb).toContainText(/秒前同步/);

  // Out with MAX: the venue's whole balance.
  await fb.getByRole('button', { name: '转出' }).click();
  const out = page.getByRole('dialog', { name: /星云体育·FB 转账/ });
  await out.getByRole('button', { name: '最大' }).click();
  await out.getByRole('button', { name: '下一步' }).click();
  await out.getByRole('button', { name: '确认转账' }).click();
  await expect(out.getByRole('status')).toContainText('转账成功');
  await out.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByTestId('transfer-main')).toHaveText('¥200.00');

  // 一键回收 with money in two venues.
  for (const code of ['IMTY', 'OBTY']) {
    await page.locator(`[data-venue="${code}"]`).getByRole('button', { name: '转入' }).click();
    const s = page.getByRole('dialog', { name: /转账/ });
    await s.getByRole('textbox').fill('50');
    await s.getByRole('button', { name: '下一步' }).click();
    await s.getByRole('button', { name: '确认转账' }).click();
    await expect(s.getByRole('status')).toContainText('转账成功');
    await s.getByRole('button', { name: '知道了' }).click();
  }
  await expect(page.getByTestId('transfer-main')).toHaveText('¥100.00');
  await page.getByRole('button', { name: '一键回收' }).click();
  await expect(page.getByText(/已回收 2 个场馆/)).toBeVisible();
  await expect(page.getByTestId('transfer-main')).toHaveText('¥200.00');

  // 免转 is the member's own switch, kept by the server.
  const auto = page.getByRole('switch', { name: '免转模式' });
  await auto.click();
  await expect(auto).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: '免转模式' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // The records show the transfers, filtered.
  await page.goto('/mine/record/transRecord?type=transferIn');
  await expect(page.locator('[data-record-type="transferIn"]')).toHaveCount(3);
});
