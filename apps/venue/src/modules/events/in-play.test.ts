import { ErrorCode } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../catalogue/calendar.service';
import type { Feed, MatchState } from '../simulator/feed.types';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';

/**
 * In play (docs/architecture.md, "The house venue"), with a feed the test scripts: a live match is
 * priced from its score and minute; a bet waits out the acceptance delay as `pending` and is then
 * accepted, or refunded when a goal suspended the match meanwhile; the goal suspends every market
 * and they reopen re-priced; merchants see the score changes, and the summary puts the live match
 * first.
 */
class ScriptedFeed implements Feed {
  readonly states = new Map<string, MatchState>();
  stateAt(fx: Fixture): MatchState {
    return (
      this.states.get(fx.id) ?? {
        status: 'scheduled',
        minute: null,
        halfTimeScore: null,
        score: { home: 0, away: 0 },
      }
    );
  }
}

const DELAY = 300;
const feed = new ScriptedFeed();
let v: VenueTestApp;
let token: string;
let ev: EventView;
beforeAll(async () => {
  v = await createVenueTestApp({ VENUE_ACCEPT_DELAY_MS: String(DELAY) }, feed);
  await v.leader.tick();
  const playerId = `live-${Date.now().toString(36)}`;
  token = await v.enter(playerId);
  await v.call('transfer', {
    venueCode: 'HOUSE_TY',
    playerId,
    transferId: `live-in-${playerId}`,
    direction: 'in',
    amount: '1000.00',
  });
  const list = await v.page<{ events: EventView[] }>(
    'GET',
    '/v1/events?tab=early&sport=football',
    token,
  );
  ev = list.data!.events.find((e) => e.markets.length > 0)!;
  // Kick-off: the match is live at minute 10, 0–0.
  v.clock.offset = ev.startsAt + 10 * 60_000 - Date.now();
  feed.states.set(ev.eventId, {
    status: 'live',
    minute: 10,
    halfTimeScore: null,
    score: { home: 0, away: 0 },
  });
  await v.leader.tick();
  // The first match of 早盘 may kick off more than a day after the session began (just after
  // midnight it does): the player enters again on the venue's moved clock.
  token = await v.enter(playerId);
});
afterAll(() => v.close());

const detail = async () =>
  (await v.page<EventView>('GET', `/v1/event?id=${ev.eventId}`, token)).data!;
const homeWin = (e: EventView) => {
  const s = e.markets.find((m) => m.kind === '1x2' && m.period === 'ft')!.selections[0]!;
  return { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
};
let k = 0;
const place = (leg: { selectionId: string; oddsMilli: number }) =>
  v.page<BetView>('POST', '/v1/bet/place', token, {
    requestKey: `live-${(k += 1)}-${Date.now()}`,
    legs: [leg],
    stake: '100.00',
    oddsPolicy: 'any',
  });
const myBet = async (betId: string) => {
  const all = await Promise.all(
    [false, true].map((settled) =>
      v.page<{ bets: BetView[] }>('POST', '/v1/bets', token, { settled }),
    ),
  );
  return all.flatMap((r) => r.data!.bets).find((b) => b.betId === betId)!;
};
const balance = async () =>
  (await v.page<{ balance: string }>('GET', '/v1/balance', token)).data!.balance;
const settle = () => new Promise((r) => setTimeout(r, DELAY + 150));

describe('a match in play', () => {
  let before: number;

  it('is live with a clock and takes a bet as pending, accepted after the delay', async () => {
    const live = await detail();
    expect(live).toMatchObject({ status: 'live', clock: "10'", score: { home: 0, away: 0 } });
    expect(live.suspended).toBe(false);
    before = homeWin(live).oddsMilli;
    const r = await place(homeWin(live));
    expect(r.data).toMatchObject({ status: 'pending', stake: '100.00' });
    expect(r.data!.acceptAfter).toBeGreaterThan(Date.now() + v.clock.offset);
    expect(await balance()).toBe('900.00');
    await settle();
    expect((await myBet(r.data!.betId)).status).toBe('open');
  });

  it('a goal during the delay refunds the bet; the match is suspended, then reopens re-priced', async () => {
    const r = await place(homeWin(await detail()));
    expect(r.data!.status).toBe('pending');
    feed.states.set(ev.eventId, {
      status: 'live',
      minute: 12,
      halfTimeScore: null,
      score: { home: 1, away: 0 },
    });
    await v.leader.tick();
    const suspended = await detail();
    expect(suspended).toMatchObject({ suspended: true, score: { home: 1, away: 0 } });
    expect((await place(homeWin(suspended))).code).toBe(ErrorCode.BetMarketSuspended);
    await settle();
    const refused = await myBet(r.data!.betId);
    expect(refused).toMatchObject({ status: 'refused', refuseCode: ErrorCode.BetMarketSuspended });
    expect(await balance()).toBe('900.00');
    // The suspension runs out: the markets reopen at prices that know the home side leads.
    v.clock.offset += 9_000;
    const reopened = await detail();
    expect(reopened.suspended).toBe(false);
    expect(homeWin(reopened).oddsMilli).toBeLessThan(before);
  });

  it('merchants see the score changes and the live match first among hot events', async () => {
    const changes = await v.call<{
      changes: { eventId: string; status: string; score: string | null }[];
    }>('scoreChanges', { venueCode: 'HOUSE_TY', cursor: '', limit: 100 });
    expect(
      changes.data!.changes.filter((c) => c.eventId === ev.eventId).map((c) => [c.status, c.score]),
    ).toEqual([
      ['live', '0-0'],
      ['live', '1-0'],
    ]);
    const summary = await v.call<{
      families: Record<string, { live: number; today: number }>;
      hot: {
        eventId: string;
        live: boolean;
        score: string | null;
        prices: Record<string, number>;
      }[];
    }>('summary', { venueCode: 'HOUSE_TY' });
    expect(summary.data!.families.TY!.live).toBe(1);
    expect(summary.data!.hot[0]).toMatchObject({ eventId: ev.eventId, live: true, score: '1-0' });
    expect(Object.keys(summary.data!.hot[0]!.prices).length).toBeGreaterThan(1);
  });

  it('the merchant pulls placed, accepted and refused versions of the in-play bets', async () => {
    const r = await v.call<{ changes: BetVersion[] }>('betChanges', {
      venueCode: 'HOUSE_TY',
      cursor: '',
      limit: 100,
    });
    expect(r.data!.changes.map((c) => c.kind).sort()).toEqual(
      ['accepted', 'placed', 'placed', 'refused'].sort(),
    );
  });
});
