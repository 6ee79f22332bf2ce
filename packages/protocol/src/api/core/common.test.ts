import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MONEY_PATTERN,
  dateString,
  emptyObject,
  isCalendarDate,
  moneyString,
  pageOf,
  paging,
} from './common';

describe('MONEY_PATTERN: a decimal string with up to two places', () => {
  it.each([
    ['0', true],
    ['7', true],
    ['100', true],
    ['1234.5', true],
    ['1234.50', true],
    ['0.01', true],
    ['0.1', true],
    ['99999999999999.99', true],
    ['100000000000000', false],
    ['01', false],
    ['00', false],
    ['00.5', false],
    ['1.234', false],
    ['1.', false],
    ['.5', false],
    ['-1', false],
    ['+1', false],
    ['1e3', false],
    ['1E3', false],
    [' 1', false],
    ['1 ', false],
    ['1,000', false],
    ['NaN', false],
    ['Infinity', false],
    ['0x10', false],
    ['１００', false],
    ['', false],
  ])('%j → %s', (text, ok) => {
    expect(MONEY_PATTERN.test(text)).toBe(ok);
  });
});

describe('moneyString', () => {
  it.each(['0', '100', '1234.50'])('accepts %j and keeps it a string', (text) => {
    expect(moneyString.parse(text)).toBe(text);
  });
  it.each([100, 100.5, 0, -1, Number.NaN, true, null, undefined, {}, ['1'], 10n])(
    'refuses the non-string %s',
    (value) => {
      expect(moneyString.safeParse(value).success).toBe(false);
    },
  );
  it.each(['1.001', '-5', '1e2', '01'])('refuses %j with "invalid money"', (text) => {
    const r = moneyString.safeParse(text);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('invalid money');
  });
});

describe('dateString: YYYY-MM-DD', () => {
  it.each([
    ['2026-11-22', true],
    ['1999-01-01', true],
    ['2026-1-22', false],
    ['2026-11-2', false],
    ['26-11-22', false],
    ['2026/11/22', false],
    ['2026-11-22T00:00:00Z', false],
    ['2026-11-22 ', false],
    ['20261122', false],
    ['', false],
  ])('%j → %s', (text, ok) => {
    expect(dateString.safeParse(text).success).toBe(ok);
  });
  it('refuses a non-string and says why', () => {
    expect(dateString.safeParse(20261122).success).toBe(false);
    expect(dateString.safeParse('2026-11').error?.issues[0]?.message).toBe('invalid date');
  });
});

describe('paging', () => {
  const Query = z.object(paging).strict();
  it('defaults to page 1 of 20', () => {
    expect(Query.parse({})).toEqual({ page: 1, pageSize: 20 });
  });
  it('coerces query-string numbers', () => {
    expect(Query.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
  });
  it.each([
    [{ page: 1, pageSize: 1 }, true],
    [{ page: 100000, pageSize: 100 }, true],
    [{ page: 0 }, false],
    [{ page: -1 }, false],
    [{ page: 100001 }, false],
    [{ page: 1.5 }, false],
    [{ page: 'abc' }, false],
    [{ pageSize: 0 }, false],
    [{ pageSize: 101 }, false],
    [{ pageSize: '2.5' }, false],
    [{ page: 1, extra: 1 }, false],
  ])('%j → %s', (input, ok) => {
    expect(Query.safeParse(input).success).toBe(ok);
  });
});

describe('pageOf', () => {
  const Page = pageOf(z.object({ id: z.number() }));
  it('is a list with its page, size and total', () => {
    expect(Page.safeParse({ list: [{ id: 1 }], page: 1, pageSize: 20, total: 1 }).success).toBe(
      true,
    );
  });
  it.each([
    { list: [{ id: 'x' }], page: 1, pageSize: 20, total: 1 },
    { list: [], page: 1, pageSize: 20 },
    { list: [], page: 1.5, pageSize: 20, total: 0 },
  ])('refuses %j', (value) => {
    expect(Page.safeParse(value).success).toBe(false);
  });
});

describe('emptyObject', () => {
  it('accepts {} and refuses any field', () => {
    expect(emptyObject.safeParse({}).success).toBe(true);
    expect(emptyObject.safeParse({ a: 1 }).success).toBe(false);
  });
});

describe('dateString', () => {
  it('takes real calendar days only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('9999-99-99')).toBe(false);
    expect(isCalendarDate('2026-00-10')).toBe(false);
    expect(dateString.safeParse('9999-99-99').success).toBe(false);
    expect(dateString.safeParse('2026-11-24').success).toBe(true);
  });
});
