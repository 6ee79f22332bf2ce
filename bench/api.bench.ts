/**
 * bench:api — our platform against bare Fastify returning the same JSON, side by side in one
 * run on this machine. Rate limits are raised for the run; any reply that is not HTTP 200 with
 * the expected 6000 body counts as an error. Prints req/s, p99 and the ratio (goal ≥ 0.8×).
 *
 * Like for like: both run with NODE_ENV=production and pino at warn, and the peer returns the
 * same data as an object that Fastify serializes per request, as our routes do. Both sides get
 * a warm-up run first (JIT), then rounds alternate so drift on a noisy machine hits both.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { median, writeReport } from './lib/report';
import { spawnServer } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 2;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

interface RunResult {
  rps: number;
  p99: number;
  errors: number;
}

async function run(
  url: string,
  t: Target,
  expectBody: string,
  duration = DURATION,
): Promise<RunResult> {
  const result = await autocannon({
    url: url + t.path,
    method: t.method,
    body: t.body,
    headers: { 'content-type': 'application/json', ...t.headers },
    connections: CONNECTIONS,
    duration,
    expectBody,
  });
  const errors = result.errors + result.timeouts + result.non2xx + (result.mismatches ?? 0);
  return { rps: result.requests.average, p99: result.latency.p99, errors };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-bench-'));
  const ours = await spawnServer(
    'apps/server/src/main.ts',
    {
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'on',
      SIGN_KEY: 'b'.repeat(64),
      SESSION_SECRET: 's'.repeat(64),
      JWT_SECRET: 'j'.repeat(64),
      PAYMENT_CALLBACK_SECRET: 'p'.repeat(64),
    },
    root,
  );
  const signKey = 'b'.repeat(64);
  const deviceId = randomUUID();
  const common = {
    'x-client-type': 'h5',
    'x-version': '2.0.0',
    'x-site-id': '6001',
    'x-api-uuid': deviceId,
  };
  // One signature, valid for the 5-minute window, is reused for the whole run.
  const ts = String(Date.now());
  const deviceKey = createHmac('sha256', signKey).update(deviceId).digest();
  const sign = createHmac('sha256', deviceKey).update(`site:${deviceId}:${ts}`).digest('hex');
  const targets: Target[] = [
    {
      name: 'preInfo',
      method: 'POST',
      path: '/site/api/v1/configuration/preInfo',
      body: '{"platformType":6}',
      headers: common,
    },
    {
      name: 'noticeList (signed)',
      method: 'POST',
      path: '/site/api/v1/advertising/queryNoticeList',
      body: '{"category":1}',
      headers: { ...common, 'x-timestamp': ts, 'x-sign': sign },
    },
  ];
  const bodies: Record<string, string> = {};
  for (const t of targets) {
    const res = await fetch(ours.url + t.path, {
      method: t.method,
      body: t.body,
      headers: { 'content-type': 'application/json', ...t.headers },
    });
    const text = await res.text();
    if (!text.includes('"status_code":6000')) throw new Error(`${t.name} did not succeed: ${text}`);
    bodies[t.path] = text;
  }
  const peer = await spawnServer(
    'bench/peers/bare-fastify.ts',
    { BODIES: JSON.stringify(bodies), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    root,
  );
  const rows: { target: string; ours: RunResult; peer: RunResult; ratio: number }[] = [];
  try {
    for (const t of targets) {
      await run(ours.url, t, bodies[t.path]!, WARMUP);
      await run(peer.url, t, bodies[t.path]!, WARMUP);
      const o: RunResult[] = [];
      const p: RunResult[] = [];
      // Interleave rounds so drift on a noisy machine hits both sides alike.
      for (let i = 0; i < ROUNDS; i += 1) {
        o.push(await run(ours.url, t, bodies[t.path]!));
        p.push(await run(peer.url, t, bodies[t.path]!));
      }
      const oursMed = {
        rps: median(o.map((r) => r.rps)),
        p99: median(o.map((r) => r.p99)),
        errors: o.reduce((s, r) => s + r.errors, 0),
      };
      const peerMed = {
        rps: median(p.map((r) => r.rps)),
        p99: median(p.map((r) => r.p99)),
        errors: p.reduce((s, r) => s + r.errors, 0),
      };
      rows.push({ target: t.name, ours: oursMed, peer: peerMed, ratio: oursMed.rps / peerMed.rps });
    }
  } finally {
    await ours.stop();
    await peer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const table = [
    '| call | ours req/s | ours p99 ms | bare Fastify req/s | bare p99 ms | ratio (goal ≥ 0.8) | errors (ours/peer) |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${r.ours.rps.toFixed(0)} | ${r.ours.p99} | ${r.peer.rps.toFixed(0)} | ${r.peer.p99} | ${r.ratio.toFixed(2)}× | ${r.ours.errors}/${r.peer.errors} |`,
    ),
  ].join('\n');
  const note = `${ROUNDS} rounds × ${DURATION} s after a ${WARMUP} s warm-up, ${CONNECTIONS} connections, medians; both NODE_ENV=production, logs at warn.`;
  process.stdout.write(`\n${table}\n\n(${note})\n`);
  await writeReport(
    'api',
    { rounds: ROUNDS, duration: DURATION, warmup: WARMUP, connections: CONNECTIONS, rows },
    `${table}\n\n${note}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
