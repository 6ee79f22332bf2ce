import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import {
  GameLimitsView,
  GameSlipView,
  MyGameBets,
  type RoundView,
} from '@nebula/protocol/venue/games/index';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit, newKey, type GameKit } from '../../test/game-kit';

/**
 * Placing slips on 极速快3 rounds over the real HTTP app (docs/contract.md §10.11): every
 * refusal code with nothing debited and nothing reserved, the seal boundary on the venue's
 * test clock whatever the round's stored status, idempotency (a retry, concurrent replays, a
 * retry after the seal, another body under the key), limits and my bets.
 */
let v: VenueTestApp;
let k: GameKit;
let player: { playerId: string; token: string };
beforeAll(async () => {
  v = await createVenueTestApp();
  player = await v.fundedPlayer('1000.00', 'HOUSE_CP');
  k = gameKit(v, () => player.token);
});
afterAll(() => v.close());

/** A refusal that changed nothing: the code, the same balance, no new reservation. */
async function refused(
  p: Promise<{ code: number; data?: unknown }>,
  code: number,
  who = player,
): Promise<{ code: number; data?: unknown }> {
  const before = await k.balance(who.playerId);
  const liability = await k.gameLiability();
  const r = await p;
  expect(r.code).toBe(code);
  expect(await k.balance(who.playerId)).toBe(before);
  expect(await k.gameLiability()).toBe(liability);
  return r;
}

describe('placing game bets', () => {
  let round: RoundView;

  it('places a slip: one bet per pick, debited once, answered with the balance', async () => {
    round = await k.freshRound();
    const limits = await v.page('GET', '/h5/api/games/JSK3/limits', player.token);
    expect(GameLimitsView.parse(limits.data)).toEqual({
      gameCode: 'JSK3',
      unitPrice: '2.00',
      maxMultiple: 10_000,
      maxStakePerBet: '20000.00',
      maxStakePerRound: '50000.00',
      maxPicksPerSlip: 200,
    });
    const r = await k.place(player.token, {
      roundNo: round.roundNo,
      multiple: 5,
      picks: [
        { betType: 'big', pick: '' },
        { betType: 'sum', pick: '10' },
      ],
    });
    expect(r.code).toBe(0);
    const slip = GameSlipView.parse(r.data);
    expect(slip).toMatchObject({ total: '20.00', balance: '980.00', roundNo: round.roundNo });
    expect(slip.bets.map((b) => [b.betTypeName, b.pickLabel, b.stake, b.oddsMilli])).toEqual([
      ['大', '大', '10.00', 2_000],
      ['和值', '10', '10.00', 7_750],
    ]);
    expect(slip.bets.every((b) => b.status === 'open' && b.validStake === null)).toBe(true);
    expect(await k.balance(player.playerId)).toBe('980.00');
    // The house holds each pick's potential win: 10 × 1.00 + 10 × 6.75.
    expect(await k.gameLiability()).toBe(7_750n);
    const mine = MyGameBets.parse(
      (await v.page('GET', '/h5/api/games/bets?gameCode=JSK3', player.token)).data,
    );
    expect(mine.bets.map((b) => b.betId).sort()).toEqual(slip.bets.map((b) => b.betId).sort());
  });

  it('refuses bad slips with codes, nothing debited or reserved', async () => {
    const base = { roundNo: round.roundNo, picks: [{ betType: 'odd', pick: '' }] };
    const sport = await v.fundedPlayer('100.00');
    // A sportsbook session, another family's venue, an unknown game: 8070.
    expect((await k.place(sport.token, base)).code).toBe(ErrorCode.VenueGameUnknown);
    expect(await k.balance(sport.playerId, 'HOUSE_TY')).toBe('100.00');
    const live = await v.fundedPlayer('100.00', 'HOUSE_ZR');
    expect((await k.place(live.token, base)).code).toBe(ErrorCode.VenueGameUnknown);
    await refused(k.place(player.token, base, 'NOPE'), ErrorCode.VenueGameUnknown);
    await refused(k.place(null as unknown as string, base), ErrorCode.VenueSessionExpired);
    // Unknown bet types and picks off the board, a pick twice: 8075.
    for (const picks of [
      [{ betType: 'nope', pick: '' }],
      [{ betType: 'sum', pick: '19' }],
      [{ betType: 'big', pick: '1' }],
      [{ betType: 'two_distinct', pick: '11' }],
      [
        { betType: 'odd', pick: '' },
        { betType: 'odd', pick: '' },
      ],
    ]) {
      await refused(k.place(player.token, { ...base, picks }), ErrorCode.VenueGameBetInvalid);
    }
    // Another unit price, a multiple past the limit: 8076.
    await refused(
      k.place(player.token, { ...base, unitPrice: '3.00' }),
      ErrorCode.VenueGameStakeInvalid,
    );
    await refused(
      k.place(player.token, { ...base, multiple: 10_001 }),
      ErrorCode.VenueGameStakeInvalid,
    );
    // An unknown round: 8071; malformed input: 8007.
    await refused(
      k.place(player.token, { ...base, roundNo: '209901010001' }),
      ErrorCode.VenueRoundUnknown,
    );
    await refused(k.place(player.token, { ...base, multiple: 0 }), ErrorCode.VenueRequestInvalid);
    // More than the wallet holds: 8036.
    await refused(
      k.place(player.token, { ...base, multiple: 1_000 }),
      ErrorCode.BetBalanceInsufficient,
    );
  });

  it('applies the operator limits: per bet, per slip, per round and the liability cap', async () => {
    const set = (body: object) =>
      k.op(
        '/operator/v1/games/limits/update',
        { gameCode: 'JSK3', reason: '测试', ...body },
        'admin',
      );
    expect((await set({ maxStakePerBet: '1.00' })).code).toBe(0);
    const base = { roundNo: round.roundNo, picks: [{ betType: 'odd', pick: '' }] };
    await refused(k.place(player.token, base), ErrorCode.VenueGameStakeInvalid);
    await set({ maxStakePerBet: '20000.00', maxPicksPerSlip: 1 });
    await refused(
      k.place(player.token, {
        ...base,
        picks: [
          { betType: 'odd', pick: '' },
          { betType: 'even', pick: '' },
        ],
      }),
      ErrorCode.VenueGameStakeInvalid,
    );
    // The player staked 20.00 on this round already: 25.00 allows 2.00 more, not 6.00.
    await set({ maxPicksPerSlip: 200, maxStakePerRound: '25.00' });
    await refused(k.place(player.token, { ...base, multiple: 3 }), ErrorCode.VenueGameRoundLimit);
    await set({ maxStakePerRound: '50000.00', liabilityCap: '100.00' });
    // 和值 3 at 209.52: a 2.00 stake would hold 417.04 on the pick.
    await refused(
      k.place(player.token, { ...base, picks: [{ betType: 'sum', pick: '3' }] }),
      ErrorCode.VenueGameRoundLimit,
    );
    expect(
      (await k.op('/operator/v1/games/limits', { gameCode: 'JSK3' }, 'viewer')).data,
    ).toMatchObject({ liabilityCap: '100.00' });
    await set({ liabilityCap: '5000000.00' });
    const audit = await v.operator<{ entries: { action: string }[] }>(
      'audit',
      { limit: 20 },
      'admin',
    );
    expect(audit.data!.entries.filter((e) => e.action === 'game.limits').length).toBe(5);
  });

  it('is idempotent: a retry, concurrent replays and a retry after the seal answer the first slip', async () => {
    const body = {
      requestKey: newKey(),
      roundNo: round.roundNo,
      picks: [{ betType: 'triple_any', pick: '' }],
    };
    const before = await k.balance(player.playerId);
    const all = await Promise.all([1, 2, 3, 4].map(() => k.place(player.token, body)));
    const ids = all.map((r) => r.data!.bets[0]!.betId);
    expect(new Set(ids).size).toBe(1);
    expect(Number(await k.balance(player.playerId))).toBe(Number(before) - 2);
    await refused(k.place(player.token, { ...body, multiple: 2 }), ErrorCode.BetRequestConflict);
    // Past the seal the key still answers its slip; a new key is refused, naming the next 期号.
    v.clock.offset = round.sealAt - Date.now();
    expect((await k.place(player.token, body)).data!.bets[0]!.betId).toBe(ids[0]);
    const late = await refused(
      k.place(player.token, { ...body, requestKey: newKey() }),
      ErrorCode.VenueGameBetSealed,
    );
    expect(late.data).toEqual({ nextRoundNo: expect.stringMatching(/^\d{12}$/) as string });
    expect((late.data as { nextRoundNo: string }).nextRoundNo > round.roundNo).toBe(true);
  });

  it('holds the seal boundary on the clock, not the stored status; a closed game and a round not yet open', async () => {
    const r = await k.freshRound();
    const picks = [{ betType: 'even', pick: '' }];
    // Just before the seal (the clock runs on in real time): placed; at the seal, the round's
    // row still open, refused.
    v.clock.offset = r.sealAt - 500 - Date.now();
    expect((await k.place(player.token, { roundNo: r.roundNo, picks })).code).toBe(0);
    v.clock.offset = r.sealAt - Date.now();
    await refused(
      k.place(player.token, { roundNo: r.roundNo, picks }),
      ErrorCode.VenueGameBetSealed,
    );
    // Before the round opened: 8079.
    v.clock.offset = r.opensAt - 1_000 - Date.now();
    await refused(
      k.place(player.token, { roundNo: r.roundNo, picks }),
      ErrorCode.VenueGameRoundNotOpen,
    );
    v.clock.offset = r.opensAt + 1_000 - Date.now();
    const close = { gameCode: 'JSK3', status: 'closed', reason: '维护' };
    expect((await k.op('/operator/v1/games/status', close, 'trader')).code).toBe(0);
    await refused(k.place(player.token, { roundNo: r.roundNo, picks }), ErrorCode.VenueGameClosed);
    expect(
      (await k.op('/operator/v1/games/status', { ...close, status: 'open' }, 'trader')).code,
    ).toBe(0);
  });
});
