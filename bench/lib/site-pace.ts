/**
 * How bench:site's members pace themselves (docs/benchmarks.md "## site", "the members' model"):
 * a think time after each page step of a visit and a longer pause between visits, drawn from a
 * seeded generator per member so the members neither move in step nor change from run to run.
 * A think time of 0 is the closed loop (each call the instant the last answered), the capacity
 * run. Pure but for the clock it is handed, so bench/lib/site-pace.test.ts holds it.
 */
import { emptySample, percentile, type DriverSample } from './site-stats';

/** Draws are capped at this many means: long enough a tail, no member asleep for minutes. */
export const CAP_MEANS = 5;
/** The pause between visits, in think-time means, unless set apart. */
export const PAUSE_MEANS = 5;
/** Think times in a visit without the chat step: its ten page steps less one (site-member.ts `visit`). */
export const THINKS_PER_VISIT = 9;
/** The least margin, in ms, between a round's listing and its sealing for the driver to bet. */
export const MIN_ROUND_MARGIN_MS = 3000;

/** mulberry32: a small seeded generator, uniform on [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One seed per member and run: the member's id mixed with the run's salt (level, kind). */
export function memberSeed(memberId: number, salt: number): number {
  let h = Math.imul(memberId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return (h ^ (h >>> 15)) >>> 0;
}

/** An exponential draw of mean `mean` from uniform `u`, capped at CAP_MEANS means. */
export function cappedExponential(u: number, mean: number): number {
  if (mean <= 0) return 0;
  return Math.min(CAP_MEANS * mean, mean * -Math.log1p(-u));
}

export interface PaceOptions {
  /** Mean think time after a page step, ms; 0 is the closed loop. */
  thinkMs: number;
  /** Mean pause between visits, ms (0 with a think time of 0). */
  pauseMs: number;
}

/** The knobs as the bench reads them: the pause is PAUSE_MEANS thinks unless given. */
export function paceOptions(thinkMs: number, pauseMs?: number): PaceOptions {
  const think = Math.max(0, thinkMs);
  return { thinkMs: think, pauseMs: think === 0 ? 0 : Math.max(0, pauseMs ?? PAUSE_MEANS * think) };
}

/** A visit's reading time plus the pause: the span over which the members' starts spread. */
export function cycleMs(p: PaceOptions): number {
  return p.thinkMs === 0 ? 1000 : THINKS_PER_VISIT * p.thinkMs + p.pauseMs;
}

/** One member's draws, in order: where it starts, then a think or a pause at a time. */
export class Pacer {
  readonly #next: () => number;
  constructor(
    readonly options: PaceOptions,
    seed: number,
  ) {
    this.#next = seededRandom(seed);
  }
  /** The first visit's start, uniform over one cycle so the members' phases are spread. */
  start(): number {
    return this.#next() * cycleMs(this.options);
  }
  think(): number {
    return this.options.thinkMs === 0 ? 0 : cappedExponential(this.#next(), this.options.thinkMs);
  }
  pause(): number {
    return this.options.pauseMs === 0 ? 0 : cappedExponential(this.#next(), this.options.pauseMs);
  }
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** A page step of a visit: one or more calls the page makes at once or in turn. */
export type VisitStep = () => Promise<void>;

export interface MemberRun {
  /** The steps of visit `turn`. */
  visit(turn: number): VisitStep[];
  pacer: Pacer;
  clock: Clock;
  firstTurn: number;
  /** Clock times: visits are counted that end in [windowStart, end]; nothing starts after end. */
  windowStart: number;
  end: number;
  /** A visit ended in the window: served (with how long it took), or failed with its error. */
  onVisit(ok: boolean, err?: unknown, visitMs?: number): void;
}

/**
 * One member until `end`: a visit's steps with a think after each but the last, a pause after
 * the visit. Think time is a sleep between calls, so no call's latency holds any. At `end` the
 * member stops at the next step's boundary (a sleep is cut short), so a level lasts its window
 * and not one more visit; a visit cut there is not counted.
 */
export async function runMember(r: MemberRun): Promise<void> {
  const { clock } = r;
  const rest = async (ms: number) => {
    const left = Math.min(ms, r.end - clock.now());
    // The closed loop never sleeps: a zero-length timer would still cost a turn of the loop.
    if (left > 0) await clock.sleep(left);
  };
  await rest(r.pacer.start());
  for (let turn = r.firstTurn; clock.now() < r.end; turn += 1) {
    const steps = r.visit(turn);
    const began = clock.now();
    let done = true;
    try {
      for (let i = 0; i < steps.length; i += 1) {
        if (clock.now() >= r.end) {
          done = false;
          break;
        }
        await steps[i]!();
        if (i < steps.length - 1) await rest(r.pacer.think());
      }
      const t = clock.now();
      if (done && t >= r.windowStart && t <= r.end) r.onVisit(true, undefined, t - began);
    } catch (err) {
      const t = clock.now();
      if (t >= r.windowStart && t <= r.end) r.onVisit(false, err);
    }
    await rest(r.pacer.pause());
  }
}

/**
 * The least time a round must stay open after its listing for the driver to bet on it: the
 * p99 of the place call measured so far, at least MIN_ROUND_MARGIN_MS, so a slow member skips
 * the round (as a person would) and a "round sealed" in the table is a real error.
 */
export function roundMarginMs(placeLatencies: readonly number[]): number {
  const p99 = percentile(
    [...placeLatencies].sort((a, b) => a - b),
    0.99,
  );
  return Math.max(MIN_ROUND_MARGIN_MS, Math.ceil(p99));
}

/**
 * A driver's books for one run: a call is timed in the window it started in (the warm-up's, and
 * the logins before the run, are not), and every successful place call's latency is kept, window
 * or not, for the rounds' margin.
 */
export class WindowRecorder {
  sample: DriverSample = emptySample();
  #window: { start: number; end: number } | null = null;
  readonly #places: Record<string, number[]> = { 'lottery.place': [], 'tables.place': [] };

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A fresh sample measuring [start, end] (clock times); null stops measuring. */
  open(window: { start: number; end: number } | null): void {
    this.sample = emptySample();
    this.#window = window;
  }

  close(): DriverSample {
    this.#window = null;
    return this.sample;
  }

  readonly record = (call: string, ms: number, ok: boolean): void => {
    const seen = this.#places[call];
    if (ok && seen) {
      seen.push(ms);
      if (seen.length > 500) seen.shift();
    }
    const w = this.#window;
    const started = this.now() - ms;
    if (!w || started < w.start || started > w.end) return;
    if (ok) (this.sample.latencies[call] ??= []).push(ms);
    else this.sample.errors[call] = (this.sample.errors[call] ?? 0) + 1;
  };

  readonly margin = (call: string): number => roundMarginMs(this.#places[call] ?? []);
}

/**
 * How often a visit logs in afresh and goes to the cashier (a deposit paid and a withdrawal):
 * every `loginEvery`th and every `cashierEvery`th visit. 1 and 1 is the model of every run
 * before 2026-11-28, a login, a deposit and a withdrawal on every visit; other visits keep the
 * session as the web client keeps its token (docs/benchmarks.md, site: the cost of a visit).
 */
export interface VisitModel {
  loginEvery: number;
  cashierEvery: number;
}
export const EVERY_VISIT: VisitModel = { loginEvery: 1, cashierEvery: 1 };
/** Whether visit `turn` is one of every `every`th. */
export const onTurn = (turn: number, every: number) => every <= 1 || turn % every === 0;
