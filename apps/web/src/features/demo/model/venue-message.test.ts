import { describe, expect, it } from 'vitest';
import { venueMessageType } from './venue-message';

describe('the demo frame hears the venue page', () => {
  it('acts on ready, balanceChanged and relaunch only', () => {
    for (const type of ['ready', 'balanceChanged', 'relaunch'] as const)
      expect(venueMessageType({ source: 'nebula-venue', type })).toBe(type);
  });

  it('ignores a transfer asked for, other sources and extra fields', () => {
    expect(
      venueMessageType({ source: 'nebula-venue', type: 'openTransfer', venueCode: 'XYCP' }),
    ).toBeNull();
    expect(venueMessageType({ source: 'elsewhere', type: 'ready' })).toBeNull();
    expect(venueMessageType({ source: 'nebula-venue', type: 'ready', url: 'x' })).toBeNull();
    expect(venueMessageType('ready')).toBeNull();
    expect(venueMessageType(null)).toBeNull();
  });
});
