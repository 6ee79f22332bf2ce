import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, parseMoney } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit, type GameKit } from '../../test/game-kit';
import { SLOT_VENUE_CODES, slotKit } from '../../test/slot-kit';
import { tableKit } from '../../test/table-kit';
import { operatorKit } from '../../test/operator-kit';

/**
 * The loss and wager allowance the platform pushes (docs/contract.md §6, the allowance call):
 * the venue subtracts the stakes placed since the platform computed it and refuses a bet past
 * zero (9225) — a house game slip, a table bet, a slot spin and a sportsbook bet alike —
 * debiting nothing; a later push
 * replaces it, an older one changes nothing; a player never pushed for bets unchecked; win
 * credits and transfers are never gated, however little is left.
 */
let v: VenueTestApp;
let k: GameKit;
let watcher: { playerId: string; token: string };
beforeAll(async () => {
  v = await createVenueTestApp({ VENUE_CODES: SLOT_VENUE_CODES });
  await v.leader.tick();
  watcher = await v.fundedPlayer('1.00', 'HOUSE_CP');
  k = gameKit(v, () => watcher.token);
});
afterAll(() => v.close());

let n = 0;
const walletOf = async (playerId: string) =>
  (await v.call<{ balance: string }>('balance', { venueCode: 'HOUSE_TY', playerId })).data!.balance;
const push = (playerId: string, venueCode: string, o: Record<string, unknown>) =>
  v.call('allowance', {
    venueCode,
    playerId,
    loss: null,
    wager: null,
    computedAt: Date.now() + v.clock.offset - 1000,
    ...o,
  });
let roundNo = '';
/** A house game slip of `multiple` × 2.00 on 大 in the open round. */
const slip = (token: string, multiple: number) =>
  k.place(token, { roundNo, multiple, picks: [{ betType: 'big', pick: '' }] });

describe('the pushed allowance', () => {
  it('a house game slip past the allowance is refused and debits nothing', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_CP');
    roundNo = (await k.freshRound()).roundNo;
    expect((await push(p.playerId, 'HOUSE_CP', { loss: '10.00', wager: '50.00' })).code).toBe(0);
    expect((await slip(p.token, 3)).code).toBe(0); // 6.00 of 10.00
    const refused = await slip(p.token, 3); // 6.00 more: past the 4.00 left
    expect(refused.code).toBe(ErrorCode.PlayAllowanceExceeded);
    expect(await k.balance(p.playerId)).toBe('94.00');
    expect((await slip(p.token, 2)).code).toBe(0); // exactly the 4.00 left
    expect((await slip(p.token, 1)).code).toBe(ErrorCode.PlayAllowanceExceeded);
    // A fresh push (the platform counted the stakes) opens room again; an older one does not.
    const later = Date.now() + v.clock.offset;
    expect((await push(p.playerId, 'HOUSE_CP', { loss: '2.00', computedAt: later })).code).toBe(0);
    await push(p.playerId, 'HOUSE_CP', { loss: '90.00', computedAt: later - 60_000 });
    expect((await slip(p.token, 1)).code).toBe(0);
    expect((await slip(p.token, 1)).code).toBe(ErrorCode.PlayAllowanceExceeded);
    expect(await k.balance(p.playerId)).toBe('88.00');
  });

  it('a sportsbook bet past the allowance is refused; the smaller of the two applies', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_TY');
    const events = (
      await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=early&sport=football', p.token)
    ).data!.events.filter((e) => e.markets.length > 0);
    const m = events[0]!.markets.find((x) => x.kind === '1x2')!;
    const legs = [
      { selectionId: m.selections[0]!.selectionId, oddsMilli: m.selections[0]!.oddsMilli },
    ];
    const bet = (stake: string) =>
      v.page<BetView>('POST', '/v1/bet/place', p.token, {
        requestKey: `allowance-${(n += 1)}`,
        oddsPolicy: 'none',
        legs,
        stake,
      });
    await push(p.playerId, 'HOUSE_TY', { loss: '500.00', wager: '25.00' });
    expect((await bet('10')).code).toBe(0);
    expect((await bet('20')).code).toBe(ErrorCode.PlayAllowanceExceeded);
    expect((await bet('15')).code).toBe(0);
    expect(await walletOf(p.playerId)).toBe('75.00');
  });

  it('a live table bet past the allowance is refused and debits nothing', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_ZR');
    const t = tableKit(v, () => p.token);
    const round = (await t.fresh('BAC1')).round!.roundNo;
    await push(p.playerId, 'HOUSE_ZR', { wager: '30.00' });
    const bet = (amount: string) => t.place(p.token, 'BAC1', round, [{ zone: 'banker', amount }]);
    expect((await bet('20.00')).code).toBe(0);
    expect((await bet('20.00')).code).toBe(ErrorCode.PlayAllowanceExceeded);
    expect((await bet('10.00')).code).toBe(0);
    const wallet = await v.call<{ balance: string }>('balance', {
      venueCode: 'HOUSE_ZR',
      playerId: p.playerId,
    });
    expect(wallet.data!.balance).toBe('70.00');
  });

  it('a slot spin past the allowance is refused and debits nothing', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_DZ');
    const s = slotKit(v);
    await push(p.playerId, 'HOUSE_DZ', { loss: '1.00' });
    // 20 lines × 0.05 = 1.00 a spin: the first fits exactly, the next does not.
    expect((await s.spin(p.token, { lineBet: '0.05' })).code).toBe(0);
    const before = await s.balance(p.playerId);
    v.clock.offset += 3_000; // past the 2.5 s spin cycle
    expect((await s.spin(p.token, { lineBet: '0.05' })).code).toBe(ErrorCode.PlayAllowanceExceeded);
    expect(await s.balance(p.playerId)).toBe(before);
  });

  it('a player the platform never pushed for bets unchecked', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_CP');
    roundNo = (await k.freshRound()).roundNo;
    expect((await slip(p.token, 20)).code).toBe(0);
  });

  // Last: a match's result moves the venue's clock past its kick-off.
  it('a win is credited and transfers move with nothing left of the allowance', async () => {
    const { upcoming, place, sel, kickOff } = operatorKit(() => v);
    const p = await v.fundedPlayer('100.00', 'HOUSE_TY');
    const ev = (await upcoming(p.token))[5]!;
    await push(p.playerId, 'HOUSE_TY', { wager: '50.00' });
    const bet = (await place(p.token, [sel(ev, '1x2', 0)], '50.00')).data!;
    expect(bet.status).toBe('open');
    expect((await place(p.token, [sel(ev, '1x2', 1)], '10.00')).code).toBe(
      ErrorCode.PlayAllowanceExceeded,
    );
    const move = (direction: 'in' | 'out', amount: string) =>
      v.call('transfer', {
        venueCode: 'HOUSE_TY',
        playerId: p.playerId,
        transferId: `allowance-${direction}-${p.playerId}`,
        direction,
        amount,
      });
    expect((await move('in', '10.00')).code).toBe(0);
    expect((await move('out', '5.00')).code).toBe(0);
    kickOff(ev);
    const result = await v.operator(
      'result',
      {
        eventId: ev.eventId,
        status: 'finished',
        score: { home: 2, away: 0 },
        halfTime: { home: 1, away: 0 },
        reason: '录入',
      },
      'trader',
    );
    expect(result.code).toBe(0);
    await v.leader.tick();
    const won = (
      await v.operator<{ bets: BetView[]; balance: string }>(
        'player',
        { merchant: 'NEBULA', venueCode: 'HOUSE_TY', playerId: p.playerId },
        'viewer',
      )
    ).data!;
    const settled = won.bets.find((x) => x.betId === bet.betId);
    expect(settled).toMatchObject({ status: 'settled', result: 'won' });
    const payout = parseMoney(settled!.payout!);
    expect(payout).toBeGreaterThan(5_000n);
    // 100.00 − 50.00 staked + 10.00 in − 5.00 out + the whole payout.
    expect(parseMoney(won.balance)).toBe(5_500n + payout);
  });
});
