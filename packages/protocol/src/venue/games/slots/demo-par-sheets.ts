import type { ParSheet, SlotSymbol } from './par-sheet';

/**
 * The two demo slots (docs/contract.md §10.13): 福星高照 (`FXGZ`, frequent small wins) and
 * 龙腾四海 (`LTSH`, rarer big ones). Their figures come from the calculator and are asserted by
 * the tests; a change here without its figures fails them.
 */

const SYMBOLS: SlotSymbol[] = [
  { id: 'W', name: '财神', kind: 'wild' },
  { id: 'S', name: '聚宝盆', kind: 'scatter' },
  { id: 'DR', name: '龙', kind: 'normal' },
  { id: 'PH', name: '凤', kind: 'normal' },
  { id: 'TI', name: '虎', kind: 'normal' },
  { id: 'TO', name: '龟', kind: 'normal' },
  { id: 'A', name: 'A', kind: 'normal' },
  { id: 'K', name: 'K', kind: 'normal' },
  { id: 'Q', name: 'Q', kind: 'normal' },
  { id: 'J', name: 'J', kind: 'normal' },
  { id: 'T', name: '10', kind: 'normal' },
];

/** Twenty paylines: one row (0 top, 1 middle, 2 bottom) per reel. */
export const DEMO_LINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/**
 * A strip from symbol counts, spread deterministically: each symbol's copies are placed at
 * evenly spaced ideal positions and the strip is read in order of those positions (ties by the
 * order of `counts`), so equal symbols rarely sit together and scatters are far apart.
 */
export function stripFrom(counts: [string, number][]): string[] {
  const slots: { at: number; order: number; id: string }[] = [];
  counts.forEach(([id, n], order) => {
    for (let i = 0; i < n; i++) slots.push({ at: (i + 0.5 + order / 97) / n, order, id });
  });
  return slots.sort((a, b) => a.at - b.at || a.order - b.order).map((s) => s.id);
}

type Counts = [string, number][];
const reels = (perReel: Counts[]): string[][] => perReel.map(stripFrom);

const LOW_BASE: Counts = [
  ['W', 4],
  ['S', 2],
  ['DR', 2],
  ['PH', 2],
  ['TI', 3],
  ['TO', 3],
  ['A', 5],
  ['K', 5],
  ['Q', 5],
  ['J', 6],
  ['T', 6],
];
const LOW_FREE: Counts = LOW_BASE.map(([id, n]) => [id, id === 'W' ? n + 1 : n]);

export const FXGZ_PAR_SHEET: ParSheet = {
  gameCode: 'FXGZ',
  version: 1,
  name: '福星高照',
  symbols: SYMBOLS,
  reels: {
    base: reels([LOW_BASE, LOW_BASE, LOW_BASE, LOW_BASE, LOW_BASE]),
    free: reels([LOW_FREE, LOW_FREE, LOW_FREE, LOW_FREE, LOW_FREE]),
  },
  lines: DEMO_LINES,
  pays: {
    W: [25, 100, 150],
    DR: [20, 60, 150],
    PH: [15, 50, 120],
    TI: [12, 30, 100],
    TO: [10, 25, 80],
    A: [8, 20, 50],
    K: [8, 18, 50],
    Q: [7, 15, 40],
    J: [6, 12, 30],
    T: [6, 10, 30],
  },
  scatter: { pays: [2, 5, 20], freeSpins: [8, 12, 15] },
  freeMultiplier: 1,
  maxFreeSpins: 25,
  lineBetsFen: [1, 2, 5, 10, 20, 50, 100],
  maxWinMultiple: 5000,
};

const HIGH_BASE: Counts = [
  ['W', 2],
  ['S', 2],
  ['DR', 3],
  ['PH', 3],
  ['TI', 4],
  ['TO', 4],
  ['A', 6],
  ['K', 6],
  ['Q', 6],
  ['J', 6],
  ['T', 6],
];
const HIGH_FREE: Counts = HIGH_BASE.map(([id, n]) => [id, id === 'W' ? n + 3 : n]);

export const LTSH_PAR_SHEET: ParSheet = {
  gameCode: 'LTSH',
  version: 1,
  name: '龙腾四海',
  symbols: SYMBOLS,
  reels: {
    base: reels([HIGH_BASE, HIGH_BASE, HIGH_BASE, HIGH_BASE, HIGH_BASE]),
    free: reels([HIGH_FREE, HIGH_FREE, HIGH_FREE, HIGH_FREE, HIGH_FREE]),
  },
  lines: DEMO_LINES,
  pays: {
    W: [60, 180, 200],
    DR: [80, 180, 200],
    PH: [60, 150, 200],
    TI: [40, 100, 150],
    TO: [30, 80, 120],
    A: [14, 35, 80],
    K: [12, 25, 60],
    Q: [10, 20, 50],
    J: [7, 18, 40],
    T: [6, 12, 30],
  },
  scatter: { pays: [2, 10, 25], freeSpins: [5, 8, 10] },
  freeMultiplier: 2,
  maxFreeSpins: 10,
  lineBetsFen: [1, 2, 5, 10, 20, 50, 100],
  maxWinMultiple: 5000,
};

export const DEMO_PAR_SHEETS: ParSheet[] = [FXGZ_PAR_SHEET, LTSH_PAR_SHEET];
