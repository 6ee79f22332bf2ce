import { randomBytes } from 'node:crypto';
import { testDatabases } from '@nebula/db/testing';
import {
  MERCHANT_HEADERS,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import { buildVenueApp, type VenueApp } from '../app';
import { loadVenueConfig } from '../config';
import { migrateVenue } from '../db/migrate';
import { newNonce, signMerchant } from '../merchant/merchant-signing';
import type { Db } from '@nebula/db';

const createTestDb = testDatabases(migrateVenue);

export const MERCHANT = 'NEBULA';

export interface VenueTestApp extends VenueApp {
  db: Db;
  secret: string;
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
  close(): Promise<void>;
}

export async function createVenueTestApp(): Promise<VenueTestApp> {
  const secret = randomBytes(32).toString('hex');
  const config = loadVenueConfig({
    NODE_ENV: 'test',
    VENUE_MERCHANTS: `${MERCHANT}=${secret}`,
    VENUE_CODES: 'HOUSE_TY,HOUSE_DJ',
  });
  const testDb = await createTestDb();
  const clock = { offset: 0 };
  const venue = buildVenueApp({ config, db: testDb.db, now: () => Date.now() + clock.offset });
  return {
    ...venue,
    db: testDb.db,
    secret,
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
    async close() {
      await venue.app.close();
      await testDb.drop();
    },
  };
}
