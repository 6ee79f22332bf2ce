import { describe, expect, it } from 'vitest';
import { VenueConfigError, loadVenueConfig } from './config';

describe('venue configuration', () => {
  it('reads merchants and venue codes', () => {
    const c = loadVenueConfig({
      VENUE_MERCHANTS: `NEBULA=${'s'.repeat(32)};OTHER=${'t'.repeat(40)}`,
    });
    expect([...c.merchants.keys()]).toEqual(['NEBULA', 'OTHER']);
    expect(c.venueCodes.has('HOUSE_TY')).toBe(true);
    expect(c.port).toBe(8090);
  });

  it.each([
    [{ VENUE_MERCHANTS: 'NEBULA=short' }],
    [{ VENUE_MERCHANTS: `lower=${'s'.repeat(32)}` }],
    [{ VENUE_CODES: 'house ty' }],
    [{ VENUE_PORT: 'eighty' }],
    [{ NODE_ENV: 'production' }],
  ])('a bad value stops the start: %j', (env) => {
    expect(() => loadVenueConfig(env)).toThrow(VenueConfigError);
  });
});
