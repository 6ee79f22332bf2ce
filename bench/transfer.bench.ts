/*
 * Over 300 lines on purpose: the benchmark, its load driver and its report in one script, so a
 * run is one file to read.
 */
/**
 * bench:transfer — transfers main ↔ the house venue over HTTP on PostgreSQL, 32 clients all on
 * one member's main balance (the hot row; each client alternating in and out of 1.00), ours
 * against a naive peer in the same run:
 *   ours:  the platform's `POST /fd/api/v1/transfer/order` (signed, keyed; the ledger model of
 *          the pending row and main → transit committed, the venue called outside any
 *          transaction, the completion by compare-and-set), answering the transfer and balances;
 *   naive: bare Fastify (bench/peers/naive-transfer.ts) that locks the member's main row
 *          FOR UPDATE and calls the venue while holding it and its connection.
 * Every part is its own process: the house venue (its own PostgreSQL database), the platform
 * (production mode), the peer (a pool of the same size). Both reach the venue through the same
 * signed merchant client and a relay that adds the round trip of a provider in another data
 * centre (BENCH_VENUE_LATENCY_MS, 20 ms). Goal ≥ 1× (safety must not cost speed) and zero drift
 * after: the platform's books reconcile, nothing is pending, and for each side the members'
 * main plus their venue balances equal what they were given.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. BENCH_SECONDS, BENCH_ROUNDS tune the run.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseMoney } from '@nebula/protocol';
import { MerchantClient } from '../apps/server/src/modules/venue-registry/merchant-client';
import { MerchantSecrets } from '../apps/server/src/config/merchant-secrets';
import { drive, medianRun, type Run } from './lib/load';
import { writeReport } from './lib/report';
import { spawnServer, type Spawned } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LATENCY_MS = Number(process.env.BENCH_VENUE_LATENCY_MS ?? 20);
const POOL_SIZE = 10;
const VENUE = 'IMTY';
const MERCHANT = 'NEBULA';
const START = '10000.00';
const SIGN_KEY = 'c'.repeat(64);
const ADMIN = { userName: 'benchadmin', password: 'bench-admin-pass-1' };

/** Forwards to the venue after `LATENCY_MS`: a provider one data centre away, for both sides. */
function relay(to: string): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const u = new URL(req.url ?? '/', to);
        const out = http.request(
          u,
          { method: req.method, headers: { ...req.headers, host: u.host }, agent },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        out.on('error', () => res.destroy());
        out.end(Buffer.concat(chunks));
      }, LATENCY_MS);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    }),
  );
}

function headers(deviceId: string, base: string, extra: Record<string, string> = {}) {
  const ts = String(Date.now());
  const key = createHmac('sha256', SIGN_KEY).update(deviceId).digest();
  return {
    'content-type': 'application/json',
    'x-client-type': 'h5',
    'x-version': '2.0.0',
    'x-site-id': '6001',
    'x-api-uuid': deviceId,
    'x-timestamp': ts,
    'x-sign': createHmac('sha256', key).update(`${base}:${deviceId}:${ts}`).digest('hex'),
    ...extra,
  };
}

async function json<T>(res: Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

async function main(): Promise<void> {
  if (!adminUrl) {
    process.stderr.write(
      'bench:transfer needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).\n',
    );
    process.exit(1);
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dbs: string[] = [];
  const scratch = async (prefix: string) => {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    dbs.push(name);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const servers: { close(): Promise<void> }[] = [];
  const stop = (s: Spawned) => ({ close: () => s.stop() });
  try {
    const platformDb = await scratch('nebula_bench_transfer');
    const venueDb = await scratch('nebula_bench_venue');
    const secret = randomBytes(32).toString('hex');
    const venueDir = path.join(tmpdir(), `nebula-bench-venue-${process.pid}`);
    // The venue writes its operator token there even on PostgreSQL.
    await mkdir(venueDir, { recursive: true });
    const venue = await spawnServer(
      'apps/venue/src/main.ts',
      {
        VENUE_HOST: '127.0.0.1',
        VENUE_PORT: '0',
        VENUE_DATABASE_URL: venueDb,
        VENUE_MERCHANTS: `${MERCHANT}=${secret}`,
        VENUE_LEADER: 'off',
        VENUE_DATA_DIR: venueDir,
      },
      root,
      /house venue on (http:\/\/[\d.]+:\d+)/,
    );
    servers.push(stop(venue));
    const far = await relay(venue.url);
    servers.push(far);
    const s = (n: string) => n.repeat(64);
    const platform = await spawnServer(
      'apps/server/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: platformDb,
        DATA_DIR: path.join(tmpdir(), `nebula-bench-transfer-${process.pid}`),
        SIGN_KEY,
        SESSION_SECRET: s('d'),
        JWT_SECRET: s('e'),
        PAYMENT_CALLBACK_SECRET: s('f'),
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '100000000',
        REGISTER_CAPTCHA: 'off',
        REGISTER_PER_ADDRESS_HOUR: '10000',
        ADMIN_USER: ADMIN.userName,
        ADMIN_PASSWORD: ADMIN.password,
        VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}`,
      },
      root,
    );
    servers.push(stop(platform));
    const peer = await spawnServer(
      'bench/peers/naive-transfer.ts',
      {
        DATABASE_URL: platformDb,
        POOL_SIZE: String(POOL_SIZE),
        VENUE_URL: far.url,
        VENUE_CODE: VENUE,
        MERCHANT,
        SECRET: secret,
      },
      root,
    );
    servers.push(stop(peer));

    // The registry entry and the members, through the operators' and members' own calls.
    const op = (
      await json<{ data: { token: string } }>(
        fetch(`${platform.url}/admin/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        }),
      )
    ).data.token;
    const opCall = (method: string, p: string, body?: unknown, extra = {}) =>
      json<{ status_code: number; data: unknown }>(
        fetch(`${platform.url}${p}`, {
          method,
          headers: { 'content-type': 'application/json', 'x-admin-token': op, ...extra },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const added = await opCall('POST', '/admin/api/v1/venues', {
      code: VENUE,
      family: 'TY',
      name: '星云体育·IM',
      logo: '/static/venues/imty.svg',
      dialect: 'IMTY',
      origin: venue.url,
      apiUrl: far.url,
      merchantCode: MERCHANT,
    });
    if (added.status_code !== 6000) throw new Error(`venue: ${JSON.stringify(added)}`);
    // One member takes every client's orders: lift the per-member limit (contract §6) out of
    // the way, as an operator would for a load test.
    const limit = await opCall('POST', '/admin/api/v1/settings', {
      transferOrdersPerMinute: 100_000,
    });
    if (limit.status_code !== 6000) throw new Error(`settings: ${JSON.stringify(limit)}`);
    const ours: { deviceId: string; token: string; memberId: number }[] = [];
    for (let i = 0; i < 1; i += 1) {
      const deviceId = randomUUID();
      const userName = `bt${randomBytes(4).toString('hex')}`;
      const reg = await json<{ status_code: number; data: { token: string } }>(
        fetch(`${platform.url}/site/api/v1/user/register`, {
          method: 'POST',
          headers: headers(deviceId, 'site'),
          body: JSON.stringify({ userName, password: 'Bench-Transfer-Pass-1', ageConfirmed: true }),
        }),
      );
      if (reg.status_code !== 6000) throw new Error(`register: ${JSON.stringify(reg)}`);
      const found = (await opCall('GET', `/admin/api/v1/members?q=${userName}`)) as {
        data: { list: { memberId: number }[] };
      };
      const memberId = found.data.list[0]!.memberId;
      await opCall(
        'POST',
        `/admin/api/v1/members/${memberId}/adjust`,
        { asset: 'CNY', direction: 'credit', amount: START, reason: 'bench' },
        { 'x-idempotency-key': randomUUID() },
      );
      ours.push({ deviceId, token: reg.data.token, memberId });
    }
    const peerPlayers = ['naive0'];
    for (const playerId of peerPlayers)
      await fetch(`${peer.url}/naive/seed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ playerId, balance: START }),
      });

    const member = ours[0]!;
    // Each client alternates in and out of 1.00; a reply that is not a succeeded transfer
    // counts as an error.
    const turns = new Map<number, number>();
    const next = (c: number) => {
      const i = turns.get(c) ?? 0;
      turns.set(c, i + 1);
      return i % 2 ? 'out' : 'in';
    };
    const oursOp = async (c: number) => {
      const r = await json<{ status_code: number; data?: { status: string } }>(
        fetch(`${platform.url}/fd/api/v1/transfer/order`, {
          method: 'POST',
          headers: headers(member.deviceId, 'fd', {
            'x-api-token': member.token,
            'x-idempotency-key': randomUUID(),
          }),
          body: JSON.stringify({ venueCode: VENUE, direction: next(c), amount: '1.00' }),
        }),
      );
      if (r.status_code !== 6000 || r.data?.status !== 'succeeded') throw new Error('refused');
    };
    const peerOp = async (c: number) => {
      const r = await json<{ ok: boolean }>(
        fetch(`${peer.url}/naive/transfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            playerId: peerPlayers[0]!,
            direction: next(c + 1000),
            amount: '1.00',
          }),
        }),
      );
      if (!r.ok) throw new Error('refused');
    };

    const o: Run[] = [];
    const p: Run[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      o.push(await drive(CLIENTS, SECONDS, oursOp));
      p.push(await drive(CLIENTS, SECONDS, peerOp));
      process.stdout.write(
        `round ${i + 1}: ours ${o[i]!.rate.toFixed(0)}/s, naive ${p[i]!.rate.toFixed(0)}/s\n`,
      );
    }
    const om = medianRun(o);
    const pm = medianRun(p);
    const ratio = om.rate / pm.rate;

    // Zero drift: the books, nothing pending, main + venue what each side was given.
    const rec = (await opCall('GET', '/admin/api/v1/ledger/reconcile')) as {
      data: { ok: boolean };
    };
    const pending = (await opCall('GET', '/admin/api/v1/transfers?status=pending')) as {
      data: { total: number };
    };
    const merchant = new MerchantClient({
      secrets: new MerchantSecrets(new Map([[MERCHANT, secret]]), null),
    });
    const target = { code: VENUE, apiUrl: venue.url, merchantCode: MERCHANT };
    const atVenue = async (playerId: string) => {
      const r = await merchant.call(target, 'balance', { venueCode: VENUE, playerId });
      if (r.kind !== 'ok') throw new Error('venue balance unanswered');
      return parseMoney(r.data.balance);
    };
    let oursDrift = 0n;
    for (const m of ours) {
      const b = await json<{ data: { main: string } }>(
        fetch(`${platform.url}/fd/api/v1/wallet/balances`, {
          headers: headers(m.deviceId, 'fd', { 'x-api-token': m.token }),
        }),
      );
      oursDrift += parseMoney(b.data.main) + (await atVenue(`n${m.memberId}`)) - parseMoney(START);
    }
    let peerDrift = 0n;
    for (const playerId of peerPlayers) {
      const b = await json<{ balance: string }>(
        fetch(`${peer.url}/naive/balance?playerId=${playerId}`),
      );
      peerDrift += parseMoney(b.balance) + (await atVenue(playerId)) - parseMoney(START);
    }
    const table = [
      '| transfers main ↔ venue over HTTP | transfers/s | p99 ms | errors |',
      '|---|---|---|---|',
      `| ours (keyed; pending row; venue called outside any transaction; CAS completion) | ${om.rate.toFixed(0)} | ${om.p99.toFixed(1)} | ${om.errors} |`,
      `| naive peer (main row FOR UPDATE held across the venue call) | ${pm.rate.toFixed(0)} | ${pm.p99.toFixed(1)} | ${pm.errors} |`,
      '',
      `Ratio **${ratio.toFixed(2)}×** (goal ≥ 1×). Afterwards: platform books reconcile = ${rec.data.ok}, pending transfers = ${pending.data.total}, drift (main + venue − given): ours ${oursDrift} fen, naive ${peerDrift} fen.`,
      '',
      `(${CLIENTS} clients on one member's main balance, each alternating in and out of 1.00; ${ROUNDS} rounds × ${SECONDS} s, medians; venue ${LATENCY_MS} ms away for both; pools of ${POOL_SIZE}; the platform, the peer and the venue each their own process on PostgreSQL.)`,
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    await writeReport(
      'transfer',
      {
        clients: CLIENTS,
        rounds: ROUNDS,
        seconds: SECONDS,
        latencyMs: LATENCY_MS,
        ours: om,
        peer: pm,
        ratio,
        reconciled: rec.data.ok,
        pending: pending.data.total,
        oursDrift: String(oursDrift),
        peerDrift: String(peerDrift),
      },
      table,
    );
    if (!rec.data.ok || oursDrift !== 0n || pending.data.total !== 0) process.exitCode = 1;
  } finally {
    for (const srv of servers.reverse()) await srv.close().catch(() => undefined);
    for (const name of dbs) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
