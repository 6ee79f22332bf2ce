import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from './fixtures';
import { startServer, type RunningServer } from './server';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USER, E2E_SIGN_KEY } from './signed-api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

/** A free port on 127.0.0.1 now: the venue and the platform must know each other's origin. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

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
 * the signing key are the journeys' known ones.
 */
export async function startVenueStack(): Promise<VenueStack> {
  const [platformPort, venuePort] = [await freePort(), await freePort()];
  const venueDir = await mkdtemp(path.join(tmpdir(), 'nebula-e2e-venue-'));
  const operatorToken = randomBytes(32).toString('hex');
  // A match kicked off a minute ago, played in real time (its first half lasts 45 minutes): a
  // journey bets on it in play and the venue's trader enters its result (only a match under
  // way takes one), whenever in the worker's life the journey runs.
  const testMatchAt = Date.now() - 60_000;
  const venue: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/venue/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        VENUE_HOST: '127.0.0.1',
        VENUE_PORT: String(venuePort),
        VENUE_DATA_DIR: venueDir,
        VENUE_DATABASE_URL: '',
        VENUE_PUBLIC_URL: `http://localhost:${venuePort}`,
        VENUE_PLATFORM_ORIGINS: `NEBULA=http://127.0.0.1:${platformPort}`,
        VENUE_OPERATORS: `e2e:admin:${operatorToken}`,
        VENUE_ACCEPT_DELAY_MS: '300',
        VENUE_TICK_MS: '300',
        VENUE_CLOCK_SPEED: '1',
        VENUE_TEST_MATCH_AT: String(testMatchAt),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`venue did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('house venue on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    venue.stdout?.on('data', onData);
    venue.stderr?.on('data', onData);
    venue.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`venue exited with ${code}:\n${out}`));
    });
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
    VENUE_SECRETS_FILE: path.join(venueDir, 'merchant-secrets.json'),
  });
  return {
    platform,
    venueOrigin,
    venueApi,
    operatorToken,
    testMatchId: `t-${testMatchAt}`,
    async stop() {
      await platform.stop();
      if (venue.exitCode === null && venue.signalCode === null) {
        const exited = new Promise((r) => venue.once('exit', r));
        venue.kill('SIGTERM');
        const t = setTimeout(() => venue.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      await rm(venueDir, { recursive: true, force: true });
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
    { scope: 'worker', timeout: 120_000 },
  ],
  server: [
    async ({ stack }, use) => {
      await use(stack.platform);
    },
    { scope: 'worker' },
  ],
});
