import { describe, expect, it } from 'vitest';
import { K3_PAYTABLE_V1 } from '@nebula/protocol/venue/games/k3-paytable';
import { DICE_OUTCOMES, percentText, rtpRows } from './rtp';

/**
 * The rules page's RTP table against probabilities written here as fractions of 216 (counted
 * by hand, not by the code under test) times the odds.
 */
const expected: [betType: string, pick: string, wins: number, odds: number][] = [
  ['sum', '3', 1, 209.52],
  ['sum', '4', 3, 69.83],
  ['sum', '5', 6, 34.91],
  ['sum', '6', 10, 20.95],
  ['sum', '7', 15, 13.96],
  ['sum', '8', 21, 9.97],
  ['sum', '9', 25, 8.38],
  ['sum', '10', 27, 7.75],
  ['sum', '11', 27, 7.75],
  ['sum', '17', 3, 69.83],
  ['sum', '18', 1, 209.52],
  ['big', '', 105, 2.0],
  ['small', '', 105, 2.0],
  ['odd', '', 105, 2.0],
  ['even', '', 105, 2.0],
  ['triple_single', '1', 1, 209.52],
  ['triple_any', '', 6, 34.91],
  ['pair_multi', '1', 16, 13.09],
  ['two_distinct', '12', 30, 6.98],
  ['three_distinct', '123', 6, 34.91],
  ['straight_any', '', 24, 8.72],
];

describe('the RTP table', () => {
  it('enumerates 216 outcomes', () => {
    expect(DICE_OUTCOMES).toHaveLength(216);
    expect(new Set(DICE_OUTCOMES.map((d) => d.join(''))).size).toBe(216);
  });

  it('gives each bet type its exact return, rounded to hundredths of a percent', () => {
    const rows = rtpRows(K3_PAYTABLE_V1);
    // 16 sums and the ten other bet types.
    expect(rows).toHaveLength(26);
    for (const [betType, pick, wins, odds] of expected) {
      const row = rows.find((r) => r.betType === betType && r.pick === pick);
      expect(row, `${betType} ${pick}`).toBeDefined();
      expect(row!.wins).toBe(wins);
      expect(row!.oddsMilli).toBe(Math.round(odds * 1000));
      const percent = (wins / 216) * odds * 100;
      expect(Math.abs(row!.rtpBp / 100 - percent)).toBeLessThanOrEqual(0.005 + 1e-9);
    }
    // 大 = 105/216 × 2.00 = 97.22 %; 和值 10 = 27/216 × 7.75 = 96.875 → 96.88 %.
    expect(percentText(rows.find((r) => r.betType === 'big')!.rtpBp)).toBe('97.22%');
    expect(percentText(rows.find((r) => r.pick === '10')!.rtpBp)).toBe('96.88%');
    expect(percentText(rows.find((r) => r.betType === 'straight_any')!.rtpBp)).toBe('96.89%');
  });
});
