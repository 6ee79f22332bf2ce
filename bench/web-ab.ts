/**
 * bench:web-ab — two builds of the member site side by side: Lighthouse (web.bench.ts's
 * settings: mobile, simulated slow 4G, 4× CPU unless BENCH_WEB_AB_CPU says otherwise) on the
 * home page of each, alternated run by run in one Chromium, so both see the same machine. On a
 * machine whose speed drifts within minutes (docs/benchmarks.md, "web"), only such alternated
 * pairs order two builds; one bench:web run after another does not.
 *
 * A is the build in BENCH_WEB_AB_DIST (build the other commit in a worktree with
 * `npx vite build --outDir <dir>` in apps/web); B is this checkout's apps/web/dist (build it
 * first). Each is served by its own platform process with the demo content.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { auditPerformance, type LighthouseRun } from './lib/lighthouse-audit';
import { median } from './lib/report';
import { spawnDemoSite } from './lib/spawn-server';
import { CHROMIUM_ARGS } from '../scripts/browser.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU = Number(process.env.BENCH_WEB_AB_CPU ?? 4);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const row = (r: LighthouseRun) =>
  `${r.score} / ${r.fcp.toFixed(0)} / ${r.lcp.toFixed(0)} / ${r.tbt.toFixed(0)} (index ${r.benchmarkIndex.toFixed(0)})`;

async function main(): Promise<void> {
  const distA = process.env.BENCH_WEB_AB_DIST;
  if (!distA) {
    process.stderr.write('bench:web-ab needs BENCH_WEB_AB_DIST: the other build to compare.\n');
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-bench-web-ab-'));
  const a = await spawnDemoSite(path.join(dataDir, 'a'), root, { WEB_DIST: path.resolve(distA) });
  const b = await spawnDemoSite(path.join(dataDir, 'b'), root, {
    WEB_DIST: path.join(root, 'apps/web/dist'),
  });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  const runs: { A: LighthouseRun[]; B: LighthouseRun[] } = { A: [], B: [] };
  try {
    for (let i = 0; i < RUNS; i += 1) {
      for (const [name, site] of [
        ['A', a],
        ['B', b],
      ] as const) {
        const r = await auditPerformance(`${site.url}/`, chrome.port, CPU);
        runs[name].push(r);
        process.stdout.write(`${name} run ${i + 1}/${RUNS}: ${row(r)}\n`);
      }
    }
  } finally {
    chrome.kill();
    await a.stop();
    await b.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`\n(score / FCP / LCP / TBT ms, ${CPU}× CPU, alternated A, B)\n`);
  for (const name of ['A', 'B'] as const) {
    const rs = runs[name];
    process.stdout.write(
      `${name}: median score ${median(rs.map((r) => r.score))}, LCP ${median(rs.map((r) => r.lcp)).toFixed(0)} ms, TBT ${median(rs.map((r) => r.tbt)).toFixed(0)} ms\n`,
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
