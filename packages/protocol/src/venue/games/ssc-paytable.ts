import type { LotteryPaytable } from './pk10-paytable';

/**
 * The demo paytable of 极速时时彩 (`JSSSC`) and its rules: five digits 万 千 百 十 个, `int(10)`
 * five times in order (docs/contract.md §10.7). Decimal odds in thousandths, stake included.
 */
export const SSC_BET_TYPES = [
  'position',
  'sum_big',
  'sum_small',
  'sum_odd',
  'sum_even',
  'dragon',
  'tiger',
  'tie',
  'front3',
  'mid3',
  'back3',
] as const;
export type SscBetType = (typeof SSC_BET_TYPES)[number];

/** The five kinds of three digits (前三 / 中三 / 后三), digits cyclic (9 and 0 adjacent). */
export const SSC_THREE_KINDS = ['leopard', 'straight', 'pair', 'half_straight', 'mixed'] as const;
export type SscThreeKind = (typeof SSC_THREE_KINDS)[number];
const threeKindNames: Record<SscThreeKind, string> = {
  leopard: '豹子',
  straight: '顺子',
  pair: '对子',
  half_straight: '半顺',
  mixed: '杂六',
};
const threeKindOdds: Record<SscThreeKind, number> = {
  leopard: 97_000,
  straight: 16_160,
  pair: 3_590,
  half_straight: 2_690,
  mixed: 3_230,
};
const threeKindPicks = SSC_THREE_KINDS.map((k) => ({ pick: k, oddsMilli: threeKindOdds[k] }));

export const SSC_PAYTABLE_V1: LotteryPaytable<SscBetType> = {
  gameCode: 'JSSSC',
  version: 1,
  currency: 'CNY',
  entries: [
    { betType: 'position', name: '定位', picks: null, oddsMilli: 9_700 },
    { betType: 'sum_big', name: '总和大', picks: null, oddsMilli: 1_940 },
    { betType: 'sum_small', name: '总和小', picks: null, oddsMilli: 1_940 },
    { betType: 'sum_odd', name: '总和单', picks: null, oddsMilli: 1_940 },
    { betType: 'sum_even', name: '总和双', picks: null, oddsMilli: 1_940 },
    { betType: 'dragon', name: '龙', picks: null, oddsMilli: 2_150 },
    { betType: 'tiger', name: '虎', picks: null, oddsMilli: 2_150 },
    { betType: 'tie', name: '和', picks: null, oddsMilli: 9_700 },
    { betType: 'front3', name: '前三', picks: threeKindPicks, oddsMilli: null },
    { betType: 'mid3', name: '中三', picks: threeKindPicks, oddsMilli: null },
    { betType: 'back3', name: '后三', picks: threeKindPicks, oddsMilli: null },
  ],
};

export const SSC_POSITION_NAMES = ['万位', '千位', '百位', '十位', '个位'] as const;

/** `pos:digit` for 定位 (position 1–5 from 万 to 个, digit 0–9); null when malformed. */
const positionPick = (pick: string): [number, number] | null => {
  const m = /^([1-5]):([0-9])$/.exec(pick);
  return m ? [Number(m[1]), Number(m[2])] : null;
};

const isThreeKind = (pick: string): pick is SscThreeKind =>
  (SSC_THREE_KINDS as readonly string[]).includes(pick);

/** Whether a pick exists for a bet type: 定位 `pos:digit`; 前三/中三/后三 a kind; else ''. */
export function sscPickValid(betType: SscBetType, pick: string): boolean {
  if (betType === 'position') return positionPick(pick) !== null;
  if (betType === 'front3' || betType === 'mid3' || betType === 'back3') return isThreeKind(pick);
  return pick === '';
}

/** Odds of a bet type and pick, or null when the pick is not on the board. */
export function sscOdds(
  table: LotteryPaytable<SscBetType>,
  betType: SscBetType,
  pick: string,
): number | null {
  const entry = table.entries.find((e) => e.betType === betType);
  if (!entry || !sscPickValid(betType, pick)) return null;
  if (entry.picks) return entry.picks.find((p) => p.pick === pick)?.oddsMilli ?? null;
  return entry.oddsMilli;
}

const adjacent = (a: number, b: number) => (a - b + 10) % 10 === 1 || (b - a + 10) % 10 === 1;

/**
 * The kind of three digits, cyclic (9 and 0 adjacent): 豹子 three equal, 对子 exactly two equal,
 * 顺子 three distinct forming a run in any order (890 and 901 included), 半顺 three distinct, not
 * 顺子, two of them adjacent, 杂六 the rest.
 */
export function sscThreeKind(d: readonly number[]): SscThreeKind {
  const [a = 0, b = 0, c = 0] = d;
  if (a === b && b === c) return 'leopard';
  if (a === b || b === c || a === c) return 'pair';
  const pairs = [adjacent(a, b), adjacent(b, c), adjacent(a, c)].filter(Boolean).length;
  if (pairs >= 2) return 'straight';
  return pairs === 1 ? 'half_straight' : 'mixed';
}

/**
 * Whether a 时时彩 bet wins on the five digits: 总和 大 23–45 and 小 0–22, 单/双 on the sum;
 * 龙 when 万 > 个, 虎 when 万 < 个, 和 when equal (龙 and 虎 lose on 和); 前三 the digits 万千百,
 * 中三 千百十, 后三 百十个. A malformed pick never wins.
 */
export function sscWins(betType: SscBetType, pick: string, digits: readonly number[]): boolean {
  if (!sscPickValid(betType, pick)) return false;
  const sum = digits.reduce((a, b) => a + b, 0);
  const first = digits[0] ?? 0;
  const last = digits[4] ?? 0;
  switch (betType) {
    case 'position': {
      const [pos, digit] = positionPick(pick)!;
      return digits[pos - 1] === digit;
    }
    case 'sum_big':
      return sum >= 23;
    case 'sum_small':
      return sum <= 22;
    case 'sum_odd':
      return sum % 2 === 1;
    case 'sum_even':
      return sum % 2 === 0;
    case 'dragon':
      return first > last;
    case 'tiger':
      return first < last;
    case 'tie':
      return first === last;
    case 'front3':
      return sscThreeKind(digits.slice(0, 3)) === pick;
    case 'mid3':
      return sscThreeKind(digits.slice(1, 4)) === pick;
    case 'back3':
      return sscThreeKind(digits.slice(2, 5)) === pick;
  }
}

/** The pick as a member reads it: `万位 3`, `豹子`, or '' for none. */
export function sscPickLabel(betType: SscBetType, pick: string): string {
  if (betType === 'position') {
    const p = positionPick(pick);
    return p ? `${SSC_POSITION_NAMES[p[0] - 1]} ${p[1]}` : pick;
  }
  return isThreeKind(pick) ? threeKindNames[pick] : pick;
}
