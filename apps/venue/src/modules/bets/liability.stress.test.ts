import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { testDbKind } from '@nebula/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { liabilityDrift } from './liability.repository';

/**
 * "A placement that places nothing leaves no reservation", under load on PostgreSQL (PGlite's
 * one connection would serialise what this races): rounds of one request key sent many times
 * at once, mixed with the same key under another slip (8039), slips over the balance (8036),
 * parlays and singles that run into a selection's liability limit (8033), and a hot selection
 * that six players race to every round after it is full. Afterwards each key placed at most one bet, no attempt still
 * holds a reservation, every selection's liability equals its open bets' legs, and the ledger
 * reconciles.
 */
const ROUNDS = 16;
/**
 * Each selection's liability limit (fen): room for everything a round sends to its own
 * selection at once (the same key's twins each reserve until the claim decides), while the hot
 * selection fills in the first round.
 */
const LIMIT = 1000_00n;
const ALLOWED = new Set<number>([
  0,
  ErrorCode.BetStakeTooHigh,
  ErrorCode.BetBalanceInsufficient,
  ErrorCode.BetRequestConflict,
]);
type Leg = { selectionId: string; oddsMilli: number };
describe.runIf(testDbKind() === 'postgres')('liability under same-key races (PostgreSQL)', () => {
  let v: VenueTestApp;
  /** Each event's favourite in 独赢 (odds at most 3.00: a three-way favourite). */
  let favourites: Leg[];
  beforeAll(async () => {
    v = await createVenueTestApp({
      VENUE_SELECTION_LIABILITY: String(LIMIT / 100n),
      // The hot players send two slips a round from one session; the per-session limit
      // (8065, tested in its own suite) is not what this probes.
      VENUE_RATE_PLACE_PER_SESSION: '1000',
    });
    await v.leader.tick();
    const token = await v.enter(`stress-probe-${Date.now().toString(36)}`);
    const events = (
      await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=early&sport=football', token)
    ).data!.events.filter((e) => e.markets.some((m) => m.kind === '1x2'));
    expect(events.length).toBeGreaterThanOrEqual(ROUNDS + 1);
    favourites = events.map((ev) => {
      const s = [...ev.markets.find((m) => m.kind === '1x2')!.selections].sort(
        (a, b) => a.oddsMilli - b.oddsMilli,
      )[0]!;
      return { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
    });
  });
  afterAll(() => v.close());

  it('rounds of same-key races mixed with refusals and limit hits leave no reservation behind', async () => {
    const seen = new Map<number, number>();
    const players: { playerId: string; funded: bigint }[] = [];
    // The hot selection: six players race to it every round with a stake whose win is a fifth
    // of its limit, so five fit in all and every later round is refused at the limit.
    const hot = favourites[0]!;
    const stakeToWin = (leg: Leg, win: bigint) =>
      ((win * 1000n) / BigInt(leg.oddsMilli - 1000) / 100n + 1n) * 100n;
    const hotStake = stakeToWin(hot, LIMIT / 5n);
    const hotWin = (hotStake * BigInt(hot.oddsMilli)) / 1000n - hotStake;
    const hotFunds = hotStake * 2n;
    const hotPlayers = await Promise.all(
      Array.from({ length: 6 }, () => v.fundedPlayer(fenToYuanString(hotFunds))),
    );
    players.push(...hotPlayers.map((p) => ({ playerId: p.playerId, funded: hotFunds })));
    for (let round = 0; round < ROUNDS; round += 1) {
      const { playerId, token } = await v.fundedPlayer('30.00');
      players.push({ playerId, funded: 30_00n });
      // A selection of its own: its win (at most 2× the stake) always fits its limit.
      const mine = favourites[round + 1]!;
      const place = (t: string, requestKey: string, legs: Leg[], stake: string) =>
        v.page<BetView>('POST', '/v1/bet/place', t, { requestKey, legs, stake, oddsPolicy: 'any' });
      const key = (tag: string) => `stress-${tag}-${round}`;
      const answers = await Promise.all([
        // One key, eight times, and twice more under another slip: one bet, the rest 8039.
        ...Array.from({ length: 8 }, () => place(token, key('a'), [mine], '10.00')),
        ...Array.from({ length: 2 }, () => place(token, key('a'), [mine], '20.00')),
        // Over the balance (30.00) but within the limit: 8036.
        ...Array.from({ length: 3 }, () => place(token, key('b'), [mine], '31.00')),
        // A win past the selection's limit: 8033, nothing reserved.
        ...Array.from({ length: 3 }, () =>
          place(token, key('c'), [mine], fenToYuanString(stakeToWin(mine, LIMIT + 1n))),
        ),
        // A parlay through the hot selection: placed, or refused at its limit or the balance.
        ...Array.from({ length: 3 }, () => place(token, key('p'), [mine, hot], '10.00')),
        // The hot selection's race, each slip sent twice under its key.
        ...hotPlayers.flatMap((h, i) =>
          Array.from({ length: 2 }, () =>
            place(h.token, `stress-h${i}-${round}`, [hot], fenToYuanString(hotStake)),
          ),
        ),
      ]);
      for (const a of answers) {
        const code = Number(a.code);
        expect(ALLOWED.has(code), JSON.stringify(a)).toBe(true);
        seen.set(code, (seen.get(code) ?? 0) + 1);
      }
      const placedA = new Set(
        answers.slice(0, 10).flatMap((a) => (Number(a.code) === 0 ? [a.data!.betId] : [])),
      );
      expect(placedA.size).toBe(1);
      expect(
        answers.slice(10, 13).every((a) => Number(a.code) === ErrorCode.BetBalanceInsufficient),
      ).toBe(true);
      expect(answers.slice(13, 16).every((a) => Number(a.code) === ErrorCode.BetStakeTooHigh)).toBe(
        true,
      );
    }
    expect(seen.get(ErrorCode.BetRequestConflict) ?? 0).toBeGreaterThan(0);

    // The hot selection is full: within its limit, with no room for another of its singles.
    const hotLiability = await v.db.query<{ a: bigint }>(
      'SELECT amount AS a FROM venue_liability WHERE selection_id = $1',
      [hot.selectionId],
    );
    expect(hotLiability.rows[0]!.a).toBeLessThanOrEqual(LIMIT);
    expect(hotLiability.rows[0]!.a + hotWin).toBeGreaterThan(LIMIT);
    const perKey = await v.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM venue_bets GROUP BY merchant, venue_code, player_id, request_key
        ORDER BY n DESC LIMIT 1`,
    );
    expect(perKey.rows[0]!.n).toBe(1);
    const holds = await v.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM venue_liability_holds',
    );
    expect(holds.rows[0]!.n).toBe(0);
    expect(await liabilityDrift(v.db)).toEqual([]);
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
    for (const { playerId, funded } of players) {
      const staked = await v.db.query<{ s: string }>(
        `SELECT COALESCE(sum(stake), 0)::text AS s FROM venue_bets WHERE player_id = $1`,
        [playerId],
      );
      const wallet = await v.call<{ balance: string }>('balance', {
        venueCode: 'HOUSE_TY',
        playerId,
      });
      expect(parseMoney(wallet.data!.balance)).toBe(funded - BigInt(staked.rows[0]!.s));
    }
  }, 180_000);
});
