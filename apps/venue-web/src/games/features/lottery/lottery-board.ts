/**
 * The number board of PK10 and 时时彩 (docs/contract.md §10.11): 玩法 tabs, each a few groups
 * of cells (a position's cars or digits, 冠亚和 values, 前三/中三/后三 kinds). Every cell is one
 * bet, so a cell's key is the bet itself, `betType|pick`, and 注数 is the cells chosen.
 */
import type { DescribeBet, SlipBet } from '../slip/slip';

export type LotteryBet = SlipBet;

export interface LotteryCell {
  key: string;
  label: string;
  /** Odds of this cell's bet when they differ across the play (冠亚和); null when shared. */
  oddsMilli: number | null;
}

export interface CellGroup {
  title: string | null;
  cells: LotteryCell[];
}

export interface LotteryPlay {
  id: string;
  name: string;
  hint: string;
  /** The odds shared by every cell of the play; null when cells carry their own. */
  oddsMilli: number | null;
  groups: CellGroup[];
}

export interface LotteryBoard {
  gameCode: string;
  plays: LotteryPlay[];
  /** The bet's name and pick as the confirm sheet writes them, with the paytable's odds. */
  describe: DescribeBet;
}

export const cellKey = (betType: string, pick: string): string => `${betType}|${pick}`;

export function betOfKey(key: string): LotteryBet {
  const i = key.indexOf('|');
  return { betType: key.slice(0, i), pick: key.slice(i + 1) };
}

export const playOf = (board: LotteryBoard, id: string): LotteryPlay =>
  board.plays.find((p) => p.id === id) ?? board.plays[0]!;

/** The bets a choice makes on a play, in the board's order (cells of other plays are ignored). */
export function lotteryBets(
  board: LotteryBoard,
  play: string,
  chosen: readonly string[],
): LotteryBet[] {
  const out: LotteryBet[] = [];
  for (const g of playOf(board, play).groups)
    for (const c of g.cells) if (chosen.includes(c.key)) out.push(betOfKey(c.key));
  return out;
}

/**
 * 机选: one random cell of the play (one bet). `random` is uniform in [0, 1): the browser's
 * crypto by default (a quick pick is the member's choice, not an outcome).
 */
export function lotteryQuickPick(
  board: LotteryBoard,
  play: string,
  random: () => number = cryptoRandom,
): string[] {
  const cells = playOf(board, play).groups.flatMap((g) => g.cells);
  const i = Math.min(cells.length - 1, Math.floor(random() * cells.length));
  return [cells[i]!.key];
}

function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}
