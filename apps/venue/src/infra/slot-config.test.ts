import { describe, expect, it } from 'vitest';
import { VenueConfigError, loadVenueConfig } from './config';
import { SLOT_MIN_CYCLE_MS, loadSlotConfig } from './slot-config';

const merchants = { VENUE_MERCHANTS: `NEBULA=${'s'.repeat(32)}` };

describe('slot configuration', () => {
  it('keeps the 2.5 s spin cycle unless a test or bench lifts it', () => {
    expect(SLOT_MIN_CYCLE_MS).toBe(2500);
    expect(loadVenueConfig(merchants).slots).toEqual({ minCycleMs: 2500, crashAtSpin: null });
    expect(loadVenueConfig({ ...merchants, VENUE_TEST_SLOT_CYCLE: 'off' }).slots.minCycleMs).toBe(
      0,
    );
    expect(
      loadVenueConfig({ ...merchants, VENUE_TEST_CRASH: 'slot-spin:3' }).slots.crashAtSpin,
    ).toBe(3);
  });

  it('refuses the lifted cycle in production, and a value that is not on or off', () => {
    expect(loadSlotConfig({}, true, undefined).minCycleMs).toBe(2500);
    expect(() => loadSlotConfig({ VENUE_TEST_SLOT_CYCLE: 'off' }, true, undefined)).toThrow(
      VenueConfigError,
    );
    expect(() => loadVenueConfig({ ...merchants, VENUE_TEST_SLOT_CYCLE: 'no' })).toThrow(
      VenueConfigError,
    );
    expect(() => loadVenueConfig({ ...merchants, VENUE_TEST_CRASH: 'slot-spin:x' })).toThrow(
      VenueConfigError,
    );
  });
});
