import { describe, expect, it } from 'vitest';
import { DEMO_LINES, FXGZ_PAR_SHEET, LTSH_PAR_SHEET } from './demo-par-sheets';
import type { ParSheet } from './par-sheet';
import { slotFigures } from './slot-calculator';
import { evaluateScreen } from './slot-engine';
import { slotSpread } from './slot-variance';

/** A sheet small enough to enumerate every screen (6^5) with the engine itself. */
const TOY: ParSheet = {
  ...FXGZ_PAR_SHEET,
  gameCode: 'TOY',
  reels: {
    base: [
      ['W', 'A', 'S', 'K', 'DR', 'A'],
      ['A', 'K', 'W', 'S', 'A', 'DR'],
      ['S', 'A', 'A', 'K', 'W', 'K'],
      ['K', 'W', 'A', 'S', 'DR', 'A'],
      ['A', 'S', 'K', 'A', 'W', 'DR'],
    ],
    free: [
      ['W', 'A', 'S', 'W', 'DR', 'A'],
      ['A', 'W', 'W', 'S', 'A', 'DR'],
      ['S', 'A', 'W', 'K', 'W', 'K'],
      ['K', 'W', 'A', 'S', 'DR', 'A'],
      ['A', 'S', 'K', 'A', 'W', 'DR'],
    ],
  },
  lines: DEMO_LINES.slice(0, 6),
  scatter: { pays: [2, 5, 20], freeSpins: [2, 3, 3] },
  freeMultiplier: 2,
  maxFreeSpins: 3,
};

/** Every screen's units and awards, by brute force over all stops (the engine's evaluation). */
function screens(
  p: ParSheet,
  strips: string[][],
  mult: number,
): { units: number; awards: number }[] {
  const out: { units: number; awards: number }[] = [];
  const walk = (stops: number[]) => {
    if (stops.length === 5) {
      const s = evaluateScreen(p, strips, stops, mult);
      out.push({ units: s.units, awards: s.awards });
      return;
    }
    for (let i = 0; i < strips[stops.length]!.length; i++) walk([...stops, i]);
  };
  walk([]);
  return out;
}

/** E[X], E[X²] of a paid spin and its feature, by recursion over every free screen. */
function bruteMoments(p: ParSheet): [number, number] {
  const base = screens(p, p.reels.base, 1);
  const free = screens(p, p.reels.free, p.freeMultiplier);
  const memo = new Map<string, [number, number]>();
  // Moments of what is still to come with `left` spins awarded and not yet played.
  const rest = (played: number, awarded: number): [number, number] => {
    if (played >= awarded) return [0, 0];
    const key = `${played}:${awarded}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let m1 = 0;
    let m2 = 0;
    for (const s of free) {
      const [r1, r2] = rest(played + 1, Math.min(awarded + s.awards, p.maxFreeSpins));
      m1 += s.units + r1;
      m2 += s.units * s.units + 2 * s.units * r1 + r2;
    }
    const out: [number, number] = [m1 / free.length, m2 / free.length];
    memo.set(key, out);
    return out;
  };
  let e1 = 0;
  let e2 = 0;
  for (const s of base) {
    const [f1, f2] = rest(0, Math.min(s.awards, p.maxFreeSpins));
    e1 += s.units + f1;
    e2 += s.units * s.units + 2 * s.units * f1 + f2;
  }
  return [e1 / base.length, e2 / base.length];
}

describe('the exact spread of a paid spin', () => {
  it('agrees with a brute-force enumeration of every screen and feature (a small sheet)', () => {
    const [e1, e2] = bruteMoments(TOY);
    const n = TOY.lines.length;
    const s = slotSpread(TOY);
    expect(s.mean).toBeCloseTo(e1 / n, 9);
    expect(s.sd).toBeCloseTo(Math.sqrt(e2 - e1 * e1) / n, 9);
    expect(s.volatilityIndex).toBeCloseTo(1.645 * s.sd, 12);
  });

  it('has the calculator’s RTP as its mean; 龙腾四海 swings wider than 福星高照', () => {
    const [low, high] = [FXGZ_PAR_SHEET, LTSH_PAR_SHEET].map((p) => {
      const s = slotSpread(p);
      expect(s.mean).toBeCloseTo(slotFigures(p).rtp, 9);
      return s;
    });
    expect(low!.sd).toBeCloseTo(2.352985, 5);
    expect(high!.sd).toBeCloseTo(4.042001, 5);
    expect(high!.volatilityIndex).toBeGreaterThan(low!.volatilityIndex);
    // About a second per sheet; the machine running the suite may be busy.
  }, 30_000);
});
