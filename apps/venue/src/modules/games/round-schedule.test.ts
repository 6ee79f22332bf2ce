import { describe, expect, it } from 'vitest';
import { acceptsBets, currentSlot, slotOf } from './round-schedule';

const MINUTE = { roundSeconds: 60, sealBeforeSeconds: 10 };
/** 2026-11-26 00:00 in Asia/Shanghai. */
const D = Date.UTC(2026, 10, 25, 16, 0, 0);

describe('the draw calendar', () => {
  it('numbers draws from 0001 at 00:01 to 1440 at 24:00, Shanghai time', () => {
    expect(slotOf(D + 60_000, MINUTE)).toEqual({
      roundNo: '202611260001',
      opensAt: D,
      sealAt: D + 50_000,
      drawAt: D + 60_000,
    });
    expect(slotOf(D + 86_400_000, MINUTE).roundNo).toBe('202611261440');
    expect(slotOf(D + 86_400_000 + 60_000, MINUTE).roundNo).toBe('202611270001');
    expect(() => slotOf(D + 30_000, MINUTE)).toThrow(RangeError);
  });

  it('the current slot is the first still before its seal', () => {
    expect(currentSlot(D + 10_000, MINUTE).roundNo).toBe('202611260001');
    expect(currentSlot(D + 49_999, MINUTE).roundNo).toBe('202611260001');
    expect(currentSlot(D + 50_000, MINUTE).roundNo).toBe('202611260002');
    expect(currentSlot(D + 60_000, MINUTE).roundNo).toBe('202611260002');
    expect(currentSlot(D - 10_001, MINUTE).roundNo).toBe('202611251440');
    expect(currentSlot(D - 1, MINUTE).roundNo).toBe('202611260001');
  });

  it('a test interval keeps the calendar and widens the sequence when it must', () => {
    const fast = { roundSeconds: 2, sealBeforeSeconds: 1 };
    expect(slotOf(D + 2_000, fast).roundNo).toBe('2026112600001');
    expect(() => currentSlot(D, { roundSeconds: 7, sealBeforeSeconds: 1 })).toThrow(RangeError);
  });

  it('placement refuses once now reaches sealAt, whatever the stored status', () => {
    const r = { status: 'open', sealAt: D + 50_000 };
    expect(acceptsBets(r, D + 49_999)).toBe(true);
    expect(acceptsBets(r, D + 50_000)).toBe(false);
    expect(acceptsBets({ ...r, status: 'sealed' }, D)).toBe(false);
  });
});
