import { ErrorCode } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import { dialects, type Dialect } from '@nebula/protocol/venue/dialects';
import { SessionExchangeResult, obCountsPath, type EventView } from '@nebula/protocol/venue/h5';
import { merchantPaths, type LaunchResult } from '@nebula/protocol/venue/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MERCHANT,
  PLATFORM_ORIGIN,
  createVenueTestApp,
  type VenueTestApp,
} from '../../test/venue-test-app';

/**
 * One scenario, the same under each of the four dialects (contract §6): launch, enter, list
 * events, read a price, place, see the bet, and the session expiring — each answer in the
 * dialect's own envelope, the member site's proxy token in the dialect's own header.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

const venueOf: Record<Dialect, string> = {
  FBTY: 'HOUSE_TY',
  IMTY: 'HOUSE_IM',
  YBTY: 'HOUSE_YB',
  OBTY: 'HOUSE_OB',
};
/** Where each dialect puts the member site's token among its session parameters (contract §6). */
const siteTokenParam: Record<Dialect, string> = {
  FBTY: 'Authorization',
  IMTY: 'Token',
  YBTY: 'token',
  OBTY: 'requestId',
};

describe.each(Object.keys(dialects) as Dialect[])('the %s dialect', (dialect) => {
  const d = dialects[dialect];
  const venueCode = venueOf[dialect];
  const playerId = `dia-${dialect}-${Date.now().toString(36)}`;
  let launched: LaunchResult;
  let token: string;
  const page = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    v.page<T>(method, `${d.prefix}${path}`, token, body);
  const messageOf = (r: { msg?: string; message?: string }) =>
    dialect === 'YBTY' ? r.message : r.msg;

  it('launches with its session parameters and enters with the URL token once', async () => {
    const r = await v.call<LaunchResult>('launch', { venueCode, playerId, nickname: '玩家' });
    expect(r.code).toBe(0);
    launched = r.data!;
    expect(launched.session[siteTokenParam[dialect]]).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(launched.session.origin).toBe('http://localhost:8090');
    const urlToken = new URL(launched.url).searchParams.get('token')!;
    // OBTY's launch token is its counts URL; the others' is the page's URL token.
    expect(launched.token).toBe(
      dialect === 'OBTY' ? `http://localhost:8090${obCountsPath}` : urlToken,
    );
    const exchanged = await v.app.inject({
      method: 'POST',
      url: '/h5/api/session/exchange',
      payload: { token: urlToken },
    });
    const data = SessionExchangeResult.parse(exchanged.json<{ data: unknown }>().data);
    expect(data).toMatchObject({
      venueCode,
      dialect,
      family: 'TY',
      merchantOrigins: [PLATFORM_ORIGIN],
      oddsType: 2,
    });
    token = data.token;
    const transfer = await v.call('transfer', {
      venueCode,
      playerId,
      transferId: `dia-in-${playerId}`,
      direction: 'in',
      amount: '200.00',
    });
    expect(transfer.code).toBe(0);
  });

  it('lists events and prices a match in its envelope, places and sees the bet', async () => {
    const list = await page<{ events: EventView[]; counts: Record<string, number> }>(
      'GET',
      '/events?tab=early',
    );
    expect(list.code).toBe(d.success);
    expect(messageOf(list)).toBe('success');
    const ev = list.data!.events.find((e) => e.markets.length > 0)!;
    expect(ev.sport === 'football' || ev.sport === 'basketball').toBe(true);
    const detail = await page<EventView>('GET', `/event?id=${ev.eventId}`);
    expect(detail.code).toBe(d.success);
    expect(detail.data!.markets.length).toBeGreaterThan(ev.markets.length);
    const sel = detail.data!.markets[0]!.selections[0]!;
    const placed = await page<BetView>('POST', '/bet/place', {
      requestKey: `dia-${playerId}-1`,
      legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
      stake: '50.00',
      oddsPolicy: 'none',
    });
    expect(placed.code).toBe(d.success);
    const mine = await page<{ bets: BetView[] }>('POST', '/bets', { settled: false });
    expect(mine.data!.bets.map((b) => b.betId)).toEqual([placed.data!.betId]);
    const balance = await page<{ balance: string }>('GET', '/balance');
    expect(balance.data!.balance).toBe('150.00');
    // A refusal keeps the venue's code and its Chinese message.
    const low = await page('POST', '/bet/place', {
      requestKey: `dia-${playerId}-2`,
      legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
      stake: '1.00',
      oddsPolicy: 'any',
    });
    expect(low.code).toBe(dialect === 'OBTY' ? String(ErrorCode.BetStakeTooLow) : 8032);
    expect(messageOf(low)).toMatch(/[\u4e00-\u9fff]/);
  });

  it("the member site's proxy token works in the dialect's own header", async () => {
    const siteToken = launched.session[siteTokenParam[dialect]]!;
    const r = await v.page<{ balance: string }>('GET', `${d.prefix}/balance`, null, undefined, {
      [d.tokenHeader]: siteToken,
    });
    expect(r).toMatchObject({ code: d.success, data: { balance: '150.00' } });
    if (dialect === 'YBTY') {
      const info = await v.app.inject({ url: `/yewu12/api/user/getUserInfo?token=${siteToken}` });
      expect(info.json()).toMatchObject({ code: 350, data: { userId: playerId } });
    }
    if (dialect === 'OBTY') {
      const counts = await v.app.inject({
        url: `${obCountsPath}?merchantCode=${MERCHANT}`,
        headers: { requestid: siteToken },
      });
      const body = counts.json<{ code: string; data: Record<string, { today: number }> }>();
      expect(body.code).toBe('0000000');
      expect(Object.keys(body.data).sort()).toEqual(['CP', 'DJ', 'DZ', 'QP', 'TY', 'ZR']);
      expect(body.data.TY!.today + body.data.DJ!.today).toBeGreaterThan(0);
      const other = await v.app.inject({
        url: `${obCountsPath}?merchantCode=OTHER`,
        headers: { requestid: siteToken },
      });
      expect(other.json<{ code: string }>().code).toBe(String(ErrorCode.VenueRequestInvalid));
    }
  });

  it("a session ended by a new launch answers the dialect's session-expired code", async () => {
    await v.call('launch', { venueCode, playerId, nickname: '玩家' });
    const r = await page('GET', '/balance');
    expect(r.code).toBe(d.sessionExpired);
    expect(messageOf(r)).toMatch(/[\u4e00-\u9fff]/);
    // Another dialect's prefix never serves this venue's session.
    const other = dialect === 'FBTY' ? dialects.IMTY : dialects.FBTY;
    const fresh = await v.enter(playerId, venueCode);
    const cross = await v.page('GET', `${other.prefix}/balance`, fresh);
    expect(cross.code).toBe(ErrorCode.VenueUnknown);
  });
});

describe('an esports venue', () => {
  it('lists esports only and takes no football bet', async () => {
    const token = await v.enter(`dj-${Date.now().toString(36)}`, 'HOUSE_DJ');
    const list = await v.page<{ events: EventView[] }>(
      'GET',
      '/api/mobile/events?tab=early',
      token,
    );
    expect(list.data!.events.length).toBeGreaterThan(0);
    expect(new Set(list.data!.events.map((e) => e.sport))).toEqual(new Set(['esports']));
    const football = await v.page<{ events: EventView[] }>(
      'GET',
      '/v1/events?tab=early&sport=football',
      await v.enter(`ty-${Date.now().toString(36)}`, 'HOUSE_TY'),
    );
    const sel = football.data!.events[0]!.markets[0]!.selections[0]!;
    const r = await v.page('POST', '/api/mobile/bet/place', token, {
      requestKey: `dj-football-${Date.now()}`,
      legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
      stake: '10',
      oddsPolicy: 'any',
    });
    expect(r.code).toBe(ErrorCode.BetSelectionUnknown);
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string) =>
    v.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, token, x-evil',
      },
    });

  it("is granted to the merchants' member sites on the engine API only", async () => {
    const ok = await preflight('/api/mobile/bet/place', PLATFORM_ORIGIN);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(PLATFORM_ORIGIN);
    expect(ok.headers['access-control-allow-headers']).toBe('content-type, token');
    const get = await v.app.inject({ url: '/v1/events', headers: { origin: PLATFORM_ORIGIN } });
    expect(get.headers['access-control-allow-origin']).toBe(PLATFORM_ORIGIN);
  });

  it('is refused to any other origin and never sent by the merchant API', async () => {
    const evil = await preflight('/api/mobile/bet/place', 'https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const merchant = await preflight(merchantPaths.transfer, PLATFORM_ORIGIN);
    expect(merchant.headers['access-control-allow-origin']).toBeUndefined();
    const get = await v.app.inject({
      url: '/v1/events',
      headers: { origin: 'https://evil.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
