import { ErrorCode, parseMoney } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as events from '../events/event.service';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { operatorKit, VENUE } from '../../test/operator-kit';

/**
 * Results entered and corrected by operators (bets settled anew, a debt where the player has
 * already moved the money out), voided bets and markets, legs resettled by hand; then the reports over the bets they settled.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

const { newPlayer, wallet, upcoming, place, sel, changesOf, kickOff } = operatorKit(() => v);

describe('results, corrections and debts', () => {
  it('a corrected result settles anew: the win reversed into a debt the next credit repays', async () => {
    const { playerId, token } = await newPlayer('100.00');
    const balance = async () => wallet(playerId);
    const ev = (await upcoming(token))[2]!;
    const bet = (await place(token, [sel(ev, '1x2', 0)], '100.00')).data!;
    // Before kick-off a result cannot be entered.
    expect(
      (
        await v.operator(
          'result',
          {
            eventId: ev.eventId,
            status: 'finished',
            score: { home: 2, away: 0 },
            halfTime: { home: 1, away: 0 },
            reason: '人工录入',
          },
          'trader',
        )
      ).code,
    ).toBe(ErrorCode.VenueResultInvalid);
    kickOff(ev);
    const enter = (home: number, away: number, halfTime: { home: number; away: number }) =>
      v.operator(
        'result',
        {
          eventId: ev.eventId,
          status: 'finished',
          score: { home, away },
          halfTime,
          reason: '人工录入',
        },
        'trader',
      );
    expect((await enter(1, 2, { home: 2, away: 0 })).code).toBe(ErrorCode.VenueResultInvalid);
    expect((await enter(2, 0, { home: 1, away: 0 })).code).toBe(0);
    await v.leader.tick();
    const won = (
      await v.page<{ bets: BetView[] }>('POST', '/v1/bets', token, { settled: true })
    ).data!.bets.find((b) => b.betId === bet.betId)!;
    expect(won).toMatchObject({ status: 'settled', result: 'won' });
    const payout = parseMoney(won.payout!);
    expect(payout).toBe(parseMoney(bet.potentialReturn));
    // The player takes the winnings home.
    await v.call('transfer', {
      venueCode: VENUE,
      playerId,
      transferId: `op-out-${playerId}`,
      direction: 'out',
      amount: won.payout,
    });
    expect((await balance()).balance).toBe('0.00');
    // The result was wrong: the home side lost. The win is reversed; the wallet cannot pay.
    expect((await enter(0, 1, { home: 0, away: 0 })).code).toBe(0);
    await v.leader.tick();
    const lost = (
      await v.page<{ bets: BetView[] }>('POST', '/v1/bets', token, { settled: true })
    ).data!.bets.find((b) => b.betId === bet.betId)!;
    expect(lost).toMatchObject({ status: 'settled', result: 'lost', payout: '0.00' });
    const b = await balance();
    const owed = (Number(payout) / 100).toFixed(2);
    expect(b).toMatchObject({ balance: '0.00', debt: owed });
    // The merchant's balance answer tells the debt.
    expect((await v.call('balance', { venueCode: VENUE, playerId })).data).toEqual({
      balance: '0.00',
      debt: owed,
    });
    // The next transfer in repays the debt first; the balance never went below zero, and the
    // answer says the debt is gone.
    const repaid = await v.call('transfer', {
      venueCode: VENUE,
      playerId,
      transferId: `op-in2-${playerId}`,
      direction: 'in',
      amount: '500.00',
    });
    expect(repaid.data).toMatchObject({ status: 'applied', debt: '0.00' });
    expect(parseMoney((await balance()).balance)).toBe(500_00n - payout);
    expect((await balance()).debt).toBe('0.00');
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
    // The merchant sees the bet settled, then resettled with the debt it left.
    const versions = (await changesOf(bet.betId)).map((c) => [c.kind, c.debt]);
    expect(versions).toEqual([
      ['accepted', undefined],
      ['settled', undefined],
      ['resettled', owed],
    ]);
    // The event left the feed: ticks never overwrite the operator's result.
    await v.leader.tick();
    expect((await events.readEvent(v.db, ev.eventId))!.score).toEqual({ home: 0, away: 1 });
  });

  it('voiding an open bet gives the stake back; voiding a settled win takes the win back', async () => {
    const { playerId, token } = await newPlayer('300.00');
    const balance = async () => wallet(playerId);
    const [a, b] = (await upcoming(token)).slice(3, 5) as [EventView, EventView];
    const open = (await place(token, [sel(a, '1x2', 1)], '100.00')).data!;
    const r = await v.operator('voidBet', { betId: open.betId, reason: '赛事异常' }, 'trader');
    expect(r).toMatchObject({ code: 0, data: { status: 'voided', payout: '100.00' } });
    expect((await balance()).balance).toBe('300.00');
    // Once void, always void.
    expect(
      (await v.operator('voidBet', { betId: open.betId, reason: '再次作废' }, 'trader')).data,
    ).toMatchObject({ status: 'voided' });
    expect((await balance()).balance).toBe('300.00');

    const winner = (await place(token, [sel(b, '1x2', 2)], '100.00')).data!;
    kickOff(b);
    await v.operator(
      'result',
      {
        eventId: b.eventId,
        status: 'finished',
        score: { home: 0, away: 3 },
        halfTime: { home: 0, away: 1 },
        reason: '录入',
      },
      'trader',
    );
    await v.leader.tick();
    const settled = parseMoney((await balance()).balance);
    expect(settled).toBe(200_00n + parseMoney(winner.potentialReturn));
    await v.operator('voidBet', { betId: winner.betId, reason: '比赛被操纵' }, 'trader');
    expect((await balance()).balance).toBe('300.00');
    expect((await v.operator('voidBet', { betId: 'no-bet', reason: '测试' }, 'trader')).code).toBe(
      ErrorCode.BetNotFound,
    );
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });

  it('a voided market counts as 1 in a parlay and refunds a single; a leg can be resettled by hand', async () => {
    const { token } = await newPlayer('300.00');
    const [a, b] = (await upcoming(token)).slice(5, 7) as [EventView, EventView];
    const single = (await place(token, [sel(a, 'ou', 0)], '50.00')).data!;
    const parlay = (await place(token, [sel(a, '1x2', 0), sel(b, '1x2', 0)], '50.00')).data!;
    const r = await v.operator(
      'voidMarket',
      { eventId: a.eventId, marketKey: `${a.eventId}:ft:1x2`, reason: '盘口错误' },
      'trader',
    );
    expect(r).toMatchObject({ code: 0, data: { bets: 1 } });
    // The parlay is still open on its other leg; the over/under single is untouched.
    const openBets = (
      await v.page<{ bets: BetView[] }>('POST', '/v1/bets', token, { settled: false })
    ).data!.bets;
    expect(openBets.map((x) => x.betId).sort()).toEqual([single.betId, parlay.betId].sort());
    expect(openBets.find((x) => x.betId === parlay.betId)!.legs[0]!.result).toBe('void');
    // Still open, it cannot be settled by hand: its other match's result settles it (lost).
    const early = await v.operator(
      'resettleBet',
      { betId: parlay.betId, legs: [{ leg: 2, result: 'won' }], reason: '人工结算' },
      'trader',
    );
    expect(early.code).toBe(ErrorCode.BetNotSettled);
    kickOff(b);
    await v.operator(
      'result',
      {
        eventId: b.eventId,
        status: 'finished',
        score: { home: 0, away: 1 },
        halfTime: { home: 0, away: 0 },
        reason: '录入',
      },
      'trader',
    );
    await v.leader.tick();
    // The result was wrong for that leg: resettled by hand as won, the parlay pays its odds alone.
    const done = await v.operator(
      'resettleBet',
      { betId: parlay.betId, legs: [{ leg: 2, result: 'won' }], reason: '人工结算' },
      'trader',
    );
    expect(done).toMatchObject({ code: 0, data: { status: 'settled', result: 'won' } });
    const odds = parlay.legs[1]!.oddsMilli;
    expect(parseMoney((done.data as BetView).payout!)).toBe((50_00n * BigInt(odds)) / 1000n);
    const liability = await v.operator<{ total: string; selections: { selectionId: string }[] }>(
      'liability',
      { eventId: a.eventId },
      'viewer',
    );
    expect(liability.data!.selections.map((s) => s.selectionId)).toEqual([
      single.legs[0]!.selectionId,
    ]);
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });
});

// After the corrections above, the day has settled and voided bets to report.
describe('reports', () => {
  it("a player's balance, debt and bets; the day's stakes, payouts and GGR per sport", async () => {
    const { playerId } = await newPlayer('10.00');
    const p = await v.operator<{ balance: string; debt: string; bets: BetView[] }>(
      'player',
      { merchant: 'NEBULA', venueCode: VENUE, playerId },
      'viewer',
    );
    expect(p.data).toEqual({ balance: '10.00', debt: '0.00', bets: [] });
    const now = Date.now() + v.clock.offset;
    const day = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
    const from = Date.parse(`${day}T00:00:00+08:00`);
    const report = await v.operator<{
      rows: { sport: string; bets: number; stakes: string; payouts: string; ggr: string }[];
    }>('dailyReport', { date: day }, 'viewer');
    const totals = await v.db.query<{ stakes: string; payouts: string; n: number }>(
      `SELECT sum(stake)::text AS stakes, sum(payout)::text AS payouts, count(*)::int AS n
         FROM venue_bets WHERE status IN ('settled', 'voided')
          AND settled_at >= $1 AND settled_at < $2`,
      [new Date(from), new Date(from + 24 * 3600_000)],
    );
    expect(totals.rows[0]!.n).toBeGreaterThan(0);
    const rows = report.data!.rows;
    expect(rows.reduce((s, r) => s + r.bets, 0)).toBe(totals.rows[0]!.n);
    const sum = (k: 'stakes' | 'payouts') => rows.reduce((s, r) => s + parseMoney(r[k]), 0n);
    expect(sum('stakes')).toBe(BigInt(totals.rows[0]!.stakes));
    expect(sum('payouts')).toBe(BigInt(totals.rows[0]!.payouts));
    for (const r of rows) {
      const ggr = parseMoney(r.stakes) - parseMoney(r.payouts);
      expect(r.ggr).toBe(
        ggr < 0n ? `-${(Number(-ggr) / 100).toFixed(2)}` : (Number(ggr) / 100).toFixed(2),
      );
    }
  });
});
