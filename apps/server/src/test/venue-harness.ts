import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TransferResult } from '@nebula/protocol';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { adminCall, adminToken, fund, idemKey, registerMember, type Member } from './factories';
import { startFakeVenue, type FakeVenue, type FakeVenueOptions } from './fake-venue/fake-venue';

/** Children still running when this process exits are killed with it (no orphans). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});
function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

export const MERCHANT = 'NEBULA';
export const newSecret = () => randomBytes(32).toString('hex');

/** A free port on 127.0.0.1 right now (for processes that must be told their port). */
export function freePort(): Promise<number> {
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

/** Registers a venue through the operators' call (audited, like an operator would). */
export async function registerVenue(
  t: TestApp,
  admin: string,
  v: {
    code: string;
    origin: string;
    apiUrl: string;
    family?: string;
    /** Null: a house game venue (contract §6); absent: FBTY. */
    dialect?: string | null;
    name?: string;
    status?: 'open' | 'maintenance';
  },
) {
  const r = await adminCall(t, admin, 'POST', '/admin/api/v1/venues', {
    code: v.code,
    family: v.family ?? 'TY',
    name: v.name ?? `测试场馆${v.code}`,
    logo: '/static/venues/imty.svg',
    dialect: v.dialect === undefined ? 'FBTY' : v.dialect,
    origin: v.origin,
    apiUrl: v.apiUrl,
    merchantCode: MERCHANT,
    status: v.status ?? 'open',
  });
  if (r.status_code !== 6000) throw new Error(`venue not registered: ${JSON.stringify(r)}`);
  return r.data;
}

export interface Testbed {
  t: TestApp;
  venue: FakeVenue;
  secret: string;
  admin: string;
  codes: string[];
  close(): Promise<void>;
}

/** The real platform (in-process) beside a fake venue (in-process) registered under `codes`. */
export async function fakeVenueTestbed(
  opts: { codes?: string[]; app?: TestAppOptions; fake?: Partial<FakeVenueOptions> } = {},
): Promise<Testbed> {
  const secret = newSecret();
  const codes = opts.codes ?? ['FAKE'];
  const venue = await startFakeVenue({
    merchant: MERCHANT,
    secret,
    codes,
    stateFile: '',
    ...opts.fake,
  });
  const t = await createTestApp({
    seedDemo: false,
    ...opts.app,
    env: {
      VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}`,
      VENUE_TIMEOUT_MS: '1500',
      ...opts.app?.env,
    },
  });
  const admin = await adminToken(t);
  for (const code of codes)
    await registerVenue(t, admin, { code, origin: venue.url, apiUrl: venue.url });
  return {
    t,
    venue,
    secret,
    admin,
    codes,
    async close() {
      await t.close();
      await venue.close();
    },
  };
}

/** A member with `amount` in main. */
export async function fundedMember(t: TestApp, amount: string, admin?: string): Promise<Member> {
  const m = await registerMember(t);
  if (amount !== '0') await fund(t, m.memberId, amount, admin);
  return m;
}

export function transfer(
  m: Member,
  venueCode: string,
  direction: 'in' | 'out',
  amount: string,
  key = idemKey(),
) {
  return m.client.call<TransferResult>('transferOrder', {
    token: m.token,
    headers: { 'x-idempotency-key': key },
    body: { venueCode, direction, amount },
  });
}

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

export interface HouseVenueProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real house venue (`apps/venue`) as its own OS process on a free port, with its own
 * PGlite data directory (or `databaseUrl`).
 */
export async function startHouseVenue(o: {
  secret: string;
  dataDir: string;
  databaseUrl?: string;
  platformOrigin?: string;
  /** A venue operator token (role admin), for tests that enter results. */
  operatorToken?: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<HouseVenueProcess> {
  const port = o.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/venue/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      VENUE_HOST: '127.0.0.1',
      VENUE_PORT: String(port),
      VENUE_DATA_DIR: o.dataDir,
      VENUE_DATABASE_URL: o.databaseUrl ?? '',
      VENUE_MERCHANTS: `${MERCHANT}=${o.secret}`,
      VENUE_PLATFORM_ORIGINS: `${MERCHANT}=${o.platformOrigin ?? 'http://127.0.0.1:8080'}`,
      VENUE_PUBLIC_URL: `http://localhost:${port}`,
      VENUE_ACCEPT_DELAY_MS: '200',
      VENUE_TICK_MS: '200',
      ...(o.operatorToken ? { VENUE_OPERATORS: `tester:admin:${o.operatorToken}` } : {}),
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let out = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await new Promise<void>((resolve, reject) => {
    // A venue that never says it listens is killed, not left behind as an orphan process.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`venue did not start:\n${out}`));
    }, 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('house venue on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`venue exited ${code}:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
