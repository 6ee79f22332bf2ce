import { describe, expect, it } from 'vitest';
import { VenueConfigError, loadVenueConfig } from './config';

describe('venue configuration', () => {
  it('reads merchants and venue codes', () => {
    const c = loadVenueConfig({
      VENUE_MERCHANTS: `NEBULA=${'s'.repeat(32)};OTHER=${'t'.repeat(40)}`,
    });
    expect([...c.merchants.keys()]).toEqual(['NEBULA', 'OTHER']);
    // The demo registry: the house venue under every dialect, sports and esports, and its
    // three game venues (no dialect).
    expect([...c.venueCodes]).toEqual([
      'IMTY',
      'YBTY',
      'FBTY',
      'OBTY',
      'IMDJ',
      'YBDJ',
      'LHDJ',
      'XYCP',
      'XYZR',
      'XYDZ',
    ]);
    expect(c.gameFamilyOf.get('XYCP')).toBe('CP');
    expect(c.gameFamilyOf.get('XYDZ')).toBe('DZ');
    expect(c.dialectOf.has('XYCP')).toBe(false);
    expect(c.familyOf.has('XYZR')).toBe(false);
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

  it('reads the limits and whom to trust for the client address', () => {
    const c = loadVenueConfig({});
    expect(c.trustProxy).toBe(false);
    expect(c.limits).toEqual({
      windowMs: 10_000,
      perAddress: 1500,
      perSession: 150,
      placePerAddress: 300,
      placePerSession: 40,
      livePerAddress: 300,
      liveUnauthedPerAddress: 10,
    });
    expect(loadVenueConfig({ VENUE_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadVenueConfig({ VENUE_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadVenueConfig({ VENUE_TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadVenueConfig({ VENUE_RATE_PLACE_PER_SESSION: '1000' }).limits.placePerSession).toBe(
      1000,
    );
  });

  it("reads the game-step crash hook with or without a game's code", () => {
    expect(loadVenueConfig({ VENUE_TEST_CRASH: 'game-step:sealed' }).crashAfterGameStep).toEqual({
      step: 'sealed',
      gameCode: null,
    });
    expect(
      loadVenueConfig({ VENUE_TEST_CRASH: 'game-step:drawn:JSK3' }).crashAfterGameStep,
    ).toEqual({ step: 'drawn', gameCode: 'JSK3' });
    expect(loadVenueConfig({}).crashAfterGameStep).toBeNull();
  });

  it("reads the live tables' test length and crash hook", () => {
    const c = loadVenueConfig({
      VENUE_TEST_TABLE_SECONDS: '3',
      VENUE_TEST_CRASH: 'table-step:dealt:LH1',
    });
    expect(c.tableTestSeconds).toBe(3);
    expect(c.crashAfterTableStep).toEqual({ step: 'dealt', tableCode: 'LH1' });
    expect(loadVenueConfig({}).tableTestSeconds).toBeNull();
    expect(loadVenueConfig({}).crashAfterTableStep).toBeNull();
  });

  it("reads the leader's test lease, 10 s without it", () => {
    expect(loadVenueConfig({ VENUE_TEST_LEASE_MS: '4000' }).leaseMs).toBe(4000);
    expect(loadVenueConfig({}).leaseMs).toBe(10_000);
  });

  it.each([
    [{ VENUE_TRUST_PROXY: 'proxy.example' }],
    [{ VENUE_RATE_PER_SESSION: '0' }],
    [{ VENUE_RATE_PER_ADDRESS: 'many' }],
    [{ VENUE_RATE_WINDOW_MS: '10' }],
    [{ VENUE_LIVE_UNAUTHED_PER_ADDRESS: '-1' }],
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
    [
      {
        NODE_ENV: 'production',
        VENUE_DATABASE_URL: 'postgres://x/y',
        VENUE_TEST_MATCH_AT: '1795675894475',
      },
    ],
    [{ VENUE_TEST_MATCH_AT: 'soon' }],
    [
      {
        NODE_ENV: 'production',
        VENUE_DATABASE_URL: 'postgres://x/y',
        VENUE_TEST_LEASE_MS: '4000',
      },
    ],
    [{ VENUE_TEST_LEASE_MS: '500' }],
    [
      {
        NODE_ENV: 'production',
        VENUE_DATABASE_URL: 'postgres://x/y',
        VENUE_TEST_DRAW_SECONDS: '6',
      },
    ],
    [{ VENUE_TEST_DRAW_SECONDS: '7' }],
    [
      {
        NODE_ENV: 'production',
        VENUE_DATABASE_URL: 'postgres://x/y',
        VENUE_TEST_TABLE_SECONDS: '3',
      },
    ],
    [{ VENUE_TEST_TABLE_SECONDS: '0' }],
    [{ VENUE_TEST_CRASH: 'table-step:open' }],
    [{ VENUE_TEST_CRASH: 'game-step:later' }],
    [{ VENUE_TEST_CRASH: 'game-step:open:jsk3' }],
    [{ VENUE_CODES: 'IMTY:IMTY:ZR' }],
    [{ VENUE_CODES: 'XYCP::TY' }],
    [{ VENUE_CODES: 'XYCP::QP' }],
    [{ VENUE_CODES: 'XYCP:FBTY:CP:X' }],
    [{ VENUE_TEST_CRASH: 'game-settle-batch:x' }],
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
