/**
 * `npm run bench:slots -- --math [--spins N] [--minutes M]`: the demo slots' mathematics three
 * ways (docs/benchmarks.md, slots-math; contract §10.13). 1. The calculator (`slotFigures`,
 * `slotSpread`). 2. A brute-force enumeration of every stop combination of the base and the
 * free-spin strips (slot-enumeration), as exact fractions, the feature solved as the calculator
 * solves it (slot-exact): each figure must equal the calculator's to 1e-12. 3. A simulation of
 * N paid spins per game (default 10^8) with fixed seeds, through the engine on the kernel's
 * stream, features included: RTP, hit and feature frequency must land inside the 99 % interval
 * of the calculated figures. Both run on two worker threads. `--minutes` bounds each game's
 * simulation (checked once a seed block of 1,000 spins); the count actually run is reported.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DEMO_PAR_SHEETS, slotFigures } from '@nebula/protocol/venue/games/slots/index';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import {
  addTallies,
  emptyTally,
  type ScreenTally,
} from '@nebula/protocol/venue/games/slots/slot-enumeration';
import {
  exactFigures,
  interval99,
  toNumber,
  type ExactFigures,
} from '@nebula/protocol/venue/games/slots/slot-exact';
import { slotSpread } from '@nebula/protocol/venue/games/slots/slot-variance';
import type { MathJob, SimTally } from './lib/slot-math.worker';
import { writeReport } from './lib/report';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SPINS = arg('--spins', 1e8);
const MINUTES = arg('--minutes', Infinity);
const THREADS = Math.max(1, Math.min(2, availableParallelism()));
const BLOCK = 1000;
const TOLERANCE = 1e-12;
const WORKER = new URL('./lib/slot-math.worker.ts', import.meta.url).href;

function run<T>(job: MathJob): Promise<T> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: it registers it, then imports the TypeScript.
    const w = new Worker(
      `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(WORKER)}); });`,
      { eval: true, workerData: job },
    );
    w.once('message', (m: T) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** [from, to) split in `parts` ranges, each a multiple of `unit` long but the last. */
function split(length: number, parts: number, unit = 1): [number, number][] {
  const step = Math.ceil(length / parts / unit) * unit;
  return Array.from({ length: parts }, (_, i) => [i * step, Math.min(length, (i + 1) * step)]);
}

async function enumerate(p: ParSheet, set: 'base' | 'free'): Promise<[ScreenTally, number]> {
  const started = performance.now();
  const parts = await Promise.all(
    split(p.reels[set][0]!.length, THREADS).map(([from, to]) =>
      run<{ tally: ScreenTally }>({ kind: 'enumerate', game: p.gameCode, set, from, to }),
    ),
  );
  return [
    parts.reduce((a, b) => addTallies(a, b.tally), emptyTally()),
    performance.now() - started,
  ];
}

async function simulate(p: ParSheet): Promise<SimTally & { played: number[][]; wallMs: number }> {
  const started = performance.now();
  const deadline = Number.isFinite(MINUTES) ? Date.now() + MINUTES * 60_000 : 8.64e15;
  const ranges = split(SPINS, THREADS, BLOCK);
  const parts = await Promise.all(
    ranges.map(([from, to]) =>
      run<SimTally>({ kind: 'simulate', game: p.gameCode, from, to, deadline }),
    ),
  );
  // The nonces actually played, per thread (each thread plays a prefix of its range).
  const played = ranges.map(([from], i) => [from, from + parts[i]!.spins]);
  const t = parts.reduce((a, b) => {
    const sum = { ...a };
    for (const k of Object.keys(b) as (keyof SimTally)[]) {
      sum[k] = k === 'max' ? Math.max(a[k], b[k]) : a[k] + b[k];
    }
    return sum;
  });
  return { ...t, played, wallMs: performance.now() - started };
}

const pct = (x: number, d = 6) => `${(x * 100).toFixed(d)} %`;
const fracText = (f: { n: bigint; d: bigint }) => `${f.n}/${f.d}`;

async function game(p: ParSheet) {
  const calc = slotFigures(p);
  const spread = slotSpread(p);
  const [base, baseMs] = await enumerate(p, 'base');
  const [free, freeMs] = await enumerate(p, 'free');
  const exact = exactFigures(p, base, free);
  const keys = [
    'rtp',
    'baseLineRtp',
    'baseScatterRtp',
    'featureRtp',
    'hitFrequency',
    'featureFrequency',
    'spinsPerFeature',
  ] as const satisfies readonly (keyof ExactFigures)[];
  const agree = keys.every((k) => Math.abs(toNumber(exact[k]) - calc[k]) < TOLERANCE);
  process.stdout.write(
    `${p.gameCode}: enumerated ${base.combos} base + ${free.combos} free screens in ${((baseMs + freeMs) / 1000).toFixed(1)} s, calculator ${agree ? 'agrees' : 'DISAGREES'}\n`,
  );
  const sim = await simulate(p);
  const L = p.lines.length;
  const n = sim.spins;
  const simRtp = sim.sum / (n * L);
  const bin = (q: number) => interval99(q, Math.sqrt(q * (1 - q)), n);
  const intervals = {
    rtp: interval99(calc.rtp, spread.sd, n),
    hitFrequency: bin(calc.hitFrequency),
    featureFrequency: bin(calc.featureFrequency),
  };
  const simulated = {
    rtp: simRtp,
    baseLineRtp: sim.baseLine / (n * L),
    baseScatterRtp: sim.baseScatter / (n * L),
    featureRtp: sim.feature / (n * L),
    hitFrequency: sim.hits / n,
    featureFrequency: sim.features / n,
    sd: Math.sqrt(Math.max(0, sim.sumSq / n - (sim.sum / n) ** 2)) / L,
    maxWin: sim.max / L,
  };
  const inside = (Object.keys(intervals) as (keyof typeof intervals)[]).every(
    (k) => intervals[k][0] <= simulated[k] && simulated[k] <= intervals[k][1],
  );
  const rate = n / (sim.wallMs / 1000);
  process.stdout.write(
    `${p.gameCode}: simulated ${n} spins in ${(sim.wallMs / 1000).toFixed(0)} s (${rate.toFixed(0)} spins/s on ${THREADS} threads), RTP ${pct(simRtp, 4)} in [${pct(intervals.rtp[0], 4)}, ${pct(intervals.rtp[1], 4)}]: ${inside ? 'inside' : 'OUTSIDE'}\n`,
  );
  return { p, calc, spread, base, free, exact, agree, sim, simulated, intervals, inside, rate };
}

type Result = Awaited<ReturnType<typeof game>>;

function table(results: Result[]): string {
  const rows = [
    '| game | figure | calculated | enumerated (exact) | simulated | 99 % interval |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const g = `${r.p.name} ${r.p.gameCode}`;
    const iv = (k: keyof Result['intervals']) =>
      `[${pct(r.intervals[k][0], 4)}, ${pct(r.intervals[k][1], 4)}] ${r.intervals[k][0] <= r.simulated[k] && r.simulated[k] <= r.intervals[k][1] ? 'inside' : '**outside**'}`;
    const line = (label: string, k: keyof Result['simulated'] & keyof ExactFigures, i?: string) =>
      rows.push(
        `| ${g} | ${label} | ${pct(r.calc[k], 9)} | ${pct(toNumber(r.exact[k]), 9)} | ${pct(r.simulated[k], 4)} | ${i ?? '—'} |`,
      );
    line('RTP', 'rtp', iv('rtp'));
    line('base game lines', 'baseLineRtp');
    line('base game scatters', 'baseScatterRtp');
    line('free-spin feature', 'featureRtp');
    line('hit frequency', 'hitFrequency', iv('hitFrequency'));
    line('feature frequency', 'featureFrequency', iv('featureFrequency'));
  }
  rows.push('');
  for (const r of results) {
    rows.push(
      `${r.p.gameCode}: ${r.base.combos.toLocaleString('en')} base and ${r.free.combos.toLocaleString('en')} free-spin stop combinations enumerated, calculator ${r.agree ? 'equal to 1e-12' : '**differs**'}; ${r.sim.spins.toLocaleString('en')} spins simulated (of ${SPINS.toLocaleString('en')} asked) at ${r.rate.toFixed(0)} spins/s on ${THREADS} threads; SD ${r.spread.sd.toFixed(3)} calculated, ${r.simulated.sd.toFixed(3)} simulated; largest win ${r.simulated.maxWin.toFixed(1)}× the bet, guard cut ${r.sim.capped} spins.`,
    );
  }
  return rows.join('\n');
}

export async function slotsMath(): Promise<void> {
  const results: Result[] = [];
  for (const p of DEMO_PAR_SHEETS) results.push(await game(p));
  const text = table(results);
  process.stdout.write(`\n${text}\n`);
  const exactJson = (e: ExactFigures) =>
    Object.fromEntries(Object.entries(e).map(([k, v]) => [k, fracText(v as ExactFigures['rtp'])]));
  await writeReport(
    'slots-math',
    {
      spinsAsked: SPINS,
      minutes: MINUTES,
      threads: THREADS,
      games: results.map((r) => ({
        gameCode: r.p.gameCode,
        calculated: { ...r.calc, sd: r.spread.sd },
        enumerated: { base: r.base, free: r.free, exact: exactJson(r.exact) },
        agree: r.agree,
        simulated: { ...r.sim, ...r.simulated, spinsPerSecond: r.rate },
        intervals: r.intervals,
        inside: r.inside,
      })),
    },
    text,
  );
  if (results.some((r) => !r.agree || !r.inside)) process.exitCode = 1;
}
