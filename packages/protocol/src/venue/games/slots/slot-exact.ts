import type { ParSheet } from './par-sheet';
import type { ScreenTally } from './slot-enumeration';

/**
 * Exact fractions (BigInt) of a par sheet's figures from two enumerated tallies — the base and
 * the free-spin strips (slot-enumeration) — with the feature solved as the calculator solves it
 * (docs/contract.md §10.13): the distribution of spins still owed, one free spin at a time under
 * the cap, retriggers by the free strips' scatter classes. Nothing is rounded until `toNumber`.
 */

export interface Fraction {
  n: bigint;
  d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export function frac(n: bigint | number, d: bigint | number = 1n): Fraction {
  const [N, D] = [BigInt(n), BigInt(d)];
  if (D <= 0n) throw new RangeError('frac: the denominator must be positive');
  const g = gcd(N, D) || 1n;
  return { n: N / g, d: D / g };
}

export const add = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction): Fraction =>
  b.n < 0n ? frac(-a.n * b.d, a.d * -b.n) : frac(a.n * b.d, a.d * b.n);
const ZERO = frac(0);

/** The nearest double, through 30 exact decimal digits. */
export function toNumber(f: Fraction): number {
  const scale = 10n ** 30n;
  return Number((f.n * scale) / f.d) / 1e30;
}

export interface ExactFigures {
  rtp: Fraction;
  baseLineRtp: Fraction;
  baseScatterRtp: Fraction;
  featureRtp: Fraction;
  hitFrequency: Fraction;
  featureFrequency: Fraction;
  spinsPerFeature: Fraction;
}

/** Expected spins played in a feature starting with `start`, under the cap (exact). */
export function exactExpectedSpins(
  p: ParSheet,
  start: number,
  retrigger: readonly [number, Fraction][],
): Fraction {
  const cap = p.maxFreeSpins;
  let none = frac(1);
  for (const [, r] of retrigger) none = add(none, frac(-r.n, r.d));
  let dist = new Map<number, Fraction>([[Math.min(start, cap), frac(1)]]);
  let played = ZERO;
  for (let j = 1; j <= cap; j++) {
    const next = new Map<number, Fraction>();
    const put = (t: number, q: Fraction) => next.set(t, add(next.get(t) ?? ZERO, q));
    for (const [t, q] of dist) {
      if (t < j) {
        put(t, q);
        continue;
      }
      played = add(played, q);
      for (const [n, r] of retrigger) put(Math.min(t + n, cap), mul(q, r));
      put(t, mul(q, none));
    }
    dist = next;
  }
  return played;
}

export function exactFigures(p: ParSheet, base: ScreenTally, free: ScreenTally): ExactFigures {
  const L = p.lines.length;
  const B = frac(base.combos);
  const F = frac(free.combos);
  const baseLineRtp = frac(base.linePay, base.combos * L);
  const baseScatterRtp = frac(base.scatterPay, base.combos);
  const perFreeSpin = mul(
    frac(p.freeMultiplier),
    add(frac(free.linePay, free.combos * L), frac(free.scatterPay, free.combos)),
  );
  const retrigger = free.scatterClasses.map(
    (c, i) => [p.scatter.freeSpins[i]!, div(frac(c), F)] as [number, Fraction],
  );
  let featureRtp = ZERO;
  let featureFrequency = ZERO;
  let spins = ZERO;
  base.scatterClasses.forEach((c, i) => {
    const q = div(frac(c), B);
    const played = exactExpectedSpins(p, p.scatter.freeSpins[i]!, retrigger);
    featureRtp = add(featureRtp, mul(mul(q, played), perFreeSpin));
    featureFrequency = add(featureFrequency, q);
    spins = add(spins, mul(q, played));
  });
  return {
    rtp: add(add(baseLineRtp, baseScatterRtp), featureRtp),
    baseLineRtp,
    baseScatterRtp,
    featureRtp,
    hitFrequency: frac(base.hits, base.combos),
    featureFrequency,
    spinsPerFeature: featureFrequency.n === 0n ? ZERO : div(spins, featureFrequency),
  };
}

/** The two-sided 99 % normal quantile. */
export const Z99 = 2.5758293035489004;

/** The 99 % interval of a mean of `n` draws with this mean and standard deviation. */
export function interval99(mean: number, sd: number, n: number): [number, number] {
  const h = (Z99 * sd) / Math.sqrt(n);
  return [mean - h, mean + h];
}
