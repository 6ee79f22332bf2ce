import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, spawnVenue } from '../../../../scripts/e2e-venue';
import { test as base } from './fixtures';
import { startServer, type RunningServer } from '../../../../e2e/support/platform-server';
import {
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USER,
  E2E_SIGN_KEY,
} from '../../../../e2e/support/signed-api';

export interface VenueStack {
  platform: RunningServer;
  /** The venue's public origin (`http://localhost:<port>`: another site than the platform). */
  venueOrigin: string;
  /** Its server-side address. */
  venueApi: string;
  /** A venue operator's token (it can enter results). */
  operatorToken: string;
  /** The venue's event id of a football match in play from the start (VENUE_TEST_MATCH_AT). */
  testMatchId: string;
  stop(): Promise<void>;
}

/**
 * What `npm start` runs, on free ports and fresh data: the house venue as its own process on
 * `localhost`, then the platform on 127.0.0.1 with the demo registry pointing at it and the
 * merchant secret the venue generated. Members register without a captcha; the operator and
 * the signing key are the journeys' known ones. `venueEnv` adds the venue's test settings (e.g.
 * `VENUE_TEST_TABLE_SECONDS`, refused in production); `platformEnv` the platform's (e.g.
 * `TEST_CLOCK_OFFSET_MS`; its calls to the venue are signed on the machine's clock).
 */
export async function startVenueStack(
  venueEnv: Record<string, string> = {},
  platformEnv: Record<string, string> = {},
): Promise<VenueStack> {
  const [platformPort, venuePort] = [await freePort(), await freePort()];
  const operatorToken = randomBytes(32).toString('hex');
  // A match kicked off a minute ago, played in real time (its first half lasts 45 minutes): a
  // journey bets on it in play and the venue's trader enters its result (only a match under
  // way takes one), whenever in the worker's life the journey runs.
  const testMatchAt = Date.now() - 60_000;
  const venue = await spawnVenue(venuePort, {
    VENUE_PUBLIC_URL: `http://localhost:${venuePort}`,
    // The demo merchant (试玩) is the same site's.
    VENUE_PLATFORM_ORIGINS: `NEBULA=http://127.0.0.1:${platformPort};DEMO=http://127.0.0.1:${platformPort}`,
    VENUE_OPERATORS: `e2e:admin:${operatorToken}`,
    VENUE_ACCEPT_DELAY_MS: '300',
    VENUE_TICK_MS: '300',
    VENUE_CLOCK_SPEED: '1',
    VENUE_TEST_MATCH_AT: String(testMatchAt),
    ...venueEnv,
  });
  const venueOrigin = `http://localhost:${venuePort}`;
  const venueApi = `http://127.0.0.1:${venuePort}`;
  const platform = await startServer({
    PORT: String(platformPort),
    REGISTER_CAPTCHA: 'off',
    ADMIN_USER: E2E_ADMIN_USER,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    SIGN_KEY: E2E_SIGN_KEY,
    DEMO_VENUE_ORIGIN: venueOrigin,
    DEMO_VENUE_API_URL: venueApi,
    VENUE_SECRETS_FILE: path.join(venue.dataDir, 'merchant-secrets.json'),
    ...platformEnv,
  });
  return {
    platform,
    venueOrigin,
    venueApi,
    operatorToken,
    testMatchId: `t-${testMatchAt}`,
    async stop() {
      await platform.stop();
      await venue.stop();
    },
  };
}

/** Journeys with the venue: one stack per worker, the platform as the base URL. */
export const venueTest = base.extend<object, { stack: VenueStack; server: RunningServer }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startVenueStack();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  server: [
    async ({ stack }, use) => {
      await use(stack.platform);
    },
    { scope: 'worker' },
  ],
});
