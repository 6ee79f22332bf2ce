import { describe, expect, it } from 'vitest';
import { VenueConfigError, loadVenueConfig } from './config';

describe('venue configuration', () => {
  it('reads merchants and venue codes', () => {
    const c = loadVenueConfig({
      VENUE_MERCHANTS: `NEBULA=${'s'.repeat(32)};OTHER=${'t'.repeat(40)}`,
    });
    expect([...c.merchants.keys()]).toEqual(['NEBULA', 'OTHER']);
    // The demo registry: the house venue under every dialect, sports and esports.
    expect([...c.venueCodes]).toEqual(['IMTY', 'YBTY', 'FBTY', 'OBTY', 'IMDJ', 'YBDJ', 'LHDJ']);
    expect(c.dialectOf.get('LHDJ')).toBe('FBTY');
    expect(c.familyOf.get('IMDJ')).toBe('DJ');
    expect(c.familyOf.get('OBTY')).toBe('TY');
    expect(c.port).toBe(8090);
  });

  it("reads each merchant's member-site origins", () => {
    const c = loadVenueConfig({
      VENUE_PLATFORM_ORIGINS: 'NEBULA=https://a.example|https://b.example:8443;OTHER=http://x.test',
    });
    expect(c.platformOrigins.get('NEBULA')).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
  });

  it.each([
    [{ VENUE_MERCHANTS: 'NEBULA=short' }],
    [{ VENUE_MERCHANTS: `lower=${'s'.repeat(32)}` }],
    [{ VENUE_CODES: 'house ty' }],
    [{ VENUE_PORT: 'eighty' }],
    [{ NODE_ENV: 'production' }],
    [{ VENUE_CODES: 'IMTY:XXTY' }],
    [{ VENUE_TEST_CRASH: 'settle-batch:x' }],
    [
      {
        NODE_ENV: 'production',
        VENUE_DATABASE_URL: 'postgres://x/y',
        VENUE_TEST_CRASH: 'settle-batch:1',
      },
    ],
    [
      {
        NODE_ENV: 'production',
        VENUE_DATABASE_URL: 'postgres://x/y',
        VENUE_TEST_CLOCK_SKEW_MS: '86400000',
      },
    ],
    [{ VENUE_CODES: 'IMTY:IMTY:ZR' }],
    [{ VENUE_PLATFORM_ORIGINS: 'NEBULA=https://a.example/path' }],
    [{ VENUE_PLATFORM_ORIGINS: 'NEBULA=not a url' }],
    [
      {
        NODE_ENV: 'production',
        VENUE_DATABASE_URL: 'postgres://x/y',
        VENUE_MERCHANTS: `NEBULA=${'s'.repeat(32)}`,
      },
    ],
  ])('a bad value stops the start: %j', (env) => {
    expect(() => loadVenueConfig(env)).toThrow(VenueConfigError);
  });
});
