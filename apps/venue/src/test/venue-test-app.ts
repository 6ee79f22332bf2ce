import { randomBytes } from 'node:crypto';
import { testDatabases } from '@nebula/db/testing';
import {
  MERCHANT_HEADERS,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import {
  VENUE_OPERATOR_HEADER,
  venueOperatorPaths,
  type VenueOperatorCall,
} from '@nebula/protocol/venue/operator';
import { buildVenueApp, type VenueApp } from '../app';
import { loadVenueConfig } from '../infra/config';
import { migrateVenue } from '../db/migrate';
import { venueTestTemplate } from './venue-test-db';
import { newNonce, signMerchant } from '../modules/merchant/merchant-signing.service';
import type { Db } from '@nebula/db';
import type { Feed } from '../modules/simulator/feed.types';

const createTestDb = testDatabases(migrateVenue, venueTestTemplate);

export const MERCHANT = 'NEBULA';
/** The demo merchant (试玩), configured beside the test merchant with `demoSecret`. */
export const DEMO = 'DEMO';
/** The member site the test merchant serves (CORS and the page's message partner). */
export const PLATFORM_ORIGIN = 'http://127.0.0.1:8080';
/** One operator per role (names `viewer-op`, `trader-op`, `admin-op`). */
export const OPERATOR_TOKENS = {
  viewer: 'v'.repeat(40),
  trader: 't'.repeat(40),
  admin: 'a'.repeat(40),
} as const;

export interface VenueTestApp extends VenueApp {
  db: Db;
  secret: string;
  /** The demo merchant's secret: `call(name, body, { merchant: DEMO, secret: demoSecret })`. */
  demoSecret: string;
  /** Milliseconds added to the venue's clock (expiry tests). */
  clock: { offset: number };
  /** A signed merchant call; `tamper` changes what is sent after signing. */
  call<T = unknown>(
    name: MerchantCall,
    body: unknown,
    opts?: {
      secret?: string;
      merchant?: string;
      timestamp?: string;
      nonce?: string;
      tamper?: (raw: string) => string;
    },
  ): Promise<{ code: number; data?: T; message?: string; signature: string | undefined }>;
  /** A call of the engine API with a session token (the page's calls). */
  page<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ code: number | string; data?: T; msg?: string; message?: string }>;
  /** An operator call with the token of a role (or none). */
  operator<T = unknown>(
    call: VenueOperatorCall,
    body: unknown,
    role: keyof typeof OPERATOR_TOKENS | null,
  ): Promise<{ code: number; data?: T; message?: string }>;
  /** Launches a player and trades the URL token for a session token. */
  enter(playerId: string, venueCode?: string): Promise<string>;
  /** A new player on HOUSE_TY (or `venueCode`), entered, with `amount` transferred in. */
  fundedPlayer(amount: string, venueCode?: string): Promise<{ playerId: string; token: string }>;
  close(): Promise<void>;
}

export async function createVenueTestApp(
  env: Record<string, string> = {},
  feed?: Feed,
  h5Dist?: string,
): Promise<VenueTestApp> {
  const secret = randomBytes(32).toString('hex');
  const demoSecret = randomBytes(32).toString('hex');
  const config = loadVenueConfig({
    NODE_ENV: 'test',
    VENUE_MERCHANTS: `${MERCHANT}=${secret};${DEMO}=${demoSecret}`,
    // One venue per dialect (and an esports one), as the demo registry has, and two house
    // game venues (lottery and live tables: no dialect).
    VENUE_CODES:
      'HOUSE_TY:FBTY,HOUSE_DJ:IMTY:DJ,HOUSE_IM:IMTY,HOUSE_YB:YBTY,HOUSE_OB:OBTY,HOUSE_CP::CP,HOUSE_ZR::ZR',
    VENUE_PLATFORM_ORIGINS: `${MERCHANT}=${PLATFORM_ORIGIN};${DEMO}=${PLATFORM_ORIGIN}`,
    VENUE_OPERATORS: Object.entries(OPERATOR_TOKENS)
      .map(([role, token]) => `${role}-op:${role}:${token}`)
      .join(';'),
    VENUE_ACCEPT_DELAY_MS: '40',
    // Every player of a test app comes from one address (inject): per-address limits (8065)
    // would refuse a load test's players for each other. The limits' own suites set them.
    VENUE_RATE_PER_ADDRESS: '1000000',
    VENUE_RATE_PLACE_PER_ADDRESS: '1000000',
    ...env,
  });
  const testDb = await createTestDb();
  const clock = { offset: 0 };
  let players = 0;
  const venue = buildVenueApp({
    config,
    db: testDb.db,
    now: () => Date.now() + clock.offset,
    feed,
    ...(h5Dist ? { h5Dist } : {}),
  });
  await venue.init();
  const test: VenueTestApp = {
    ...venue,
    db: testDb.db,
    secret,
    demoSecret,
    clock,
    async call(name, body, opts = {}) {
      const path = merchantPaths[name];
      const raw = JSON.stringify(body);
      const timestamp = opts.timestamp ?? String(Date.now() + clock.offset);
      const nonce = opts.nonce ?? newNonce();
      const signature = signMerchant(opts.secret ?? secret, {
        method: 'POST',
        pathWithQuery: path,
        timestamp,
        nonce,
        body: raw,
      });
      const r = await venue.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/json',
          [MERCHANT_HEADERS.merchant]: opts.merchant ?? MERCHANT,
          [MERCHANT_HEADERS.timestamp]: timestamp,
          [MERCHANT_HEADERS.nonce]: nonce,
          [MERCHANT_HEADERS.signature]: signature,
        },
        payload: opts.tamper ? opts.tamper(raw) : raw,
      });
      const answer = r.json<{ code: number; data?: never; message?: string }>();
      const sig = r.headers[MERCHANT_HEADERS.signature];
      return { ...answer, signature: typeof sig === 'string' ? sig : undefined };
    },
    async page(method, url, token, body, headers = {}) {
      const r = await venue.app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return r.json();
    },
    async operator(call, body, role) {
      const r = await venue.app.inject({
        method: 'POST',
        url: venueOperatorPaths[call],
        headers: role ? { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS[role] } : {},
        payload: body as object,
      });
      return r.json();
    },
    async enter(playerId, venueCode = 'HOUSE_TY') {
      const launched = await test.call<{ url: string }>('launch', {
        venueCode,
        playerId,
        nickname: '玩家',
      });
      const r = await venue.app.inject({
        method: 'POST',
        url: '/h5/api/session/exchange',
        // The page's token is in its URL (OBTY's launch `token` is its counts URL).
        payload: { token: new URL(launched.data!.url).searchParams.get('token') },
      });
      return r.json<{ data: { token: string } }>().data.token;
    },
    async fundedPlayer(amount, venueCode = 'HOUSE_TY') {
      players += 1;
      const playerId = `p${players}-${randomBytes(4).toString('hex')}`;
      const token = await test.enter(playerId, venueCode);
      const t = await test.call('transfer', {
        venueCode,
        playerId,
        transferId: `fund-${playerId}`,
        direction: 'in',
        amount,
      });
      if (t.code !== 0) throw new Error(`funding failed: ${JSON.stringify(t)}`);
      return { playerId, token };
    },
    async close() {
      await venue.app.close();
      await testDb.drop();
    },
  };
  return test;
}
