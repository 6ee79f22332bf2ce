import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MERCHANT_HEADERS,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import {
  newNonce,
  signMerchant,
} from '../../../venue/src/modules/merchant/merchant-signing.service';

const root = path.resolve(import.meta.dirname, '../../../..');

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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-venue-e2e-'));
  const port = await freePort();
  const offsetMs = opts.offsetMs ?? 0;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/venue/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        VENUE_HOST: '127.0.0.1',
        VENUE_PORT: String(port),
        VENUE_DATA_DIR: dataDir,
        VENUE_DATABASE_URL: '',
        VENUE_MERCHANTS: opts.merchants.map((m) => `${m.code}=${m.secret}`).join(';'),
        VENUE_PLATFORM_ORIGINS: opts.merchants
          .map((m) => `${m.code}=${m.origins.join('|')}`)
          .join(';'),
        VENUE_CLOCK_SPEED: '60',
        VENUE_TICK_MS: '200',
        VENUE_ACCEPT_DELAY_MS: '300',
        VENUE_SUSPEND_MS: '1500',
        // Test hook (refused in production): the venue's clock moved, e.g. to just before a
        // kick-off of its deterministic calendar.
        VENUE_TEST_CLOCK_SKEW_MS: String(offsetMs),
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`venue did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('house venue on http')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`venue exited with ${code}:\n${out}`));
    });
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
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
