import { sha256 } from '../../fair/sha256';
import { bytesToHex, utf8Encode } from '../../fair/bytes';

/**
 * The demo paytable of 极速快3 (docs/contract.md §10.10): decimal odds in thousandths, stake
 * included (2.00 → 2000). Its bytes are served at a versioned URL and their SHA-256 is shown
 * before play and stored on every round.
 */
export const K3_BET_TYPES = [
  'sum',
  'big',
  'small',
  'odd',
  'even',
  'triple_single',
  'triple_any',
  'pair_multi',
  'two_distinct',
  'three_distinct',
  'straight_any',
] as const;
export type K3BetType = (typeof K3_BET_TYPES)[number];

export interface PaytableEntry {
  betType: K3BetType;
  name: string;
  /** Picks with their own odds (和值); null when the pick does not change the odds. */
  picks: { pick: string; oddsMilli: number }[] | null;
  oddsMilli: number | null;
}

export interface Paytable {
  gameCode: string;
  version: number;
  currency: 'CNY';
  entries: PaytableEntry[];
}

const sumOdds: Record<number, number> = {
  3: 209_520,
  4: 69_830,
  5: 34_910,
  6: 20_950,
  7: 13_960,
  8: 9_970,
  9: 8_380,
  10: 7_750,
};

export const K3_PAYTABLE_V1: Paytable = {
  gameCode: 'JSK3',
  version: 1,
  currency: 'CNY',
  entries: [
    {
      betType: 'sum',
      name: '和值',
      picks: Array.from({ length: 16 }, (_, k) => k + 3).map((s) => ({
        pick: String(s),
        oddsMilli: sumOdds[Math.min(s, 21 - s)]!,
      })),
      oddsMilli: null,
    },
    { betType: 'big', name: '大', picks: null, oddsMilli: 2_000 },
    { betType: 'small', name: '小', picks: null, oddsMilli: 2_000 },
    { betType: 'odd', name: '单', picks: null, oddsMilli: 2_000 },
    { betType: 'even', name: '双', picks: null, oddsMilli: 2_000 },
    { betType: 'triple_single', name: '三同号单选', picks: null, oddsMilli: 209_520 },
    { betType: 'triple_any', name: '三同号通选', picks: null, oddsMilli: 34_910 },
    { betType: 'pair_multi', name: '二同号复选', picks: null, oddsMilli: 13_090 },
    { betType: 'two_distinct', name: '二不同号', picks: null, oddsMilli: 6_980 },
    { betType: 'three_distinct', name: '三不同号', picks: null, oddsMilli: 34_910 },
    { betType: 'straight_any', name: '三连号通选', picks: null, oddsMilli: 8_720 },
  ],
};

/** What every game's paytable has in common, for serving and hashing it. */
export interface AnyPaytable {
  gameCode: string;
  version: number;
  entries: readonly unknown[];
}

/** The exact bytes served for a paytable: its JSON as serialised here, nothing else. */
export function paytableText(table: AnyPaytable): string {
  return JSON.stringify(table);
}

/** The paytable's hash: SHA-256 of the exact bytes served, lowercase hex. */
export function paytableHash(table: AnyPaytable): string {
  return bytesToHex(sha256(utf8Encode(paytableText(table))));
}

/** Odds of a bet type and pick, or null when the pick is not on the board. */
export function k3Odds(table: Paytable, betType: K3BetType, pick: string): number | null {
  const entry = table.entries.find((e) => e.betType === betType);
  if (!entry) return null;
  if (entry.picks) return entry.picks.find((p) => p.pick === pick)?.oddsMilli ?? null;
  return k3PickValid(betType, pick) ? entry.oddsMilli : null;
}

const sorted = (pick: string): number[] =>
  pick
    .split('')
    .map(Number)
    .sort((a, b) => a - b);

/** Whether a pick exists for a bet type (digits 1–6 as the bet type asks). */
export function k3PickValid(betType: K3BetType, pick: string): boolean {
  const digits = /^[1-6]+$/.test(pick) ? sorted(pick) : [];
  const distinct = new Set(digits).size === digits.length;
  switch (betType) {
    case 'sum':
      return /^(3|4|5|6|7|8|9|1[0-8])$/.test(pick);
    case 'triple_single':
    case 'pair_multi':
      return digits.length === 1;
    case 'two_distinct':
      return digits.length === 2 && distinct;
    case 'three_distinct':
      return digits.length === 3 && distinct;
    default:
      return pick === '';
  }
}

/**
 * Whether a 快3 bet wins on three dice: 大 11–17 and 小 4–10, 单/双 on the sum, all four lose
 * on a triple; 二同号复选 includes the triple; 三连号通选 is 123/234/345/456 only.
 */
export function k3Wins(betType: K3BetType, pick: string, dice: readonly number[]): boolean {
  const sum = dice.reduce((a, b) => a + b, 0);
  const s = [...dice].sort((a, b) => a - b);
  const triple = s[0] === s[2];
  const count = (d: number) => dice.filter((x) => x === d).length;
  switch (betType) {
    case 'sum':
      return String(sum) === pick;
    case 'big':
      return !triple && sum >= 11 && sum <= 17;
    case 'small':
      return !triple && sum >= 4 && sum <= 10;
    case 'odd':
      return !triple && sum % 2 === 1;
    case 'even':
      return !triple && sum % 2 === 0;
    case 'triple_single':
      return count(Number(pick)) === 3;
    case 'triple_any':
      return triple;
    case 'pair_multi':
      return count(Number(pick)) >= 2;
    case 'two_distinct':
      return sorted(pick).every((d) => count(d) >= 1);
    case 'three_distinct':
      return sorted(pick).every((d) => count(d) === 1);
    case 'straight_any':
      return s[1] === (s[0] ?? 0) + 1 && s[2] === (s[1] ?? 0) + 1;
  }
}
