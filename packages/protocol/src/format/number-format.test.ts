import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyFormatError, formatMoney } from '../money/fen';
import {
  formatAmount,
  formatAmountTruncated,
  formatCoin,
  formatFen,
  groupThousands,
} from './number-format';

describe('groupThousands', () => {
  it.each([
    ['0', '0'],
    ['12', '12'],
    ['123', '123'],
    ['1234', '1,234'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
  ])('%s → %s', (digits, grouped) => {
    expect(groupThousands(digits)).toBe(grouped);
  });
});

describe('formatAmount (half up) and formatAmountTruncated', () => {
  it.each([
    // [input, rounded, truncated]
    ['0', '0.00', '0.00'],
    ['100', '100.00', '100.00'],
    ['1234567.89', '1,234,567.89', '1,234,567.89'],
    ['1234567.891', '1,234,567.89', '1,234,567.89'],
    ['1234567.895', '1,234,567.90', '1,234,567.89'],
    ['0.005', '0.01', '0.00'],
    ['0.004', '0.00', '0.00'],
    ['0.009', '0.01', '0.00'],
    ['0.0049999', '0.00', '0.00'],
    ['999.995', '1,000.00', '999.99'],
    ['999999.999', '1,000,000.00', '999,999.99'],
    ['-1234.567', '-1,234.57', '-1,234.56'],
    ['-0.005', '-0.01', '0.00'],
    ['-0.004', '0.00', '0.00'],
    ['-0', '0.00', '0.00'],
    ['1.', '1.00', '1.00'],
    ['.5', '0.50', '0.50'],
    ['-.5', '-0.50', '-0.50'],
    ['007.5', '7.50', '7.50'],
    // Beyond 2^53: a float would already have lost these digits.
    ['9007199254740993.005', '9,007,199,254,740,993.01', '9,007,199,254,740,993.00'],
    ['12345678901234567890.125', '12,345,678,901,234,567,890.13', '12,345,678,901,234,567,890.12'],
  ])('%s → %s / %s', (input, rounded, truncated) => {
    expect(formatAmount(input)).toBe(rounded);
    expect(formatAmountTruncated(input)).toBe(truncated);
  });

  it.each([
    [0n, '0.00'],
    [123450n, '1,234.50'],
    [-5n, '-0.05'],
  ])('a bigint is fen: %s → %s', (fen, text) => {
    expect(formatAmount(fen)).toBe(text);
    expect(formatAmountTruncated(fen)).toBe(text);
  });

  it.each([
    '',
    '-',
    '.',
    '-.',
    '+1',
    '1e3',
    '1E-2',
    '1,000',
    ' 1',
    '1 ',
    'abc',
    '1.2.3',
    '--1',
    'NaN',
  ])('refuses %j', (input) => {
    expect(() => formatAmount(input)).toThrow(MoneyFormatError);
    expect(() => formatAmountTruncated(input)).toThrow(MoneyFormatError);
  });
});

describe('formatFen and formatCoin', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [123450n, '1,234.50'],
    [-123456789n, '-1,234,567.89'],
    [2n ** 64n, '184,467,440,737,095,516.16'],
  ])('formatFen(%s) = %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it.each([
    [0n, '0'],
    [999n, '999'],
    [1200n, '1,200'],
    [-1234567n, '-1,234,567'],
  ])('formatCoin(%s) = %s', (units, text) => {
    expect(formatCoin(units)).toBe(text);
  });
});

describe('properties', () => {
  // Intl formats a *string* as an exact decimal (Intl.NumberFormat v3), so it is a trustworthy
  // reference here, though the helpers themselves avoid it to stay independent of the runtime.
  const reference = (roundingMode: 'halfExpand' | 'trunc') =>
    new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'negative',
      roundingMode,
    });
  const decimalText = fc
    .tuple(
      fc.constantFrom('', '-'),
      fc.bigInt({ min: 0n, max: 10n ** 24n }),
      fc.stringMatching(/^\d{0,6}$/),
    )
    .map(([sign, whole, places]) => `${sign}${whole.toString()}${places ? `.${places}` : ''}`);

  it('agrees with exact-decimal Intl formatting, rounded and truncated', () => {
    const rounded = reference('halfExpand');
    const truncated = reference('trunc');
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(formatAmount(text)).toBe(rounded.format(text as `${number}`));
        expect(formatAmountTruncated(text)).toBe(truncated.format(text as `${number}`));
      }),
    );
  });

  it('formatting fen and formatting their yuan text agree', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (fen) => {
        expect(formatAmount(formatMoney(fen))).toBe(formatFen(fen));
        expect(formatFen(fen).replace(/,/g, '')).toBe(formatMoney(fen));
      }),
    );
  });
});
