import { ErrorCode, parseMoney } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { testDbKind } from '@nebula/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, MERCHANT, type VenueTestApp } from '../../test/venue-test-app';
import { insertVersions } from './bet-version.repository';
import { liabilityDrift } from './liability.repository';

/**
 * Races on PostgreSQL: PGlite's one connection would serialise them
 * and hide what these prove — placements against one balance never overdraw it, placements
 * against one selection never pass its liability limit, a settlement racing operator
 * corrections moves each bet's money once, and a version committed late still reaches the
 * merchant, once.
 */
describe.runIf(testDbKind() === 'postgres')('bets under concurrency (PostgreSQL)', () => {
  let v: VenueTestApp;
  let events: EventView[];
  let n = 0;
  /** Each test bets on events no other test touched: a selection's liability is its own. */
  let used = 0;
  const take = (count: number) => {
    used += count;
    expect(used).toBeLessThanOrEqual(events.length);
    return events.slice(used - count, used);
  };
  const VENUE = 'HOUSE_TY';
  beforeAll(async () => {
    v = await createVenueTestApp();
    await v.leader.tick();
    const token = await v.enter(`race-probe-${Date.now().toString(36)}`);
    events = (
      await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=early&sport=football', token)
    ).data!.events.filter((e) => e.markets.length > 0);
    expect(events.length).toBeGreaterThanOrEqual(33);
  });
  afterAll(() => v.close());

  const player = (amount: string) => v.fundedPlayer(amount);
  const home = (ev: EventView) => {
    const s = ev.markets.find((m) => m.kind === '1x2')!.selections[0]!;
    return { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
  };
  const place = (
    token: string,
    legs: { selectionId: string; oddsMilli: number }[],
    stake: string,
  ) =>
    v.page<BetView>('POST', '/v1/bet/place', token, {
      requestKey: `race-${(n += 1)}-${Date.now()}`,
      legs,
      stake,
      oddsPolicy: 'any',
    });
  const walletOf = async (playerId: string) =>
    (await v.call<{ balance: string }>('balance', { venueCode: VENUE, playerId })).data!.balance;

  it('30 parallel placements against a balance of 100.00 never overdraw it', async () => {
    const { playerId, token } = await player('100.00');
    const answers = await Promise.all(take(30).map((ev) => place(token, [home(ev)], '10.00')));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.code === ErrorCode.BetBalanceInsufficient).length).toBe(20);
    expect(await walletOf(playerId)).toBe('0.00');
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });

  it('32 players on one selection never pass its liability limit', async () => {
    const leg = home(take(1)[0]!);
    const win = (10_00n * BigInt(leg.oddsMilli)) / 1000n - 10_00n;
    const players = await Promise.all(Array.from({ length: 32 }, () => player('50.00')));
    const limit = 5_000_000_00n;
    const liability = async () =>
      BigInt(
        (
          await v.db.query<{ a: string }>(
            'SELECT amount::text AS a FROM venue_liability WHERE merchant = $1 AND venue_code = $2 AND selection_id = $3',
            [MERCHANT, VENUE, leg.selectionId],
          )
        ).rows[0]?.a ?? '0',
      );
    const setLiability = (amount: bigint) =>
      v.db.query(
        `INSERT INTO venue_liability (merchant, venue_code, selection_id, amount) VALUES ($1, $2, $3, $4)
         ON CONFLICT (merchant, venue_code, selection_id) DO UPDATE SET amount = EXCLUDED.amount`,
        [MERCHANT, VENUE, leg.selectionId, amount],
      );
    // One fen under the limit: no bet fits, however many arrive at once.
    await setLiability(limit - 1n);
    const none = await Promise.all(players.map((p) => place(p.token, [leg], '10.00')));
    expect(none.every((a) => a.code === ErrorCode.BetStakeTooHigh)).toBe(true);
    expect(await liability()).toBe(limit - 1n);
    // Room for exactly five: five are taken and the limit is met, never passed.
    await setLiability(limit - 5n * win);
    const some = await Promise.all(players.map((p) => place(p.token, [leg], '10.00')));
    expect(some.filter((a) => a.code === 0)).toHaveLength(5);
    expect(some.filter((a) => a.code === ErrorCode.BetStakeTooHigh)).toHaveLength(27);
    expect(await liability()).toBe(limit);
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
    // The other bettors this test stood in for leave: what is left is the five bets' own.
    await setLiability(5n * win);
    expect(await liabilityDrift(v.db)).toEqual([]);
  });

  it('one request key sent 12 times at once places one bet, debits once, reserves once', async () => {
    const { playerId, token } = await player('100.00');
    const leg = home(take(1)[0]!);
    const body = { requestKey: `same-${playerId}`, legs: [leg], stake: '10.00', oddsPolicy: 'any' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => v.page<BetView>('POST', '/v1/bet/place', token, body)),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data!.betId)).size).toBe(1);
    expect(await walletOf(playerId)).toBe('90.00');
    const win = (10_00n * BigInt(leg.oddsMilli)) / 1000n - 10_00n;
    const reserved = await v.db.query<{ a: string }>(
      'SELECT amount::text AS a FROM venue_liability WHERE merchant = $1 AND venue_code = $2 AND selection_id = $3',
      [MERCHANT, VENUE, leg.selectionId],
    );
    expect(BigInt(reserved.rows[0]!.a)).toBe(win);
    expect(await liabilityDrift(v.db)).toEqual([]);
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });

  it("settlements racing operators' voids and resettles move each bet's money once", async () => {
    const ev = take(1)[0]!;
    const bettors = await Promise.all(Array.from({ length: 12 }, () => player('100.00')));
    const placed: BetView[] = [];
    for (const [i, p] of bettors.entries()) {
      const m = ev.markets[i % ev.markets.length]!;
      const s = m.selections[0]!;
      const r = await place(
        p.token,
        [{ selectionId: s.selectionId, oddsMilli: s.oddsMilli }],
        '20.00',
      );
      expect(r.code).toBe(0);
      placed.push(r.data!);
    }
    v.clock.offset = ev.startsAt + 60_000 - Date.now();
    await v.operator(
      'result',
      {
        eventId: ev.eventId,
        status: 'finished',
        score: { home: 2, away: 1 },
        halfTime: { home: 1, away: 1 },
        reason: '录入',
      },
      'trader',
    );
    // The leader settles while operators void half the bets.
    await Promise.all([
      v.leader.tick(),
      ...placed
        .filter((_bet, i) => i % 2 === 0)
        .map((bet) => v.operator('voidBet', { betId: bet.betId, reason: '并发作废' }, 'trader')),
    ]);
    // The result is corrected: the leader settles the rest anew while operators resettle them
    // by hand (only a settled bet can be resettled).
    await v.operator(
      'result',
      {
        eventId: ev.eventId,
        status: 'finished',
        score: { home: 0, away: 0 },
        halfTime: { home: 0, away: 0 },
        reason: '更正',
      },
      'trader',
    );
    await Promise.all([
      v.leader.tick(),
      ...placed
        .filter((_bet, i) => i % 2 === 1)
        .map((bet) =>
          v.operator(
            'resettleBet',
            { betId: bet.betId, legs: [{ leg: 1, result: 'half_won' }], reason: '并发改判' },
            'trader',
          ),
        ),
    ]);
    await v.leader.tick();
    for (const [i, bet] of placed.entries()) {
      const net = await v.db.query<{ s: string }>(
        `SELECT COALESCE(sum(p.amount), 0)::text AS s FROM venue_postings p
           JOIN venue_entries e ON e.id = p.entry_id
          WHERE p.account = $1 AND (e.reference = 'bet:' || $2 OR e.reference = 'bet-refund:' || $2
             OR starts_with(e.reference, 'settle:' || $2 || ':')
             OR starts_with(e.reference, 'reverse:' || $2 || ':'))`,
        [`player:${MERCHANT}:${VENUE}:${bettors[i]!.playerId}`, bet.betId],
      );
      const row = await v.db.query<{ status: string; payout: string }>(
        'SELECT status, payout::text AS payout FROM venue_bets WHERE id = $1',
        [bet.betId],
      );
      const { status, payout } = row.rows[0]!;
      expect(status).toBe(i % 2 === 0 ? 'voided' : 'settled');
      // Whatever the order, the bet's postings come to its final payout less its stake.
      expect(BigInt(net.rows[0]!.s)).toBe(BigInt(payout) - 20_00n);
      const expected =
        i % 2 === 0 ? 20_00n : 10_00n + (10_00n * BigInt(bet.legs[0]!.oddsMilli)) / 1000n;
      expect(BigInt(payout)).toBe(expected);
      expect(parseMoney(await walletOf(bettors[i]!.playerId))).toBe(80_00n + expected);
    }
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
    v.clock.offset = 0;
  });

  it('a version committed late reaches the merchant after its cursor, once', async () => {
    const pull = async (cursor: string) =>
      (
        await v.call<{ changes: BetVersion[]; cursor: string }>('betChanges', {
          venueCode: VENUE,
          cursor,
          limit: 1000,
        })
      ).data!;
    let cursor = '';
    for (;;) {
      const page = await pull(cursor);
      cursor = page.cursor;
      if (page.changes.length === 0) break;
    }
    const body = (betId: string): BetVersion => ({
      betId,
      version: 1,
      playerId: 'late-writer',
      kind: 'accepted',
      stake: '10.00',
      payout: null,
      oddsChangePolicy: 'any',
      legs: [
        {
          selectionId: 'x:ft:1x2:home',
          eventName: 'A vs B',
          marketLabel: '独赢',
          outcomeLabel: '主',
          oddsMilli: 2000,
          result: 'open',
        },
      ],
      placedAt: Date.now(),
      settledAt: null,
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedA = new Promise<void>((r) => (inserted = r));
    // Writer A: its row exists but is not committed while B commits and the merchant pulls.
    const writerA = v.db.tx(async (q) => {
      await insertVersions(q, [{ merchant: MERCHANT, venueCode: VENUE, body: body('LATE-A') }]);
      inserted();
      await held;
    });
    await insertedA;
    await v.db.tx((q) =>
      insertVersions(q, [{ merchant: MERCHANT, venueCode: VENUE, body: body('LATE-B') }]),
    );
    const first = await pull(cursor);
    expect(first.changes.map((c) => c.betId)).toEqual(['LATE-B']);
    release();
    await writerA;
    const second = await pull(first.cursor);
    expect(second.changes.map((c) => c.betId)).toEqual(['LATE-A']);
    expect((await pull(second.cursor)).changes).toEqual([]);
  });
});
