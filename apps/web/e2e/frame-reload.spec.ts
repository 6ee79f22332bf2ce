import { expect } from './support/fixtures';
import { venueTest as test } from './support/venue-stack';
import { register } from './support/wallet-steps';

/**
 * A venue's launch URL carries a single-use token. Reloading the member site on a frame route,
 * or the frame reloading itself, must not land on 请返回重新进入: the site relaunches the venue
 * quietly and the member is back on the same venue page, on a fresh token.
 */
function launchUrlOf(pageUrl: string): string {
  return new URL(pageUrl).searchParams.get('url') ?? '';
}

test('reloading a venue frame relaunches it quietly on the same page', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  await page.goto('/game/sport');
  await page.getByRole('button', { name: '进入星云体育·IM' }).click();
  await expect(page).toHaveURL(/\/sport\/im\?venue=IMTY&url=/);
  const venue = page.frameLocator('iframe.nb-frame__page');
  await expect(venue.locator('.top__amount')).toHaveText('¥0.00');
  const first = launchUrlOf(page.url());

  // The whole page reloaded: the spent token is not handed to the venue again.
  await page.reload();
  await expect(page).toHaveURL(/\/sport\/im\?venue=IMTY&url=/);
  await expect.poll(() => launchUrlOf(page.url())).not.toBe(first);
  await expect(venue.locator('.top__amount')).toHaveText('¥0.00');
  await expect(venue.getByText('请返回重新进入')).toHaveCount(0);
  const second = launchUrlOf(page.url());
  expect(new URL(second).pathname).toBe(new URL(first).pathname);

  // The frame reloaded on its own (it keeps no storage): a second load is relaunched too.
  const frame = page.frames().find((f) => f.url().startsWith(new URL(second).origin));
  expect(frame).toBeDefined();
  await frame!.evaluate(() => location.reload());
  await expect.poll(() => launchUrlOf(page.url())).not.toBe(second);
  await expect(venue.locator('.top__amount')).toHaveText('¥0.00');
  await expect(venue.getByText('请返回重新进入')).toHaveCount(0);
});
