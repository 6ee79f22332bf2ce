import { describe, expect, it } from 'vitest';
import { periodStart, shanghaiDate, shanghaiDayRange } from './shanghai-time';

describe('Asia/Shanghai periods', () => {
  // 2026-11-22 is a Sunday. 01:30 in Shanghai is 17:30 UTC the day before.
  const sundayEarly = Date.UTC(2026, 10, 21, 17, 30);
  it('days start at 00:00 Shanghai', () => {
    expect(new Date(periodStart('day', sundayEarly)).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(shanghaiDate(sundayEarly)).toBe('2026-11-22');
  });
  it('weeks start on Monday', () => {
    expect(new Date(periodStart('week', sundayEarly)).toISOString()).toBe(
      '2026-11-15T16:00:00.000Z',
    );
    const monday = Date.UTC(2026, 10, 22, 16, 0); // Monday 00:00 Shanghai
    expect(periodStart('week', monday)).toBe(monday);
  });
  it('months start on the 1st', () => {
    expect(new Date(periodStart('month', sundayEarly)).toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
  });
  it('a date filter covers the Shanghai day', () => {
    expect(shanghaiDayRange('2026-11-22').map((x) => new Date(x).toISOString())).toEqual([
      '2026-11-21T16:00:00.000Z',
      '2026-11-22T16:00:00.000Z',
    ]);
  });
});
