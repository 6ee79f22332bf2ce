import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, verifyMerkleProof } from '@nebula/protocol';
import { MyTableBets, TablesList, type TableView } from '@nebula/protocol/venue/games/tables-api';
import { BetChanges } from '@nebula/protocol/venue/merchant';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit, newKey, type GameKit } from '../../test/game-kit';
import { tableKit, type TableKit } from '../../test/table-kit';

/**
 * The live tables over the real HTTP app (docs/contract.md §10.12): the list, placement and
 * every refusal with nothing debited, the seal on the venue's clock whatever the stored state,
 * a retry of a key, settlement of several members' bets exactly as the dealt hand pays, the
 * dealt cards' proofs against the shoe's root, and a missed seal voiding and refunding.
 */
let v: VenueTestApp;
let g: GameKit;
let k: TableKit;
let alice: { playerId: string; token: string };
let bob: { playerId: string; token: string };
const balance = (who: { playerId: string }) => g.balance(who.playerId, 'HOUSE_ZR');

beforeAll(async () => {
  v = await createVenueTestApp();
  alice = await v.fundedPlayer('100000.00', 'HOUSE_ZR');
  bob = await v.fundedPlayer('300.00', 'HOUSE_ZR');
  g = gameKit(v, () => alice.token);
  k = tableKit(v, () => alice.token);
});
afterAll(() => v.close());

async function refused(p: Promise<{ code: number }>, code: number, who = alice) {
  const before = await balance(who);
  expect((await p).code).toBe(code);
  expect(await balance(who)).toBe(before);
}

describe('live tables', () => {
  let bac1: TableView;

  it('lists the three tables with a shoe, its root and a round taking bets', async () => {
    await v.games.clock.tick();
    const list = TablesList.parse((await v.page('GET', '/h5/api/tables', alice.token)).data);
    expect(
      list.tables.map((t) => [t.code, t.name, t.kind, t.noCommission, t.bettingSeconds]),
    ).toEqual([
      ['BAC1', '经典百家乐', 'baccarat', false, 25],
      ['BAC2', '免佣百家乐 极速', 'baccarat', true, 15],
      ['LH1', '龙虎 极速', 'dragon_tiger', false, 15],
    ]);
    bac1 = await k.fresh('BAC1');
    expect(bac1.shoe?.merkleRoot).toMatch(/^[0-9a-f]{64}$/);
    expect(bac1.shoe?.seed).toBeNull();
    expect(bac1.limits.chips[0]).toBe('10.00');
    expect(bac1.round?.zoneTotals.map((z) => z.zone)).toEqual([
      'banker',
      'player',
      'tie',
      'banker_pair',
      'player_pair',
    ]);
  });

  it('a ZR venue launches a table by its code', async () => {
    const launched = await v.call<{ url: string }>('launch', {
      venueCode: 'HOUSE_ZR',
      playerId: 'zr-launch',
      nickname: '玩家',
      gameCode: 'BAC2',
    });
    expect(launched.code).toBe(0);
    expect(new URL(launched.data!.url).searchParams.get('game')).toBe('BAC2');
    const cp = await v.call('launch', {
      venueCode: 'HOUSE_CP',
      playerId: 'zr-launch',
      nickname: '玩家',
      gameCode: 'BAC2',
    });
    expect(cp.code).toBe(ErrorCode.VenueGameUnknown);
  });

  it('refuses bad bets with their codes, debiting nothing', async () => {
    const roundNo = bac1.round!.roundNo;
    const place = (bets: { zone: string; amount: string }[], who = alice) =>
      k.place(who.token, 'BAC1', roundNo, bets);
    await refused(place([{ zone: 'dragon', amount: '10.00' }]), ErrorCode.VenueTableZoneInvalid);
    await refused(place([{ zone: 'banker', amount: '15.00' }]), ErrorCode.VenueTableAmountInvalid);
    await refused(place([{ zone: 'tie', amount: '6000.00' }]), ErrorCode.VenueTableAmountInvalid);
    await refused(
      place([
        { zone: 'banker', amount: '10.00' },
        { zone: 'player', amount: '10.00' },
      ]),
      ErrorCode.VenueTableBothSides,
    );
    await refused(
      place([{ zone: 'banker', amount: '500.00' }], bob),
      ErrorCode.BetBalanceInsufficient,
      bob,
    );
    await refused(
      k.place(alice.token, 'BAC1', '999999', [{ zone: 'banker', amount: '10.00' }]),
      ErrorCode.VenueTableRoundUnknown,
    );
    const cp = await v.fundedPlayer('100.00', 'HOUSE_CP');
    expect(
      (await k.place(cp.token, 'BAC1', roundNo, [{ zone: 'banker', amount: '10.00' }])).code,
    ).toBe(ErrorCode.VenueTableUnknown);
  });

  it('places bets once per key, shows the table totals, refuses the other side later', async () => {
    const roundNo = bac1.round!.roundNo;
    const key = newKey();
    const bets = [
      { zone: 'banker', amount: '100.00' },
      { zone: 'tie', amount: '20.00' },
      { zone: 'player_pair', amount: '10.00' },
    ];
    const r = await k.place(alice.token, 'BAC1', roundNo, bets, key);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ total: '130.00', balance: '99870.00' });
    const again = await k.place(alice.token, 'BAC1', roundNo, bets, key);
    expect(again.data?.bets.map((b) => b.betId).sort()).toEqual(
      r.data?.bets.map((b) => b.betId).sort(),
    );
    expect(await balance(alice)).toBe('99870.00');
    expect((await k.place(alice.token, 'BAC1', roundNo, bets.slice(0, 1), key)).code).toBe(
      ErrorCode.BetRequestConflict,
    );
    await refused(
      k.place(alice.token, 'BAC1', roundNo, [{ zone: 'player', amount: '10.00' }]),
      ErrorCode.VenueTableBothSides,
    );
    await refused(
      k.place(alice.token, 'BAC1', roundNo, [{ zone: 'tie', amount: '4990.00' }]),
      ErrorCode.VenueTableAmountInvalid,
    );
    expect(
      (await k.place(bob.token, 'BAC1', roundNo, [{ zone: 'player', amount: '200.00' }])).code,
    ).toBe(0);
    const t = await k.view('BAC1');
    expect(Object.fromEntries(t.round!.zoneTotals.map((z) => [z.zone, z.amount]))).toEqual({
      banker: '100.00',
      player: '200.00',
      tie: '20.00',
      banker_pair: '0.00',
      player_pair: '10.00',
    });
  });

  it('refuses at the seal on the venue clock, whatever the stored state', async () => {
    v.clock.offset = bac1.round!.bettingEndsAt - Date.now();
    await refused(
      k.place(alice.token, 'BAC1', bac1.round!.roundNo, [{ zone: 'banker', amount: '10.00' }]),
      ErrorCode.VenueTableBetSealed,
    );
  });

  it('settles every bet exactly as the dealt hand pays; the cards prove against the root', async () => {
    const roundNo = bac1.round!.roundNo;
    const d = await k.finish('BAC1', roundNo);
    expect(d.round.state).toBe('settled');
    const hand = d.round.hand!;
    for (const c of d.revealed) {
      expect(verifyMerkleProof(c.position, c.card, c.salt, c.proof, d.merkleRoot)).toBe(true);
    }
    expect(d.revealed.slice(-hand.cards.length).map((c) => c.card)).toEqual(
      hand.cards.map((c) => c.card),
    );
    const tie = hand.winner === 'tie';
    const pays = {
      banker: tie ? 10_000 : hand.winner === 'banker' ? 19_500 : 0,
      tie: tie ? 18_000 : 0,
      player_pair: hand.playerPair ? 12_000 : 0,
      player: tie ? 20_000 : hand.winner === 'player' ? 40_000 : 0,
    };
    const fen = (s: string) => Math.round(Number(s) * 100);
    const mine = MyTableBets.parse(
      (await v.page('GET', '/h5/api/tables/bets?tableCode=BAC1', alice.token)).data,
    );
    for (const b of mine.bets) {
      expect(b.status).toBe('settled');
      expect(fen(b.payout!)).toBe(pays[b.zone as keyof typeof pays]);
    }
    const won = pays.banker + pays.tie + pays.player_pair;
    expect(fen(await balance(alice))).toBe(9_987_000 + won);
    expect(fen(await balance(bob))).toBe(10_000 + pays.player);
    const bankerBet = mine.bets.find((b) => b.zone === 'banker')!;
    expect(bankerBet.validStake).toBe(tie ? '0.00' : '100.00');
    // The merchant feed: each bet accepted, then settled with its payout and valid stake.
    const feed = BetChanges.parse(
      (await v.call('betChanges', { venueCode: 'HOUSE_ZR', cursor: '', limit: 1000 })).data,
    ).changes.filter((c) => c.betId === bankerBet.betId);
    expect(feed.map((c) => [c.kind, c.payout, c.validStake])).toEqual([
      ['accepted', null, null],
      ['settled', bankerBet.payout, bankerBet.validStake],
    ]);
    expect(feed[1]!.legs[0]).toMatchObject({
      selectionId: `g:BAC1:${roundNo}:banker:`,
      marketLabel: '庄',
      oddsMilli: 1950,
      result: tie ? 'push' : hand.winner === 'banker' ? 'won' : 'lost',
    });
  });

  it('voids a round whose seal was missed: stakes refunded, its cards dealt as 作废', async () => {
    const t = await k.fresh('LH1');
    const roundNo = t.round!.roundNo;
    const before = await balance(alice);
    expect(
      (await k.place(alice.token, 'LH1', roundNo, [{ zone: 'dragon', amount: '50.00' }])).code,
    ).toBe(0);
    await k.tickAt(t.round!.bettingEndsAt + 5_000);
    const d = await k.round('LH1', roundNo);
    expect(d.round.state).toBe('voided');
    expect(d.round.hand?.cards).toHaveLength(2);
    expect(await balance(alice)).toBe(before);
    const next = await k.fresh('LH1');
    expect(next.shoe!.cardsUsed).toBeGreaterThanOrEqual(d.round.hand!.cards[1]!.position + 1);
    expect(next.hands.some((h) => h.roundNo === roundNo)).toBe(false);
  });

  it("operators read and change a table's limits, audited; bets follow them", async () => {
    const read = await g.op('/operator/v1/tables/limits', { tableCode: 'BAC2' }, 'viewer');
    expect(read).toMatchObject({ code: 0, data: { tableCode: 'BAC2', maxPerRound: '100000.00' } });
    const change = {
      tableCode: 'BAC2',
      zones: [{ zone: 'tie', min: '20.00', max: '100.00' }],
      chips: ['10.00', '50.00', '500.00'],
      reason: '限红调整',
    };
    expect((await g.op('/operator/v1/tables/limits/update', change, 'trader')).code).toBe(
      ErrorCode.VenueOperatorForbidden,
    );
    const bad = { ...change, zones: [{ zone: 'tie', min: '200.00', max: '100.00' }] };
    expect((await g.op('/operator/v1/tables/limits/update', bad, 'admin')).code).toBe(
      ErrorCode.VenueRequestInvalid,
    );
    const dragon = { ...change, zones: [{ zone: 'dragon', min: '20.00', max: '100.00' }] };
    expect((await g.op('/operator/v1/tables/limits/update', dragon, 'admin')).code).toBe(
      ErrorCode.VenueRequestInvalid,
    );
    const done = await g.op<{ chips: string[] }>(
      '/operator/v1/tables/limits/update',
      change,
      'admin',
    );
    expect(done.data?.chips).toEqual(['10.00', '50.00', '500.00']);
    const audited = await v.db.query<{ operator: string }>(
      "SELECT operator FROM venue_operator_audit WHERE action = 'table.limits' AND target = 'BAC2'",
    );
    expect(audited.rows.map((r) => r.operator)).toEqual(['admin-op']);
    const t = await k.fresh('BAC2');
    const round = t.round!.roundNo;
    await refused(
      k.place(alice.token, 'BAC2', round, [{ zone: 'tie', amount: '200.00' }]),
      ErrorCode.VenueTableAmountInvalid,
    );
    await refused(
      k.place(alice.token, 'BAC2', round, [{ zone: 'banker', amount: '35.50' }]),
      ErrorCode.VenueTableAmountInvalid,
    );
    expect(
      (await k.place(alice.token, 'BAC2', round, [{ zone: 'tie', amount: '100.00' }])).code,
    ).toBe(0);
  });
});
