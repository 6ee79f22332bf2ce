/**
 * bench:api — our platform against bare Fastify returning the same JSON, side by side in one
 * run on this machine. Rate limits are raised for the run; any reply that is not HTTP 200 with
 * the expected 6000 body counts as an error. Prints req/s, p99 and the ratio (goal ≥ 0.8×).
 *
 * Like for like: both run with NODE_ENV=production and pino at warn, and the peer returns the
 * same data as an object that Fastify serializes per request, as our routes do. Both sides get
 * a warm-up run first (JIT), then rounds alternate so drift on a noisy machine hits both.
 * Each side's CPU time per call (from /proc, Linux) is reported too: on a shared machine it
 * moves less than the rates do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiTargets, benchServerEnv, type ApiTarget } from './lib/api-targets';
import { processCpuMs } from './lib/process-cpu';
import { median, writeReport } from './lib/report';
import { spawnServer, type Spawned } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = 2;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;

interface RunResult {
  rps: number;
  p99: number;
  errors: number;
  /** The server's CPU time per call in µs (null off Linux). */
  cpuUs: number | null;
}

async function run(
  server: Spawned,
  t: ApiTarget,
  expectBody: string,
  duration = DURATION,
): Promise<RunResult> {
  const cpuBefore = processCpuMs(server.child.pid);
  const result = await autocannon({
    url: server.url + t.path,
    method: t.method,
    body: t.body,
    headers: { 'content-type': 'application/json', ...t.headers },
    connections: CONNECTIONS,
    duration,
    expectBody,
  });
  const cpuAfter = processCpuMs(server.child.pid);
  const errors = result.errors + result.timeouts + result.non2xx + (result.mismatches ?? 0);
  const cpuUs =
    cpuBefore === null || cpuAfter === null || result.requests.total === 0
      ? null
      : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, errors, cpuUs };
}

function medianOf(runs: RunResult[]) {
  const cpu = runs.map((r) => r.cpuUs).filter((c): c is number => c !== null);
  return {
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    cpuUs: cpu.length ? median(cpu) : null,
  };
}

const cpu = (us: number | null) => (us === null ? '–' : us.toFixed(0));

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-bench-'));
  const ours = await spawnServer('apps/server/src/main.ts', benchServerEnv(dataDir), root);
  const targets = apiTargets();
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
  // `uptime`'s load: the figures only compare within one run on a shared machine.
  const loadBefore = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  try {
    for (const t of targets) {
      await run(ours, t, bodies[t.path]!, WARMUP);
      await run(peer, t, bodies[t.path]!, WARMUP);
      const o: RunResult[] = [];
      const p: RunResult[] = [];
      // Interleave rounds so drift on a noisy machine hits both sides alike.
      for (let i = 0; i < ROUNDS; i += 1) {
        o.push(await run(ours, t, bodies[t.path]!));
        p.push(await run(peer, t, bodies[t.path]!));
      }
      const oursMed = medianOf(o);
      const peerMed = medianOf(p);
      rows.push({ target: t.name, ours: oursMed, peer: peerMed, ratio: oursMed.rps / peerMed.rps });
    }
  } finally {
    await ours.stop();
    await peer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const table = [
    '| call | ours req/s | ours p99 ms | bare Fastify req/s | bare p99 ms | ratio (goal ≥ 0.8) | CPU µs/call (ours/peer) | errors (ours/peer) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${r.ours.rps.toFixed(0)} | ${r.ours.p99} | ${r.peer.rps.toFixed(0)} | ${r.peer.p99} | ${r.ratio.toFixed(2)}× | ${cpu(r.ours.cpuUs)}/${cpu(r.peer.cpuUs)} | ${r.ours.errors}/${r.peer.errors} |`,
    ),
  ].join('\n');
  const loadAfter = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const note = `${ROUNDS} rounds × ${DURATION} s after a ${WARMUP} s warm-up, ${CONNECTIONS} connections, medians; both NODE_ENV=production, logs at warn. Load average before ${loadBefore}, after ${loadAfter}.`;
  process.stdout.write(`\n${table}\n\n(${note})\n`);
  await writeReport(
    'api',
    {
      rounds: ROUNDS,
      duration: DURATION,
      warmup: WARMUP,
      connections: CONNECTIONS,
      loadBefore,
      loadAfter,
      rows,
    },
    `${table}\n\n${note}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
