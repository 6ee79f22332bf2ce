import { describe, expect, it } from 'vitest';
import { isCleanJson, isMultiLineText, isSingleLineText, multilineText, text } from './text';

describe('text fields', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0007b'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', 'a\uDE00b'],
  ])('refuse %s on one line and on several', (_what, value) => {
    expect(isSingleLineText(value)).toBe(false);
    expect(isMultiLineText(value)).toBe(false);
    expect(text().safeParse(value).success).toBe(false);
    expect(multilineText().safeParse(value).success).toBe(false);
  });

  it('take Chinese, emoji and spaces', () => {
    expect(text().parse('张三 😀 abc')).toBe('张三 😀 abc');
  });

  it('one line refuses newlines and tabs; several lines take them, CRLF normalised', () => {
    expect(text().safeParse('a\nb').success).toBe(false);
    expect(text().safeParse('a\tb').success).toBe(false);
    expect(multilineText().parse('a\r\nb\rc\td')).toBe('a\nb\nc\td');
  });

  it('chain like z.string()', () => {
    const name = text().trim().min(2).max(4);
    expect(name.parse('  ab ')).toBe('ab');
    expect(name.safeParse('abcde').success).toBe(false);
    expect(name.safeParse('a\u0000').success).toBe(false);
  });
});

describe('isCleanJson', () => {
  it('walks keys and strings at any depth', () => {
    expect(isCleanJson({ a: ['x', { b: 'line\nnext' }], n: 1, z: null })).toBe(true);
    expect(isCleanJson({ a: ['x', { b: 'bad\u0000' }] })).toBe(false);
    expect(isCleanJson({ 'k\u0001': 1 })).toBe(false);
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(isCleanJson(deep)).toBe(false);
  });
});
