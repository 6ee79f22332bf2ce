/**
 * The text of bench:site's report (docs/benchmarks.md "## site"): one table per run, the summary
 * of the paced levels, the capacity line and the verdict. Apart from bench/site.bench.ts so the
 * wording of which run is judged sits in one place (bench/lib/site-pace.test.ts reads it).
 */
import type { ProcUsage } from './site-procs';
import { passCriteria, type CallStats } from './site-stats';

export interface LevelResult {
  members: number;
  /** Mean think time per page step in this run, ms; 0 is the closed loop (capacity). */
  thinkMs: number;
  warmupSeconds: number;
  seconds: number;
  sessions: number;
  failedSessions: number;
  served: number;
  /** The median served visit, first call to last answer, think time included (ms). */
  visitP50: number;
  calls: CallStats[];
  all: CallStats;
  procs: ProcUsage[];
  reconcile: { ok: boolean; problems: string[]; pendingTransfers: number };
  errorTexts: string[];
  load: number[];
}

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
const kind = (l: LevelResult) =>
  l.thinkMs === 0 ? 'closed loop, no think time (capacity)' : `paced, think ${ms(l.thinkMs)} ms`;

export function levelTable(l: LevelResult): string {
  return [
    `**${l.members} members, ${kind(l)}** — ${l.served.toFixed(2)} members served/s (${l.sessions} visits in ${l.seconds} s after ${l.warmupSeconds} s unmeasured, ${l.failedSessions} failed), p50 ${ms(l.all.p50)} ms, p99 ${ms(l.all.p99)} ms over ${l.all.count} calls, ${l.all.errors} errors; ledgers reconcile: ${l.reconcile.ok ? 'yes' : `NO (${l.reconcile.problems.join('; ')})`}, pending transfers ${l.reconcile.pendingTransfers}; load average ${l.load.map((x) => x.toFixed(2)).join(' ')}.`,
    '',
    `A served visit took ${(l.visitP50 / 1000).toFixed(1)} s at the median, think time included.${l.visitP50 > l.warmupSeconds * 1000 ? ' **Longer than the warm-up: the window began before the steady rate, so served/s under-reads (raise BENCH_SITE_WARMUP_S).**' : ''}`,
    '',
    '| call | count | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|',
    ...l.calls.map((c) => `| ${c.call} | ${c.count} | ${ms(c.p50)} | ${ms(c.p99)} | ${c.errors} |`),
    '',
    '| process | CPU (% of a core) | RSS MB |',
    '|---|---|---|',
    ...l.procs.map((p) => `| ${p.name} | ${p.cpuPct.toFixed(0)} | ${p.rssMb.toFixed(0)} |`),
  ].join('\n');
}

/** The verdict over the paced levels only: the goal is about members who read their pages. */
export function verdictOf(paced: readonly LevelResult[]): ReturnType<typeof passCriteria> {
  return passCriteria(
    paced.map((l) => ({
      members: l.members,
      served: l.served,
      p99: l.all.p99,
      errors: l.all.errors,
    })),
  );
}

export function verdictLine(paced: readonly LevelResult[]): string {
  const v = verdictOf(paced);
  const at = v.at250.measured ? (v.at250.pass ? 'pass' : 'FAIL') : 'not measured';
  return `Judged on the paced run at 250 members (goal: zero errors, p99 ≤ 500 ms): ${at}. First paced level with p99 over 1 s: ${v.p99Over1s ?? 'none measured'}.`;
}

export function capacityLine(c: LevelResult | null): string {
  if (!c) return 'Capacity: not measured (BENCH_SITE_CAPACITY_LEVEL=0).';
  return `**Capacity** (closed loop, no think time, ${c.members} members: every member calls again the instant the last call answers): **${c.served.toFixed(2)} members served/s**, p50 ${ms(c.all.p50)} ms, p99 ${ms(c.all.p99)} ms over ${c.all.count} calls, ${c.all.errors} errors, ledgers reconcile: ${c.reconcile.ok ? 'yes' : 'NO'}. Its latencies measure a queue, not a member's wait.`;
}

export function summaryTable(
  paced: readonly LevelResult[],
  capacity: LevelResult | null,
  setting: string,
): string {
  return [
    setting,
    '',
    '| members | served/s | p50 ms | p99 ms | calls | errors | ledgers reconcile |',
    '|---|---|---|---|---|---|---|',
    ...paced.map(
      (l) =>
        `| ${l.members} | ${l.served.toFixed(2)} | ${ms(l.all.p50)} | ${ms(l.all.p99)} | ${l.all.count} | ${l.all.errors} | ${l.reconcile.ok ? 'yes' : 'NO'} |`,
    ),
    '',
    capacityLine(capacity),
    '',
    verdictLine(paced),
    '',
    '![members → served/s and p99](bench-site.svg)',
    '',
    ...[...(capacity ? [capacity] : []), ...paced].map(levelTable).flatMap((t) => [t, '']),
  ].join('\n');
}
