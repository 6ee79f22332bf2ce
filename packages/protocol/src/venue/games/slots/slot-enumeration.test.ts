import { describe, expect, it } from 'vitest';
import { FXGZ_PAR_SHEET } from './demo-par-sheets';
import type { ParSheet } from './par-sheet';
import { slotFigures } from './slot-calculator';
import { evaluateScreen } from './slot-engine';
import { addTallies, emptyTally, tallyScreens, type ScreenTally } from './slot-enumeration';
import {
  add,
  exactExpectedSpins,
  exactFigures,
  frac,
  interval99,
  mul,
  toNumber,
} from './slot-exact';

/** Small enough to walk screen by screen with the engine itself. */
const TINY: ParSheet = {
  ...FXGZ_PAR_SHEET,
  gameCode: 'TINY',
  reels: {
    base: [
      ['W', 'A', 'K', 'S', 'A'],
      ['A', 'S', 'K', 'A', 'Q', 'W'],
      ['K', 'A', 'W', 'S'],
      ['S', 'A', 'Q', 'K', 'W'],
      ['A', 'K', 'S', 'W', 'Q'],
    ],
    free: [
      ['W', 'A', 'S'],
      ['A', 'S', 'W'],
      ['S', 'A', 'K'],
      ['A', 'W', 'S'],
      ['K', 'S', 'A'],
    ],
  },
  scatter: { pays: [2, 5, 20], freeSpins: [2, 3, 4] },
  freeMultiplier: 2,
  maxFreeSpins: 6,
};

/** The slow way: every stop combination through evaluateScreen. */
function naiveTally(p: ParSheet, strips: string[][]): ScreenTally {
  const t = emptyTally();
  const stops = [0, 0, 0, 0, 0];
  const walk = (r: number) => {
    if (r === 5) {
      const s = evaluateScreen(p, strips, [...stops], 1);
      t.combos += 1;
      t.linePay += s.lines.reduce((x, l) => x + l.pay, 0);
      t.scatterPay += s.scatterPay / p.lines.length;
      if (s.lines.length > 0 || s.scatterPay > 0) t.hits += 1;
      if (s.scatters >= 3) t.scatterClasses[Math.min(s.scatters, 5) - 3]! += 1;
      return;
    }
    for (stops[r] = 0; stops[r] < strips[r]!.length; stops[r] += 1) walk(r + 1);
  };
  walk(0);
  return t;
}

describe('the brute-force enumeration', () => {
  it('tallies every screen as the engine pays it, and splits by reel-1 ranges', () => {
    for (const set of ['base', 'free'] as const) {
      const whole = tallyScreens(TINY, TINY.reels[set]);
      expect(whole).toEqual(naiveTally(TINY, TINY.reels[set]));
      const parts = addTallies(
        tallyScreens(TINY, TINY.reels[set], 0, 1),
        tallyScreens(TINY, TINY.reels[set], 1, TINY.reels[set][0]!.length),
      );
      expect(parts).toEqual(whole);
    }
    expect(tallyScreens(TINY, TINY.reels.base).scatterClasses.some((c) => c > 0)).toBe(true);
  });

  it('gives the calculator’s figures as exact fractions', () => {
    const exact = exactFigures(
      TINY,
      tallyScreens(TINY, TINY.reels.base),
      tallyScreens(TINY, TINY.reels.free),
    );
    const calc = slotFigures(TINY);
    for (const k of [
      'rtp',
      'baseLineRtp',
      'baseScatterRtp',
      'featureRtp',
      'hitFrequency',
      'featureFrequency',
      'spinsPerFeature',
    ] as const) {
      expect(Math.abs(toNumber(exact[k]) - calc[k])).toBeLessThan(1e-12);
    }
    expect(exact.featureRtp.n).toBeGreaterThan(0n);
    // One stop fewer on a reel changes the figures: the comparison can fail.
    const other = { ...TINY, reels: { ...TINY.reels, base: [...TINY.reels.base] } };
    other.reels.base[0] = TINY.reels.base[0]!.slice(1);
    const moved = exactFigures(
      other,
      tallyScreens(other, other.reels.base),
      tallyScreens(other, other.reels.free),
    );
    expect(Math.abs(toNumber(moved.rtp) - calc.rtp)).toBeGreaterThan(1e-6);
  });
});

describe('exact fractions', () => {
  it('reduce, add and multiply exactly', () => {
    expect(frac(6, 8)).toEqual({ n: 3n, d: 4n });
    expect(add(frac(1, 3), frac(1, 6))).toEqual({ n: 1n, d: 2n });
    expect(mul(frac(2, 3), frac(9, 4))).toEqual({ n: 3n, d: 2n });
    expect(toNumber(frac(1, 3))).toBe(1 / 3);
    expect(() => frac(1, 0)).toThrow(RangeError);
  });

  it('solve a feature: no retrigger plays the award, a certain one plays to the cap', () => {
    const p = { ...TINY, maxFreeSpins: 10 };
    expect(exactExpectedSpins(p, 4, [])).toEqual(frac(4));
    expect(exactExpectedSpins(p, 4, [[3, frac(1)]])).toEqual(frac(10));
    // Retrigger +2 with probability 1/2, cap 3, from 2 spins, worked by hand:
    const half = exactExpectedSpins({ ...TINY, maxFreeSpins: 3 }, 2, [[2, frac(1, 2)]]);
    // Spin 1: owed 2 → 4 capped 3 (½) or 2. Spin 2 played always; spin 3 iff owed 3.
    // P(owed 3 after two spins) = 1 − P(no retrigger in two) = 3/4.
    expect(half).toEqual(frac(11, 4));
  });

  it('makes the 99 % interval of a mean', () => {
    const [lo, hi] = interval99(0.96, 2, 10_000);
    expect(hi - lo).toBeCloseTo((2 * 2.5758293035489004 * 2) / 100, 12);
    expect((lo + hi) / 2).toBeCloseTo(0.96, 12);
  });
});
