import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_PATTERN } from '../api/core/common';
import {
  MoneyFormatError,
  fenToYuanString,
  formatCoinUnits,
  formatMoney,
  isCoinUnitsString,
  isMoneyString,
  parseCoinUnits,
  parseMoney,
} from './fen';

/** Any text the money grammar accepts: a whole part without leading zeros, 0–2 places. */
const moneyText = fc
  .tuple(
    fc.oneof(fc.constant('0'), fc.bigInt({ min: 1n, max: 10n ** 20n }).map(String)),
    fc.oneof(fc.constant(''), fc.stringMatching(/^\.\d{1,2}$/)),
  )
  .map(([whole, fraction]) => whole + fraction);

describe('parseMoney', () => {
  it.each([
    ['0', 0n],
    ['0.0', 0n],
    ['0.05', 5n],
    ['0.5', 50n],
    ['1', 100n],
    ['100', 10000n],
    ['1234.5', 123450n],
    ['1234.50', 123450n],
    ['99999999999999999999.99', 9999999999999999999999n],
  ])('%s → %s fen', (text, fen) => {
    expect(parseMoney(text)).toBe(fen);
    expect(isMoneyString(text)).toBe(true);
  });

  it.each([
    '',
    ' ',
    ' 1',
    '1 ',
    '-1',
    '+1',
    '1e2',
    '1E2',
    '0x10',
    '1.234',
    '1.',
    '.5',
    '01',
    '00',
    '00.5',
    '1,000',
    '1.2.3',
    'NaN',
    'Infinity',
    '１２',
  ])('refuses %j', (text) => {
    expect(() => parseMoney(text)).toThrow(MoneyFormatError);
    expect(isMoneyString(text)).toBe(false);
  });

  it('the error names its input', () => {
    try {
      parseMoney('-1');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MoneyFormatError);
      expect((error as MoneyFormatError).input).toBe('-1');
      expect((error as MoneyFormatError).name).toBe('MoneyFormatError');
    }
  });
});

describe('formatMoney', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [50n, '0.50'],
    [10000n, '100.00'],
    [123450n, '1234.50'],
    [-5n, '-0.05'],
    [-123456n, '-1234.56'],
    [2n ** 64n, '184467440737095516.16'],
  ])('%s fen → %s', (fen, text) => {
    expect(formatMoney(fen)).toBe(text);
  });
});

describe('fenToYuanString', () => {
  it.each([
    [0n, '0.00'],
    [10000n, '100.00'],
    [123450n, '1234.50'],
  ])('%s fen → %s', (fen, text) => {
    expect(fenToYuanString(fen)).toBe(text);
    expect(MONEY_PATTERN.test(text)).toBe(true);
  });
  it('has no wire form for a negative amount', () => {
    expect(() => fenToYuanString(-1n)).toThrow(RangeError);
  });
});

describe('COIN units', () => {
  it.each([
    ['0', 0n],
    ['1', 1n],
    ['1200', 1200n],
    ['123456789012345678901234567890', 123456789012345678901234567890n],
  ])('%s → %s', (text, units) => {
    expect(parseCoinUnits(text)).toBe(units);
    expect(formatCoinUnits(units)).toBe(text);
    expect(isCoinUnitsString(text)).toBe(true);
  });
  it.each(['', '1.0', '1.5', '0.01', '-1', '+1', '01', '1e3', ' 1', '1,000'])(
    'refuses %j',
    (text) => {
      expect(() => parseCoinUnits(text)).toThrow(MoneyFormatError);
      expect(isCoinUnitsString(text)).toBe(false);
    },
  );
});

describe('properties', () => {
  it('format(parse(x)) is x with exactly two places', () => {
    fc.assert(
      fc.property(moneyText, (text) => {
        const [whole, fraction = ''] = text.split('.');
        expect(formatMoney(parseMoney(text))).toBe(`${whole}.${fraction.padEnd(2, '0')}`);
      }),
    );
  });

  it('parse(format(f)) = f for 0 ≤ f ≤ 10^15', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (fen) => {
        expect(parseMoney(formatMoney(fen))).toBe(fen);
        expect(parseMoney(fenToYuanString(fen))).toBe(fen);
      }),
    );
  });

  it('formatMoney of a negative amount is the positive text with a minus', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (fen) => {
        expect(formatMoney(-fen)).toBe(`-${formatMoney(fen)}`);
      }),
    );
  });

  it('COIN units round trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (units) => {
        expect(parseCoinUnits(formatCoinUnits(units))).toBe(units);
      }),
    );
  });
});
