import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The venue page inside the harness, as a member uses it. */
export class Sportsbook {
  readonly frame: FrameLocator;
  constructor(readonly page: Page) {
    this.frame = page.frameLocator('#venue');
  }

  match(eventId: string): Locator {
    return this.frame.locator(`.match[data-event="${eventId}"]`);
  }

  /**
   * Brings a match's row into the list: the list draws its rows a window at a time as it is
   * scrolled, so a match far down (after a league of forty) is not drawn until the member
   * scrolls to it.
   */
  async reveal(eventId: string): Promise<Locator> {
    const row = this.match(eventId);
    await expect(async () => {
      if ((await row.count()) === 0)
        await this.frame.locator('.match').last().scrollIntoViewIfNeeded();
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await row.scrollIntoViewIfNeeded();
    return row;
  }

  /** A price of `kind` (`1x2`, `ah`, `ou`) in `period` for `outcome`, within `scope`. */
  odds(scope: Locator, kind: string, outcome: string, period = 'ft'): Locator {
    return scope
      .locator(`.odds[data-selection*=":${period}:${kind}:"][data-selection$=":${outcome}"]`)
      .first();
  }

  /** Waits until the slip is not placing or confirming any more. */
  async settled(): Promise<void> {
    await expect
      .poll(
        async () =>
          (await this.slip.locator('.receipt').count()) > 0 ||
          !/投注中|确认中/.test((await this.placeButton.textContent()) ?? ''),
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  tab(name: '滚球' | '今日' | '早盘'): Locator {
    return this.frame.locator('.tabs__tab', { hasText: name });
  }

  nav(name: '赛事' | '赛果' | '注单'): Locator {
    return this.frame.locator('.nav__item', { hasText: name });
  }

  get balance(): Locator {
    return this.frame.locator('.top__amount');
  }

  get slipButton(): Locator {
    return this.frame.locator('.slip-fab');
  }

  get slip(): Locator {
    return this.frame.locator('.sheet__panel.slip');
  }

  get placeButton(): Locator {
    return this.slip.locator('.slip__footer .btn--primary');
  }

  async openSlip(): Promise<void> {
    await this.slipButton.click();
    await expect(this.slip).toBeVisible();
  }

  /** The balance shown in the header, as fen. */
  async balanceFen(): Promise<bigint> {
    const text = (await this.balance.getAttribute('data-balance')) ?? '';
    const [yuan = '0', fen = '0'] = text.split('.');
    return BigInt(yuan) * 100n + BigInt(fen.padEnd(2, '0'));
  }

  /** What the harness (the member site's stand-in) received from its frames. */
  received(): Promise<
    { origin: string; data: { type?: string } & Record<string, unknown>; fromVenue: boolean }[]
  > {
    return this.page.evaluate(() => (window as unknown as { received: never[] }).received);
  }
}
