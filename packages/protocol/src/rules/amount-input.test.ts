import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeAmountInput } from './amount-input';

describe('sanitizeAmountInput', () => {
  it.each([
    // contract §8.4
    ['', ''],
    ['.', ''],
    ['00', '0'],
    ['12.345', '12.34'],
    ['1.2.3', '1.23'],
    // digits and one dot only
    ['abc', ''],
    ['1a2b3', '123'],
    ['-12', '12'],
    ['+12', '12'],
    ['1,234.5', '1234.5'],
    [' 12 ', '12'],
    ['1e5', '15'],
    ['¥100', '100'],
    // typing in progress is kept
    ['0', '0'],
    ['12.', '12.'],
    ['0.', '0.'],
    ['0.0', '0.0'],
    ['0.05', '0.05'],
    ['10.50', '10.50'],
    // leading zeros
    ['007', '7'],
    ['000', '0'],
    ['0.5', '0.5'],
    ['00.5', '0.5'],
    ['0100', '100'],
    ['100', '100'],
    // leading dot
    ['.5', '0.5'],
    ['..5', '0.5'],
    ['.', ''],
    ['..', ''],
    ['.x', ''],
    // later dots dropped
    ['1..2', '1.2'],
    ['1.2.', '1.2'],
    ['..12.3', '0.12'],
    // full-width input
    ['１２．５', '12.5'],
    ['１２。５', '125'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeAmountInput(raw)).toBe(expected);
  });

  it.each([
    ['12.345', 0, '12'],
    ['12.', 0, '12'],
    ['.5', 0, ''],
    ['.', 0, ''],
    ['007.9', 0, '7'],
    ['1.23456', 1, '1.2'],
    ['1.23456', 3, '1.234'],
    ['.123456', 4, '0.1234'],
    ['1.2', 5, '1.2'],
  ])('%j with %i decimals → %j', (raw, decimals, expected) => {
    expect(sanitizeAmountInput(raw, decimals)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s decimals', (decimals) => {
    expect(() => sanitizeAmountInput('1', decimals)).toThrow(RangeError);
  });

  it('always yields a well-formed partial amount and is idempotent', () => {
    const raw = fc.string({
      unit: fc.constantFrom('0', '1', '5', '9', '.', '.', '-', 'a', ' ', ',', '０', '．', '中'),
      maxLength: 20,
    });
    fc.assert(
      fc.property(raw, fc.integer({ min: 0, max: 6 }), (input, decimals) => {
        const out = sanitizeAmountInput(input, decimals);
        const shape = new RegExp(`^(0|[1-9]\\d*)?(\\.\\d{0,${decimals}})?$`);
        expect(out).toMatch(shape);
        expect(out.startsWith('.')).toBe(false);
        if (decimals === 0) expect(out).not.toContain('.');
        expect(sanitizeAmountInput(out, decimals)).toBe(out);
      }),
    );
  });

  it('keeps a valid amount unchanged', () => {
    const valid = fc
      .tuple(fc.nat({ max: 10_000_000 }), fc.stringMatching(/^(\.\d{0,2})?$/))
      .map(([whole, fraction]) => `${whole}${fraction}`);
    fc.assert(
      fc.property(valid, (text) => {
        expect(sanitizeAmountInput(text)).toBe(text);
      }),
    );
  });
});
