import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { SessionExchangeResult } from '@nebula/protocol/venue/h5';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit } from '../../test/game-kit';

/**
 * The house game venues (docs/contract.md §10.11): a launch answers the games page on the
 * venue's origin (with the game when one of its family was named), the URL-token exchange
 * answers no dialect, the family and the game; a game venue's session calls the games API
 * only; the merchant's counts for a game family are its rounds open now and drawn today.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
});
afterAll(() => v.close());

const launch = (body: object) =>
  v.call<{ url: string; token: string; session: Record<string, string> }>('launch', {
    playerId: 'g1',
    nickname: '玩家',
    ...body,
  });

async function exchange(url: string) {
  const r = await v.app.inject({
    method: 'POST',
    url: '/h5/api/session/exchange',
    payload: { token: new URL(url).searchParams.get('token') },
  });
  return SessionExchangeResult.parse(r.json<{ data: unknown }>().data);
}

describe('house game venues', () => {
  it('launch the games page, with the game named, and exchange without a dialect', async () => {
    const named = await launch({ venueCode: 'HOUSE_CP', gameCode: 'JSK3' });
    expect(named.code).toBe(0);
    const url = new URL(named.data!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${v.config.publicUrl}/h5/games/`);
    expect(url.searchParams.get('game')).toBe('JSK3');
    const session = await exchange(named.data!.url);
    expect(session).toMatchObject({
      venueCode: 'HOUSE_CP',
      dialect: null,
      family: 'CP',
      gameCode: 'JSK3',
    });
    // No game named: the lobby, and no game in the exchange.
    const lobby = await launch({ venueCode: 'HOUSE_CP' });
    expect(new URL(lobby.data!.url).searchParams.has('game')).toBe(false);
    expect((await exchange(lobby.data!.url)).gameCode).toBeNull();
    // A preload only says where the page lives.
    const preload = await launch({ venueCode: 'HOUSE_CP', preload: true });
    expect(preload.data).toMatchObject({ url: `${v.config.publicUrl}/h5/games/`, token: '' });
  });

  it('refuses a game code of another family, an unknown one, or on a sportsbook', async () => {
    for (const body of [
      { venueCode: 'HOUSE_ZR', gameCode: 'JSK3' },
      { venueCode: 'HOUSE_CP', gameCode: 'NOPE' },
      { venueCode: 'HOUSE_TY', gameCode: 'JSK3' },
    ]) {
      expect((await launch(body)).code, JSON.stringify(body)).toBe(ErrorCode.VenueGameUnknown);
    }
    // The sportsbook's launch is as it was.
    const sport = await launch({ venueCode: 'HOUSE_TY' });
    expect(new URL(sport.data!.url).pathname).toBe('/h5/');
    expect((await exchange(sport.data!.url)).dialect).toBe('FBTY');
  });

  it("keeps a game venue's session to the games API", async () => {
    const token = await v.enter('g2', 'HOUSE_CP');
    expect((await v.page('GET', '/h5/api/games', token)).code).toBe(0);
    for (const prefix of ['/v1', '/api/mobile', '/yewu12/api', '/ob/api']) {
      const r = await v.page('GET', `${prefix}/balance`, token);
      expect(String(r.code), prefix).toBe(String(ErrorCode.VenueUnknown));
    }
  });

  it('counts rounds open now and drawn today for the game families', async () => {
    const token = await v.enter('g3', 'HOUSE_CP');
    const k = gameKit(v, () => token);
    const counts = async () =>
      (
        await v.call<{ families: Record<string, { live: number; today: number }>; hot: unknown[] }>(
          'summary',
          { venueCode: 'HOUSE_CP' },
        )
      ).data!;
    const r = await k.freshRound();
    const open = await counts();
    // The lottery's three games run on the same minute: one round of each.
    expect(open.families.CP).toEqual({ live: 3, today: 0 });
    // Family ZR: the three live tables are open; none has dealt a round yet.
    expect(open.families.ZR).toEqual({ live: 3, today: 0 });
    expect(open.hot).toEqual([]);
    await k.finish(r);
    expect((await counts()).families.CP).toEqual({ live: 3, today: 3 });
  });
});
