/**
 * bench:tables — the live tables (docs/contract.md §10.12) in two parts:
 *   A. the simulation: BENCH_HANDS (10^7 by default) hands of 百家乐 and as many of 龙虎, dealt
 *      from whole 8-deck shoes drawn by the protocol's shoe code from one fixed seed (cut card
 *      respected), in worker threads; each bet's realised return with its 99 % interval
 *      (bench/lib/return-interval.ts), which must hold the published exact return
 *      (table-edges.ts). Exit 1 when one does not.
 *   B. the seal rush on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): 300 members at one
 *      table betting in the last 2 s before the seal through the venue's services, then the
 *      round's settlement, against the naive peer (bench/peers/naive-table.ts); see
 *      bench/lib/table-rush.ts.
 *   C. the fan-out: 2,000 live sockets on 127.0.0.1 watching one table through part B's rush,
 *      the venue's channel hub against a naive broadcast per bet; see bench/lib/table-fanout.ts.
 * BENCH_TABLES_PART=A, B, C (or any mix) runs those parts.
 */
import { Worker } from 'node:worker_threads';
import { loadavg } from 'node:os';
import { tableEdges } from '@nebula/protocol/venue/games/tables/index';
import { coversEdge, mergeSums, returnInterval, type ReturnSums } from './lib/return-interval';
import { writeReport } from './lib/report';
import { runTableFanout } from './lib/table-fanout';
import { runTableRush } from './lib/table-rush';
import { SIM_ZONES, type SimKind, type SimResult, type SimTask } from './lib/table-sim';

const HANDS = Number(process.env.BENCH_HANDS ?? 10_000_000);
const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 2));
const PART = process.env.BENCH_TABLES_PART ?? 'ABC';
/** The fixed seed: SHA-256 of the ASCII text "bench:tables". */
const SEED_HEX = '6af006eda5a85cb2b10a8e31a7551fb9da078ace7f40f119848149db532a419d';
/** Hands a shoe gives on average (about 80 for 百家乐, 199 for 龙虎), with room to spare. */
const PER_SHOE: Record<SimKind, number> = { baccarat: 79, dragon_tiger: 197 };

function runWorker(task: SimTask): Promise<SimResult> {
  return new Promise((resolve, reject) => {
    // The worker is TypeScript as well: a small script registers tsx in it, then loads it.
    const tsx = import.meta.resolve('tsx/esm/api');
    const file = new URL('./lib/table-sim-worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); });`;
    const w = new Worker(boot, { eval: true, workerData: task });
    w.once('message', (m: SimResult) => resolve(m));
    w.once('error', reject);
    w.once('exit', (code) => {
      if (code !== 0) reject(new Error(`simulation worker exited with ${code}`));
    });
  });
}

async function simulate(kind: SimKind): Promise<Record<string, ReturnSums>> {
  const shoes = Math.ceil(HANDS / PER_SHOE[kind]);
  const per = Math.ceil(shoes / WORKERS);
  const parts = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) =>
      runWorker({
        kind,
        seedHex: SEED_HEX,
        from: 1 + i * per,
        to: 1 + Math.min(shoes, (i + 1) * per),
      }),
    ),
  );
  return Object.fromEntries(
    SIM_ZONES[kind].map((z) => [z, parts.map((p) => p[z]!).reduce(mergeSums)]),
  );
}

const pct = (x: number) => `${(x * 100).toFixed(4)} %`;

async function partA(): Promise<{ ok: boolean; table: string; results: unknown }> {
  const edges = tableEdges();
  const published: Record<string, number> = {
    ...edges.baccarat,
    nc_banker: edges.noCommission.banker,
  };
  const names: Record<string, string> = {
    banker: '百家乐 庄 (0.95:1)',
    player: '百家乐 闲',
    tie: '百家乐 和 (8:1)',
    banker_pair: '百家乐 庄对 (11:1)',
    player_pair: '百家乐 闲对 (11:1)',
    nc_banker: '免佣 庄 (6 点 1:2)',
  };
  const rows: string[] = [];
  const results: Record<string, unknown> = {};
  let ok = true;
  for (const kind of ['baccarat', 'dragon_tiger'] as const) {
    const t0 = performance.now();
    const sums = await simulate(kind);
    const ms = performance.now() - t0;
    for (const zone of SIM_ZONES[kind]) {
      const s = sums[zone]!;
      const edge = kind === 'baccarat' ? published[zone]! : edges.dragonTiger[zone as 'tie'];
      const i = returnInterval(s);
      const inside = coversEdge(i, edge);
      ok &&= inside;
      const label =
        kind === 'baccarat'
          ? names[zone]!
          : `龙虎 ${{ dragon: '龙', tiger: '虎', tie: '和 (8:1)' }[zone as 'tie']}`;
      rows.push(
        `| ${label} | ${s.hands.toLocaleString('en-US')} in ${s.shoes.toLocaleString('en-US')} shoes | ${pct(1 - edge)} | ${pct(i.mean)} | ${pct(i.low)} – ${pct(i.high)} | ${inside ? 'inside' : '**OUTSIDE**'} |`,
      );
      results[`${kind}:${zone}`] = { ...s, ...i, publishedEdge: edge, inside };
    }
    results[`${kind}:ms`] = ms;
    process.stdout.write(`${kind}: ${(ms / 1000).toFixed(1)} s\n`);
  }
  const table = [
    '| bet | hands | published return | realised return | 99 % interval | |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  return { ok, table, results };
}

async function main(): Promise<void> {
  const load = { before: loadavg() };
  const sections: string[] = [];
  const results: Record<string, unknown> = { hands: HANDS, workers: WORKERS, seed: SEED_HEX };
  let ok = true;
  if (PART.includes('A')) {
    const a = await partA();
    ok &&= a.ok;
    results.simulation = a.results;
    sections.push(
      `**A. Simulation** (fixed seed, ${WORKERS} worker threads; return per unit staked, stake included):\n\n${a.table}`,
    );
    process.stdout.write(`\n${a.table}\n`);
  }
  if (PART.includes('B')) {
    const b = await runTableRush();
    ok &&= b.ok;
    results.rush = b.results;
    sections.push(`**B. The seal rush** (PostgreSQL):\n\n${b.table}`);
    process.stdout.write(`\n${b.table}\n`);
  }
  if (PART.includes('C')) {
    const c = await runTableFanout();
    ok &&= c.ok;
    results.fanout = c.results;
    sections.push(`**C. The fan-out** (live sockets, PostgreSQL):\n\n${c.table}`);
    process.stdout.write(`\n${c.table}\n`);
  }
  const after = loadavg();
  sections.push(
    `Machine load (1-minute average) before ${load.before[0]!.toFixed(2)}, after ${after[0]!.toFixed(2)} (2 cores, shared).`,
  );
  results.load = { before: load.before, after };
  await writeReport('tables', results, sections.join('\n\n'));
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
