import { describe, expect, it } from 'vitest';
import { createStream } from '../../../fair/byte-stream';
import { sha256 } from '../../../fair/sha256';
import { utf8Encode } from '../../../fair/bytes';
import { playerMessage } from '../../../fair/player-seeds';
import { DEMO_PAR_SHEETS, FXGZ_PAR_SHEET, LTSH_PAR_SHEET } from './demo-par-sheets';
import { parSheetProblems, type ParSheet } from './par-sheet';
import { expectedLinePay, slotFigures } from './slot-calculator';
import { evaluateScreen, lineWinOf, spin } from './slot-engine';

/**
 * The stated figures of each demo slot (what the rules page shows); the calculator must give
 * them to 1e-9, so a par sheet changed without its figures fails here.
 */
const STATED: Record<string, { rtp: number; hitFrequency: number }> = {
  FXGZ: { rtp: 0.9624048149214737, hitFrequency: 0.4959888256212308 },
  LTSH: { rtp: 0.9625547568551815, hitFrequency: 0.33348705150462965 },
};

describe('the demo par sheets', () => {
  it('are well formed, return 95.5–96.5 % exactly as stated, and cannot pay past 5,000×', () => {
    for (const p of DEMO_PAR_SHEETS) {
      expect(parSheetProblems(p)).toEqual([]);
      const f = slotFigures(p);
      expect(Math.abs(f.rtp - STATED[p.gameCode]!.rtp)).toBeLessThan(1e-9);
      expect(Math.abs(f.hitFrequency - STATED[p.gameCode]!.hitFrequency)).toBeLessThan(1e-9);
      expect(f.rtp).toBeGreaterThan(0.955);
      expect(f.rtp).toBeLessThan(0.965);
      expect(f.baseLineRtp + f.baseScatterRtp + f.featureRtp).toBeCloseTo(f.rtp, 12);
      expect(f.maxWinBound).toBeLessThanOrEqual(p.maxWinMultiple);
    }
    // One frequent-and-small, one rarer-and-bigger.
    expect(slotFigures(FXGZ_PAR_SHEET).hitFrequency).toBeGreaterThan(0.45);
    expect(slotFigures(LTSH_PAR_SHEET).hitFrequency).toBeLessThan(0.35);
  });
});

/** A tiny sheet whose every stop combination can be walked by brute force. */
const TINY: ParSheet = {
  ...FXGZ_PAR_SHEET,
  gameCode: 'TINY',
  reels: {
    base: [
      ['W', 'A', 'K', 'S'],
      ['A', 'S', 'K', 'A', 'Q'],
      ['K', 'A', 'W', 'S'],
      ['S', 'A', 'Q', 'K'],
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
  maxFreeSpins: 6,
};

/** Every stop combination of `strips`, with the engine's own screen evaluation. */
function allScreens(p: ParSheet, strips: string[][], multiplier: number) {
  const out: ReturnType<typeof evaluateScreen>[] = [];
  const walk = (r: number, stops: number[]) => {
    if (r === 5) return void out.push(evaluateScreen(p, strips, [...stops], multiplier));
    for (let s = 0; s < strips[r]!.length; s++) walk(r + 1, [...stops, s]);
  };
  walk(0, []);
  return out;
}

describe('the calculator against brute force', () => {
  it('matches every stop combination of a tiny sheet: lines, scatters, hits and the feature', () => {
    const lines = TINY.lines.length;
    const base = allScreens(TINY, TINY.reels.base, 1);
    const free = allScreens(TINY, TINY.reels.free, TINY.freeMultiplier);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const f = slotFigures(TINY);
    const lineRtp = mean(base.map((s) => s.lines.reduce((a, l) => a + l.pay, 0))) / lines;
    expect(f.baseLineRtp).toBeCloseTo(lineRtp, 12);
    expect(f.baseScatterRtp).toBeCloseTo(mean(base.map((s) => s.scatterPay)) / lines, 12);
    expect(f.hitFrequency).toBeCloseTo(mean(base.map((s) => (s.units > 0 ? 1 : 0))), 12);
    // The feature by backward recursion over (spins awarded, spins played): a different route
    // from the calculator's forward distribution.
    const perSpin = mean(free.map((s) => s.units)) / lines;
    const retrigger = free.map((s) => s.awards);
    const memo = new Map<string, number>();
    const spinsLeft = (awarded: number, played: number): number => {
      if (played >= awarded) return 0;
      const key = `${awarded},${played}`;
      if (!memo.has(key)) {
        const next = retrigger.map((a) =>
          spinsLeft(Math.min(awarded + a, TINY.maxFreeSpins), played + 1),
        );
        memo.set(key, 1 + mean(next));
      }
      return memo.get(key)!;
    };
    const feature = mean(base.map((s) => spinsLeft(Math.min(s.awards, TINY.maxFreeSpins), 0)));
    expect(f.featureRtp).toBeCloseTo(feature * perSpin, 12);
    expect(expectedLinePay(TINY, TINY.reels.free)).toBeGreaterThan(0);
  });
});

describe('line evaluation', () => {
  it('pays the higher of the mixed run and the wild run, one win per line', () => {
    // W W W T A: four 10s pay 10, three wilds 25; W W W T T: five 10s pay 30.
    expect(lineWinOf(FXGZ_PAR_SHEET, ['W', 'W', 'W', 'T', 'T'])?.pay).toBe(30);
    expect(lineWinOf(FXGZ_PAR_SHEET, ['W', 'W', 'W', 'T', 'A'])).toEqual({
      symbol: 'W',
      count: 3,
      pay: 25,
    });
    expect(lineWinOf(FXGZ_PAR_SHEET, ['W', 'W', 'DR', 'DR', 'DR'])).toEqual({
      symbol: 'DR',
      count: 5,
      pay: 150,
    });
    expect(lineWinOf(FXGZ_PAR_SHEET, ['W', 'S', 'S', 'S', 'S'])).toBeNull();
    expect(lineWinOf(FXGZ_PAR_SHEET, ['A', 'A', 'K', 'A', 'A'])).toBeNull();
    expect(lineWinOf(FXGZ_PAR_SHEET, ['W', 'W', 'W', 'W', 'W'])).toEqual({
      symbol: 'W',
      count: 5,
      pay: 150,
    });
  });
});

const seed = sha256(utf8Encode('nebula slots golden server seed'));
const play = (p: ParSheet, nonce: number) =>
  spin(p, createStream(seed, playerMessage('golden', nonce)));

describe('golden spins (stops from the stream, wins checked by hand)', () => {
  it('a plain spin: two three-of-a-kinds through wilds', () => {
    const o = play(FXGZ_PAR_SHEET, 0);
    expect(o.base.stops).toEqual([39, 5, 22, 39, 34]);
    // Q W Q on line 8 (rows 1 0 0 0 1) pays 7; J W J on line 19 (2 0 2 0 2) pays 6.
    expect(o.base.lines).toEqual([
      { line: 7, symbol: 'Q', count: 3, pay: 7 },
      { line: 18, symbol: 'J', count: 3, pay: 6 },
    ]);
    expect([o.units, o.free.length]).toEqual([13, 0]);
  });

  it('a feature with a retrigger continues the same stream', () => {
    const o = play(FXGZ_PAR_SHEET, 456);
    expect(o.base.stops).toEqual([17, 8, 11, 29, 7]);
    // Three scatters: 2 × the total bet (40 units) and 8 free spins; the fourth adds 8 more.
    expect([o.base.scatters, o.base.units, o.base.awards]).toEqual([3, 40, 8]);
    expect(o.free).toHaveLength(16);
    expect(o.free[3]!.awards).toBe(8);
    expect(o.free[0]!.stops).toEqual([41, 12, 0, 4, 36]);
    expect(o.units).toBe(303);
  });

  it('a retrigger stops at the feature cap, wins doubled in free spins', () => {
    const o = play(LTSH_PAR_SHEET, 586);
    expect(o.base.lines).toEqual([{ line: 1, symbol: 'TO', count: 3, pay: 30 }]);
    expect([o.base.units, o.base.awards, o.free[0]!.awards]).toEqual([70, 5, 5]);
    expect(o.free).toHaveLength(10);
    expect(o.free.every((f) => f.multiplier === 2 && f.units % 2 === 0)).toBe(true);
    expect([o.units, o.capped]).toEqual([1774, false]);
  });

  it('the max-win guard never binds over many spins', () => {
    for (const p of DEMO_PAR_SHEETS) {
      for (let n = 0; n < 3000; n++) expect(play(p, n).capped).toBe(false);
    }
  });
});
