import { parseMoney } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../catalogue/calendar.service';
import type { Feed, MatchState } from '../simulator/feed.types';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit } from '../../test/game-kit';
import type { VenueLedger } from './venue-ledger.service';

/**
 * Every money path of the venue writes through VenueLedger and leaves the books at zero:
 * transfer in and out (and a refused one), placement, in-play acceptance and refusal,
 * settlement, void, resettle, a debt repaid by a later credit and written off. The ledger is
 * watched at its seam (the one instance every service holds): each entry in the database must
 * be one the ledger validated and posted, and reconciliation reads zero after every path.
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

const VENUE = 'HOUSE_TY';
const feed = new ScriptedFeed();
/** References the ledger posted (post, postMany) or validated for a placement, by kind. */
const seen = new Map<string, string>();
let v: VenueTestApp;

function watch(ledger: VenueLedger) {
  const postMany = ledger.postMany.bind(ledger);
  const prepareStake = ledger.prepareStake.bind(ledger);
  // `post` calls `postMany` on the instance, so both paths are seen here.
  ledger.postMany = async (q, entries, opts) => {
    const r = await postMany(q, entries, opts);
    if (r.posted) for (const e of entries) seen.set(e.reference, e.kind);
    return r;
  };
  ledger.prepareStake = (entry) => {
    const s = prepareStake(entry);
    seen.set(entry.reference, entry.kind);
    return s;
  };
}

beforeAll(async () => {
  // A long delay: the test decides its in-play bets itself, after holding the match.
  v = await createVenueTestApp({ VENUE_ACCEPT_DELAY_MS: '60000' }, feed);
  watch(v.ledger);
  await v.leader.tick();
});
afterAll(() => v.close());

/** Entries in the database the ledger never saw (must be none), and the books. */
async function books() {
  const rows = await v.db.query<{ reference: string; kind: string }>(
    'SELECT reference, kind FROM venue_entries',
  );
  return {
    stray: rows.rows.filter((r) => seen.get(r.reference) !== r.kind).map((r) => r.reference),
    kinds: new Set(rows.rows.map((r) => r.kind)),
    reconcile: await v.ledger.reconcile(v.db),
  };
}
const entries = async () =>
  (await v.db.query<{ n: number }>('SELECT count(*)::int AS n FROM venue_entries')).rows[0]!.n;
const expectBooks = async (kind: string) => {
  const b = await books();
  expect(b.stray).toEqual([]);
  expect(b.kinds.has(kind), kind).toBe(true);
  expect(b.reconcile).toEqual({ unbalanced: 0, drift: 0 });
};

let playerId: string;
let token: string;
let n = 0;
const wallet = async () =>
  (await v.call<{ balance: string; debt: string }>('balance', { venueCode: VENUE, playerId }))
    .data!;
const transfer = (direction: 'in' | 'out', amount: string) =>
  v.call<{ status: string; balance?: string; debt?: string }>('transfer', {
    venueCode: VENUE,
    playerId,
    transferId: `paths-${direction}-${(n += 1)}`,
    direction,
    amount,
  });
const place = (selectionId: string, oddsMilli: number) =>
  v.page<BetView>('POST', '/v1/bet/place', token, {
    requestKey: `paths-bet-${(n += 1)}-${Date.now()}`,
    legs: [{ selectionId, oddsMilli }],
    stake: '100.00',
    oddsPolicy: 'any',
  });
const x2 = (ev: EventView) => ev.markets.find((m) => m.kind === '1x2' && m.period === 'ft')!;

describe('every money path goes through VenueLedger', () => {
  let live: EventView;
  let later: EventView;
  const bets: Record<'home' | 'draw' | 'away', BetView> = {} as never;

  it('transfers in and out; a transfer out beyond the balance is refused and moves nothing', async () => {
    ({ playerId, token } = await v.fundedPlayer('1000.00'));
    await expectBooks('transfer_in');
    expect(await transfer('out', '50.00')).toMatchObject({ data: { status: 'applied' } });
    expect(await transfer('out', '5000.00')).toMatchObject({ data: { status: 'refused' } });
    expect(await wallet()).toEqual({ balance: '950.00', debt: '0.00' });
    await expectBooks('transfer_out');
  });

  it('places bets: the stake entry is the ledger’s', async () => {
    const events = (
      await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=early&sport=football', token)
    ).data!.events.filter((e) => e.markets.length > 0);
    [live, later] = [events[0]!, events.at(-1)!];
    expect(later.startsAt).toBeGreaterThan(live.startsAt);
    const [home, draw, away] = x2(later).selections as [never, never, never];
    for (const [k, s] of Object.entries({ home, draw, away }) as [
      keyof typeof bets,
      { selectionId: string; oddsMilli: number },
    ][]) {
      const r = await place(s.selectionId, s.oddsMilli);
      expect(r.code, JSON.stringify(r)).toBe(0);
      bets[k] = r.data!;
    }
    expect((await wallet()).balance).toBe('650.00');
    await expectBooks('bet_stake');
  });

  it('in play: one bet accepted (no money moves), one refused and refunded', async () => {
    v.clock.offset = live.startsAt + 10 * 60_000 - Date.now();
    feed.states.set(live.eventId, {
      status: 'live',
      minute: 10,
      halfTimeScore: null,
      score: { home: 0, away: 0 },
    });
    await v.leader.tick();
    const now = (await v.page<EventView>('GET', `/v1/event?id=${live.eventId}`, token)).data!;
    const s = x2(now).selections[0]!;
    const accepted = (await place(s.selectionId, s.oddsMilli)).data!;
    const refused = (await place(s.selectionId, s.oddsMilli)).data!;
    expect([accepted.status, refused.status]).toEqual(['pending', 'pending']);
    v.clock.offset += 61_000;
    const before = await entries();
    await v.acceptance.decide(accepted.betId);
    // Accepting moves no money: the stake was taken when the bet was placed.
    expect(await entries()).toBe(before);
    await v.operator('holdEvent', { eventId: live.eventId, held: true }, 'trader');
    await v.acceptance.decide(refused.betId);
    const mine = (
      await v.operator<{ bets: BetView[] }>(
        'player',
        { merchant: 'NEBULA', venueCode: VENUE, playerId },
        'viewer',
      )
    ).data!.bets;
    expect(mine.find((b) => b.betId === accepted.betId)!.status).toBe('open');
    expect(mine.find((b) => b.betId === refused.betId)!.status).toBe('refused');
    expect((await wallet()).balance).toBe('550.00');
    await expectBooks('bet_refund');
  });

  it('settles the later match: the payout is posted in the settlement batch', async () => {
    v.clock.offset = Math.max(v.clock.offset, later.startsAt + 60_000 - Date.now());
    await v.operator(
      'result',
      {
        eventId: later.eventId,
        status: 'finished',
        score: { home: 1, away: 0 },
        halfTime: { home: 1, away: 0 },
        reason: '录入',
      },
      'trader',
    );
    await v.leader.tick();
    const won = parseMoney(bets.home.potentialReturn);
    expect(parseMoney((await wallet()).balance)).toBe(550_00n + won);
    await expectBooks('bet_payout');
  });

  it('voids the settled win: the win taken back, the stake given back', async () => {
    const r = await v.operator('voidBet', { betId: bets.home.betId, reason: '测试' }, 'trader');
    expect(r.code).toBe(0);
    expect((await wallet()).balance).toBe('650.00');
    await expectBooks('bet_void');
  });

  it('resettles a lost bet as won, then (the money gone) as lost: a debt', async () => {
    const resettle = (result: 'won' | 'lost') =>
      v.operator(
        'resettleBet',
        { betId: bets.draw.betId, legs: [{ leg: 1, result }], reason: '赛果更正' },
        'trader',
      );
    expect((await resettle('won')).code).toBe(0);
    const all = (await wallet()).balance;
    expect(await transfer('out', all)).toMatchObject({ data: { status: 'applied' } });
    expect((await resettle('lost')).code).toBe(0);
    const owed = bets.draw.potentialReturn;
    expect(await wallet()).toEqual({ balance: '0.00', debt: owed });
    await expectBooks('bet_reversal');
  });

  it('a later credit repays the debt first; an admin writes off the rest', async () => {
    const owed = parseMoney(bets.draw.potentialReturn);
    const paid = await transfer('in', '10.00');
    expect(paid).toMatchObject({ data: { status: 'applied', balance: '0.00' } });
    expect(parseMoney((await wallet()).debt)).toBe(owed - 10_00n);
    const r = await v.operator(
      'writeOffDebt',
      { merchant: 'NEBULA', venueCode: VENUE, playerId, reason: '坏账核销' },
      'admin',
    );
    expect(r).toMatchObject({ code: 0, data: { balance: '0.00', debt: '0.00' } });
    await expectBooks('debt_write_off');
    const b = await books();
    expect([...b.kinds].sort()).toEqual(
      [
        'bet_payout',
        'bet_refund',
        'bet_reversal',
        'bet_stake',
        'bet_void',
        'debt_write_off',
        'transfer_in',
        'transfer_out',
      ].sort(),
    );
  });

  it('game bets: slip stakes, round payouts and void refunds are the ledger’s', async () => {
    const g = await v.fundedPlayer('500.00', 'HOUSE_CP');
    const k = gameKit(v, () => g.token);
    const before = await entries();
    // Every 和值: exactly one of them is paid when the round settles.
    const sums = Array.from({ length: 16 }, (_, i) => ({ betType: 'sum', pick: String(i + 3) }));
    const r1 = await k.freshRound();
    expect((await k.place(g.token, { roundNo: r1.roundNo, picks: sums })).code).toBe(0);
    await expectBooks('bet_stake');
    expect((await k.finish(r1)).status).toBe('settled');
    await expectBooks('bet_payout');
    const r2 = await k.freshRound();
    expect((await k.place(g.token, { roundNo: r2.roundNo, picks: sums.slice(0, 2) })).code).toBe(0);
    const voided = await k.op(
      '/operator/v1/games/rounds/void',
      { gameCode: 'JSK3', roundNo: r2.roundNo, reason: '测试作废' },
      'trader',
    );
    expect(voided.code).toBe(0);
    await expectBooks('bet_void');
    // 16 stakes, one payout; 2 stakes, 2 refunds.
    expect((await entries()) - before).toBe(16 + 1 + 2 + 2);
  });
});
