import { lineWinOf } from './slot-engine';
import { REELS, ROWS, symbolOf, type ParSheet } from './par-sheet';

/**
 * A par sheet's exact figures (docs/contract.md §10.13), by combinatorics over the strips, never
 * by simulation: a line's five symbols are independent across reels, each distributed as its
 * strip's symbol counts (every stop equally likely), so one line's expected pay is a sum over
 * symbol combinations; scatters by the distribution of how many each reel's window shows; the
 * feature by the exact distribution of spins played under the cap. Shown on the rules page.
 */

export interface SlotFigures {
  /** Returns per unit of total bet. */
  rtp: number;
  baseLineRtp: number;
  baseScatterRtp: number;
  featureRtp: number;
  /** A paid spin's screen pays something (a line or scatters). */
  hitFrequency: number;
  /** A paid spin starts the feature. */
  featureFrequency: number;
  /** Expected free spins played per feature. */
  spinsPerFeature: number;
  /** A proven bound on a paid spin plus its feature, × the total bet. */
  maxWinBound: number;
}

/** Each reel's symbol probabilities (counts over the strip's length). */
function symbolOdds(strips: readonly string[][]): Map<string, number>[] {
  return strips.map((strip) => {
    const m = new Map<string, number>();
    for (const s of strip) m.set(s, (m.get(s) ?? 0) + 1 / strip.length);
    return m;
  });
}

/** One line's expected pay in line-bet units. */
export function expectedLinePay(p: ParSheet, strips: readonly string[][]): number {
  const odds = symbolOdds(strips).map((m) => [...m.entries()]);
  let sum = 0;
  const picked: string[] = [];
  const walk = (r: number, prob: number) => {
    if (r === REELS) {
      sum += prob * (lineWinOf(p, picked)?.pay ?? 0);
      return;
    }
    for (const [s, q] of odds[r]!) {
      picked[r] = s;
      walk(r + 1, prob * q);
    }
  };
  walk(0, 1);
  return sum;
}

/** How many scatters each reel's window shows: [reel][k] probabilities. */
function scatterOdds(p: ParSheet, strips: readonly string[][]): number[][] {
  const scatter = symbolOf(p, 'scatter');
  return strips.map((strip) => {
    const dist = Array.from({ length: ROWS + 1 }, () => 0);
    for (let s = 0; s < strip.length; s++) {
      let k = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(s + row) % strip.length] === scatter) k += 1;
      dist[k]! += 1 / strip.length;
    }
    return dist;
  });
}

function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = Array.from({ length: a.length + b.length - 1 }, () => 0);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j]! += x * y)));
  return out;
}

const total = (dists: readonly number[][]) => dists.reduce((acc, d) => convolve(acc, d), [1]);

/** Per total bet: the scatter pays' expectation, and the award distribution (award → prob). */
function scatterFigures(p: ParSheet, strips: readonly string[][]) {
  const dist = total(scatterOdds(p, strips));
  let pay = 0;
  const awards = new Map<number, number>();
  dist.forEach((q, k) => {
    if (k < 3) return;
    const i = Math.min(k, 5) - 3;
    pay += q * p.scatter.pays[i]!;
    const n = p.scatter.freeSpins[i]!;
    awards.set(n, (awards.get(n) ?? 0) + q);
  });
  return { pay, awards };
}

/** Expected spins played in a feature that starts with `start` spins, under the cap. */
function expectedSpins(p: ParSheet, start: number, retrigger: Map<number, number>): number {
  const cap = p.maxFreeSpins;
  let dist = new Map<number, number>([[Math.min(start, cap), 1]]);
  let played = 0;
  for (let j = 1; j <= cap; j++) {
    const next = new Map<number, number>();
    const add = (t: number, q: number) => next.set(t, (next.get(t) ?? 0) + q);
    for (const [t, q] of dist) {
      if (t < j) {
        add(t, q);
        continue;
      }
      played += q;
      let none = 1;
      for (const [n, r] of retrigger) {
        add(Math.min(t + n, cap), q * r);
        none -= r;
      }
      add(t, q * none);
    }
    dist = next;
  }
  return played;
}

/** Whether some line pays on reels 1–3 alone (every paying symbol pays three of a kind). */
function hitFrequency(p: ParSheet): number {
  const base = p.reels.base;
  const wild = symbolOf(p, 'wild');
  const scatter = symbolOf(p, 'scatter');
  const tail = total(scatterOdds(p, base.slice(3)));
  const atLeast = (n: number) => tail.reduce((s, q, k) => (k >= n ? s + q : s), 0);
  const [a, b, c] = [base[0]!, base[1]!, base[2]!];
  const pays3 = (s: string) => (p.pays[s]?.[0] ?? 0) > 0;
  let hit = 0;
  for (let s1 = 0; s1 < a.length; s1++) {
    for (let s2 = 0; s2 < b.length; s2++) {
      for (let s3 = 0; s3 < c.length; s3++) {
        const at = (strip: string[], s: number, row: number) => strip[(s + row) % strip.length]!;
        let k = 0;
        for (let row = 0; row < ROWS; row++) {
          if (at(a, s1, row) === scatter) k += 1;
          if (at(b, s2, row) === scatter) k += 1;
          if (at(c, s3, row) === scatter) k += 1;
        }
        const line = p.lines.some((rows) => {
          const sym = [at(a, s1, rows[0]!), at(b, s2, rows[1]!), at(c, s3, rows[2]!)];
          if (sym.includes(scatter)) return false;
          const target = sym.find((s) => s !== wild) ?? wild;
          return sym.every((s) => s === target || s === wild) && pays3(target);
        });
        hit += line ? 1 : atLeast(3 - k);
      }
    }
  }
  return hit / (a.length * b.length * c.length);
}

export function slotFigures(p: ParSheet): SlotFigures {
  for (const s of p.symbols) {
    if (s.kind !== 'scatter' && !((p.pays[s.id]?.[0] ?? 0) > 0)) {
      throw new RangeError(`${s.id}: every paying symbol pays three of a kind`);
    }
  }
  const baseLineRtp = expectedLinePay(p, p.reels.base);
  const base = scatterFigures(p, p.reels.base);
  const free = scatterFigures(p, p.reels.free);
  const perFreeSpin = p.freeMultiplier * (expectedLinePay(p, p.reels.free) + free.pay);
  let featureRtp = 0;
  let featureFrequency = 0;
  let spins = 0;
  for (const [n, q] of base.awards) {
    const played = expectedSpins(p, n, free.awards);
    featureRtp += q * played * perFreeSpin;
    featureFrequency += q;
    spins += q * played;
  }
  const maxPay = Math.max(...Object.values(p.pays).flat());
  const perScreen = maxPay + Math.max(...p.scatter.pays);
  return {
    rtp: baseLineRtp + base.pay + featureRtp,
    baseLineRtp,
    baseScatterRtp: base.pay,
    featureRtp,
    hitFrequency: hitFrequency(p),
    featureFrequency,
    spinsPerFeature: featureFrequency > 0 ? spins / featureFrequency : 0,
    maxWinBound: perScreen * (1 + p.maxFreeSpins * p.freeMultiplier),
  };
}
