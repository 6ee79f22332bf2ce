import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startHarness, type Harness } from './harness';
import { startVenue, type Merchant, type RunningVenue } from './venue';
import { middayOffset } from './kickoff';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../../docs/screenshots');

/** The phone every venue suite runs on (the config's `use`, for contexts a suite makes itself). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
} as const;

export interface VenueSuite {
  venue: RunningVenue;
  harness: Harness;
  merchant: Merchant;
  context: BrowserContext;
  page: Page;
  /** Launches a player (transferring `deposit` in first) and answers the page URL. */
  launch(
    playerId: string,
    opts?: { venueCode?: string; deposit?: string; selections?: string[]; gameCode?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

let transfers = 0;

export async function startSuite(
  browser: Browser,
  opts: {
    offsetMs?: number;
    env?: Record<string, string>;
    extraMerchants?: Merchant[];
    harness?: Harness;
  } = {},
): Promise<VenueSuite> {
  const harness = opts.harness ?? (await startHarness());
  const merchant: Merchant = {
    code: 'NEBULA',
    secret: `e2e-${'m'.repeat(40)}`,
    origins: [harness.origin],
  };
  const venue = await startVenue({
    merchants: [merchant, ...(opts.extraMerchants ?? [])],
    // Midday at the venue unless a suite picks its moment: the lists it opens on are full.
    offsetMs: opts.offsetMs ?? middayOffset(Date.now()),
    ...(opts.env ? { env: opts.env } : {}),
  });
  const context = await browser.newContext(PHONE);
  // Every frame records what its policy refused (the page must need nothing it forbids).
  await context.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  return {
    venue,
    harness,
    merchant,
    context,
    page,
    async launch(playerId, o = {}) {
      const venueCode = o.venueCode ?? 'IMTY';
      if (o.deposit) {
        transfers += 1;
        const t = await venue.call(merchant, 'transfer', {
          venueCode,
          playerId,
          transferId: `e2e-${Date.now().toString(36)}-${transfers}`,
          direction: 'in',
          amount: o.deposit,
        });
        if (t.code !== 0) throw new Error(`transfer refused: ${JSON.stringify(t)}`);
      }
      const l = await venue.call<{ url: string }>(merchant, 'launch', {
        venueCode,
        playerId,
        nickname: '测试玩家',
        ...(o.selections ? { selections: o.selections } : {}),
        ...(o.gameCode ? { gameCode: o.gameCode } : {}),
      });
      if (!l.data) throw new Error(`launch refused: ${JSON.stringify(l)}`);
      return l.data.url;
    },
    async close() {
      await context.close();
      await venue.stop();
      if (!opts.harness) await harness.close();
    },
  };
}
