import { describe, expect, it } from 'vitest';
import {
  DEMO_PAR_SHEETS,
  FXGZ_PAR_SHEET,
} from '@nebula/protocol/venue/games/slots/demo-par-sheets';
import { evaluateScreen, windowOf } from '@nebula/protocol/venue/games/slots/slot-engine';
import {
  celebrates,
  FREE_SPIN_MS,
  landAt,
  PAID_SPIN_MS,
  reelColumn,
  restingStops,
  scatterCells,
  winningCells,
} from './slot-reels';

describe('the reel run', () => {
  it('lasts at least 2.5 s for a paid spin, reel 1 first and reel 5 at the end', () => {
    expect(PAID_SPIN_MS).toBeGreaterThanOrEqual(2500);
    const times = [0, 1, 2, 3, 4].map((r) => landAt(r, PAID_SPIN_MS));
    expect(times[4]).toBe(PAID_SPIN_MS);
    for (let r = 1; r < 5; r++) expect(times[r]).toBeGreaterThan(times[r - 1]!);
    expect(landAt(4, FREE_SPIN_MS)).toBe(FREE_SPIN_MS);
  });

  it('lands each reel on the rows its stop shows (stop s shows s, s+1, s+2 mod the strip)', () => {
    const strips = FXGZ_PAR_SHEET.reels.base;
    const stops = [0, 7, strips[2]!.length - 1, strips[3]!.length - 2, 19];
    const window = windowOf(strips, stops);
    const previous = windowOf(strips, [1, 1, 1, 1, 1]);
    strips.forEach((strip, r) => {
      const col = reelColumn(strip, stops[r]!, window[r]!, previous[r]!, 10);
      expect(col.slice(0, 3)).toEqual([0, 1, 2].map((i) => strip[(stops[r]! + i) % strip.length]));
      // The strip runs on below the landing rows, and the run starts from the rows shown before.
      expect(col[3]).toBe(strip[(stops[r]! + 3) % strip.length]);
      expect(col.slice(-3)).toEqual(previous[r]);
      expect(col).toHaveLength(16);
    });
  });
});

describe('the reels at rest', () => {
  it('show no win before the first spin, in either game', () => {
    for (const sheet of DEMO_PAR_SHEETS) {
      const stops = restingStops(sheet);
      const screen = evaluateScreen(sheet, sheet.reels.base, stops, 1);
      expect(screen.units, sheet.gameCode).toBe(0);
      expect(screen.awards).toBe(0);
      expect(new Set(stops).size).toBe(5);
    }
  });
});

describe('what a result shows', () => {
  it('outlines the cells of each winning run from the left, and the scatters', () => {
    const lines = [
      [1, 1, 1, 1, 1],
      [0, 1, 2, 1, 0],
    ];
    const cells = winningCells(lines, [
      { line: 0, count: 3 },
      { line: 1, count: 4 },
    ]);
    expect([...cells].sort()).toEqual(['0:0', '0:1', '1:1', '2:1', '2:2', '3:1'].sort());
    const w = [
      ['S', 'A', 'K'],
      ['Q', 'S', 'J'],
      ['T', 'T', 'T'],
      ['A', 'A', 'S'],
      ['K', 'K', 'K'],
    ];
    expect(scatterCells(w, 'S')).toEqual(['0:0', '1:1', '3:2']);
  });

  it('celebrates only a return above the stake', () => {
    expect(celebrates(201n, 200n)).toBe(true);
    expect(celebrates(200n, 200n)).toBe(false);
    expect(celebrates(150n, 200n)).toBe(false);
    expect(celebrates(0n, 200n)).toBe(false);
  });
});
