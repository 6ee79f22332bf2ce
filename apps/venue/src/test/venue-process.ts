import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgliteDb, PostgresDb, type Db } from '@nebula/db';
import { pgliteTemplateDir, testDatabases, testDbKind } from '@nebula/db/testing';
import {
  MERCHANT_HEADERS,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import { migrateVenue } from '../db/migrate';
import { venueTestTemplate } from './venue-test-db';
import { newNonce, signMerchant } from '../modules/merchant/merchant-signing.service';

/**
 * The house venue as a real process for the crash tests: started with `node --import tsx` (so
 * the pid held is the venue's), on the suite's database — a PGlite data directory of its own,
 * or a fresh PostgreSQL database — and killed by `cleanup()` whatever the test did.
 */
const venueDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface VenueProc {
  url: string;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
}

export interface VenueProcesses {
  env: Record<string, string>;
  secret: string;
  start: (env?: Record<string, string>) => Promise<VenueProc>;
  /** The venue's database, opened from this process once the venue is stopped. */
  openDb(): Promise<Db>;
  cleanup(): Promise<void>;
}

export async function venueProcesses(env: Record<string, string> = {}): Promise<VenueProcesses> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const secret = randomBytes(32).toString('hex');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'venue-proc-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let pgUrl = '';
  if (testDbKind() === 'postgres') {
    const t = await testDatabases(migrateVenue, venueTestTemplate)();
    await t.db.close();
    pgUrl = t.url!;
    cleanups.push(() => t.drop());
  } else {
    // The migrated template as the data directory: the first start skips initdb and migrations.
    await pgliteTemplateDir(migrateVenue, venueTestTemplate, path.join(dataDir, 'db'));
  }
  const base: Record<string, string> = {
    NODE_ENV: 'test',
    VENUE_HOST: '127.0.0.1',
    VENUE_PORT: '0',
    VENUE_DATA_DIR: dataDir,
    VENUE_MERCHANTS: `NEBULA=${secret}`,
    VENUE_CODES: 'HOUSE_TY:FBTY',
    VENUE_TICK_MS: '100',
    // A restarted node takes over once the killed one's lease runs out: 5 s, not 10 s. The
    // leader renews at least every second, so a live one keeps it on a loaded machine, and it
    // still outlasts a crashed round's seal (game-clock and table-clock crash tests).
    VENUE_TEST_LEASE_MS: '5000',
    ...(pgUrl ? { VENUE_DATABASE_URL: pgUrl } : {}),
    ...env,
  };
  const processEnv = { ...process.env };
  // The suite's own database settings must not leak into the child.
  delete processEnv.VENUE_DATABASE_URL;

  return {
    env: base,
    secret,
    start(extra = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: venueDir,
        env: { ...processEnv, ...base, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cleanups.push(() => Promise.resolve(child.kill('SIGKILL')));
      let out = '';
      const exited = new Promise<NodeJS.Signals | number | null>((r) =>
        child.on('exit', (code, signal) => r(signal ?? code)),
      );
      return new Promise((resolve, reject) => {
        const onData = (d: Buffer) => {
          out += d.toString();
          const m = /house venue on (http:\/\/[\d.]+:\d+)/.exec(out);
          if (m?.[1]) resolve({ url: m[1], child, exited });
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then((how) => reject(new Error(`venue exited (${how}): ${out}`)));
      });
    },
    async openDb() {
      return pgUrl
        ? PostgresDb.open(pgUrl, 2)
        : await PgliteDb.open({ dataDir: path.join(dataDir, 'db') });
    },
    async cleanup() {
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
    },
  };
}

/** Merchant calls to a venue process, signed at the venue's (possibly skewed) time. */
export const merchantClient =
  (url: string, secret: string, skew = 0) =>
  async <T>(name: MerchantCall, body: unknown): Promise<{ code: number; data?: T }> => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now() + skew);
    const nonce = newNonce();
    const p = merchantPaths[name];
    const r = await fetch(url + p, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [MERCHANT_HEADERS.merchant]: 'NEBULA',
        [MERCHANT_HEADERS.timestamp]: timestamp,
        [MERCHANT_HEADERS.nonce]: nonce,
        [MERCHANT_HEADERS.signature]: signMerchant(secret, {
          method: 'POST',
          pathWithQuery: p,
          timestamp,
          nonce,
          body: raw,
        }),
      },
      body: raw,
    });
    return (await r.json()) as { code: number; data?: T };
  };

/** A player entered into a venue process: launched, its URL token exchanged for a session. */
export async function enterPlayer(
  url: string,
  call: ReturnType<typeof merchantClient>,
  playerId: string,
) {
  const launched = await call<{ url: string }>('launch', {
    venueCode: 'HOUSE_TY',
    playerId,
    nickname: '玩家',
  });
  const ex = await fetch(`${url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(launched.data!.url).searchParams.get('token') }),
  });
  const token = ((await ex.json()) as { data: { token: string } }).data.token;
  return async <T>(p: string, body?: unknown): Promise<{ code: number; data: T }> => {
    const r = await fetch(`${url}/v1${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as { code: number; data: T };
  };
}
