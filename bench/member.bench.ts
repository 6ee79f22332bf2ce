/**
 * bench:member — on PostgreSQL, in one run on this machine:
 *   member/info: our route (guard, signature, session lookup, user hash, the one query that
 *     reads the member with their balances) against bare Fastify running that same query on
 *     the same database through a pool of the same size (goal ≥ 0.7×);
 *   login: rate and p99 with one member per client, each on its own trusted device. Login is
 *     bounded by argon2id at OWASP parameters by design, so the bench also times one verify
 *     here and prints the ceiling that cost sets on this machine's cores.
 * Rate limits are raised for the run; any reply that is not HTTP 200 with the expected 6000
 * envelope counts as an error. Only servers it starts itself on 127.0.0.1, stopped at the end,
 * and a scratch database it drops. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/password';
import { median, writeReport } from './lib/report';
import { spawnServer, type Spawned } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const LOGIN_CLIENTS = 8;
/** Our server's pool (PostgresDb's default) and the peer's. */
const POOL_SIZE = 10;
const SIGN_KEY = 'b'.repeat(64);
const PASSWORD = 'Bench-Pass-2026!';
const INFO_PATH = '/site/api/v1/user/member/info';
const INFO_BODY = '{"withLockMoney":1}';

interface Run {
  rps: number;
  p99: number;
  errors: number;
}

/** The headers of contract §2 for one device, signed now (valid for 5 minutes). */
function deviceHeaders(deviceId: string, token?: string): Record<string, string> {
  const ts = String(Date.now());
  const key = createHmac('sha256', SIGN_KEY).update(deviceId).digest();
  return {
    'content-type': 'application/json',
    'x-client-type': 'h5',
    'x-version': '2.0.0',
    'x-site-id': '6001',
    'x-api-uuid': deviceId,
    'x-timestamp': ts,
    'x-sign': createHmac('sha256', key).update(`site:${deviceId}:${ts}`).digest('hex'),
    ...(token ? { 'x-api-token': token } : {}),
  };
}

async function post<T>(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status_code: number; data: T; text: string }> {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers });
  const text = await res.text();
  return { ...(JSON.parse(text) as { status_code: number; data: T }), text };
}

async function register(
  base: string,
  userName: string,
): Promise<{ userName: string; deviceId: string; token: string }> {
  const deviceId = randomUUID();
  const r = await post<{ token: string }>(
    `${base}/site/api/v1/user/register`,
    { userName, password: PASSWORD, ageConfirmed: true },
    deviceHeaders(deviceId),
  );
  if (r.status_code !== 6000) throw new Error(`register ${userName} failed: ${r.text}`);
  return { userName, deviceId, token: r.data.token };
}

async function cannon(
  url: string,
  headers: Record<string, string>,
  expectBody: string,
): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    body: INFO_BODY,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    expectBody,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + (result.mismatches ?? 0),
  };
}

/** Logins, one member per client, for DURATION seconds. */
async function loginRun(
  base: string,
  members: { userName: string; deviceId: string }[],
): Promise<Run & { p50: number; ops: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    members.map(async (m) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          const r = await post(
            `${base}/site/api/v1/user/login`,
            { userName: m.userName, password: PASSWORD },
            deviceHeaders(m.deviceId),
          );
          if (r.status_code === 6000) latencies.push(performance.now() - t0);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return {
    ops: latencies.length,
    rps: latencies.length / DURATION,
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

/** One argon2id verify at a time, as the hashing floor of one login. */
async function verifyMs(): Promise<number> {
  const phc = await hashPassword(PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    const t0 = performance.now();
    if (!(await verifyPassword(phc, PASSWORD))) throw new Error('argon2 verify failed');
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function main(): Promise<void> {
  if (!adminUrl) {
    process.stderr.write(
      'bench:member needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).\n',
    );
    process.exit(1);
  }
  const name = `nebula_bench_member_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-bench-member-'));
  const secret = (c: string) => c.repeat(64);
  let ours: Spawned | null = null;
  let peer: Spawned | null = null;
  try {
    ours = await spawnServer(
      'apps/server/src/main.ts',
      {
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'off',
        RATE_LIMIT_MAX: '100000000',
        REGISTER_CAPTCHA: 'off',
        // The bench signs up its readers and login members from one address.
        REGISTER_PER_ADDRESS_HOUR: '10000',
        REGISTER_PER_BLOCK_HOUR: '100000',
        CAPTCHA_PER_ADDRESS_MINUTE: '100000',
        LOGIN_CAPTCHA_AFTER: '0',
        SIGN_KEY,
        SESSION_SECRET: secret('s'),
        JWT_SECRET: secret('j'),
        PAYMENT_CALLBACK_SECRET: secret('p'),
      },
      root,
    );
    const suffix = randomBytes(2).toString('hex');
    const reader = await register(ours.url, `binfo${suffix}`);
    const loginMembers = [];
    for (let i = 0; i < LOGIN_CLIENTS; i += 1)
      loginMembers.push(await register(ours.url, `blogin${suffix}${i}`));

    // member/info as the site sends it: signed, with the session token and X-User-Hash.
    const infoHeaders = {
      ...deviceHeaders(reader.deviceId, reader.token),
      'x-user-hash': createHash('sha256').update(reader.userName.toLowerCase()).digest('hex'),
    };
    const first = await post<{ memberId: number }>(
      ours.url + INFO_PATH,
      JSON.parse(INFO_BODY),
      infoHeaders,
    );
    if (first.status_code !== 6000) throw new Error(`member/info did not succeed: ${first.text}`);
    peer = await spawnServer(
      'bench/peers/member-query.ts',
      {
        DATABASE_URL: dbUrl.toString(),
        MEMBER_ID: String(first.data.memberId),
        POOL_SIZE: String(POOL_SIZE),
      },
      root,
    );
    const peerFirst = await post(peer.url + INFO_PATH, JSON.parse(INFO_BODY), {
      'content-type': 'application/json',
    });
    if (peerFirst.status_code !== 6000) throw new Error(`peer did not succeed: ${peerFirst.text}`);

    const o: Run[] = [];
    const p: Run[] = [];
    // Interleaved rounds, so drift on a noisy machine hits both sides alike.
    for (let i = 0; i < ROUNDS; i += 1) {
      o.push(await cannon(ours.url + INFO_PATH, infoHeaders, first.text));
      p.push(
        await cannon(peer.url + INFO_PATH, { 'content-type': 'application/json' }, peerFirst.text),
      );
    }
    const med = (runs: Run[]): Run => ({
      rps: median(runs.map((r) => r.rps)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((s, r) => s + r.errors, 0),
    });
    const info = { ours: med(o), peer: med(p) };
    const ratio = info.ours.rps / info.peer.rps;
    process.stdout.write(
      `member/info: ours ${info.ours.rps.toFixed(0)}/s vs bare ${info.peer.rps.toFixed(0)}/s (${ratio.toFixed(2)}×)\n`,
    );

    const logins = [];
    for (let i = 0; i < ROUNDS; i += 1) logins.push(await loginRun(ours.url, loginMembers));
    const login = {
      rps: median(logins.map((r) => r.rps)),
      p50: median(logins.map((r) => r.p50)),
      p99: median(logins.map((r) => r.p99)),
      errors: logins.reduce((s, r) => s + r.errors, 0),
    };
    const verify = await verifyMs();
    const cores = availableParallelism();
    const ceiling = (cores * 1000) / verify;

    const table = [
      '| member/info | ours | bare Fastify + the same query | ratio (goal ≥ 0.7) |',
      '|---|---|---|---|',
      `| req/s | ${info.ours.rps.toFixed(0)} | ${info.peer.rps.toFixed(0)} | ${ratio.toFixed(2)}× |`,
      `| p99 ms | ${info.ours.p99} | ${info.peer.p99} | |`,
      `| errors | ${info.ours.errors} | ${info.peer.errors} | |`,
      '',
      `| login (${LOGIN_CLIENTS} clients, one member each) | logins/s | p50 ms | p99 ms | errors | argon2id verify ms (one at a time) | hashing ceiling on ${cores} cores |`,
      '|---|---|---|---|---|---|---|',
      `| ours | ${login.rps.toFixed(1)} | ${login.p50.toFixed(0)} | ${login.p99.toFixed(0)} | ${login.errors} | ${verify.toFixed(1)} | ${ceiling.toFixed(0)}/s |`,
      '',
      `Each login verifies one argon2id hash (m = 19 MiB, t = 2, p = 1) by design: hashing alone caps logins at ≈${ceiling.toFixed(0)}/s on ${cores} cores; ` +
        `measured ${login.rps.toFixed(1)}/s = ${((login.rps / ceiling) * 100).toFixed(0)}% of that cap (the rest: the login's queries and transaction, and the shared cores).`,
    ].join('\n');
    process.stdout.write(
      `\n${table}\n\n(${ROUNDS} rounds × ${DURATION} s, ${CONNECTIONS} connections for member/info, medians, PostgreSQL, pool ${POOL_SIZE})\n`,
    );
    await writeReport(
      'member',
      {
        rounds: ROUNDS,
        duration: DURATION,
        connections: CONNECTIONS,
        poolSize: POOL_SIZE,
        info: { ...info, ratio, runs: { ours: o, peer: p } },
        login: { ...login, clients: LOGIN_CLIENTS, runs: logins, verifyMs: verify, cores, ceiling },
      },
      table,
    );
  } finally {
    await ours?.stop();
    await peer?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
