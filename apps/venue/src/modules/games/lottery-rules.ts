import {
  PK10_BET_TYPES,
  PK10_PAYTABLE_V1,
  SSC_BET_TYPES,
  SSC_PAYTABLE_V1,
  paytableHash,
  pk10Odds,
  pk10PickLabel,
  pk10PickValid,
  pk10Wins,
  sscOdds,
  sscPickLabel,
  sscPickValid,
  sscWins,
  type LotteryPaytable,
  type Pk10BetType,
  type SscBetType,
} from '@nebula/protocol/venue/games/index';
import type { GameRules } from './game-rules.model';

/**
 * The rules of 极速PK10 and 极速时时彩 (docs/contract.md §10.11) from the protocol's paytable
 * functions. Coverage (the 70 % rule of valid stake) is counted exactly, without listing the
 * 10! finishing orders: per position the cars that win, then the orders avoiding all of them.
 */

const pk10Type = (t: string): Pk10BetType | null =>
  (PK10_BET_TYPES as readonly string[]).includes(t) ? (t as Pk10BetType) : null;
const sscType = (t: string): SscBetType | null =>
  (SSC_BET_TYPES as readonly string[]).includes(t) ? (t as SscBetType) : null;

const PK10_ORDERS = 3_628_800; // 10!
const CARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Finishing orders where no position p holds a car of `winning[p]` (positions 0–9). */
function ordersAvoiding(winning: readonly (readonly number[])[]): number {
  // ways[mask]: orders of the first popcount(mask) positions using exactly the cars in mask.
  let ways = new Map<number, number>([[0, 1]]);
  for (let pos = 0; pos < 10; pos += 1) {
    const next = new Map<number, number>();
    for (const [mask, n] of ways) {
      for (const car of CARS) {
        const bit = 1 << (car - 1);
        if (mask & bit || winning[pos]?.includes(car)) continue;
        next.set(mask | bit, (next.get(mask | bit) ?? 0) + n);
      }
    }
    ways = next;
  }
  return ways.get(1023) ?? 0;
}

/** Per position, the cars with which one of `picks` of a position bet type wins. */
function pk10Winning(t: Pk10BetType, picks: readonly string[]): number[][] {
  const winning: number[][] = Array.from({ length: 10 }, () => []);
  for (const pick of picks) {
    if (!pk10PickValid(t, pick)) continue;
    if (t === 'position') {
      const [pos, car] = pick.split(':').map(Number) as [number, number];
      winning[pos - 1]!.push(car);
    } else {
      // pk10Wins reads the car at the pick's position: try each car there.
      const at = Number(pick);
      const wins = CARS.filter((c) => {
        const order = Array<number>(10).fill(0);
        order[at - 1] = c;
        return pk10Wins(t, pick, order);
      });
      winning[at - 1]!.push(...wins);
    }
  }
  return winning;
}

/** The 90 equally likely (冠军, 亚军) pairs. */
const PK10_FIRST_TWO = CARS.flatMap((a) => CARS.filter((b) => b !== a).map((b) => [a, b]));

function pk10Coverage(t: Pk10BetType, picks: readonly string[]) {
  const valid = [...new Set(picks.filter((p) => pk10PickValid(t, p)))];
  if (t === 'dragon' || t === 'tiger') {
    // Disjoint pairs (k, 11 − k): their comparisons are independent fair coins, 2^5 in all.
    return { covered: 32 - 2 ** (5 - valid.length), total: 32 };
  }
  if (t === 'gy_sum' || t === 'gy_big' || t === 'gy_small') {
    const covered = PK10_FIRST_TWO.filter((ab) => valid.some((p) => pk10Wins(t, p, ab))).length;
    return { covered, total: PK10_FIRST_TWO.length };
  }
  return { covered: PK10_ORDERS - ordersAvoiding(pk10Winning(t, valid)), total: PK10_ORDERS };
}

const names = (table: LotteryPaytable<string>) =>
  table.entries.map((e) => ({ betType: e.betType, name: e.name }));

export const PK10_RULES: GameRules = {
  gameCode: 'JSPK10',
  betTypes: names(PK10_PAYTABLE_V1),
  pickValid: (b, p) => {
    const t = pk10Type(b);
    return t !== null && pk10PickValid(t, p);
  },
  pickLabel: (b, p) => {
    const t = pk10Type(b);
    const label = t === null ? p : pk10PickLabel(t, p);
    const name = PK10_PAYTABLE_V1.entries.find((e) => e.betType === b)?.name ?? b;
    // 大小单双 and 龙虎 name the position only: the bet type's name completes it.
    return label === '' ? name : t === 'position' || t === 'gy_sum' ? label : `${label} ${name}`;
  },
  odds: (table, b, p) => {
    const t = pk10Type(b);
    return t === null ? null : pk10Odds(table as LotteryPaytable<Pk10BetType>, t, p);
  },
  wins: (b, p, outcome) => {
    const t = pk10Type(b);
    return t !== null && pk10Wins(t, p, outcome);
  },
  twoWayPairs: [
    ['pos_big', 'pos_small'],
    ['pos_odd', 'pos_even'],
    ['dragon', 'tiger'],
    ['gy_big', 'gy_small'],
  ],
  coverage: (b, picks) => {
    const t = pk10Type(b);
    return t === null ? { covered: 0, total: PK10_ORDERS } : pk10Coverage(t, picks);
  },
  paytables: new Map([[paytableHash(PK10_PAYTABLE_V1), PK10_PAYTABLE_V1]]),
};

const SSC_DRAWS = 100_000;
/** Draws won by each (bet type, pick) other than 定位, counted once over the 10^5 draws. */
let sscCounts: Map<string, number> | null = null;
function sscCount(t: SscBetType, pick: string): number {
  if (!sscCounts) {
    const counts = new Map<string, number>();
    const keys = SSC_PAYTABLE_V1.entries
      .filter((e) => e.betType !== 'position')
      .flatMap((e) => (e.picks ?? [{ pick: '' }]).map((p) => [e.betType, p.pick] as const));
    for (let n = 0; n < SSC_DRAWS; n += 1) {
      const d = [4, 3, 2, 1, 0].map((k) => Math.floor(n / 10 ** k) % 10);
      for (const [bt, p] of keys) {
        if (sscWins(bt, p, d)) counts.set(`${bt}:${p}`, (counts.get(`${bt}:${p}`) ?? 0) + 1);
      }
    }
    sscCounts = counts;
  }
  return sscCounts.get(`${t}:${pick}`) ?? 0;
}

function sscCoverage(t: SscBetType, picks: readonly string[]) {
  const valid = [...new Set(picks.filter((p) => sscPickValid(t, p)))];
  if (t === 'position') {
    // Digits are independent: the draws missing every pick are the product per position.
    let missing = 1;
    for (let pos = 1; pos <= 5; pos += 1) {
      missing *= 10 - valid.filter((p) => p.startsWith(`${pos}:`)).length;
    }
    return { covered: SSC_DRAWS - missing, total: SSC_DRAWS };
  }
  // Every other bet type's picks are mutually exclusive (one kind, or the only pick '').
  return { covered: valid.reduce((s, p) => s + sscCount(t, p), 0), total: SSC_DRAWS };
}

export const SSC_RULES: GameRules = {
  gameCode: 'JSSSC',
  betTypes: names(SSC_PAYTABLE_V1),
  pickValid: (b, p) => {
    const t = sscType(b);
    return t !== null && sscPickValid(t, p);
  },
  pickLabel: (b, p) => {
    const t = sscType(b);
    const label = t === null ? p : sscPickLabel(t, p);
    return label === '' ? (SSC_PAYTABLE_V1.entries.find((e) => e.betType === b)?.name ?? b) : label;
  },
  odds: (table, b, p) => {
    const t = sscType(b);
    return t === null ? null : sscOdds(table as LotteryPaytable<SscBetType>, t, p);
  },
  wins: (b, p, outcome) => {
    const t = sscType(b);
    return t !== null && sscWins(t, p, outcome);
  },
  // 和 is its own bet type: 龙 and 虎 lose on it, and it pairs with neither.
  twoWayPairs: [
    ['sum_big', 'sum_small'],
    ['sum_odd', 'sum_even'],
    ['dragon', 'tiger'],
  ],
  coverage: (b, picks) => {
    const t = sscType(b);
    return t === null ? { covered: 0, total: SSC_DRAWS } : sscCoverage(t, picks);
  },
  paytables: new Map([[paytableHash(SSC_PAYTABLE_V1), SSC_PAYTABLE_V1]]),
};
