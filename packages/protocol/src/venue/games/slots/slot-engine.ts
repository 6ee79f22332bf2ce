import type { FairStream } from '../../../fair/byte-stream';
import { REELS, ROWS, symbolOf, type ParSheet } from './par-sheet';

/**
 * A slot spin as docs/contract.md §10.13 writes it: a paid spin's five stops are `int(len_r)`
 * for reels 1 to 5 in order from the player's stream for one nonce; the free spins it triggers
 * continue the same stream, five stops each. Per line, the higher of the left-to-right run of
 * one symbol (wilds substituting) and the wild-only run pays; scatters pay × the total bet
 * anywhere; free spins multiply line and scatter wins. Wins are counted in line-bet units
 * (a scatter pay of k × the total bet is k × lines units). No input but the stream and the par
 * sheet: nothing depends on the house's results, the player's history or the bank.
 */

/** The screen: [reel][row] symbol ids. */
export function windowOf(strips: readonly string[][], stops: readonly number[]): string[][] {
  // Plain loops: every spin of a simulation builds one or more of these.
  const window: string[][] = new Array<string[]>(strips.length);
  for (let r = 0; r < strips.length; r++) {
    const strip = strips[r]!;
    const column: string[] = new Array<string>(ROWS);
    for (let row = 0; row < ROWS; row++) column[row] = strip[(stops[r]! + row) % strip.length]!;
    window[r] = column;
  }
  return window;
}

export interface LineWin {
  line: number;
  symbol: string;
  count: number;
  /** In line-bet units, before the free-spin multiplier. */
  pay: number;
}

const payOf = (p: ParSheet, symbol: string, count: number): number =>
  count >= 3 ? (p.pays[symbol]?.[count - 3] ?? 0) : 0;

/** A par sheet's wild and scatter, found once per sheet (every line of every spin asks). */
const kinds = new WeakMap<ParSheet, { wild: string; scatter: string }>();
function kindsOf(p: ParSheet): { wild: string; scatter: string } {
  let k = kinds.get(p);
  if (!k) kinds.set(p, (k = { wild: symbolOf(p, 'wild'), scatter: symbolOf(p, 'scatter') }));
  return k;
}

/** The win of one line's five symbols, or null. */
export function lineWinOf(p: ParSheet, symbols: readonly string[]): Omit<LineWin, 'line'> | null {
  const { wild, scatter } = kindsOf(p);
  let wildRun = 0;
  while (wildRun < REELS && symbols[wildRun] === wild) wildRun += 1;
  // The first symbol that is not the wild (the wild when all five are).
  const target = wildRun < REELS ? symbols[wildRun]! : wild;
  let run = 0;
  if (target !== scatter) {
    while (run < REELS && (symbols[run] === target || symbols[run] === wild)) run += 1;
  }
  const mixed = target === scatter ? 0 : payOf(p, target, run);
  const wilds = payOf(p, wild, wildRun);
  if (mixed === 0 && wilds === 0) return null;
  return mixed >= wilds
    ? { symbol: target, count: run, pay: mixed }
    : { symbol: wild, count: wildRun, pay: wilds };
}

export interface SpinScreen {
  stops: number[];
  window: string[][];
  lines: LineWin[];
  scatters: number;
  /** Scatter pay in line-bet units, before the multiplier. */
  scatterPay: number;
  multiplier: number;
  /** Everything this screen pays, in line-bet units, multiplier applied. */
  units: number;
  /** Free spins this screen awards (before the feature's cap). */
  awards: number;
}

export function evaluateScreen(
  p: ParSheet,
  strips: readonly string[][],
  stops: number[],
  multiplier: number,
): SpinScreen {
  const window = windowOf(strips, stops);
  const { scatter } = kindsOf(p);
  const lines: LineWin[] = [];
  // One array reused for every line's five symbols (lineWinOf keeps none of it).
  const five: string[] = new Array<string>(REELS);
  for (let line = 0; line < p.lines.length; line++) {
    const rows = p.lines[line]!;
    for (let r = 0; r < REELS; r++) five[r] = window[r]![rows[r]!]!;
    const win = lineWinOf(p, five);
    if (win) lines.push({ line, ...win });
  }
  let scatters = 0;
  for (const column of window) for (const s of column) if (s === scatter) scatters += 1;
  const k = Math.min(scatters, 5);
  const scatterPay = k >= 3 ? p.scatter.pays[k - 3]! * p.lines.length : 0;
  const awards = k >= 3 ? p.scatter.freeSpins[k - 3]! : 0;
  let linePay = 0;
  for (const l of lines) linePay += l.pay;
  const units = (linePay + scatterPay) * multiplier;
  return { stops, window, lines, scatters, scatterPay, multiplier, units, awards };
}

export interface SpinOutcome {
  base: SpinScreen;
  free: SpinScreen[];
  /** Total in line-bet units (base and feature), after the guard. */
  units: number;
  /** Whether the max-win guard cut the total (the par sheets make it impossible; tests show it). */
  capped: boolean;
}

/** A screen's five stops, reels 1 to 5 in order, from the stream. */
function stopsOf(stream: FairStream, strips: readonly string[][]): number[] {
  const stops: number[] = new Array<number>(strips.length);
  for (let r = 0; r < strips.length; r++) stops[r] = stream.int(strips[r]!.length);
  return stops;
}

/** One paid spin and its whole feature, from the stream of its nonce. */
export function spin(p: ParSheet, stream: FairStream): SpinOutcome {
  const base = evaluateScreen(p, p.reels.base, stopsOf(stream, p.reels.base), 1);
  const free: SpinScreen[] = [];
  let awarded = Math.min(base.awards, p.maxFreeSpins);
  while (free.length < awarded) {
    const screen = evaluateScreen(p, p.reels.free, stopsOf(stream, p.reels.free), p.freeMultiplier);
    free.push(screen);
    awarded = Math.min(awarded + screen.awards, p.maxFreeSpins);
  }
  let total = base.units;
  for (const f of free) total += f.units;
  const cap = p.maxWinMultiple * p.lines.length;
  return { base, free, units: Math.min(total, cap), capped: total > cap };
}
