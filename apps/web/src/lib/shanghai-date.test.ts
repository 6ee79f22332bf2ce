import { describe, expect, it } from 'vitest';
import { addDays, shanghaiDate, shanghaiDateTime } from './shanghai-date';

describe('Shanghai days', () => {
  it('puts an instant on its Shanghai date whatever the viewer’s zone', () => {
    // 2026-04-30 16:00 UTC is midnight of 05-01 in Shanghai (UTC+8, no daylight saving).
    expect(shanghaiDate(Date.UTC(2026, 3, 30, 15, 59))).toBe('2026-04-30');
    expect(shanghaiDate(Date.UTC(2026, 3, 30, 16, 0))).toBe('2026-05-01');
    expect(shanghaiDateTime(Date.UTC(2026, 3, 30, 16, 5))).toBe('2026-05-01 00:05');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-05-01', -29)).toBe('2026-04-02');
  });
});
