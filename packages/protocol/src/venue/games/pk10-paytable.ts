/**
 * The demo paytable of 极速PK10 (`JSPK10`) and its rules: ten cars shuffled by the kernel's
 * Fisher–Yates (docs/contract.md §10.7), position 1 (冠军) the first element. Decimal odds in
 * thousandths, stake included; the bytes served at the versioned URL are `paytableText`'s.
 */
export const PK10_BET_TYPES = [
  'position',
  'pos_big',
  'pos_small',
  'pos_odd',
  'pos_even',
  'dragon',
  'tiger',
  'gy_sum',
  'gy_big',
  'gy_small',
] as const;
export type Pk10BetType = (typeof PK10_BET_TYPES)[number];

export interface LotteryPaytableEntry<B extends string> {
  betType: B;
  name: string;
  /** Picks with their own odds (冠亚和); null when the pick does not change the odds. */
  picks: { pick: string; oddsMilli: number }[] | null;
  oddsMilli: number | null;
}

export interface LotteryPaytable<B extends string> {
  gameCode: string;
  version: number;
  currency: 'CNY';
  entries: LotteryPaytableEntry<B>[];
}

/** 冠亚和 odds by sum: 3/4/18/19, 5/6/16/17, 7/8/14/15, 9/10/12/13, 11. */
const gySumOdds = (s: number): number => {
  const d = Math.min(s, 22 - s);
  if (d <= 4) return 43_650;
  if (d <= 6) return 21_820;
  if (d <= 8) return 14_550;
  if (d <= 10) return 10_910;
  return 8_730;
};

export const PK10_PAYTABLE_V1: LotteryPaytable<Pk10BetType> = {
  gameCode: 'JSPK10',
  version: 1,
  currency: 'CNY',
  entries: [
    { betType: 'position', name: '定位胆', picks: null, oddsMilli: 9_700 },
    { betType: 'pos_big', name: '大', picks: null, oddsMilli: 1_940 },
    { betType: 'pos_small', name: '小', picks: null, oddsMilli: 1_940 },
    { betType: 'pos_odd', name: '单', picks: null, oddsMilli: 1_940 },
    { betType: 'pos_even', name: '双', picks: null, oddsMilli: 1_940 },
    { betType: 'dragon', name: '龙', picks: null, oddsMilli: 1_940 },
    { betType: 'tiger', name: '虎', picks: null, oddsMilli: 1_940 },
    {
      betType: 'gy_sum',
      name: '冠亚和',
      picks: Array.from({ length: 17 }, (_, k) => k + 3).map((s) => ({
        pick: String(s),
        oddsMilli: gySumOdds(s),
      })),
      oddsMilli: null,
    },
    { betType: 'gy_big', name: '冠亚和大', picks: null, oddsMilli: 2_180 },
    { betType: 'gy_small', name: '冠亚和小', picks: null, oddsMilli: 1_740 },
  ],
};

export const PK10_POSITION_NAMES = [
  '冠军',
  '亚军',
  '第三名',
  '第四名',
  '第五名',
  '第六名',
  '第七名',
  '第八名',
  '第九名',
  '第十名',
] as const;

const intIn = (s: string, lo: number, hi: number): number | null => {
  if (!/^(0|[1-9][0-9]?)$/.test(s)) return null;
  const n = Number(s);
  return n >= lo && n <= hi ? n : null;
};

/** `pos:car` for 定位胆; null when malformed. */
const positionPick = (pick: string): [number, number] | null => {
  const [p = '', c = '', extra] = pick.split(':');
  const pos = intIn(p, 1, 10);
  const car = intIn(c, 1, 10);
  return extra === undefined && pos !== null && car !== null ? [pos, car] : null;
};

/**
 * Whether a pick exists for a bet type: 定位胆 `pos:car` (1–10 each); a position's 大小单双 the
 * position `1`–`10`; 龙/虎 the position `1`–`5` (against 11 − k); 冠亚和 the sum `3`–`19`;
 * 冠亚和大/小 no pick ('').
 */
export function pk10PickValid(betType: Pk10BetType, pick: string): boolean {
  switch (betType) {
    case 'position':
      return positionPick(pick) !== null;
    case 'pos_big':
    case 'pos_small':
    case 'pos_odd':
    case 'pos_even':
      return intIn(pick, 1, 10) !== null;
    case 'dragon':
    case 'tiger':
      return intIn(pick, 1, 5) !== null;
    case 'gy_sum':
      return intIn(pick, 3, 19) !== null;
    case 'gy_big':
    case 'gy_small':
      return pick === '';
  }
}

/** Odds of a bet type and pick, or null when the pick is not on the board. */
export function pk10Odds(
  table: LotteryPaytable<Pk10BetType>,
  betType: Pk10BetType,
  pick: string,
): number | null {
  const entry = table.entries.find((e) => e.betType === betType);
  if (!entry || !pk10PickValid(betType, pick)) return null;
  if (entry.picks) return entry.picks.find((p) => p.pick === pick)?.oddsMilli ?? null;
  return entry.oddsMilli;
}

/**
 * Whether a PK10 bet wins on the finishing order `cars` (cars[0] is 冠军): a position's 大 is
 * 6–10 and 小 1–5; 龙 when position k's car is higher than position 11 − k's; 冠亚和 the sum of
 * the first two cars, 大 ≥ 12 and 小 ≤ 11. A malformed pick never wins.
 */
export function pk10Wins(betType: Pk10BetType, pick: string, cars: readonly number[]): boolean {
  if (!pk10PickValid(betType, pick)) return false;
  const at = (pos: number) => cars[pos - 1] ?? 0;
  const gy = at(1) + at(2);
  switch (betType) {
    case 'position': {
      const [pos, car] = positionPick(pick)!;
      return at(pos) === car;
    }
    case 'pos_big':
      return at(Number(pick)) >= 6;
    case 'pos_small':
      return at(Number(pick)) <= 5;
    case 'pos_odd':
      return at(Number(pick)) % 2 === 1;
    case 'pos_even':
      return at(Number(pick)) % 2 === 0;
    case 'dragon':
      return at(Number(pick)) > at(11 - Number(pick));
    case 'tiger':
      return at(Number(pick)) < at(11 - Number(pick));
    case 'gy_sum':
      return gy === Number(pick);
    case 'gy_big':
      return gy >= 12;
    case 'gy_small':
      return gy <= 11;
  }
}

/** The pick as a member reads it: `冠军 7号`, `第三名`, `冠亚和 11`, or '' for none. */
export function pk10PickLabel(betType: Pk10BetType, pick: string): string {
  if (!pk10PickValid(betType, pick)) return pick;
  if (betType === 'position') {
    const [pos, car] = positionPick(pick)!;
    return `${PK10_POSITION_NAMES[pos - 1]} ${car}号`;
  }
  if (betType === 'gy_sum') return `冠亚和 ${pick}`;
  if (pick === '') return '';
  const pos = PK10_POSITION_NAMES[Number(pick) - 1]!;
  return betType === 'dragon' || betType === 'tiger'
    ? `${pos} 对 ${PK10_POSITION_NAMES[10 - Number(pick)]}`
    : pos;
}
