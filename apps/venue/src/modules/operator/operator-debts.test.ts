import { ErrorCode, parseMoney } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { operatorKit, VENUE } from '../../test/operator-kit';

/**
 * Resettles refused while a bet is open, and debts an admin writes off (once; the merchant then
 * sees none).
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

const { newPlayer, wallet, upcoming, place, sel, changesOf, kickOff } = operatorKit(() => v);

describe('resettling', () => {
  it('an open bet cannot be paid by a resettle: 8045, nothing moves, its result settles it', async () => {
    const { playerId, token } = await newPlayer('100.00');
    const ev = (await upcoming(token))[7]!;
    const bet = (await place(token, [sel(ev, '1x2', 0)], '100.00')).data!;
    const early = await v.operator(
      'resettleBet',
      { betId: bet.betId, legs: [{ leg: 1, result: 'won' }], reason: '提前派彩' },
      'trader',
    );
    expect(early).toMatchObject({
      code: ErrorCode.BetNotSettled,
      message: '仅可重新结算已结算的注单',
    });
    expect(await wallet(playerId)).toMatchObject({ balance: '0.00', debt: '0.00' });
    const open = (
      await v.page<{ bets: BetView[] }>('POST', '/v1/bets', token, { settled: false })
    ).data!.bets.find((x) => x.betId === bet.betId);
    expect(open).toMatchObject({ status: 'open', payout: null });
    // The match's result settles it as it settles every other bet: the home side lost.
    kickOff(ev);
    await v.operator(
      'result',
      {
        eventId: ev.eventId,
        status: 'finished',
        score: { home: 0, away: 2 },
        halfTime: { home: 0, away: 1 },
        reason: '录入',
      },
      'trader',
    );
    await v.leader.tick();
    // The clock moved past the session's life: the back office's view of the player.
    const settled = (
      await v.operator<{ bets: BetView[] }>(
        'player',
        { merchant: 'NEBULA', venueCode: VENUE, playerId },
        'viewer',
      )
    ).data!.bets.find((x) => x.betId === bet.betId);
    expect(settled).toMatchObject({ status: 'settled', result: 'lost', payout: '0.00' });
    expect((await wallet(playerId)).balance).toBe('0.00');
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });
});

describe('debts written off', () => {
  it('an admin forgives a debt: the book pays it, the merchant then sees none; once', async () => {
    const { playerId, token } = await newPlayer('100.00');
    const ev = (await upcoming(token))[8]!;
    const bet = (await place(token, [sel(ev, '1x2', 0)], '100.00')).data!;
    kickOff(ev);
    await v.operator(
      'result',
      {
        eventId: ev.eventId,
        status: 'finished',
        score: { home: 1, away: 0 },
        halfTime: { home: 1, away: 0 },
        reason: '录入',
      },
      'trader',
    );
    await v.leader.tick();
    const won = parseMoney(bet.potentialReturn);
    expect(parseMoney((await wallet(playerId)).balance)).toBe(won);
    await v.call('transfer', {
      venueCode: VENUE,
      playerId,
      transferId: `wo-out-${playerId}`,
      direction: 'out',
      amount: bet.potentialReturn,
    });
    // Resettled by hand to lost once the money left: the win becomes a debt.
    const resettled = await v.operator(
      'resettleBet',
      { betId: bet.betId, legs: [{ leg: 1, result: 'lost' }], reason: '赛果更正' },
      'trader',
    );
    expect(resettled).toMatchObject({ code: 0, data: { result: 'lost' } });
    const owed = bet.potentialReturn;
    expect((await v.call('balance', { venueCode: VENUE, playerId })).data).toEqual({
      balance: '0.00',
      debt: owed,
    });
    expect((await changesOf(bet.betId)).at(-1)).toMatchObject({ kind: 'resettled', debt: owed });
    const body = { merchant: 'NEBULA', venueCode: VENUE, playerId, reason: '坏账核销' };
    expect((await v.operator('writeOffDebt', body, 'trader')).code).toBe(
      ErrorCode.VenueOperatorForbidden,
    );
    expect(await v.operator('writeOffDebt', body, 'admin')).toEqual({
      code: 0,
      data: { balance: '0.00', debt: '0.00', writtenOff: owed },
    });
    expect((await v.call('balance', { venueCode: VENUE, playerId })).data).toEqual({
      balance: '0.00',
      debt: '0.00',
    });
    // Nothing left to forgive: refused, nothing moves.
    expect((await v.operator('writeOffDebt', body, 'admin')).code).toBe(
      ErrorCode.VenuePlayerNoDebt,
    );
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
    const audit = await v.operator<{ entries: { action: string; detail: object }[] }>(
      'audit',
      {},
      'admin',
    );
    expect(audit.data!.entries.find((e) => e.action === 'player.debtWriteOff')).toMatchObject({
      detail: { amount: owed, reason: '坏账核销' },
    });
  });
});
