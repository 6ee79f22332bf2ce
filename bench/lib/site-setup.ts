import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { FUND_PASSWORD, type SiteMemberCredentials } from './site-member';
import { memberAddress } from './site-address';
import { SiteClient } from './site-client';
import { spawnServer, type Spawned } from './spawn-server';

/**
 * The site as bench:site runs it, every part its own process on 127.0.0.1: the house venue on
 * its own PostgreSQL database, two platform nodes on another sharing Redis (a prefix of their
 * own), both seeded with the demo registry pointing at the venue.
 */
export interface SiteProcesses {
  venue: Spawned;
  nodes: Spawned[];
  platformDb: string;
  venueDb: string;
  signKey: string;
  admin: { call<T>(method: string, p: string, body?: unknown): Promise<T> };
  close(): Promise<void>;
}

const MERCHANT = 'NEBULA';
export const SIGN_KEY = 'b'.repeat(64);
const ADMIN = { userName: 'benchadmin', password: 'bench-admin-pass-1' };
const HUGE = '100000000';

/** A free port on 127.0.0.1 now: the venue's page URLs must name the origin it listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startSite(
  root: string,
  adminUrl: string,
  redisUrl: string,
  opts: { nodeArgs?: string[] } = {},
): Promise<SiteProcesses> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dbs: string[] = [];
  const prefix = `bench-site-${randomBytes(3).toString('hex')}:`;
  const children: Spawned[] = [];
  const dirs: string[] = [];
  const scratch = async (name: string) => {
    const db = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${db}`);
    dbs.push(db);
    const u = new URL(adminUrl);
    u.pathname = `/${db}`;
    return { db, url: u.toString() };
  };
  const close = async () => {
    for (const c of [...children].reverse()) await c.stop().catch(() => undefined);
    for (const d of dbs) await admin.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`);
    await admin.end().catch(() => undefined);
    for (const d of dirs) await rm(d, { recursive: true, force: true });
    // The nodes' keys (chat fan-out, rate limits, caches) go with them.
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } catch {
      // Nothing to clean when Redis is gone.
    } finally {
      redis.disconnect();
    }
  };
  try {
    const platform = await scratch('nebula_bench_site');
    const venueDb = await scratch('nebula_bench_site_venue');
    const secret = randomBytes(32).toString('hex');
    const venuePort = await freePort();
    const venueDir = await mkdtemp(path.join(tmpdir(), 'nebula-bench-site-venue-'));
    dirs.push(venueDir);
    const venue = await spawnServer(
      'apps/venue/src/main.ts',
      {
        VENUE_HOST: '127.0.0.1',
        VENUE_PORT: String(venuePort),
        VENUE_PUBLIC_URL: `http://127.0.0.1:${venuePort}`,
        VENUE_DATABASE_URL: venueDb.url,
        VENUE_MERCHANTS: `${MERCHANT}=${secret}`,
        VENUE_DATA_DIR: venueDir,
        LOG_LEVEL: 'warn',
        // Every simulated member comes from 127.0.0.1: the per-address budgets would measure
        // the limiter, not the site. Per session they stay far above what a member does.
        VENUE_RATE_PER_ADDRESS: HUGE,
        // The members' browsers reach the venue through the proxy on 127.0.0.1 (the driver),
        // which hands on each member's own address (bench/lib/site-client.ts).
        VENUE_TRUST_PROXY: 'loopback',
        VENUE_RATE_PLACE_PER_ADDRESS: HUGE,
      },
      root,
      /house venue on (http:\/\/[\d.]+:\d+)/,
      { nodeArgs: opts.nodeArgs, raiseFileLimit: true },
    );
    children.push(venue);
    const nodeEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: platform.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      // As production behind its proxy: the driver is the proxy on 127.0.0.1 and hands on each
      // member's own address, so the per-address rules (the chat's 20 anonymous sockets per
      // address, its flood strikes) stay as they are and meet one member per address.
      TRUST_PROXY: 'loopback',
      SIGN_KEY,
      SESSION_SECRET: 's'.repeat(64),
      JWT_SECRET: 'j'.repeat(64),
      PAYMENT_CALLBACK_SECRET: 'p'.repeat(64),
      AUDIT_CHECKPOINT_KEY: 'a'.repeat(64),
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: 'https://localhost',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'on',
      SANDBOX_PAYMENTS: 'on',
      RATE_LIMIT_MAX: HUGE,
      REGISTER_CAPTCHA: 'off',
      REGISTER_PER_ADDRESS_HOUR: '10000',
      REGISTER_PER_BLOCK_HOUR: '100000',
      ADMIN_USER: ADMIN.userName,
      ADMIN_PASSWORD: ADMIN.password,
      VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}`,
      DEMO_VENUE_ORIGIN: venue.url,
      DEMO_VENUE_API_URL: venue.url,
    };
    // One after the other: the first seeds the demo content and registry, the second finds it.
    for (const n of [0, 1]) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `nebula-bench-site-node${n}-`));
      dirs.push(dataDir);
      children.push(
        await spawnServer(
          'apps/server/src/main.ts',
          { ...nodeEnv, DATA_DIR: dataDir },
          root,
          undefined,
          {
            nodeArgs: opts.nodeArgs,
            raiseFileLimit: true,
          },
        ),
      );
    }
    const nodes = children.slice(1);
    const login = await fetch(`${nodes[0]!.url}/admin/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${nodes[0]!.url}${p}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-admin-token': token,
          'x-idempotency-key': randomBytes(12).toString('hex'),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const env = (await res.json()) as { status_code: number; data: T };
      if (env.status_code !== 6000) throw new Error(`${p}: ${JSON.stringify(env).slice(0, 300)}`);
      return env.data;
    };
    // What an operator sets for a load test: no withdrawal turnover or cool-off to wait out,
    // a daily withdrawal limit the loop cannot reach, transfer orders unthrottled.
    await call('POST', '/admin/api/v1/settings', {
      turnoverMultiplier: '0',
      payoutCooloffHours: 0,
      withdrawDailyMax: '100000000',
      transferOrdersPerMinute: 100_000,
    });
    return {
      venue,
      nodes,
      platformDb: platform.db,
      venueDb: venueDb.db,
      signKey: SIGN_KEY,
      admin: { call },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Registers one member on node `node` and readies them for the loop as a member would: real
 * name (approved by the operator), fund password, a payout bank card; then the operator funds
 * them through the ledger (a keyed adjustment).
 */
export async function makeMember(
  site: SiteProcesses,
  index: number,
  funds: string,
): Promise<SiteMemberCredentials> {
  const node = index % site.nodes.length;
  const address = memberAddress(index);
  const c = new SiteClient(site.nodes[node]!.url, site.signKey, () => undefined, address);
  const userName = `bs${index}x${randomBytes(3).toString('hex')}`;
  const password = 'Bench-Site-Pass-1';
  const reg = await c.data<{ token: string }>('register', {
    body: { userName, password, ageConfirmed: true },
  });
  c.token = reg.token;
  const found = await site.admin.call<{ list: { memberId: number }[] }>(
    'GET',
    `/admin/api/v1/members?q=${userName}`,
  );
  const memberId = found.list[0]!.memberId;
  await c.data('realNameSubmit', { body: { realName: '王小明' } });
  await site.admin.call('POST', `/admin/api/v1/realName/${memberId}/review`, { approve: true });
  await c.data('fundPasswordSet', {
    body: { fundPassword: FUND_PASSWORD, stepUp: { password } },
  });
  const acc = await c.data<{ id: number }>('paymentAccountAdd', {
    body: {
      type: 'bank',
      bankCode: 'ICBC',
      accountNo: '6222020200123456789',
      stepUp: { password },
    },
  });
  await site.admin.call('POST', `/admin/api/v1/members/${memberId}/adjust`, {
    asset: 'CNY',
    direction: 'credit',
    amount: funds,
    reason: 'bench',
  });
  return { userName, password, accountId: acc.id, memberId, node, address };
}
