import { ErrorCode } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, MERCHANT, type VenueTestApp } from '../../test/venue-test-app';

/**
 * What a refused placement leaves behind — nothing: the player's limit per market, the balance
 * and the request key are checked in the placement's one statement, so a refusal there must
 * roll the claim and the debit back and give back the selection's reservation, taken before.
 * And a retry answers the first bet even after the price or the market changed.
 */
const VENUE = 'HOUSE_TY';
let v: VenueTestApp;
let events: EventView[];
let n = 0;

beforeAll(async () => {
  // 300.00 of potential return per player per market.
  v = await createVenueTestApp({ VENUE_MAX_PLAYER_MARKET_PAYOUT: '300' });
  await v.leader.tick();
  const token = await v.enter(`placement-probe-${Date.now().toString(36)}`);
  events = (
    await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=early&sport=football', token)
  ).data!.events.filter((e) => e.markets.length > 0);
  expect(events.length).toBeGreaterThan(2);
});
afterAll(() => v.close());

const home = (ev: EventView) => {
  const m = ev.markets.find((x) => x.kind === '1x2')!;
  const s = m.selections[0]!;
  return { marketId: m.marketId, selectionId: s.selectionId, oddsMilli: s.oddsMilli };
};
const place = (token: string, body: Record<string, unknown>) =>
  v.page<BetView>('POST', '/v1/bet/place', token, {
    requestKey: `placement-${(n += 1)}`,
    oddsPolicy: 'none',
    ...body,
  });
const walletOf = async (playerId: string) =>
  (await v.call<{ balance: string }>('balance', { venueCode: VENUE, playerId })).data!.balance;
const liabilityOf = async (selectionId: string) =>
  (
    await v.db.query<{ amount: bigint }>(
      'SELECT amount FROM venue_liability WHERE merchant = $1 AND venue_code = $2 AND selection_id = $3',
      [MERCHANT, VENUE, selectionId],
    )
  ).rows[0]?.amount ?? 0n;
const exposureOf = async (playerId: string, marketId: string) =>
  (
    await v.db.query<{ amount: bigint }>(
      `SELECT amount FROM venue_player_exposure
        WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND market_id = $4`,
      [MERCHANT, VENUE, playerId, marketId],
    )
  ).rows[0]?.amount ?? 0n;
const betsOf = async (playerId: string) =>
  Number(
    (
      await v.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM venue_bets WHERE merchant = $1 AND player_id = $2',
        [MERCHANT, playerId],
      )
    ).rows[0]!.n,
  );

describe('placement refusals and retries', () => {
  it("a bet past the player's limit on a market is refused and leaves nothing behind", async () => {
    const { playerId, token } = await v.fundedPlayer('1000.00');
    // A home win priced between 1.50 and 3.00: a return of 100.00 × odds fits in 300.00 once,
    // twice it does not. Which match that is depends on the calendar's day, so it is found.
    const ev = events.find((e) => home(e).oddsMilli > 1500 && home(e).oddsMilli < 3000);
    expect(ev, 'an early match with a home win between 1.50 and 3.00').toBeDefined();
    const sel = home(ev!);
    const legs = [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }];
    const first = await place(token, { legs, stake: '100.00' });
    expect(first.code).toBe(0);
    const liability = await liabilityOf(sel.selectionId);
    const exposure = await exposureOf(playerId, sel.marketId);
    expect(exposure).toBe(BigInt(sel.oddsMilli) * 10n); // 100.00 × odds, in fen
    const second = await place(token, { legs, stake: '100.00' });
    expect(second.code).toBe(ErrorCode.BetPayoutTooHigh);
    expect(await walletOf(playerId)).toBe('900.00');
    expect(await liabilityOf(sel.selectionId)).toBe(liability);
    expect(await exposureOf(playerId, sel.marketId)).toBe(exposure);
    expect(await betsOf(playerId)).toBe(1);
    // Another market of the same match has its own room.
    const ou = ev!.markets.find((m) => m.kind === 'ou')!.selections[0]!;
    const other = await place(token, {
      legs: [{ selectionId: ou.selectionId, oddsMilli: ou.oddsMilli }],
      stake: '100.00',
    });
    expect(other.code).toBe(0);
    expect(await walletOf(playerId)).toBe('800.00');
  });

  it('a bet over the balance is refused and gives its reservation back', async () => {
    const { playerId, token } = await v.fundedPlayer('50.00');
    const sel = home(events[1]!);
    const before = await liabilityOf(sel.selectionId);
    const r = await place(token, {
      legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
      stake: '60.00',
    });
    expect(r.code).toBe(ErrorCode.BetBalanceInsufficient);
    expect(await liabilityOf(sel.selectionId)).toBe(before);
    expect(await exposureOf(playerId, sel.marketId)).toBe(0n);
    expect(await betsOf(playerId)).toBe(0);
    expect(await walletOf(playerId)).toBe('50.00');
  });

  it('a retry answers the first bet after the market was suspended; another slip under its key is refused', async () => {
    const { playerId, token } = await v.fundedPlayer('100.00');
    const sel = home(events[2]!);
    const body = {
      requestKey: `retry-${playerId}`,
      legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
      stake: '10.00',
      oddsPolicy: 'none',
    };
    const first = await v.page<BetView>('POST', '/v1/bet/place', token, body);
    expect(first.code).toBe(0);
    const liability = await liabilityOf(sel.selectionId);
    const held = await v.operator(
      'holdEvent',
      { eventId: events[2]!.eventId, held: true },
      'trader',
    );
    expect(held.code).toBe(0);
    const fresh = await place(token, { legs: body.legs, stake: '10.00' });
    expect(fresh.code).toBe(ErrorCode.BetMarketSuspended);
    const again = await v.page<BetView>('POST', '/v1/bet/place', token, body);
    expect(again.code).toBe(0);
    expect(again.data!.betId).toBe(first.data!.betId);
    const conflict = await v.page('POST', '/v1/bet/place', token, { ...body, stake: '20.00' });
    expect(conflict.code).toBe(ErrorCode.BetRequestConflict);
    await v.operator('holdEvent', { eventId: events[2]!.eventId, held: false }, 'trader');
    // The market open again, the same key still answers the first bet and takes nothing more.
    const late = await v.page<BetView>('POST', '/v1/bet/place', token, body);
    expect(late.data!.betId).toBe(first.data!.betId);
    expect(await walletOf(playerId)).toBe('90.00');
    expect(await liabilityOf(sel.selectionId)).toBe(liability);
    expect(await betsOf(playerId)).toBe(1);
  });
});
