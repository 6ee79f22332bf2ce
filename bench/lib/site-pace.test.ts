import { describe, expect, it } from 'vitest';
import {
  CAP_MEANS,
  MIN_ROUND_MARGIN_MS,
  Pacer,
  WindowRecorder,
  cappedExponential,
  cycleMs,
  memberSeed,
  paceOptions,
  roundMarginMs,
  runMember,
  seededRandom,
  type Clock,
  type VisitStep,
} from './site-pace';
import { capacityLine, levelTable, verdictLine, type LevelResult } from './site-report';
import { siteChartSvg } from './site-svg';

/** A clock that moves only when told: calls take `callMs`, sleeps take what they ask. */
function fakeClock() {
  let t = 0;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => t,
    sleep: (ms) => {
      sleeps.push(ms);
      t += ms;
      return Promise.resolve();
    },
  };
  return { clock, sleeps, advance: (ms: number) => (t += ms) };
}

/** A visit of `n` steps, each one call of `callMs` whose latency is measured as the client does. */
function visitOf(n: number, callMs: number, c: ReturnType<typeof fakeClock>, latencies: number[]) {
  return (): VisitStep[] =>
    Array.from({ length: n }, () => async () => {
      const t0 = c.clock.now();
      c.advance(callMs);
      await Promise.resolve();
      latencies.push(c.clock.now() - t0);
    });
}

describe('the draws', () => {
  it('are the same for the same seed and differ between members', () => {
    const a = seededRandom(memberSeed(7, 1));
    const b = seededRandom(memberSeed(7, 1));
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(seqA.every((u) => u >= 0 && u < 1)).toBe(true);
    // Other members, or the same member in another run, do not move in step.
    const firsts = Array.from({ length: 50 }, (_, i) => seededRandom(memberSeed(i, 1))());
    expect(new Set(firsts).size).toBe(50);
    expect(seededRandom(memberSeed(7, 2))()).not.toBe(seqA[0]);
  });
  it('think exponentially around the mean, capped at five means', () => {
    expect(cappedExponential(0, 3000)).toBe(0);
    expect(cappedExponential(0.999999, 3000)).toBe(CAP_MEANS * 3000);
    const p = new Pacer(paceOptions(3000), 42);
    const thinks = Array.from({ length: 20000 }, () => p.think());
    const mean = thinks.reduce((s, x) => s + x, 0) / thinks.length;
    // The cap takes e^-5 of a mean off: 2,980 ms; the seeded draw lands within 3 %.
    expect(mean).toBeGreaterThan(2900);
    expect(mean).toBeLessThan(3070);
    expect(Math.max(...thinks)).toBeLessThanOrEqual(15000);
    expect(new Set(thinks.map((x) => Math.round(x / 100))).size).toBeGreaterThan(50);
  });
  it('spread the members’ starts over one cycle', () => {
    const opts = paceOptions(3000);
    expect(opts.pauseMs).toBe(15000);
    const starts = Array.from({ length: 200 }, (_, i) => new Pacer(opts, memberSeed(i, 0)).start());
    expect(Math.max(...starts)).toBeLessThan(cycleMs(opts));
    expect(starts.filter((s) => s < cycleMs(opts) / 2).length).toBeGreaterThan(70);
    expect(starts.filter((s) => s >= cycleMs(opts) / 2).length).toBeGreaterThan(70);
  });
  it('are all zero with a think time of 0 (the closed loop), whatever the pause says', () => {
    const opts = paceOptions(0, 9000);
    expect(opts).toEqual({ thinkMs: 0, pauseMs: 0 });
    const p = new Pacer(opts, 3);
    expect([p.think(), p.pause(), p.think()]).toEqual([0, 0, 0]);
    expect(p.start()).toBeLessThan(1000);
  });
});

describe('a member’s run', () => {
  const base = { firstTurn: 0, windowStart: 0 };

  it('thinks between steps and pauses after a visit, and no latency holds a think', async () => {
    const c = fakeClock();
    const latencies: number[] = [];
    const pacer = new Pacer(paceOptions(1000), 5);
    const replay = new Pacer(paceOptions(1000), 5);
    let visits = 0;
    const durations: number[] = [];
    await runMember({
      ...base,
      visit: visitOf(3, 7, c, latencies),
      pacer,
      clock: c.clock,
      end: 60_000,
      onVisit: (ok, _err, ms) => {
        visits += ok ? 1 : 0;
        durations.push(ms!);
      },
    });
    // A visit's time holds its calls and the thinks between them, not the pause after it.
    expect(durations[0]).toBeCloseTo(21 + c.sleeps[1]! + c.sleeps[2]!, 6);
    expect(latencies.length).toBeGreaterThan(6);
    expect(new Set(latencies.map((x) => x.toFixed(6)))).toEqual(new Set(['7.000000']));
    // The sleeps are the pacer's own draws in order: start, think, think, pause, think, …
    const expected = [replay.start()];
    for (let i = 1; i < c.sleeps.length; i += 1)
      expected.push(i % 3 === 0 ? replay.pause() : replay.think());
    const cut = c.sleeps.length - 1;
    expect(c.sleeps.slice(0, cut)).toEqual(expected.slice(0, cut));
    // The last sleep is cut at the end of the window.
    expect(c.sleeps[cut]).toBeLessThanOrEqual(expected[cut]!);
    expect(c.clock.now()).toBe(60_000);
    expect(visits).toBe(Math.floor(latencies.length / 3));
  });

  it('with think 0 never sleeps: each call the instant the last answered', async () => {
    const c = fakeClock();
    const latencies: number[] = [];
    let visits = 0;
    await runMember({
      ...base,
      visit: visitOf(4, 10, c, latencies),
      pacer: new Pacer(paceOptions(0), 1),
      clock: c.clock,
      end: 1_000 + 4_000,
      onVisit: () => (visits += 1),
    });
    // Only the start spread (under a second) sleeps; then calls back to back until the end.
    expect(c.sleeps).toHaveLength(1);
    expect(c.sleeps[0]).toBeLessThan(1000);
    expect(visits).toBeGreaterThanOrEqual(100);
    expect(latencies.length).toBe(Math.ceil((5000 - c.sleeps[0]!) / 10));
  });

  it('counts only visits that end in the window, stops at a step boundary, counts failures', async () => {
    const c = fakeClock();
    const outcomes: boolean[] = [];
    let turns = 0;
    await runMember({
      firstTurn: 0,
      windowStart: 250,
      end: 1000,
      clock: c.clock,
      pacer: new Pacer(paceOptions(0), 9),
      visit: (turn) => {
        turns += 1;
        return [
          () => {
            c.advance(60);
            return Promise.resolve();
          },
          () => {
            c.advance(40);
            return turn % 2 ? Promise.reject(new Error('8074')) : Promise.resolve();
          },
        ];
      },
      onVisit: (ok) => outcomes.push(ok),
    });
    const start = c.sleeps[0]!;
    // Visits end at start + 100·k; those ending in [250, 1000] count, none starts after 1000.
    const ends = Array.from({ length: turns }, (_, k) => start + 100 * (k + 1));
    const counted = ends.filter((e) => e >= 250 && e <= 1000);
    expect(outcomes).toHaveLength(counted.length);
    expect(outcomes.filter((ok) => !ok).length).toBeGreaterThan(0);
    expect(c.clock.now()).toBeLessThanOrEqual(1000 + 60);
  });
});

describe('the round margin', () => {
  it('is 3 s until the place call’s p99 is longer, then that p99', () => {
    expect(roundMarginMs([])).toBe(MIN_ROUND_MARGIN_MS);
    expect(roundMarginMs([100, 2500, 900])).toBe(3000);
    const slow = [...Array.from({ length: 98 }, () => 200), 4100.2, 9000];
    expect(roundMarginMs(slow)).toBe(4101);
  });
});

describe('a driver’s books', () => {
  it('time a call only if it started in the window, and keep every place call for the margin', () => {
    let t = 0;
    const books = new WindowRecorder(() => t);
    t = 100;
    books.record('login', 50, true); // before any window: the prepare's logins
    books.open({ start: 1000, end: 2000 });
    t = 1100;
    books.record('login', 200, true); // started at 900, in the warm-up
    books.record('memberInfo', 100, true); // started at 1000, the window's first instant
    t = 2100;
    books.record('withdrawOrder', 50, false); // started at 2050, after the end
    books.record('records', 100, false); // started at 2000
    for (let i = 0; i < 100; i += 1) books.record('lottery.place', i === 0 ? 5000 : 10, true);
    const s = books.close();
    expect(s.latencies).toEqual({ memberInfo: [100] });
    expect(s.errors).toEqual({ records: 1 });
    // Every place call counts for the margin, even outside the window (p99 of 100 is the 99th).
    expect(books.margin('lottery.place')).toBe(3000);
    books.record('lottery.place', 7000, true);
    expect(books.margin('lottery.place')).toBe(5000);
    expect(books.margin('tables.place')).toBe(3000);
    // Closed, nothing is timed.
    books.record('login', 1, true);
    expect(books.sample.latencies).toEqual({ memberInfo: [100] });
  });
});

describe('the report', () => {
  const level = (members: number, thinkMs: number, p99: number, errors: number): LevelResult => ({
    members,
    thinkMs,
    warmupSeconds: 5,
    seconds: 60,
    sessions: 600,
    failedSessions: 0,
    served: 10,
    visitP50: 9000,
    calls: [],
    all: { call: 'all calls', count: 100, p50: 50, p99, errors },
    procs: [],
    reconcile: { ok: true, problems: [], pendingTransfers: 0 },
    errorTexts: [],
    load: [1, 1, 1],
  });
  it('judges the paced 250 run and names the capacity run apart', () => {
    expect(verdictLine([level(250, 3000, 400, 0), level(500, 3000, 1200, 0)])).toBe(
      'Judged on the paced run at 250 members (goal: zero errors, p99 ≤ 500 ms): pass. First paced level with p99 over 1 s: 500.',
    );
    expect(verdictLine([])).toContain('not measured');
    expect(capacityLine(level(250, 0, 9000, 0))).toMatch(/^\*\*Capacity\*\* \(closed loop/);
    expect(capacityLine(null)).toContain('BENCH_SITE_CAPACITY_LEVEL=0');
  });
  it('warns when a served visit outlasts the warm-up', () => {
    const short = level(250, 3000, 400, 0); // a 9 s visit after a 5 s warm-up
    expect(levelTable(short)).toContain('served/s under-reads');
    expect(levelTable({ ...short, warmupSeconds: 32 })).not.toContain('under-reads');
  });
  it('marks the capacity on the chart’s served axis', () => {
    const svg = siteChartSvg([{ members: 250, served: 5, p99: 300 }], 't', {
      members: 250,
      served: 13,
    });
    // served axis to 20: 13 of it over the 264 px plot from y 304 → 132.4.
    expect(svg).toContain('y1="132.4"');
    expect(svg).toContain('capacity 13/s (closed loop, 250 members)');
    expect(siteChartSvg([{ members: 250, served: 5, p99: 300 }], 't')).not.toContain('capacity');
  });
});
