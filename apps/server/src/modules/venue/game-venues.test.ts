import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type LaunchResult, type VenueList } from '@nebula/protocol';
import { adminCall, expectCode, type Member } from '../../test/factories';
import {
  fakeVenueTestbed,
  fundedMember,
  registerVenue,
  type Testbed,
} from '../../test/venue-harness';

/**
 * House game venues in the registry and at launch (contract §6): a game family's venue has no
 * dialect and opens in `/gaming/house`; TY and DJ venues must name one (8107, nothing
 * changed); a launch passes the game it names to the venue, validated, and only to a game venue.
 */
let bed: Testbed;
beforeAll(async () => {
  // The fake serves XYCP too; only FAKE is registered by the testbed (a TY venue).
  bed = await fakeVenueTestbed({ codes: ['FAKE'], fake: { codes: ['FAKE', 'XYCP'] } });
  await registerVenue(bed.t, bed.admin, {
    code: 'XYCP',
    family: 'CP',
    dialect: null,
    name: '星云彩票',
    origin: bed.venue.url,
    apiUrl: bed.venue.url,
  });
});
afterAll(() => bed.close());

const create = (body: Record<string, unknown>) =>
  adminCall(bed.t, bed.admin, 'POST', '/admin/api/v1/venues', {
    name: '测试场馆',
    logo: '/static/venues/xycp.svg',
    origin: bed.venue.url,
    apiUrl: bed.venue.url,
    merchantCode: 'NEBULA',
    ...body,
  });
const update = (code: string, body: Record<string, unknown>) =>
  adminCall(bed.t, bed.admin, 'POST', `/admin/api/v1/venues/${code}`, body);
const codes = async () =>
  (
    await adminCall<{ list: { code: string }[] }>(bed.t, bed.admin, 'GET', '/admin/api/v1/venues')
  ).data.list.map((v) => v.code);

describe('the registry of game venues', () => {
  it('lists a game venue with a null dialect and the /gaming/house frame route', async () => {
    const list = await bed.t.client().data<VenueList>('venueList', { query: { family: 'CP' } });
    expect(list.list).toEqual([
      expect.objectContaining({ code: 'XYCP', dialect: null, frameRoute: '/gaming/house' }),
    ]);
    // The frame route serves only that venue's pages on its registry origin.
    const found = (code: string | null, url: string) =>
      bed.t.services.venues.framePageFound('/gaming/house', code, url);
    expect(await found('XYCP', `${bed.venue.url}/h5/?token=x`)).toBe(true);
    expect(await found('FAKE', `${bed.venue.url}/h5/?token=x`)).toBe(false);
    expect(await found('XYCP', 'https://evil.example/h5/')).toBe(false);
    expect(await found('XYCP', `${bed.venue.url}/merchant/v1/launch`)).toBe(false);
  });

  it('accepts a null dialect for every game family and refuses it for TY and DJ (8107)', async () => {
    for (const [code, family] of [
      ['GQP', 'QP'],
      ['GBY', 'BY'],
      ['GZR', 'ZR'],
      ['GDZ', 'DZ'],
    ])
      expect((await create({ code, family, dialect: null })).status_code).toBe(ErrorCode.Success);
    const before = await codes();
    for (const family of ['TY', 'DJ'])
      expect((await create({ code: `NO${family}`, family, dialect: null })).status_code).toBe(
        ErrorCode.VenueDialectRequired,
      );
    expect(await codes()).toEqual(before);
    // A missing dialect is a validation error, not a null.
    expect((await create({ code: 'NODIA', family: 'CP' })).status_code).toBe(ErrorCode.Validation);
  });

  it('judges an update on the row it would leave: no TY or DJ venue without a dialect', async () => {
    expect((await update('FAKE', { dialect: null })).status_code).toBe(
      ErrorCode.VenueDialectRequired,
    );
    expect((await update('XYCP', { family: 'TY' })).status_code).toBe(
      ErrorCode.VenueDialectRequired,
    );
    const list = await adminCall<{ list: { code: string; family: string; dialect: string }[] }>(
      bed.t,
      bed.admin,
      'GET',
      '/admin/api/v1/venues',
    );
    expect(list.data.list.find((v) => v.code === 'FAKE')).toMatchObject({ dialect: 'FBTY' });
    expect(list.data.list.find((v) => v.code === 'XYCP')).toMatchObject({
      family: 'CP',
      dialect: null,
    });
    // Naming a dialect for a TY venue's family change is fine.
    expect((await update('GQP', { family: 'TY', dialect: 'IMTY' })).status_code).toBe(
      ErrorCode.Success,
    );
  });
});

describe('launching a game', () => {
  let m: Member;
  beforeAll(async () => {
    m = await fundedMember(bed.t, '0', bed.admin);
  });
  const launch = (body: Record<string, unknown>) =>
    m.client.call<LaunchResult>('venueLaunch', { token: m.token, body });
  const lastLaunch = () => bed.venue.control.launches[bed.venue.control.launches.length - 1];

  it('passes the game code to a game venue and opens it in /gaming/house', async () => {
    const r = await launch({ enName: 'XYCP', isPreload: false, gameCode: 'JSK3' });
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(r.data.frameRoute).toBe('/gaming/house');
    expect(lastLaunch()).toMatchObject({ venueCode: 'XYCP', gameCode: 'JSK3' });
    await launch({ enName: 'XYCP', isPreload: false });
    expect(lastLaunch()).not.toHaveProperty('gameCode');
  });

  it('never sends a game code to a sportsbook venue', async () => {
    await launch({ enName: 'FAKE', isPreload: false, gameCode: 'JSK3' });
    expect(lastLaunch()).toMatchObject({ venueCode: 'FAKE' });
    expect(lastLaunch()).not.toHaveProperty('gameCode');
  });

  it('refuses a malformed game code (10003) and asks the venue nothing', async () => {
    const seen = bed.venue.control.launches.length;
    for (const gameCode of ['xyk3', 'X', 'JSK3!', 'A'.repeat(17), 3])
      await expectCode(
        launch({ enName: 'XYCP', isPreload: false, gameCode }),
        ErrorCode.Validation,
      );
    expect(bed.venue.control.launches).toHaveLength(seen);
  });
});
