import { describe, expect, it } from 'vitest';
import { familyNeedsDialect, frameRouteOf, isOnOrigin, isVenuePageUrl } from './registry';

const ORIGIN = 'https://venue.example';

describe('isVenuePageUrl: only the venue’s member pages are framed', () => {
  it('takes the page under /h5/ on the registry origin, with its query and fragment', () => {
    expect(isVenuePageUrl(`${ORIGIN}/h5/`, ORIGIN)).toBe(true);
    expect(isVenuePageUrl(`${ORIGIN}/h5/?token=abc&selections=1,2`, ORIGIN)).toBe(true);
    expect(isVenuePageUrl(`${ORIGIN}/h5/index.html#/bets`, ORIGIN)).toBe(true);
  });

  it('refuses every other path of the same origin, which isOnOrigin alone lets through', () => {
    for (const url of [
      `${ORIGIN}/operator/v1/settings`,
      `${ORIGIN}/merchant/v1/balance`,
      `${ORIGIN}/`,
      `${ORIGIN}/h5`,
      `${ORIGIN}/h5x/`,
      `${ORIGIN}/v1/balance`,
    ]) {
      expect(isOnOrigin(url, ORIGIN)).toBe(true);
      expect(isVenuePageUrl(url, ORIGIN)).toBe(false);
    }
  });

  it('refuses a path that climbs out of /h5/, plainly or encoded', () => {
    for (const url of [
      `${ORIGIN}/h5/../operator/v1/settings`,
      `${ORIGIN}/h5/%2e%2e/operator/v1/settings`,
      `${ORIGIN}/h5/..%2foperator/v1/settings`,
      `${ORIGIN}/h5/%2E%2E%2Foperator`,
      `${ORIGIN}/h5/..\\operator/v1/settings`,
    ]) {
      expect(isVenuePageUrl(url, ORIGIN)).toBe(false);
    }
  });

  it('refuses another origin, scheme or a bad URL', () => {
    expect(isVenuePageUrl('https://evil.example/h5/', ORIGIN)).toBe(false);
    expect(isVenuePageUrl('http://venue.example/h5/', ORIGIN)).toBe(false);
    expect(isVenuePageUrl('javascript:alert(1)//h5/', ORIGIN)).toBe(false);
    expect(isVenuePageUrl('/h5/', ORIGIN)).toBe(false);
    expect(isVenuePageUrl('', ORIGIN)).toBe(false);
  });
});

describe('frameRouteOf: where each venue opens (contract §6)', () => {
  it('frames sports and esports by dialect, as before', () => {
    expect(frameRouteOf('TY', 'IMTY')).toBe('/sport/im');
    expect(frameRouteOf('TY', 'OBTY')).toBe('/sport/ob');
    expect(frameRouteOf('TY', 'FBTY')).toBe('/sport/V188');
    expect(frameRouteOf('DJ', 'YBTY')).toBe('/gaming/ybdj');
    expect(frameRouteOf('DJ', 'OBTY')).toBeNull();
  });

  it('frames every other family in /gaming/house, never a new window', () => {
    for (const family of ['CP', 'ZR', 'DZ', 'QP', 'BY'] as const) {
      expect(frameRouteOf(family, null)).toBe('/gaming/house');
      expect(familyNeedsDialect(family)).toBe(false);
    }
  });

  it('TY and DJ need a dialect: without one there is no frame to open', () => {
    expect(familyNeedsDialect('TY')).toBe(true);
    expect(familyNeedsDialect('DJ')).toBe(true);
    expect(frameRouteOf('TY', null)).toBeNull();
    expect(frameRouteOf('DJ', null)).toBeNull();
  });
});
