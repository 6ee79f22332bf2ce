import { ErrorCode } from '@nebula/protocol';
import { VENUE_OPERATOR_HEADER } from '@nebula/protocol/venue/operator';
import { venueListCalls, venueListPaths } from '@nebula/protocol/venue/operator-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, OPERATOR_TOKENS, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The sportsbook's daily report over a range of days (contract §6 "Lists"): a row per
 * Shanghai day and sport, the day cut at Shanghai midnight, parlays apart, the demo merchant's
 * play money and house game bets left out, paged, and a bad range refused with 9781.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

type Row = {
  date: string;
  sport: string;
  bets: number;
  stakes: string;
  payouts: string;
  ggr: string;
};

async function report(body: object) {
  const r = await v.app.inject({
    method: 'POST',
    url: venueListPaths.dailyReports,
    headers: { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS.viewer },
    payload: body,
  });
  const a = r.json<{
    code: number;
    data?: { list: Row[]; total: number | null; next: string | null };
  }>();
  if (a.code === 0) venueListCalls.dailyReports.answer.parse(a.data);
  return a;
}

let seq = 0;
/** A settled bet with one leg per event given, settled at `at`. */
async function settled(
  events: string[],
  at: string,
  stake: number,
  payout: number,
  merchant = 'NEBULA',
) {
  seq += 1;
  const id = `RL${seq}`;
  await v.db.query(
    `INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash, stake,
                             odds_policy, status, payout, placed_at, settled_at)
     VALUES ($1, $2, 'HOUSE_TY', 'rp', $1, 'h', $3, 'any', 'settled', $4, $5, $5)`,
    [id, merchant, stake, payout, new Date(at)],
  );
  for (const [i, e] of events.entries())
    await v.db.query(
      `INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period,
                                   odds_milli, event_name, market_label, outcome_label, liability)
       VALUES ($1, $2, $3, 's', 'm', 'ft', 2000, 'e', 'm', 'o', 0)`,
      [id, i + 1, e],
    );
}

describe('the daily report over a range of days', () => {
  it('counts per Shanghai day and sport, parlays apart, real money only', async () => {
    const ev = await v.db.query<{ id: string; sport: string }>(
      `SELECT id, sport FROM venue_events WHERE sport = 'football' ORDER BY id LIMIT 2`,
    );
    const [a, b] = ev.rows.map((e) => e.id) as [string, string];
    // 2026-05-01 in Shanghai runs from 2026-04-30T16:00Z to 2026-05-01T16:00Z.
    await settled([a], '2026-04-30T16:00:00Z', 10_000, 0);
    await settled([a], '2026-05-01T15:59:59Z', 5_000, 9_500);
    await settled([a, b], '2026-05-01T12:00:00Z', 2_000, 0);
    await settled([a], '2026-05-01T16:00:00Z', 3_000, 0);
    await settled([a], '2026-05-01T10:00:00Z', 99_900, 0, 'DEMO');

    const r = await report({ from: '2026-05-01', to: '2026-05-02' });
    expect(r.code).toBe(0);
    expect(r.data!.list).toEqual([
      {
        date: '2026-05-02',
        sport: 'football',
        bets: 1,
        stakes: '30.00',
        payouts: '0.00',
        ggr: '30.00',
      },
      {
        date: '2026-05-01',
        sport: 'parlay',
        bets: 1,
        stakes: '20.00',
        payouts: '0.00',
        ggr: '20.00',
      },
      {
        date: '2026-05-01',
        sport: 'football',
        bets: 2,
        stakes: '150.00',
        payouts: '95.00',
        ggr: '55.00',
      },
    ]);
    expect(r.data!.total).toBe(3);

    const parlays = await report({ from: '2026-05-01', to: '2026-05-02', sport: 'parlay' });
    expect(parlays.data!.list.map((x) => x.sport)).toEqual(['parlay']);
    // Walked one row at a time by cursor: the same rows in the same order.
    const seen: Row[] = [];
    let after: string | null = null;
    do {
      const p: Awaited<ReturnType<typeof report>> = await report({
        from: '2026-05-01',
        to: '2026-05-02',
        pageSize: 1,
        ...(after ? { after } : {}),
      });
      seen.push(...p.data!.list);
      after = p.data!.next;
    } while (after);
    expect(seen).toEqual(r.data!.list);
  });

  it('refuses a bad range with 9781 and a malformed one with 8007', async () => {
    for (const body of [
      { from: '2026-05-02', to: '2026-05-01' },
      { from: '2026-01-01', to: '2026-05-01' },
      { from: '2026-05-01', to: '2026-05-01', after: 'x' },
    ])
      expect((await report(body)).code, JSON.stringify(body)).toBe(
        ErrorCode.HouseVenueListFilterInvalid,
      );
    for (const body of [
      { from: '2026-05-01' },
      { from: '2026-05-01', to: '2026-05-01', sport: 'golf' },
    ])
      expect((await report(body)).code).toBe(ErrorCode.VenueRequestInvalid);
  });
});
