import type { VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { describe, expect, it } from 'vitest';
import { frameTarget } from './frame-target';

const ORIGIN = 'https://venue.example';
const im: VenueView = {
  code: 'IMTY',
  family: 'TY',
  name: '星云体育·IM',
  logo: '/static/venues/imty.svg',
  dialect: 'IMTY',
  status: 'open',
  sort: 1,
  frameRoute: '/sport/im',
};
const list = [im];
const origins = { IMTY: ORIGIN };
const at = (url: string | null, code: string | null = 'IMTY', pathname = '/sport/im') =>
  frameTarget(list, origins, pathname, code, url);

describe('frameTarget: what a frame route may open', () => {
  it('opens the venue’s page (/h5/…) on its registry origin, named or found by origin', () => {
    const url = `${ORIGIN}/h5/?token=abc`;
    expect(at(url)).toEqual({ venue: im, origin: ORIGIN, url });
    expect(at(url, null)).toEqual({ venue: im, origin: ORIGIN, url });
  });

  it('refuses the venue’s own API on its origin: it would render inside the site’s frame', () => {
    expect(at(`${ORIGIN}/operator/v1/settings`)).toBe('invalid');
    expect(at(`${ORIGIN}/merchant/v1/balance`)).toBe('invalid');
    expect(at(`${ORIGIN}/h5/../operator/v1/settings`)).toBe('invalid');
    expect(at(`${ORIGIN}/h5/..%2Foperator/v1/settings`)).toBe('invalid');
  });

  it('refuses another origin, another route’s venue, no url; waits for the list', () => {
    expect(at('https://evil.example/h5/')).toBe('invalid');
    expect(at(`${ORIGIN}/h5/`, 'IMTY', '/sport/ob')).toBe('invalid');
    expect(at(`${ORIGIN}/h5/`, 'OBTY')).toBe('invalid');
    expect(at(null)).toBe('invalid');
    expect(frameTarget(undefined, origins, '/sport/im', 'IMTY', `${ORIGIN}/h5/`)).toBe('loading');
  });
});
