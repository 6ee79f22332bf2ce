import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { VenueTestApp } from './venue-test-app';

/** The venue code the operator tests play on. */
export const VENUE = 'HOUSE_TY';

/**
 * What the operator tests do as players and merchants around the back office: fund a player,
 * read a wallet, list and bet on upcoming events, follow a bet's versions, move the clock.
 * `app` is read at each call (the test app is created in `beforeAll`).
 */
export function operatorKit(app: () => VenueTestApp) {
  let n = 0;
  const newPlayer = (amount = '1000.00') => app().fundedPlayer(amount);
  /** The wallet as the back office sees it (no session needed once the clock has moved on). */
  const wallet = async (playerId: string) =>
    (
      await app().operator<{ balance: string; debt: string }>(
        'player',
        { merchant: 'NEBULA', venueCode: VENUE, playerId },
        'viewer',
      )
    ).data!;
  const upcoming = async (token: string, sport = 'football') =>
    (
      await app().page<{ events: EventView[] }>('GET', `/v1/events?tab=early&sport=${sport}`, token)
    ).data!.events.filter((e) => e.markets.length > 0);
  const place = (
    token: string,
    legs: { selectionId: string; oddsMilli: number }[],
    stake = '100.00',
  ) =>
    app().page<BetView>('POST', '/v1/bet/place', token, {
      requestKey: `op-bet-${(n += 1)}-${Date.now()}`,
      legs,
      stake,
      oddsPolicy: 'any',
    });
  const sel = (ev: EventView, kind: string, i: number) => {
    const s = ev.markets.find((m) => m.kind === kind)!.selections[i]!;
    return { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
  };
  /** Every version of a bet the merchant's change feed delivers, in order. */
  async function changesOf(betId: string): Promise<BetVersion[]> {
    const out: BetVersion[] = [];
    let cursor = '';
    for (;;) {
      const r = await app().call<{ changes: BetVersion[]; cursor: string }>('betChanges', {
        venueCode: VENUE,
        cursor,
        limit: 500,
      });
      if (r.data!.changes.length === 0) return out;
      out.push(...r.data!.changes.filter((c) => c.betId === betId));
      cursor = r.data!.cursor;
    }
  }
  /** Moves the venue's clock past an event's kick-off (results may be entered from then). */
  const kickOff = (ev: EventView) => {
    app().clock.offset = Math.max(app().clock.offset, ev.startsAt + 60_000 - Date.now());
  };

  return { newPlayer, wallet, upcoming, place, sel, changesOf, kickOff };
}
