import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, spawnVenue } from '../../../../scripts/e2e-venue';
import { startServer, type RunningServer } from '../../../../e2e/support/platform-server';
import {
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USER,
  E2E_SIGN_KEY,
} from '../../../../e2e/support/signed-api';
import { test as base } from './operator-fixtures';

export interface HouseVenueStack {
  /** The venue's server-side address (its operator API is under `/operator/v1`). */
  venueApi: string;
  /** The venue's operator token the platform holds (admin role at the venue). */
  operatorToken: string;
  /** A football match in play from the start: the venue takes a result only for one under way. */
  testMatchId: string;
  platform: RunningServer;
}

/**
 * The house venue as its own process and the platform beside it (as apps/web/e2e's venue
 * journeys start them), the platform holding the venue's operator token so the console's
 * house-venue page reaches the venue through the platform's proxy.
 */
async function startStack(): Promise<HouseVenueStack & { stop(): Promise<void> }> {
  const [platformPort, venuePort] = [await freePort(), await freePort()];
  const operatorToken = randomBytes(32).toString('hex');
  const testMatchAt = Date.now() - 60_000;
  const venue = await spawnVenue(venuePort, {
    VENUE_PUBLIC_URL: `http://localhost:${venuePort}`,
    VENUE_PLATFORM_ORIGINS: `NEBULA=http://127.0.0.1:${platformPort};DEMO=http://127.0.0.1:${platformPort}`,
    VENUE_OPERATORS: `e2e:admin:${operatorToken}`,
    VENUE_CLOCK_SPEED: '1',
    VENUE_TEST_MATCH_AT: String(testMatchAt),
  });
  const venueApi = `http://127.0.0.1:${venuePort}`;
  try {
    const platform = await startServer({
      PORT: String(platformPort),
      REGISTER_CAPTCHA: 'off',
      ADMIN_USER: E2E_ADMIN_USER,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SIGN_KEY: E2E_SIGN_KEY,
      DEMO_VENUE_ORIGIN: `http://localhost:${venuePort}`,
      DEMO_VENUE_API_URL: venueApi,
      VENUE_SECRETS_FILE: path.join(venue.dataDir, 'merchant-secrets.json'),
      HOUSE_VENUE_OPERATOR_TOKEN: operatorToken,
    });
    return {
      venueApi,
      operatorToken,
      testMatchId: `t-${testMatchAt}`,
      platform,
      async stop() {
        await platform.stop();
        await venue.stop();
      },
    };
  } catch (err) {
    await venue.stop();
    throw err;
  }
}

/** Console suites with the house venue: one stack per worker, its platform as the base URL. */
export const test = base.extend<object, { stack: HouseVenueStack; server: RunningServer }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startStack();
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

export { expect } from './operator-fixtures';
