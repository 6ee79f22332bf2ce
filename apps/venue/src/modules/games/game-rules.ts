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
import type { GameRules } from './game-rules.model';
import { PK10_RULES, SSC_RULES } from './lottery-rules';

export type { GameRules } from './game-rules.model';

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
    return t === null ? null : k3Odds(table as Paytable, t, pick);
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

const RULES: ReadonlyMap<string, GameRules> = new Map(
  [K3_RULES, PK10_RULES, SSC_RULES].map((r) => [r.gameCode, r]),
);

/** The rules of a game the venue takes bets on; undefined for any other code. */
export const gameRules = (gameCode: string): GameRules | undefined => RULES.get(gameCode);
