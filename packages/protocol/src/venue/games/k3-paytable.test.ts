import { describe, expect, it } from 'vitest';
import { sha256 } from '../../fair/sha256';
import { bytesToHex, utf8Encode } from '../../fair/bytes';
import {
  K3_BET_TYPES,
  K3_PAYTABLE_V1,
  k3Odds,
  k3PickValid,
  k3Wins,
  paytableHash,
  paytableText,
  type K3BetType,
} from './k3-paytable';

/** The 216 ordered outcomes of three dice. */
const ALL: number[][] = [];
for (let a = 1; a <= 6; a++)
  for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ALL.push([a, b, c]);

/**
 * Winning outcomes out of 216, counted by hand (not by the code under test): 和值 s has the
 * classic three-dice counts; 大/小/单/双 are 108 each less the triples in them (444 and 555 for
 * 大, 222 and 333 for 小, 111 333 555 for 单, 222 444 666 for 双); 二同号复选 on d: 3 × 5 pairs
 * plus the triple; 二不同号 {1,2}: 216 − 125 − 125 + 64; 三不同号 and 三同号通选: 6;
 * 三连号通选: 4 runs × 6 orders.
 */
const SUM_COUNTS = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
const expected: Record<K3BetType, [pick: string, wins: number][]> = {
  sum: SUM_COUNTS.map((n, k) => [String(k + 3), n]),
  big: [['', 105]],
  small: [['', 105]],
  odd: [['', 105]],
  even: [['', 105]],
  triple_single: [['4', 1]],
  triple_any: [['', 6]],
  pair_multi: [['2', 16]],
  two_distinct: [['15', 30]],
  three_distinct: [['246', 6]],
  straight_any: [['', 24]],
};
/** The odds, as decimals, for the return each bet type states. */
const statedOdds: Record<string, number> = {
  big: 2.0,
  triple_single: 209.52,
  triple_any: 34.91,
  pair_multi: 13.09,
  two_distinct: 6.98,
  three_distinct: 34.91,
  straight_any: 8.72,
};

describe('the 快3 paytable', () => {
  it('every bet type wins on exactly the outcomes counted by hand, returning about 97 %', () => {
    for (const betType of K3_BET_TYPES) {
      for (const [pick, wins] of expected[betType]) {
        const counted = ALL.filter((d) => k3Wins(betType, pick, d)).length;
        expect({ betType, pick, counted }).toEqual({ betType, pick, counted: wins });
        const odds = k3Odds(K3_PAYTABLE_V1, betType, pick);
        expect(odds).not.toBeNull();
        const rtp = (wins * odds!) / 216 / 1000;
        expect(rtp).toBeGreaterThan(0.95);
        expect(rtp).toBeLessThan(0.98);
      }
    }
    // 大 = 105/216 × 2.00; 三连号通选 = 24/216 × 8.72; 和值 10 = 27/216 × 7.75.
    expect((105 / 216) * statedOdds.big!).toBeCloseTo(0.9722, 4);
    expect(k3Odds(K3_PAYTABLE_V1, 'big', '')).toBe(2000);
    expect((24 / 216) * statedOdds.straight_any!).toBeCloseTo(0.9689, 4);
    expect(k3Odds(K3_PAYTABLE_V1, 'sum', '10')).toBe(7750);
    expect(k3Odds(K3_PAYTABLE_V1, 'sum', '18')).toBe(209_520);
  });

  it('every pick of a multi-pick bet type returns the same', () => {
    for (let d = 1; d <= 6; d++) {
      expect(ALL.filter((x) => k3Wins('pair_multi', String(d), x))).toHaveLength(16);
      expect(ALL.filter((x) => k3Wins('triple_single', String(d), x))).toHaveLength(1);
    }
    expect(ALL.filter((x) => k3Wins('two_distinct', '36', x))).toHaveLength(30);
    expect(ALL.filter((x) => k3Wins('three_distinct', '135', x))).toHaveLength(6);
  });

  it('refuses picks that are not on the board', () => {
    expect(k3PickValid('sum', '2')).toBe(false);
    expect(k3PickValid('sum', '19')).toBe(false);
    expect(k3PickValid('two_distinct', '11')).toBe(false);
    expect(k3PickValid('three_distinct', '127')).toBe(false);
    expect(k3PickValid('big', '1')).toBe(false);
    expect(k3Odds(K3_PAYTABLE_V1, 'pair_multi', '7')).toBeNull();
  });

  it('its hash is the SHA-256 of the exact bytes served', () => {
    const text = paytableText(K3_PAYTABLE_V1);
    expect(JSON.parse(text)).toEqual(K3_PAYTABLE_V1);
    expect(paytableHash(K3_PAYTABLE_V1)).toBe(bytesToHex(sha256(utf8Encode(text))));
    expect(paytableHash(K3_PAYTABLE_V1)).toMatch(/^[0-9a-f]{64}$/);
  });
});
