import type { LaunchResult, VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../client/api';
import { launchResult } from '../../../test/launch-result';
import { openVenue } from './open-venue';

const ORIGIN = 'https://venue.example';
const sport: VenueView = {
  code: 'OBTY',
  family: 'TY',
  name: '星云体育·OB',
  logo: '/static/venues/obty.svg',
  dialect: 'OBTY',
  status: 'open',
  sort: 2,
  frameRoute: '/sport/ob',
};
const launched = (autoTransfer: LaunchResult['autoTransfer']): LaunchResult =>
  launchResult('OBTY', '/sport/ob', ORIGIN, autoTransfer);

afterEach(() => vi.restoreAllMocks());

describe('openVenue', () => {
  it('answers the venues 免转 could not recall from, after opening the frame', async () => {
    const sent: unknown[] = [];
    vi.spyOn(api, 'call').mockImplementation((_name: string, input?: unknown) => {
      sent.push((input as { body: unknown }).body);
      return Promise.resolve(
        launched({
          transfers: [],
          unreachable: [{ venueCode: 'IMTY', venueName: '星云体育·IM' }],
        }),
      );
    });
    const navigate = vi.fn();
    const unreachable = await openVenue(sport, { appSendMoney: true, navigate });
    expect(sent).toEqual([
      { enName: 'OBTY', isPreload: false, isManualLaunch: true, appSendMoney: true },
    ]);
    expect(navigate).toHaveBeenCalledWith(
      `/sport/ob?venue=OBTY&url=${encodeURIComponent(`${ORIGIN}/h5/?token=fresh`)}`,
    );
    expect(unreachable).toEqual([{ venueCode: 'IMTY', venueName: '星云体育·IM' }]);
  });

  it('answers none when nothing moved (免转 off)', async () => {
    vi.spyOn(api, 'call').mockResolvedValue(launched(null));
    expect(await openVenue(sport, { appSendMoney: false, navigate: vi.fn() })).toEqual([]);
  });
});
