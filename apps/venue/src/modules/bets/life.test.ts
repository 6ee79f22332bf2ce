import { ErrorCode, parseMoney } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { betReturnFen, legResult } from '@nebula/protocol/venue/settlement';
import { parseSelectionId } from '@nebula/protocol/venue/markets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playMs } from '../catalogue/calendar.service';
import * as events from '../events/event.service';
import { createVenueTestApp, MERCHANT, type VenueTestApp } from '../../test/venue-test-app';

/**
 * A player's whole life at the venue through the merchant API and a dialect (FBTY under /v1):
 * launch, transfer in, singles and a parlay, the simulator plays the matches and the leader
 * settles them, the merchant pulls the bet versions, the player transfers out, the books
 * reconcile. Runs on PGlite and on PostgreSQL.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  expect((await v.leader.tick()).leader).toBe(true);
});
afterAll(() => v.close());

const PLAYER = `life-${Date.now().toString(36)}`;
let token: string;
let key = 0;
const requestKey = () => `req-${PLAYER}-${(key += 1)}`;

const list = async (tab: string) =>
  (await v.page<{ events: EventView[] }>('GET', `/v1/events?tab=${tab}&sport=football`, token))
    .data!.events;
const place = (body: Record<string, unknown>) =>
  v.page<BetView>('POST', '/v1/bet/place', token, { requestKey: requestKey(), ...body });
const balance = async () =>
  (await v.page<{ balance: string }>('GET', '/v1/balance', token)).data!.balance;
const home = (ev: EventView) => {
  const m = ev.markets.find((x) => x.kind === '1x2')!;
  return m.selections[0]!;
};

describe('a player at the house venue', () => {
  const picked: EventView[] = [];

  it('enters from a launch, moves money in and sees the lists with prices', async () => {
    token = await v.enter(PLAYER);
    const t = await v.call('transfer', {
      venueCode: 'HOUSE_TY',
      playerId: PLAYER,
      transferId: `in-${PLAYER}`,
      direction: 'in',
      amount: '1000.00',
    });
    expect(t).toMatchObject({ code: 0, data: { status: 'applied', balance: '1000.00' } });
    const upcoming = [...(await list('today')), ...(await list('early'))].filter(
      (e) => e.status === 'scheduled' && e.markets.length > 0,
    );
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    picked.push(...upcoming.slice(0, 3));
    expect(await balance()).toBe('1000.00');
    // Another dialect's prefix does not know this venue's session.
    expect((await v.page('GET', '/api/mobile/balance', token)).code).toBe(ErrorCode.VenueUnknown);
    expect((await v.page('GET', '/v1/balance', 'nope')).code).toBe(14010);
  });

  it('places a single; a retry with the same key returns the same bet, once debited', async () => {
    const sel = home(picked[0]!);
    const body = {
      requestKey: `single-${PLAYER}`,
      legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
      stake: '100.00',
      oddsPolicy: 'none',
    };
    const first = await v.page<BetView>('POST', '/v1/bet/place', token, body);
    expect(first).toMatchObject({ code: 0, data: { status: 'open', stake: '100.00' } });
    const again = await v.page<BetView>('POST', '/v1/bet/place', token, body);
    expect(again.data!.betId).toBe(first.data!.betId);
    expect(await balance()).toBe('900.00');
    const other = await v.page('POST', '/v1/bet/place', token, { ...body, stake: '50.00' });
    expect(other.code).toBe(ErrorCode.BetRequestConflict);
  });

  it('a changed price comes back with the new price; "better" takes a higher one', async () => {
    const sel = home(picked[1]!);
    const stale = { selectionId: sel.selectionId, oddsMilli: sel.oddsMilli + 50 };
    const refused = await place({ legs: [stale], stake: '20.00', oddsPolicy: 'none' });
    expect(refused.code).toBe(ErrorCode.BetOddsChanged);
    expect(refused.data).toEqual({
      prices: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
    });
    const low = { selectionId: sel.selectionId, oddsMilli: sel.oddsMilli - 50 };
    const better = await place({ legs: [low], stake: '20.00', oddsPolicy: 'better' });
    expect(better.code).toBe(0);
    expect((better.data as BetView).legs[0]!.oddsMilli).toBe(sel.oddsMilli);
    expect(await balance()).toBe('880.00');
  });

  it('refuses bad slips with a code and changes nothing', async () => {
    const a = home(picked[0]!);
    const b = picked[0]!.markets.find((m) => m.kind === 'ou')!.selections[0]!;
    const leg = (s: { selectionId: string; oddsMilli: number }) => ({
      selectionId: s.selectionId,
      oddsMilli: s.oddsMilli,
    });
    const cases: [Record<string, unknown>, number][] = [
      [{ legs: [leg(a), leg(b)], stake: '10.00', oddsPolicy: 'any' }, ErrorCode.BetParlayInvalid],
      [{ legs: [leg(a)], stake: '5.00', oddsPolicy: 'any' }, ErrorCode.BetStakeTooLow],
      [{ legs: [leg(a)], stake: '5000.00', oddsPolicy: 'any' }, ErrorCode.BetBalanceInsufficient],
      [{ legs: [leg(a)], stake: '60000.00', oddsPolicy: 'any' }, ErrorCode.BetStakeTooHigh],
      [
        {
          legs: [{ selectionId: 'nope:ft:1x2:home', oddsMilli: 2000 }],
          stake: '10',
          oddsPolicy: 'any',
        },
        ErrorCode.BetSelectionUnknown,
      ],
      [{ legs: [leg(a)], stake: '-1', oddsPolicy: 'any' }, ErrorCode.VenueRequestInvalid],
      [{ legs: [], stake: '10', oddsPolicy: 'any' }, ErrorCode.VenueRequestInvalid],
    ];
    for (const [body, code] of cases) {
      expect((await place(body)).code, JSON.stringify(body)).toBe(code);
    }
    expect(await balance()).toBe('880.00');
  });

  it('places a three-leg parlay from three matches', async () => {
    const legs = picked.map((e) => {
      const s = e.markets.find((m) => m.kind === 'ah')!.selections[1]!;
      return { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
    });
    const r = await place({ legs, stake: '30.00', oddsPolicy: 'any' });
    expect(r.code).toBe(0);
    expect((r.data as BetView).legs).toHaveLength(3);
    expect(await balance()).toBe('850.00');
    const open = await v.page<{ bets: BetView[] }>('POST', '/v1/bets', token, { settled: false });
    expect(open.data!.bets).toHaveLength(3);
  });

  it('the simulator plays the matches, the leader settles every bet once, by the rules', async () => {
    const end = Math.max(...picked.map((e) => e.startsAt + playMs('football', 7)));
    v.clock.offset = end + 60_000 - Date.now();
    await v.leader.tick();
    await v.leader.tick();
    const settled = (
      await v.page<{ bets: BetView[] }>('POST', '/v1/bets', token, { settled: true })
    ).data!.bets;
    expect(settled).toHaveLength(3);
    let expected = 850_00n;
    for (const bet of settled) {
      expect(bet.status).toBe('settled');
      const legs = [];
      for (const leg of bet.legs) {
        const key = parseSelectionId(leg.selectionId)!;
        const ev = (await events.readEvent(v.db, key.matchId))!;
        expect(ev.status).toBe('finished');
        const result = legResult(key.kind, key.outcome, key.line100, ev.score);
        expect(leg.result).toBe(result);
        legs.push({ oddsMilli: leg.oddsMilli, result });
      }
      const payout = betReturnFen(parseMoney(bet.stake), legs);
      expect(parseMoney(bet.payout!)).toBe(payout);
      expected += payout;
    }
    expect(parseMoney(await balance())).toBe(expected);
    // Another tick settles nothing again.
    expect((await v.leader.tick()).settled).toBe(0);
  });

  it('the merchant pulls each bet version once, then nothing more', async () => {
    const seen = new Set<string>();
    let cursor = '';
    for (;;) {
      const r = await v.call<{ changes: BetVersion[]; cursor: string }>('betChanges', {
        venueCode: 'HOUSE_TY',
        cursor,
        limit: 2,
      });
      expect(r.code).toBe(0);
      if (r.data!.changes.length === 0) break;
      for (const c of r.data!.changes) {
        const id = `${c.betId}#${c.version}`;
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      cursor = r.data!.cursor;
    }
    const mine = [...seen];
    expect(mine.filter((x) => x.endsWith('#1'))).toHaveLength(3);
    expect(mine.filter((x) => x.endsWith('#2'))).toHaveLength(3);
  });

  it('transfers everything out; the books reconcile', async () => {
    const all = await balance();
    const out = await v.call('transfer', {
      venueCode: 'HOUSE_TY',
      playerId: PLAYER,
      transferId: `out-${PLAYER}`,
      direction: 'out',
      amount: all,
    });
    expect(out).toMatchObject({ code: 0, data: { status: 'applied', balance: '0.00' } });
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
    const book = await v.db.query<{ s: string }>(
      'SELECT COALESCE(sum(amount), 0)::text AS s FROM venue_postings WHERE account = $1',
      [`book:${MERCHANT}:HOUSE_TY`],
    );
    // The book holds what the player lost: in 1000, out what was left.
    expect(BigInt(book.rows[0]!.s)).toBe(1000_00n - parseMoney(all));
  });
});
