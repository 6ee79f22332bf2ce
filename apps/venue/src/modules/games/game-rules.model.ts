import type { AnyPaytable } from '@nebula/protocol/venue/games/index';

/**
 * What placement and settlement need to know of one game's bets (docs/contract.md §10.11):
 * its bet types, which picks are on the board, the odds a paytable gives them, whether a pick
 * wins on an outcome, and what valid stake needs (its two-way pairs, the chance a set of picks
 * wins). Settlement and placement read only this, so a new game adds its rules here and
 * touches neither.
 */
export interface GameRules {
  gameCode: string;
  /** Each bet type (玩法) with its name as shown. */
  betTypes: readonly { betType: string; name: string }[];
  pickValid(betType: string, pick: string): boolean;
  /** The pick as shown ('10', '大', '3 3' …). */
  pickLabel(betType: string, pick: string): string;
  /** Decimal odds in thousandths, stake included, from the paytable a round committed to. */
  odds(table: AnyPaytable, betType: string, pick: string): number | null;
  wins(betType: string, pick: string, outcome: readonly number[]): boolean;
  /**
   * The two sides of each two-way bet (大/小, 单/双, 龙/虎): valid stake counts only their
   * difference, between bets of the same pick (PK10's position, '' where there is none).
   */
  twoWayPairs: readonly (readonly [string, string])[];
  /**
   * The chance that at least one of `picks` of `betType` wins, as covered / total outcomes
   * (exact integers: the 70 % rule compares them without rounding).
   */
  coverage(betType: string, picks: readonly string[]): { covered: number; total: number };
  /** The paytables this game has served, by their hash (a round stores the hash). */
  paytables: ReadonlyMap<string, AnyPaytable>;
}
