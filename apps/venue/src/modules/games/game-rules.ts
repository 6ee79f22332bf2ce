import {
  K3_BET_TYPES,
  K3_PAYTABLE_V1,
  k3Odds,
  k3PickValid,
  k3Wins,
  paytableHash,
  type K3BetType,
  type Paytable,
} from '@nebula/protocol/venue/games/index';

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
  odds(table: Paytable, betType: string, pick: string): number | null;
  wins(betType: string, pick: string, outcome: readonly number[]): boolean;
  /** The two sides of each two-way bet (大/小, 单/双): valid stake counts only their difference. */
  twoWayPairs: readonly (readonly [string, string])[];
  /**
   * The chance that at least one of `picks` of `betType` wins, as covered / total outcomes
   * (exact integers: the 70 % rule compares them without rounding).
   */
  coverage(betType: string, picks: readonly string[]): { covered: number; total: number };
  /** The paytables this game has served, by their hash (a round stores the hash). */
  paytables: ReadonlyMap<string, Paytable>;
}

const k3Type = (betType: string): K3BetType | null =>
  (K3_BET_TYPES as readonly string[]).includes(betType) ? (betType as K3BetType) : null;

/** All 216 ordered throws of three dice: each equally likely. */
const K3_THROWS: readonly (readonly number[])[] = Array.from({ length: 216 }, (_, i) => [
  Math.floor(i / 36) + 1,
  (Math.floor(i / 6) % 6) + 1,
  (i % 6) + 1,
]);

const k3Names = new Map(K3_PAYTABLE_V1.entries.map((e) => [e.betType as string, e.name]));

export const K3_RULES: GameRules = {
  gameCode: 'JSK3',
  betTypes: K3_PAYTABLE_V1.entries.map((e) => ({ betType: e.betType, name: e.name })),
  pickValid: (betType, pick) => {
    const t = k3Type(betType);
    return t !== null && k3PickValid(t, pick);
  },
  pickLabel: (betType, pick) => {
    if (pick === '') return k3Names.get(betType) ?? betType;
    if (betType === 'triple_single') return pick.repeat(3);
    if (betType === 'pair_multi') return pick.repeat(2);
    return pick.length > 1 && betType !== 'sum' ? pick.split('').join(' ') : pick;
  },
  odds: (table, betType, pick) => {
    const t = k3Type(betType);
    return t === null ? null : k3Odds(table, t, pick);
  },
  wins: (betType, pick, outcome) => {
    const t = k3Type(betType);
    return t !== null && k3Wins(t, pick, outcome);
  },
  twoWayPairs: [
    ['big', 'small'],
    ['odd', 'even'],
  ],
  coverage: (betType, picks) => {
    const t = k3Type(betType);
    if (t === null) return { covered: 0, total: K3_THROWS.length };
    const covered = K3_THROWS.filter((d) => picks.some((p) => k3Wins(t, p, d))).length;
    return { covered, total: K3_THROWS.length };
  },
  paytables: new Map([[paytableHash(K3_PAYTABLE_V1), K3_PAYTABLE_V1]]),
};

const RULES: ReadonlyMap<string, GameRules> = new Map([[K3_RULES.gameCode, K3_RULES]]);

/** The rules of a game the venue takes bets on; undefined for any other code. */
export const gameRules = (gameCode: string): GameRules | undefined => RULES.get(gameCode);
