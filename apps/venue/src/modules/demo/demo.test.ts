import { ErrorCode } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameKit } from '../../test/game-kit';
import { createVenueTestApp, DEMO, MERCHANT, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The demo merchant (docs/contract.md §6, 试玩): play money funded and reset by the venue
 * through its ledger, no transfers, and bets, liability and feeds of its own — the real
 * merchant's feed never carries a demo bet and its liability never moves.
 */
let v: VenueTestApp;
let n = 0;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

const asDemo = <T>(name: Parameters<VenueTestApp['call']>[0], body: unknown) =>
  v.call<T>(name, body, { merchant: DEMO, secret: v.demoSecret });

async function demoEnter(playerId: string, venueCode: string) {
  const launched = await asDemo<{ url: string }>('launch', {
    venueCode,
    playerId,
    nickname: '试玩',
  });
  expect(launched.code).toBe(0);
  const r = await v.app.inject({
    method: 'POST',
    url: '/h5/api/session/exchange',
    payload: { token: new URL(launched.data!.url).searchParams.get('token') },
  });
  return r.json<{ data: { token: string; demo?: boolean } }>().data;
}
const demoBalance = async (playerId: string, venueCode: string) =>
  (await asDemo<{ balance: string }>('balance', { venueCode, playerId })).data!.balance;
const liability = async (merchant: string) =>
  (
    await v.db.query<{ s: bigint | null }>(
      'SELECT sum(amount)::bigint AS s FROM venue_liability WHERE merchant = $1',
      [merchant],
    )
  ).rows[0]?.s ?? 0n;
const feed = async (merchant: string, venueCode: string) =>
  (
    await v.call<{ changes: BetVersion[] }>(
      'betChanges',
      { venueCode, cursor: '', limit: 500 },
      merchant === DEMO ? { merchant: DEMO, secret: v.demoSecret } : {},
    )
  ).data!.changes;
const reconciled = async () =>
  expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });

describe('the demo merchant', () => {
  it('funds a demo wallet once, with play money, through the ledger', async () => {
    const player = `demo-${(n += 1)}`;
    const s = await demoEnter(player, 'HOUSE_TY');
    expect(s.demo).toBe(true);
    expect(await demoBalance(player, 'HOUSE_TY')).toBe('2000.00');
    // A second launch funds nothing more.
    await demoEnter(player, 'HOUSE_TY');
    expect(await demoBalance(player, 'HOUSE_TY')).toBe('2000.00');
    const entries = await v.db.query<{ reference: string }>(
      `SELECT reference FROM venue_entries WHERE reference LIKE 'demo:%' AND reference LIKE $1`,
      [`%:${player}%`],
    );
    expect(entries.rows.map((r) => r.reference)).toEqual([`demo:fund:HOUSE_TY:${player}`]);
    await reconciled();
  });

  it("marks only the demo merchant's sessions 试玩", async () => {
    const launched = await v.call<{ url: string }>('launch', {
      venueCode: 'HOUSE_TY',
      playerId: 'real-1',
      nickname: '会员',
    });
    const r = await v.app.inject({
      method: 'POST',
      url: '/h5/api/session/exchange',
      payload: { token: new URL(launched.data!.url).searchParams.get('token') },
    });
    expect(r.json<{ data: { demo?: boolean } }>().data.demo).toBeUndefined();
  });

  it('moves no money in or out of a demo wallet (8161), nothing written', async () => {
    const player = `demo-${(n += 1)}`;
    await demoEnter(player, 'HOUSE_TY');
    for (const direction of ['in', 'out'] as const) {
      const r = await asDemo('transfer', {
        venueCode: 'HOUSE_TY',
        playerId: player,
        transferId: `demo-tr-${direction}-${player}`,
        direction,
        amount: '10.00',
      });
      expect(r.code).toBe(ErrorCode.VenueDemoNoTransfer);
    }
    const rows = await v.db.query('SELECT 1 FROM venue_transfers WHERE merchant = $1', [DEMO]);
    expect(rows.rows).toHaveLength(0);
    expect(await demoBalance(player, 'HOUSE_TY')).toBe('2000.00');
  });

  it('resets only for the demo merchant (8160) and only a launched player (8162)', async () => {
    const real = await v.fundedPlayer('50.00');
    const r = await v.call('demoReset', { venueCode: 'HOUSE_TY', playerId: real.playerId });
    expect(r.code).toBe(ErrorCode.VenueDemoOnly);
    const unknown = await asDemo('demoReset', { venueCode: 'HOUSE_TY', playerId: 'nobody' });
    expect(unknown.code).toBe(ErrorCode.VenueDemoPlayerUnknown);
    expect(
      (
        await v.call<{ balance: string }>('balance', {
          venueCode: 'HOUSE_TY',
          playerId: real.playerId,
        })
      ).data!.balance,
    ).toBe('50.00');
  });

  it('keeps demo bets, liability and feeds apart; a reset lands on the play amount', async () => {
    const player = `demo-${(n += 1)}`;
    const { token } = await demoEnter(player, 'HOUSE_TY');
    const events = (
      await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=early&sport=football', token)
    ).data!.events.filter((e) => e.markets.length > 0);
    const m = events[0]!.markets.find((x) => x.kind === '1x2')!;
    const s = m.selections[0]!;
    const realBefore = await liability(MERCHANT);
    const realFeed = (await feed(MERCHANT, 'HOUSE_TY')).length;
    const bet = await v.page<BetView>('POST', '/v1/bet/place', token, {
      requestKey: `demo-bet-${player}`,
      oddsPolicy: 'any',
      stake: '100.00',
      legs: [{ selectionId: s.selectionId, oddsMilli: s.oddsMilli }],
    });
    expect(bet.code).toBe(0);
    expect(await demoBalance(player, 'HOUSE_TY')).toBe('1900.00');
    // The demo merchant's liability and feed hold the bet; the real merchant's do not move.
    expect(await liability(DEMO)).toBeGreaterThan(0n);
    expect(await liability(MERCHANT)).toBe(realBefore);
    expect((await feed(DEMO, 'HOUSE_TY')).map((c) => c.betId)).toContain(bet.data!.betId);
    const real = await feed(MERCHANT, 'HOUSE_TY');
    expect(real).toHaveLength(realFeed);
    expect(real.map((c) => c.betId)).not.toContain(bet.data!.betId);

    const reset = await asDemo<{ balance: string }>('demoReset', {
      venueCode: 'HOUSE_TY',
      playerId: player,
    });
    expect(reset).toMatchObject({ code: 0, data: { balance: '2000.00' } });
    expect(await demoBalance(player, 'HOUSE_TY')).toBe('2000.00');
    // A second reset at the play amount moves nothing; each that moved has its own reference.
    await asDemo('demoReset', { venueCode: 'HOUSE_TY', playerId: player });
    const refs = await v.db.query<{ reference: string }>(
      `SELECT reference FROM venue_entries WHERE reference LIKE $1 ORDER BY id`,
      [`demo:reset:HOUSE_TY:${player}:%`],
    );
    expect(refs.rows.map((r) => r.reference)).toEqual([`demo:reset:HOUSE_TY:${player}:1`]);
    await reconciled();
  });

  it('keeps a demo lottery slip out of the real merchant feed and liability', async () => {
    const player = `demo-${(n += 1)}`;
    const { token } = await demoEnter(player, 'HOUSE_CP');
    const k = gameKit(v, () => token);
    const round = await k.freshRound();
    const realBefore = await liability(MERCHANT);
    const slip = await k.place(token, {
      roundNo: round.roundNo,
      multiple: 5,
      picks: [{ betType: 'big', pick: '' }],
    });
    expect(slip.code).toBe(0);
    expect(await demoBalance(player, 'HOUSE_CP')).toBe('1990.00');
    expect(await liability(MERCHANT)).toBe(realBefore);
    const ids = slip.data!.bets.map((b) => b.betId);
    expect((await feed(DEMO, 'HOUSE_CP')).map((c) => c.betId)).toEqual(expect.arrayContaining(ids));
    expect((await feed(MERCHANT, 'HOUSE_CP')).some((c) => ids.includes(c.betId))).toBe(false);
    await k.finish(round);
    await reconciled();
    // The venue's own daily report counts no play money.
    const d = new Date(Date.now() + v.clock.offset + 8 * 3600_000).toISOString().slice(0, 10);
    const report = await k.op<{ total: { stakes: string }; voidedBets: number }>(
      '/operator/v1/games/reports/daily',
      { gameCode: 'JSK3', date: d },
      'viewer',
    );
    expect(report.data!.total.stakes).toBe('0.00');
  });
});
