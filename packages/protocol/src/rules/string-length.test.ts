import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayLength, truncateToDisplayLength } from './string-length';

describe('displayLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['中文', 4],
    ['a中b', 4],
    ['ÿ', 1], // U+00FF is code 255: counts 1
    ['Ā', 2], // U+0100 is above 255: counts 2
    ['é', 1],
    ['😀', 2], // one code point (a surrogate pair), not 4
    ['a😀b', 4],
    ['，。', 4],
  ])('%j → %i', (s, length) => {
    expect(displayLength(s)).toBe(length);
  });
});

describe('truncateToDisplayLength', () => {
  it.each([
    ['abcdef', 4, '', 'abcd'],
    ['abc', 4, '', 'abc'],
    ['中文字符', 4, '', '中文'],
    ['中文字符', 5, '', '中文'],
    ['a中文', 2, '', 'a'],
    ['😀😀', 3, '', '😀'],
    ['😀😀', 1, '', ''],
    ['abcdef', 5, '…', 'abc…'],
    ['abcdef', 6, '…', 'abcdef'],
    ['中文字符', 6, '...', '中...'],
    ['abcdef', 1, '...', '.'],
    ['abc', 0, '', ''],
  ])('(%j, %i, %j) → %j', (s, max, ellipsis, expected) => {
    expect(truncateToDisplayLength(s, max, ellipsis)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN])('refuses max %s', (max) => {
    expect(() => truncateToDisplayLength('abc', max)).toThrow(RangeError);
  });

  it('never exceeds max, never splits a code point, and keeps a prefix', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), fc.nat({ max: 30 }), (s, max) => {
        const out = truncateToDisplayLength(s, max);
        expect(displayLength(out)).toBeLessThanOrEqual(max);
        expect(s.startsWith(out)).toBe(true);
        // Cut on a code-point boundary: out is a whole number of s's code points.
        expect(Array.from(s).slice(0, Array.from(out).length).join('')).toBe(out);
        if (displayLength(s) <= max) expect(out).toBe(s);
      }),
    );
  });
});
