import { ErrorCode } from '@nebula/protocol';
import { VENUE_OPERATOR_HEADER } from '@nebula/protocol/venue/operator';
import {
  venueListCalls,
  venueListPaths,
  type VenueListCall,
} from '@nebula/protocol/venue/operator-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, OPERATOR_TOKENS, type VenueTestApp } from '../../test/venue-test-app';
import { operatorKit } from '../../test/operator-kit';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import { VenueLedger } from '../ledger/venue-ledger.service';

/**
 * The operator lists (contract §6 "Lists") against the venue's own database: each filter, the
 * page boundaries by number and by cursor (a cursor walk sees every row once, even rows that
 * share a microsecond), the 200-row cap, and bad filters refused with a code.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

const { newPlayer, upcoming, place, sel } = operatorKit(() => v);

async function list<T>(
  call: VenueListCall,
  body: object,
  role: keyof typeof OPERATOR_TOKENS = 'admin',
) {
  const r = await v.app.inject({
    method: 'POST',
    url: venueListPaths[call],
    headers: { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS[role] },
    payload: body,
  });
  const a = r.json<{
    code: number;
    data?: { list: T[]; total: number | null; next: string | null };
  }>();
  if (a.code === 0) venueListCalls[call].answer.parse(a.data);
  return a;
}

/** Every row of a list, walked by cursor `pageSize` at a time. */
async function walk<T>(call: VenueListCall, filter: object, pageSize: number): Promise<T[]> {
  const out: T[] = [];
  let after: string | undefined;
  for (let i = 0; i < 1000; i += 1) {
    const r = await list<T>(call, { ...filter, pageSize, ...(after ? { after } : {}) });
    expect(r.code).toBe(0);
    out.push(...r.data!.list);
    if (!r.data!.next) return out;
    after = r.data!.next;
  }
  throw new Error('cursor walk did not end');
}

/** `n` synthetic bets of one player, all placed at the same instant (ties broken by id). */
async function seedBets(playerId: string, n: number, at: Date, status = 'settled') {
  await v.db.query(
    `INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash, stake,
                             odds_policy, status, payout, placed_at, settled_at)
     SELECT 'SB' || $1 || '-' || lpad(g::text, 4, '0'), 'NEBULA', 'HOUSE_TY', $1, 'k' || g, 'h',
            100 * g, 'any', $3, 0, $4, $4
       FROM generate_series(1, $2::int) g`,
    [playerId, n, status, at],
  );
}

describe('operator bet list', () => {
  it('filters by event, market, player and status; pages by number and by cursor', async () => {
    const { playerId, token } = await newPlayer('1000.00');
    const [ev] = await upcoming(token);
    const placed = await place(token, [sel(ev!, '1x2', 0)], '25.00');
    expect(placed.code).toBe(0);
    const betId = placed.data!.betId;

    const byEvent = await list<{ betId: string; eventName: string }>('bets', {
      eventId: ev!.eventId,
    });
    expect(byEvent.data!.list.map((b) => b.betId)).toContain(betId);
    const market = ev!.markets.find((m) => m.kind === '1x2')!;
    const byMarket = await list<{ betId: string }>('bets', { marketId: market.marketId });
    expect(byMarket.data!.list.map((b) => b.betId)).toEqual([betId]);
    const other = await list<{ betId: string }>('bets', { eventId: 'no-such-event' });
    expect(other.data).toMatchObject({ list: [], total: 0, next: null });

    // 205 more bets of a second player, every one at the same instant.
    const crowd = `crowd${Date.now() % 1e6}`;
    await seedBets(crowd, 205, new Date(Date.now() - 3600_000));
    const first = await list<{ betId: string; playerId: string }>('bets', {
      playerId: crowd,
      pageSize: 200,
    });
    expect(first.data!.total).toBe(205);
    expect(first.data!.list).toHaveLength(200);
    const last = await list<{ betId: string }>('bets', { playerId: crowd, pageSize: 200, page: 2 });
    expect(last.data!.list).toHaveLength(5);
    expect(last.data!.next).toBeNull();
    const walked = await walk<{ betId: string }>('bets', { playerId: crowd }, 37);
    expect(walked).toHaveLength(205);
    expect(new Set(walked.map((b) => b.betId)).size).toBe(205);
    // Newest first, ties by id descending: the walk is the numbered pages' order.
    expect(walked.slice(0, 200).map((b) => b.betId)).toEqual(first.data!.list.map((b) => b.betId));

    const open = await list<{ betId: string }>('bets', { playerId, status: 'open' });
    const settled = await list<{ betId: string }>('bets', { playerId, status: 'settled' });
    expect(open.data!.list.length + settled.data!.list.length).toBeLessThanOrEqual(1);
    const pending = await list<{ betId: string }>('bets', { playerId, status: 'pending' });
    expect([...open.data!.list, ...pending.data!.list].map((b) => b.betId)).toEqual([betId]);
  });

  it('filters by Shanghai day, inclusive at both ends', async () => {
    const p = `days${Date.now() % 1e6}`;
    // 2026-03-01 00:00 and 23:59:59 in Shanghai; 2026-03-02 00:00 the next day.
    await seedBets(`${p}a`, 1, new Date('2026-02-28T16:00:00Z'));
    await seedBets(`${p}b`, 1, new Date('2026-03-01T15:59:59Z'));
    await seedBets(`${p}c`, 1, new Date('2026-03-01T16:00:00Z'));
    const day = await list<{ playerId: string }>('bets', { from: '2026-03-01', to: '2026-03-01' });
    const players = day.data!.list.map((b) => b.playerId);
    expect(players).toEqual(expect.arrayContaining([`${p}a`, `${p}b`]));
    expect(players).not.toContain(`${p}c`);
  });

  it('refuses bad filters with a code and caps a page at 200', async () => {
    for (const body of [
      { status: 'won' },
      { pageSize: 201 },
      { pageSize: 0 },
      { from: '2026-02-30' },
      { eventId: "x' OR 1=1 --" },
      { merchant: 'nebula' },
      { extra: 1 },
    ]) {
      expect((await list('bets', body)).code, JSON.stringify(body)).toBe(
        ErrorCode.VenueRequestInvalid,
      );
    }
    expect((await list('bets', { from: '2026-03-02', to: '2026-03-01' })).code).toBe(
      ErrorCode.HouseVenueListFilterInvalid,
    );
    // A cursor this list never wrote is 9781; one the schema refuses (a space) 8007.
    for (const after of ['abc', '123.', '1.x:y'])
      expect((await list('bets', { after })).code).toBe(ErrorCode.HouseVenueListFilterInvalid);
    expect((await list('bets', { after: '1.a b' })).code).toBe(ErrorCode.VenueRequestInvalid);
  });

  it('is a viewer’s; the audit list is an admin’s', async () => {
    expect((await list('bets', {}, 'viewer')).code).toBe(0);
    expect((await list('auditLog', {}, 'trader')).code).toBe(ErrorCode.VenueOperatorForbidden);
  });
});

describe('operator event list', () => {
  it('filters by sport, status, hold and text; counts each event’s bets', async () => {
    const all = await list<{ eventId: string; sport: string; home: string }>('events', {
      pageSize: 200,
    });
    expect(all.code).toBe(0);
    expect(all.data!.total).toBeGreaterThan(0);
    const football = await list<{ sport: string }>('events', { sport: 'football', pageSize: 200 });
    expect(football.data!.list.every((e) => e.sport === 'football')).toBe(true);
    const ev = all.data!.list[0]!;
    expect(
      (await v.operator('holdEvent', { eventId: ev.eventId, held: true }, 'trader')).code,
    ).toBe(0);
    const held = await list<{ eventId: string; held: boolean }>('events', { hold: 'held' });
    expect(held.data!.list.map((e) => e.eventId)).toContain(ev.eventId);
    const open = await list<{ eventId: string }>('events', { hold: 'open', pageSize: 200 });
    expect(open.data!.list.map((e) => e.eventId)).not.toContain(ev.eventId);
    const byName = await list<{ eventId: string }>('events', { q: ev.home.slice(0, 3) });
    expect(byName.data!.list.map((e) => e.eventId)).toContain(ev.eventId);
    // A LIKE wildcard in the text is a literal character, not "anything".
    expect((await list('events', { q: '%' })).data).toMatchObject({ total: 0 });
    const walked = await walk<{ eventId: string }>('events', {}, 23);
    expect(walked.map((e) => e.eventId).sort()).toEqual(
      (await walk<{ eventId: string }>('events', {}, 200)).map((e) => e.eventId).sort(),
    );
    expect(walked).toHaveLength(all.data!.total!);
  });
});

/** Five finished rounds of one game on a chain of their own, every one opened at one instant. */
async function seedRounds() {
  const game = await v.db.query<{ code: string }>(
    'SELECT code FROM venue_games ORDER BY code LIMIT 1',
  );
  const code = game.rows[0]!.code;
  const at = new Date(Date.now() - 7200_000);
  await v.db.query(
    `INSERT INTO venue_game_chains (chain_id, game_code, seq, length, commitment, next_index, published_at)
     VALUES ('list-test-chain', $1, 9999, 100, 'c', 5, $2)`,
    [code, at],
  );
  await v.db.query(
    `INSERT INTO venue_game_rounds (game_code, round_no, chain_id, chain_index, status, opens_at,
                                   seal_at, draw_at, paytable_hash, seed, outcome, void_cause,
                                   created_at)
     SELECT $1, (9000000000 + g)::text, 'list-test-chain', g,
            CASE WHEN g <= 3 THEN 'settled' ELSE 'voided' END, $2, $2, $2, 'h', 's', '{}',
            CASE WHEN g <= 3 THEN NULL ELSE 'operator' END, $2
       FROM generate_series(1, 5) g`,
    [code, at],
  );
}

describe('operator round list and audit list', () => {
  it('lists rounds newest first per game and status; walks them by cursor', async () => {
    await seedRounds();
    const r = await list<{ gameCode: string; status: string; roundNo: string }>('rounds', {});
    expect(r.code).toBe(0);
    const voided = await list<{ status: string }>('rounds', { status: 'voided', pageSize: 200 });
    expect(voided.data!.list.length).toBeGreaterThanOrEqual(2);
    expect(voided.data!.list.every((x) => x.status === 'voided')).toBe(true);
    const byNo = await list<{ roundNo: string }>('rounds', { roundNo: '9000000003' });
    expect(byNo.data!.list.map((x) => x.roundNo)).toEqual(['9000000003']);
    expect(r.data!.total).toBeGreaterThan(0);
    const g = r.data!.list[0]!.gameCode;
    const one = await list<{ gameCode: string }>('rounds', { gameCode: g, pageSize: 200 });
    expect(one.data!.list.every((x) => x.gameCode === g)).toBe(true);
    const walked = await walk<{ gameCode: string; roundNo: string }>('rounds', {}, 3);
    expect(walked).toHaveLength(r.data!.total!);
    expect(new Set(walked.map((x) => `${x.gameCode}:${x.roundNo}`)).size).toBe(walked.length);
    expect((await list('rounds', { status: 'won' })).code).toBe(ErrorCode.VenueRequestInvalid);
  });

  it('lists the audit by operator, action family and target', async () => {
    const ev = (await list<{ eventId: string }>('events', {})).data!.list[1]!;
    await v.operator('holdEvent', { eventId: ev.eventId, held: true }, 'trader');
    await v.operator('holdEvent', { eventId: ev.eventId, held: false }, 'trader');
    const mine = await list<{ operator: string; action: string; target: string; id: number }>(
      'auditLog',
      { operator: 'trader-op', action: 'event', target: ev.eventId },
    );
    expect(mine.data!.list.map((e) => e.action)).toEqual(['event.reopen', 'event.hold']);
    expect(
      (await list('auditLog', { action: 'event.hold', operator: 'nobody' })).data,
    ).toMatchObject({
      total: 0,
    });
    const walked = await walk<{ id: number }>('auditLog', {}, 2);
    const ids = walked.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list('auditLog', { after: '0' })).code).toBe(
      ErrorCode.HouseVenueListFilterInvalid,
    );
  });
});

describe('operator player list', () => {
  it('filters by merchant, venue, id prefix and debt; walks every wallet once', async () => {
    const a = await newPlayer('10.00');
    const b = await newPlayer('20.00');
    // A correction takes back 15.50 from a player holding 10.00: 5.50 owed (the ledger's rule).
    const k = { merchant: 'NEBULA', venueCode: 'HOUSE_TY', playerId: a.playerId };
    await v.db.tx((q) =>
      new VenueLedger(() => Date.now()).post(
        q,
        {
          reference: `list-test-debt:${a.playerId}`,
          kind: 'resettle',
          postings: [
            { account: playerAccount(k), amount: -1550n },
            { account: bookAccount(k), amount: 1550n },
          ],
        },
        { overdraw: 'debt' },
      ),
    );
    const owes = await list<{ playerId: string; debt: string }>('players', { owes: 'yes' });
    expect(owes.data!.list.map((p) => [p.playerId, p.debt])).toEqual([[a.playerId, '5.50']]);
    const clear = await list<{ playerId: string }>('players', { owes: 'no', pageSize: 200 });
    expect(clear.data!.list.map((p) => p.playerId)).toContain(b.playerId);
    expect(clear.data!.list.map((p) => p.playerId)).not.toContain(a.playerId);
    const one = await list<{ playerId: string; balance: string; bets: number }>('players', {
      merchant: 'NEBULA',
      venueCode: 'HOUSE_TY',
      playerId: b.playerId,
    });
    expect(one.data!.list).toMatchObject([{ playerId: b.playerId, balance: '20.00', bets: 0 }]);
    const total = (await list('players', {})).data!.total!;
    const walked = await walk<{ merchant: string; venueCode: string; playerId: string }>(
      'players',
      {},
      4,
    );
    expect(walked).toHaveLength(total);
    expect(new Set(walked.map((p) => `${p.merchant}:${p.venueCode}:${p.playerId}`)).size).toBe(
      total,
    );
    expect((await list('players', { after: 'x:y:z' })).code).toBe(
      ErrorCode.HouseVenueListFilterInvalid,
    );
    expect((await list('players', { owes: 'maybe' })).code).toBe(ErrorCode.VenueRequestInvalid);
  });
});
