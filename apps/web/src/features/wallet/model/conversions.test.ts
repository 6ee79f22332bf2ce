import { formatFen } from '@nebula/protocol/format/number-format';
import { describe, expect, it } from 'vitest';
import { coinCostFen, coinsAffordable, usdtCreditFen } from './conversions';

describe('USDT credit preview', () => {
  it('is exact in fen: 10.01 USDT × 7.23 = 72.37 (a float gives 72.3723)', () => {
    expect(usdtCreditFen('10.01', '7.23')).toBe(7237n);
    expect(formatFen(usdtCreditFen('10.01', '7.23'))).toBe('72.37');
  });

  it('rounds down to the fen, never up', () => {
    // 0.99 × 7.29 = 7.2171 → 7.21; 1.15 × 7.99 = 9.1885 → 9.18 (rounding would give 9.19).
    expect(usdtCreditFen('0.99', '7.29')).toBe(721n);
    expect(usdtCreditFen('1.15', '7.99')).toBe(918n);
  });

  it('keeps every fen of amounts far beyond 2^53', () => {
    expect(usdtCreditFen('99999999999999.99', '7.2')).toBe(71999999999999992n);
  });
});

describe('COIN cost preview', () => {
  it('is coins × rate in fen', () => {
    expect(coinCostFen('100', '1.00')).toBe(10000n);
    expect(coinCostFen('3', '0.07')).toBe(21n);
    expect(formatFen(coinCostFen('1234', '1.23'))).toBe('1,517.82');
  });

  it('is exact where a float is not (0.1 + 0.2 style)', () => {
    // 3 × 0.1 in floats is 0.30000000000000004.
    expect(coinCostFen('3', '0.10')).toBe(30n);
    expect(coinCostFen('9007199254740993', '1')).toBe(900719925474099300n);
  });

  it('knows how many whole COIN a balance buys', () => {
    expect(coinsAffordable(1000n, '0.30')).toBe(33n);
    expect(coinsAffordable(1000n, '0')).toBe(0n);
  });
});
