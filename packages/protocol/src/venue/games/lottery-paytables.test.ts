import { describe, expect, it } from 'vitest';
import { paytableHash, paytableText } from './k3-paytable';
import {
  PK10_BET_TYPES,
  PK10_PAYTABLE_V1,
  pk10Odds,
  pk10PickLabel,
  pk10PickValid,
  pk10Wins,
  type Pk10BetType,
} from './pk10-paytable';
import {
  SSC_BET_TYPES,
  SSC_PAYTABLE_V1,
  sscOdds,
  sscPickLabel,
  sscPickValid,
  sscThreeKind,
  sscWins,
  type SscBetType,
} from './ssc-paytable';

/**
 * Every bet type's return to player by full enumeration, against probabilities written here as
 * fractions counted by hand (the rules page's definitions), never taken from the code under test.
 */

/** A finishing order with car `a` at position p and car `b` at position q, the rest in order. */
function order(p: number, a: number, q: number, b: number): number[] {
  const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((c) => c !== a && c !== b);
  const cars: number[] = [];
  for (let pos = 1; pos <= 10; pos++) cars.push(pos === p ? a : pos === q ? b : rest.shift()!);
  return cars;
}

/** The 90 ordered pairs of distinct cars at positions p and q, as full finishing orders. */
function pairs(p: number, q: number): number[][] {
  const all: number[][] = [];
  for (let a = 1; a <= 10; a++)
    for (let b = 1; b <= 10; b++) if (a !== b) all.push(order(p, a, q, b));
  return all;
}

/** 冠亚和 3…19: ordered pairs of distinct cars 1–10 with that sum (2 per unordered pair). */
const GY_COUNTS = [2, 2, 4, 4, 6, 6, 8, 8, 10, 8, 8, 6, 6, 4, 4, 2, 2];

/** [betType, pick, winning outcomes, out of] for PK10, with the outcomes each counts over. */
const pk10Cases: [Pk10BetType, string, number, number, () => number[][]][] = [
  ['position', '1:7', 9, 90, () => pairs(1, 2)],
  ['position', '10:3', 9, 90, () => pairs(10, 1)],
  ['pos_big', '4', 45, 90, () => pairs(4, 5)],
  ['pos_small', '4', 45, 90, () => pairs(4, 5)],
  ['pos_odd', '9', 45, 90, () => pairs(9, 1)],
  ['pos_even', '9', 45, 90, () => pairs(9, 1)],
  ['dragon', '1', 45, 90, () => pairs(1, 10)],
  ['tiger', '5', 45, 90, () => pairs(5, 6)],
  ...GY_COUNTS.map((n, k): [Pk10BetType, string, number, number, () => number[][]] => [
    'gy_sum',
    String(k + 3),
    n,
    90,
    () => pairs(1, 2),
  ]),
  // 冠亚和 ≥ 12: 8 + 8 + 6 + 6 + 4 + 4 + 2 + 2 = 40 of 90; ≤ 11 the other 50.
  ['gy_big', '', 40, 90, () => pairs(1, 2)],
  ['gy_small', '', 50, 90, () => pairs(1, 2)],
];

describe('the 极速PK10 paytable', () => {
  it('each bet type wins on exactly the counted outcomes and returns 96.6–97 %', () => {
    for (const [betType, pick, wins, of, outcomes] of pk10Cases) {
      const all = outcomes();
      expect(all).toHaveLength(of);
      const counted = all.filter((cars) => pk10Wins(betType, pick, cars)).length;
      expect({ betType, pick, counted }).toEqual({ betType, pick, counted: wins });
      const rtp = (wins * pk10Odds(PK10_PAYTABLE_V1, betType, pick)!) / of / 1000;
      expect(rtp, `${betType} ${pick}`).toBeGreaterThanOrEqual(0.966);
      expect(rtp, `${betType} ${pick}`).toBeLessThanOrEqual(0.97 + 1e-9);
    }
    // The example: 冠亚和 大 = 40/90 × 2.18.
    expect((40 / 90) * 2.18).toBeCloseTo(0.96889, 5);
  });

  it('covers every bet type, refuses picks off the board and labels picks', () => {
    expect(new Set(pk10Cases.map((c) => c[0]))).toEqual(new Set(PK10_BET_TYPES));
    for (const [betType, pick] of [
      ['position', '0:1'],
      ['position', '1:11'],
      ['position', '1:01'],
      ['position', '1'],
      ['pos_big', '11'],
      ['dragon', '6'],
      ['gy_sum', '2'],
      ['gy_sum', '20'],
      ['gy_big', '1'],
    ] as [Pk10BetType, string][]) {
      expect(pk10PickValid(betType, pick), `${betType} ${pick}`).toBe(false);
      expect(pk10Odds(PK10_PAYTABLE_V1, betType, pick)).toBeNull();
      expect(pk10Wins(betType, pick, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(false);
    }
    expect(pk10PickLabel('position', '1:7')).toBe('冠军 7号');
    expect(pk10PickLabel('dragon', '2')).toBe('亚军 对 第九名');
    expect(pk10PickLabel('gy_sum', '11')).toBe('冠亚和 11');
  });
});

/** Every five-digit draw 00000–99999. */
const ALL5: number[][] = Array.from({ length: 100_000 }, (_, n) =>
  String(n).padStart(5, '0').split('').map(Number),
);

/**
 * 时时彩 over all 100,000 draws: 总和 0–45 is symmetric about 22.5, so 大 (23–45) and 小 (0–22)
 * each hold half, as do 单 and 双; 万 against 个: 45 of 100 pairs higher, 45 lower, 10 equal.
 * The threes over 1,000: 豹子 10; 对子 10 × 9 × 3 = 270; 顺子 10 cyclic runs × 6 orders = 60;
 * 半顺 10 adjacent pairs × 6 non-adjacent thirds × 6 orders = 360; 杂六 the other 50 sets × 6 = 300.
 */
const sscCases: [SscBetType, string, number][] = [
  ['position', '1:0', 10_000],
  ['position', '5:9', 10_000],
  ['sum_big', '', 50_000],
  ['sum_small', '', 50_000],
  ['sum_odd', '', 50_000],
  ['sum_even', '', 50_000],
  ['dragon', '', 45_000],
  ['tiger', '', 45_000],
  ['tie', '', 10_000],
  ['front3', 'leopard', 1_000],
  ['mid3', 'straight', 6_000],
  ['back3', 'pair', 27_000],
  ['front3', 'half_straight', 36_000],
  ['back3', 'mixed', 30_000],
];

describe('the 极速时时彩 paytable', () => {
  it('each bet type wins on exactly the counted draws and returns 96.6–97 %', () => {
    for (const [betType, pick, wins] of sscCases) {
      const counted = ALL5.filter((d) => sscWins(betType, pick, d)).length;
      expect({ betType, pick, counted }).toEqual({ betType, pick, counted: wins });
      const rtp = (wins * sscOdds(SSC_PAYTABLE_V1, betType, pick)!) / 100_000 / 1000;
      expect(rtp, `${betType} ${pick}`).toBeGreaterThanOrEqual(0.966);
      expect(rtp, `${betType} ${pick}`).toBeLessThanOrEqual(0.97 + 1e-9);
    }
    expect(new Set(sscCases.map((c) => c[0]))).toEqual(new Set(SSC_BET_TYPES));
  });

  it('reads the threes cyclically, as the rules page writes them', () => {
    expect(sscThreeKind([8, 9, 0])).toBe('straight');
    expect(sscThreeKind([9, 0, 1])).toBe('straight');
    expect(sscThreeKind([2, 1, 3])).toBe('straight');
    expect(sscThreeKind([9, 0, 5])).toBe('half_straight');
    expect(sscThreeKind([1, 3, 5])).toBe('mixed');
    expect(sscThreeKind([7, 7, 2])).toBe('pair');
    expect(sscThreeKind([4, 4, 4])).toBe('leopard');
    expect(sscPickValid('position', '6:1')).toBe(false);
    expect(sscPickValid('front3', 'straight ')).toBe(false);
    expect(sscPickValid('tie', '1')).toBe(false);
    expect(sscPickLabel('position', '2:3')).toBe('千位 3');
    expect(sscPickLabel('mid3', 'half_straight')).toBe('半顺');
  });
});

describe('paytable bytes', () => {
  it('serves each paytable as its JSON and hashes those bytes', () => {
    for (const table of [PK10_PAYTABLE_V1, SSC_PAYTABLE_V1]) {
      expect(JSON.parse(paytableText(table))).toEqual(table);
      expect(paytableHash(table)).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(paytableHash(PK10_PAYTABLE_V1)).not.toBe(paytableHash(SSC_PAYTABLE_V1));
  });
});
