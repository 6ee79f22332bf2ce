import { describe, expect, it } from 'vitest';
import { addShoe, coversEdge, emptySums, mergeSums, returnInterval, Z99 } from './return-interval';

/** A small deterministic generator (an LCG), so the test's numbers are fixed. */
const lcg = (seed: number) => () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 0x100000000;
};

describe('the return interval of bench:tables', () => {
  it('with one hand per shoe is the sample mean ± z·s/√n', () => {
    const s = emptySums();
    const xs = [0, 2, 2, 0, 1, 2, 0, 2];
    for (const x of xs) addShoe(s, 1, x);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
    const i = returnInterval(s);
    expect(i.mean).toBeCloseTo(mean, 12);
    expect(i.se).toBeCloseTo(sd / Math.sqrt(xs.length), 12);
    expect(i.high - i.mean).toBeCloseTo(Z99 * i.se, 12);
  });

  it('covers the true return of an even-money bet and rejects a wrong edge', () => {
    const rand = lcg(42);
    const s = emptySums();
    // Shoes of 60–90 hands; a 1:1 bet winning with p = 0.49: return 0.98, edge 2 %.
    for (let shoe = 0; shoe < 4000; shoe++) {
      const hands = 60 + Math.floor(rand() * 31);
      let total = 0;
      for (let h = 0; h < hands; h++) total += rand() < 0.49 ? 2 : 0;
      addShoe(s, hands, total);
    }
    const i = returnInterval(s);
    expect(coversEdge(i, 0.02)).toBe(true);
    expect(coversEdge(i, 0.05)).toBe(false);
    expect(coversEdge(i, -0.01)).toBe(false);
  });

  it('adds up shoes dealt apart (by workers) as if dealt together', () => {
    const a = emptySums();
    const b = emptySums();
    const all = emptySums();
    [
      [80, 79.5],
      [81, 77],
      [79, 80.05],
    ].forEach(([n, y], k) => {
      addShoe(k === 0 ? a : b, n!, y!);
      addShoe(all, n!, y!);
    });
    expect(returnInterval(mergeSums(a, b))).toEqual(returnInterval(all));
    expect(() => returnInterval(a)).toThrow(RangeError);
  });
});
