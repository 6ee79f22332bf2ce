import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import { evaluateScreen } from '@nebula/protocol/venue/games/slots/slot-engine';

/**
 * The reel view's arithmetic, kept pure for tests. A spin shows each reel running down its own
 * strip and landing on the server's stop (docs/contract.md §10.13: stop s shows positions s,
 * s+1, s+2 as rows 1–3), reel 1 first. A paid spin's cycle lasts at least 2.5 s from the tap
 * (no turbo, no skipping); a free spin of a feature plays through at a shorter, fixed pace.
 */

/** A paid spin's cycle, tap to the last reel landing: never under 2.5 s. */
export const PAID_SPIN_MS = 2600;
/** Each free spin of a feature. */
export const FREE_SPIN_MS = 1400;
/** Symbols that pass by before a reel lands (reel r shows `PASSES + 3r` more than reel 1). */
export const PASSES = 14;

/** When reel r (0–4) lands, for a cycle of `totalMs`: evenly after the first at 60 %. */
export function landAt(r: number, totalMs: number, reels = 5): number {
  const first = Math.round(totalMs * 0.6);
  return first + Math.round(((totalMs - first) * r) / (reels - 1));
}

/**
 * What reel r's column holds, top to bottom, for a run from `previous` (the rows shown before)
 * to `window` (the rows to land on): the landing rows, then the strip's positions after them as
 * they pass by, then the previous rows — so moving the column down shows the strip running.
 */
export function reelColumn(
  strip: readonly string[],
  stop: number,
  window: readonly string[],
  previous: readonly string[],
  passes: number,
): string[] {
  const passing = Array.from({ length: passes }, (_, i) => strip[(stop + 3 + i) % strip.length]!);
  return [...window, ...passing, ...previous];
}

/** The cells [reel, row] a payline runs through. */
export const lineCells = (rows: readonly number[]): [number, number][] =>
  rows.map((row, reel) => [reel, row]);

/**
 * The cells that made a line's win: the first `count` reels of the line (wins run from the
 * left), as "reel:row" keys for highlighting.
 */
export function winningCells(
  lines: readonly (readonly number[])[],
  wins: readonly { line: number; count: number }[],
): Set<string> {
  const cells = new Set<string>();
  for (const w of wins) {
    const rows = lines[w.line];
    if (!rows) continue;
    for (let reel = 0; reel < w.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  return cells;
}

/** The scatter cells of a window, as "reel:row" keys. */
export function scatterCells(window: readonly (readonly string[])[], scatter: string): string[] {
  const cells: string[] = [];
  window.forEach((col, reel) =>
    col.forEach((s, row) => {
      if (s === scatter) cells.push(`${reel}:${row}`);
    }),
  );
  return cells;
}

/**
 * Whether a result may be celebrated (banner, pulse, sound): only when the spin returned more
 * than its stake; a return equal to or below the stake is shown plainly.
 */
export const celebrates = (winFen: bigint, betFen: bigint): boolean => winFen > betFen;

/**
 * Where the reels rest before the first spin: staggered stops on the base strips that show no
 * win and no scatter pay (the demo sheets' five strips are alike, so equal stops would show five
 * of a kind on every row — a win that never happened).
 */
export function restingStops(sheet: ParSheet): number[] {
  const strips = sheet.reels.base;
  for (let k = 0; k < strips[0]!.length; k++) {
    const stops = strips.map((strip, r) => (k + 9 * r) % strip.length);
    const screen = evaluateScreen(sheet, strips, stops, 1);
    if (screen.units === 0 && screen.awards === 0) return stops;
  }
  return strips.map(() => 0);
}
