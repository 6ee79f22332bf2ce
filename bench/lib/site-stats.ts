/**
 * The pure arithmetic of bench:site: latency percentiles per call, the drivers' samples joined,
 * the pass criteria, and the reading of the two ledgers' reconciliations. Kept apart from the
 * processes so bench/lib/site-stats.test.ts can hold it.
 */

/** What one driver measured in one level: latencies (ms) and failures per call, and sessions. */
export interface DriverSample {
  latencies: Record<string, number[]>;
  errors: Record<string, number>;
  sessions: number;
  failedSessions: number;
  /** How long each served visit took, first call to last answer, think time included (ms). */
  visitMs: number[];
  /** A few failures' texts, to say why. */
  errorTexts: string[];
}

export interface CallStats {
  call: string;
  count: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The value at quantile `q` (0–1) of ascending `sorted`: nearest rank, 0 when empty. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A sample with nothing in it yet. */
export function emptySample(): DriverSample {
  return {
    latencies: {},
    errors: {},
    sessions: 0,
    failedSessions: 0,
    visitMs: [],
    errorTexts: [],
  };
}

/** The drivers' samples as one: latencies concatenated, counts added. */
export function mergeSamples(samples: readonly DriverSample[]): DriverSample {
  const out = emptySample();
  for (const s of samples) {
    for (const [k, v] of Object.entries(s.latencies)) (out.latencies[k] ??= []).push(...v);
    for (const [k, v] of Object.entries(s.errors)) out.errors[k] = (out.errors[k] ?? 0) + v;
    out.sessions += s.sessions;
    out.failedSessions += s.failedSessions;
    out.visitMs.push(...s.visitMs);
    out.errorTexts.push(...s.errorTexts.slice(0, 5 - Math.min(5, out.errorTexts.length)));
  }
  return out;
}

/** p50/p99/errors per call (sorted by name), and over every call. */
export function callStats(s: DriverSample): { calls: CallStats[]; all: CallStats } {
  const names = [...new Set([...Object.keys(s.latencies), ...Object.keys(s.errors)])].sort();
  const row = (call: string, values: number[], errors: number): CallStats => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      call,
      count: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      errors,
    };
  };
  const calls = names.map((n) => row(n, s.latencies[n] ?? [], s.errors[n] ?? 0));
  const every = names.flatMap((n) => s.latencies[n] ?? []);
  const errors = names.reduce((t, n) => t + (s.errors[n] ?? 0), 0);
  return { calls, all: row('all calls', every, errors) };
}

export interface LevelOutcome {
  members: number;
  /** Completed sessions per second. */
  served: number;
  p99: number;
  errors: number;
}

/**
 * The brief's two verdicts: zero errors and p99 ≤ 500 ms at 250 members; the first level
 * (fewest members) whose p99 over all calls passes 1 s, or null when none did.
 */
export function passCriteria(levels: readonly LevelOutcome[]): {
  at250: { measured: boolean; pass: boolean };
  p99Over1s: number | null;
} {
  const l250 = levels.find((l) => l.members === 250);
  const over = [...levels].sort((a, b) => a.members - b.members).find((l) => l.p99 > 1000);
  return {
    at250: { measured: !!l250, pass: !!l250 && l250.errors === 0 && l250.p99 <= 500 },
    p99Over1s: over?.members ?? null,
  };
}

/** The platform's `GET /admin/api/v1/ledger/reconcile` answer (the fields the check reads). */
export interface PlatformReconcile {
  ok: boolean;
  drift: unknown[];
  negative: unknown[];
}
/** The venue ledger's reconcile (apps/venue … venue-ledger.service): zeros when the books hold. */
export interface VenueReconcile {
  unbalanced: number;
  drift: number;
}

/** Both books hold: the platform says ok with nothing drifting or negative, the venue zeros. */
export function reconciled(
  platform: PlatformReconcile,
  venue: VenueReconcile,
): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  if (!platform.ok) problems.push('platform ledger: not ok');
  if (platform.drift.length) problems.push(`platform ledger: ${platform.drift.length} drifting`);
  if (platform.negative.length)
    problems.push(`platform ledger: ${platform.negative.length} negative`);
  if (venue.unbalanced !== 0) problems.push(`venue ledger: ${venue.unbalanced} unbalanced entries`);
  if (venue.drift !== 0) problems.push(`venue ledger: ${venue.drift} wallets drifting`);
  return { ok: problems.length === 0, problems };
}
