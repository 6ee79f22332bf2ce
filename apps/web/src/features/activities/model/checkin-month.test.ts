import { describe, expect, it } from 'vitest';
import { monthGrid, shiftMonth } from './checkin-month';

describe('签到 month grid', () => {
  it('pads to weeks from Monday', () => {
    // 2026-11-01 is a Sunday: six blanks first.
    const g = monthGrid('2026-11');
    expect(g[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(g.flat().filter(Boolean)).toHaveLength(30);
    expect(g.every((w) => w.length === 7)).toBe(true);
  });
  it('moves across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});
