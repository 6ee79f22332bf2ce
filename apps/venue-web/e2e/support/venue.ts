import {
  MERCHANT_HEADERS,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import { freePort, spawnVenue } from '../../../../scripts/e2e-venue';
import {
  newNonce,
  signMerchant,
} from '../../../venue/src/modules/merchant/merchant-signing.service';

export interface Merchant {
  code: string;
  secret: string;
  /** Its member site's origins (where the page may be framed and posts its messages). */
  origins: string[];
}

export interface RunningVenue {
  /** The page's origin: `http://localhost:<port>` (another site than the harness on 127.0.0.1). */
  origin: string;
  port: number;
  /** Milliseconds the venue's clock is ahead of this process's. */
  offsetMs: number;
  call<T>(
    merchant: Merchant,
    name: MerchantCall,
    body: unknown,
  ): Promise<{ code: number; data?: T; message?: string }>;
  stop(): Promise<void>;
}

/**
 * Starts the real venue (`node --import tsx apps/venue/src/main.ts`) serving the built page,
 * with its own PGlite data directory, a fast clock and short delays, on a free port; its clock
 * may be moved (VENUE_TEST_CLOCK_SKEW_MS). Stopped and cleaned after the suite.
 */
export async function startVenue(opts: {
  merchants: Merchant[];
  offsetMs?: number;
  env?: Record<string, string>;
}): Promise<RunningVenue> {
  const port = await freePort();
  const offsetMs = opts.offsetMs ?? 0;
  const venue = await spawnVenue(port, {
    VENUE_MERCHANTS: opts.merchants.map((m) => `${m.code}=${m.secret}`).join(';'),
    VENUE_PLATFORM_ORIGINS: opts.merchants.map((m) => `${m.code}=${m.origins.join('|')}`).join(';'),
    VENUE_CLOCK_SPEED: '60',
    VENUE_TICK_MS: '200',
    VENUE_ACCEPT_DELAY_MS: '300',
    VENUE_SUSPEND_MS: '1500',
    // Test hook (refused in production): the venue's clock moved, e.g. to just before a
    // kick-off of its deterministic calendar.
    VENUE_TEST_CLOCK_SKEW_MS: String(offsetMs),
    ...opts.env,
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    origin: `http://localhost:${port}`,
    port,
    offsetMs,
    async call(merchant, name, body) {
      const p = merchantPaths[name];
      const raw = JSON.stringify(body);
      const timestamp = String(Date.now() + offsetMs);
      const nonce = newNonce();
      const signature = signMerchant(merchant.secret, {
        method: 'POST',
        pathWithQuery: p,
        timestamp,
        nonce,
        body: raw,
      });
      const r = await fetch(`${base}${p}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [MERCHANT_HEADERS.merchant]: merchant.code,
          [MERCHANT_HEADERS.timestamp]: timestamp,
          [MERCHANT_HEADERS.nonce]: nonce,
          [MERCHANT_HEADERS.signature]: signature,
        },
        body: raw,
      });
      return (await r.json()) as never;
    },
    stop: () => venue.stop(),
  };
}
