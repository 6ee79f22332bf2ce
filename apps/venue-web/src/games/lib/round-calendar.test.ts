import { describe, expect, it } from 'vitest';
import { nextRoundNo, roundNoAt } from './round-calendar';
import { parseRoute, routeHash } from './route';

describe('the draw calendar the page names the next 期号 by', () => {
  // 2026-11-26 00:00 in Shanghai is 2026-11-25 16:00 UTC.
  const day = Date.UTC(2026, 10, 25, 16, 0, 0);
  it('numbers draws from 00:01 to 24:00 of the Shanghai day', () => {
    expect(roundNoAt(day + 60_000, 60)).toBe('202611260001');
    expect(roundNoAt(day + 86_400_000, 60)).toBe('202611261440');
    expect(nextRoundNo(day + 86_400_000, 60)).toBe('202611270001');
    expect(nextRoundNo(day + 60_000, 60)).toBe('202611260002');
  });
  it('widens past four digits when a test interval makes more draws a day', () => {
    expect(roundNoAt(day + 5_000, 5)).toBe('2026112600001');
    expect(roundNoAt(day + 10_000, 10)).toBe('202611260001');
  });
});

describe('the screens in the hash', () => {
  it('reads what it writes, and anything else is the lobby', () => {
    for (const r of [
      { page: 'lobby' },
      { page: 'play', game: 'JSK3' },
      { page: 'results', game: 'JSK3' },
      { page: 'verify', game: 'JSK3', roundNo: '202611260001' },
      { page: 'verify', game: 'JSK3', roundNo: null },
      { page: 'records' },
      { page: 'rules', game: 'JSK3' },
      { page: 'trend', game: 'JSPK10' },
      { page: 'chases' },
      { page: 'table', game: 'BAC1' },
      { page: 'tableVerify', game: 'LH1', roundNo: '42' },
      { page: 'tableVerify', game: 'LH1', roundNo: null },
      { page: 'tableRules', game: 'BAC2' },
    ] as const) {
      expect(parseRoute(routeHash(r))).toEqual(r);
    }
    expect(parseRoute('#/play/jsk3')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/verify/JSK3/0123')).toEqual({
      page: 'verify',
      game: 'JSK3',
      roundNo: null,
    });
    expect(parseRoute('#/nothing')).toEqual({ page: 'lobby' });
  });
});
