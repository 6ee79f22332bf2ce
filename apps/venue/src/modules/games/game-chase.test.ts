import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, parseMoney } from '@nebula/protocol';
import {
  ChasePlanView,
  GamesList,
  MyChases,
  type RoundView,
} from '@nebula/protocol/venue/games/index';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit, newKey, type GameKit } from '../../test/game-kit';

/**
 * 追号 over the real HTTP app and the game clock ticked by hand (docs/contract.md §10.11,
 * "Chases"): each draw debited when it opens, never at creation; 中奖后停止; cancel; a refused
 * debit stops the plan; a draw taken up again after a lost record debits once; the platform
 * ending the player's sessions stops the plans; more than 120 draws refused.
 */
let v: VenueTestApp;
let k: GameKit;
/** Reads the rounds (a chasing player's own session may have been ended). */
let watcher: { playerId: string; token: string };
beforeAll(async () => {
  v = await createVenueTestApp();
  watcher = await v.fundedPlayer('1.00', 'HOUSE_CP');
  k = gameKit(v, () => watcher.token);
});
afterAll(() => v.close());

type Player = { playerId: string; token: string };
const SUMS = Array.from({ length: 16 }, (_, i) => ({ betType: 'sum', pick: String(i + 3) }));

async function chase(p: Player, body: Record<string, unknown>) {
  return v.page('POST', '/h5/api/games/JSK3/chases', p.token, {
    requestKey: newKey(),
    draws: 2,
    multiple: 1,
    mode: 'same',
    stopOnWin: false,
    unitPrice: '2.00',
    picks: [{ betType: 'big', pick: '' }],
    ...body,
  });
}

async function plan(p: Player, planId: string): Promise<ChasePlanView> {
  const mine = MyChases.parse((await v.page('GET', '/h5/api/games/chases', p.token)).data);
  return mine.plans.find((x) => x.planId === planId)!;
}

/** The open round of 快3 now. */
async function current(): Promise<RoundView> {
  const list = GamesList.parse((await v.page('GET', '/h5/api/games', watcher.token)).data);
  return list.games.find((g) => g.gameCode === 'JSK3')!.current!;
}

/** Draws the open round; the clock opens the next (and debits the chases' draws on it). */
const next = async () => {
  await k.finish(await current());
  return current();
};

describe('追号', () => {
  it('debits each draw when it opens, settles both, and ends', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_CP');
    await k.freshRound();
    const created = ChasePlanView.parse((await chase(p, { mode: 'double' })).data);
    expect(created).toMatchObject({ status: 'active', placed: [] });
    expect(await k.balance(p.playerId)).toBe('100.00');
    const r1 = await next();
    expect(await k.balance(p.playerId)).toBe('98.00');
    const r2 = await next();
    // 翻倍: the second draw at 2 ×.
    const after2 = parseMoney(await k.balance(p.playerId));
    const done = await plan(p, created.planId);
    expect(done.status).toBe('finished');
    expect(done.placed.map((d) => [d.roundNo, d.multiple, d.total])).toEqual([
      [r1.roundNo, 1, '2.00'],
      [r2.roundNo, 2, '4.00'],
    ]);
    await next();
    expect((await plan(p, created.planId)).placed).toHaveLength(2);
    const bets = await v.db.query<{ status: string }>(
      `SELECT b.status FROM venue_bets b JOIN venue_game_slips s ON s.slip_id = b.slip_id
        WHERE s.request_key LIKE $1`,
      [`chase:${created.planId}:%`],
    );
    expect(bets.rows.map((b) => b.status)).toEqual(['settled', 'settled']);
    expect(parseMoney(await k.balance(p.playerId))).toBeGreaterThanOrEqual(after2);
  });

  it('中奖后停止: stops after a won draw', async () => {
    const p = await v.fundedPlayer('200.00', 'HOUSE_CP');
    await k.freshRound();
    // Every sum: one of them wins each draw.
    const c = ChasePlanView.parse(
      (await chase(p, { draws: 3, stopOnWin: true, picks: SUMS })).data,
    );
    await next();
    await next();
    await next();
    const done = await plan(p, c.planId);
    expect(done.status).toBe('won');
    expect(done.placed).toHaveLength(1);
  });

  it('cancels the remaining draws', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_CP');
    await k.freshRound();
    const c = ChasePlanView.parse((await chase(p, { draws: 5 })).data);
    await next();
    const r = await v.page('POST', `/h5/api/games/chases/${c.planId}/cancel`, p.token, {});
    expect(ChasePlanView.parse(r.data)).toMatchObject({ status: 'cancelled' });
    // The placed draw settles; no later draw debits anything.
    await next();
    const bal = await k.balance(p.playerId);
    await next();
    expect(await k.balance(p.playerId)).toBe(bal);
    expect((await plan(p, c.planId)).placed).toHaveLength(1);
    const other = await v.fundedPlayer('10.00', 'HOUSE_CP');
    const theirs = await v.page('POST', `/h5/api/games/chases/${c.planId}/cancel`, other.token, {});
    expect(theirs.code).toBe(ErrorCode.VenueChaseUnknown);
  });

  it('stops the plan when a draw cannot be debited', async () => {
    const p = await v.fundedPlayer('3.00', 'HOUSE_CP');
    await k.freshRound();
    const picks = [
      { betType: 'big', pick: '' },
      { betType: 'small', pick: '' },
    ];
    const c = ChasePlanView.parse((await chase(p, { picks })).data);
    await next();
    const stopped = await plan(p, c.planId);
    expect(stopped).toMatchObject({
      status: 'stopped',
      stopCode: ErrorCode.BetBalanceInsufficient,
    });
    expect(stopped.placed).toMatchObject([{ status: 'failed', total: '0.00' }]);
    expect(await k.balance(p.playerId)).toBe('3.00');
  });

  it('a draw taken up again (its record lost after the debit) is debited once', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_CP');
    await k.freshRound();
    const c = ChasePlanView.parse((await chase(p, { draws: 3 })).data);
    await next();
    expect(await k.balance(p.playerId)).toBe('98.00');
    // As if the process died between the slip's commit and the draw's record.
    await v.db.query('DELETE FROM venue_game_chase_draws WHERE plan_id = $1', [c.planId]);
    await v.games.clock.tick();
    expect(await k.balance(p.playerId)).toBe('98.00');
    expect((await plan(p, c.planId)).placed).toMatchObject([{ index: 0, total: '2.00' }]);
  });

  // A loss, wager or time limit reached (`limit`) stops a plan as a block does.
  it.each(['blocked', 'limit'] as const)(
    'stops when the platform ends the sessions: %s',
    async (reason) => {
      const p = await v.fundedPlayer('100.00', 'HOUSE_CP');
      await k.freshRound();
      const c = ChasePlanView.parse((await chase(p, { draws: 3 })).data);
      await next();
      const ended = await v.call('endSessions', {
        venueCode: 'HOUSE_CP',
        playerId: p.playerId,
        reason,
      });
      expect(ended.code).toBe(0);
      await next();
      await next();
      const rows = await v.db.query<{ status: string; n: number }>(
        `SELECT c.status, (SELECT count(*)::int FROM venue_game_chase_draws d
          WHERE d.plan_id = c.plan_id) AS n
         FROM venue_game_chases c WHERE c.plan_id = $1`,
        [c.planId],
      );
      expect(rows.rows[0]!.n).toBe(1);
      expect(rows.rows[0]!.status).toBe('stopped');
    },
  );

  it('refuses more than 120 draws and bad picks, writing nothing', async () => {
    const p = await v.fundedPlayer('10.00', 'HOUSE_CP');
    expect((await chase(p, { draws: 121 })).code).toBe(ErrorCode.VenueRequestInvalid);
    expect((await chase(p, { picks: [{ betType: 'sum', pick: '2' }] })).code).toBe(
      ErrorCode.VenueGameBetInvalid,
    );
    expect((await chase(p, { multiple: 10_001 })).code).toBe(ErrorCode.VenueGameStakeInvalid);
    expect(
      MyChases.parse((await v.page('GET', '/h5/api/games/chases', p.token)).data).plans,
    ).toEqual([]);
  });
});
