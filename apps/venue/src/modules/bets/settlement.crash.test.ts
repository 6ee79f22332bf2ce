import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { parseMoney } from '@nebula/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import {
  enterPlayer,
  merchantClient,
  venueProcesses,
  type VenueProcesses,
} from '../../test/venue-process';
import { VenueLedger } from '../ledger/venue-ledger.service';

/**
 * `kill -9` of the venue in the middle of settlement (docs/architecture.md, "The house venue"):
 * bets are placed, the venue restarts a day later with a hook that kills it inside a settlement
 * batch (after its writes, before its commit), then restarts again. Every bet ends settled exactly
 * once — one payout entry at most, its postings equal to payout − stake, versions 1 and 2 only —
 * and the books reconcile. On the suite's database: a PGlite data directory or PostgreSQL.
 */
const DAY = 24 * 3600_000;
let procs: VenueProcesses | null = null;
afterAll(async () => {
  await procs?.cleanup();
});

describe('kill -9 during settlement', () => {
  it('every bet is settled exactly once after restarts and the books reconcile', async () => {
    procs = await venueProcesses({ VENUE_SETTLE_BATCH: '20' });
    const { start, secret } = procs;
    // Day one: 20 players bet on the matches of the next 20 hours.
    let proc = await start();
    let call = merchantClient(proc.url, secret);
    const placed: { betId: string; playerId: string; stake: bigint }[] = [];
    const players: string[] = [];
    const horizon = Date.now() + 20 * 3600_000;
    // Matches that cannot kick off (and be suspended by a goal) while day one's bets go in.
    const notBefore = Date.now() + 30 * 60_000;
    let upcoming: EventView[] = [];
    for (let i = 0; i < 20; i += 1) {
      const playerId = `crash-${i}-${Date.now().toString(36)}`;
      players.push(playerId);
      await call('transfer', {
        venueCode: 'HOUSE_TY',
        playerId,
        transferId: `crash-in-${playerId}`,
        direction: 'in',
        amount: '500.00',
      });
      const page = await enterPlayer(proc.url, call, playerId);
      if (upcoming.length === 0) {
        for (let wait = 0; upcoming.length < 6 && wait < 100; wait += 1) {
          const lists = await Promise.all(
            ['today', 'early'].map((tab) => page<{ events: EventView[] }>(`/events?tab=${tab}`)),
          );
          upcoming = lists
            .flatMap((l) => l.data.events)
            .filter(
              (e) =>
                e.status === 'scheduled' &&
                e.startsAt > notBefore &&
                e.startsAt < horizon &&
                e.markets.length > 0,
            )
            .slice(0, 8);
          if (upcoming.length < 6) await new Promise((r) => setTimeout(r, 100));
        }
        expect(upcoming.length).toBeGreaterThanOrEqual(6);
      }
      for (const [k, ev] of upcoming.entries()) {
        const m = ev.markets[(i + k) % ev.markets.length]!;
        const s = m.selections[(i + k) % m.selections.length]!;
        const r = await page<BetView>('/bet/place', {
          requestKey: `crash-${playerId}-${k}`,
          legs: [{ selectionId: s.selectionId, oddsMilli: s.oddsMilli }],
          stake: '10.00',
          oddsPolicy: 'any',
        });
        expect(r.code).toBe(0);
        placed.push({ betId: r.data.betId, playerId, stake: 10_00n });
      }
      const legs = upcoming.slice(0, 3).map((ev) => {
        const s = ev.markets[0]!.selections[i % ev.markets[0]!.selections.length]!;
        return { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
      });
      const parlay = await page<BetView>('/bet/place', {
        requestKey: `crash-${playerId}-parlay`,
        legs,
        stake: '20.00',
        oddsPolicy: 'any',
      });
      expect(parlay.code).toBe(0);
      placed.push({ betId: parlay.data.betId, playerId, stake: 20_00n });
    }
    proc.child.kill('SIGTERM');
    await proc.exited;

    // A day later the matches are over: the venue dies inside its fourth settlement batch.
    const later = { VENUE_TEST_CLOCK_SKEW_MS: String(DAY) };
    proc = await start({ ...later, VENUE_TEST_CRASH: 'settle-batch:4' });
    expect(await proc.exited).toBe('SIGKILL');

    // Restarted, it settles what is left.
    proc = await start(later);
    call = merchantClient(proc.url, secret, DAY);
    const versions = new Map<string, BetVersion[]>();
    let cursor = '';
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const r = await call<{ changes: BetVersion[]; cursor: string }>('betChanges', {
        venueCode: 'HOUSE_TY',
        cursor,
        limit: 1000,
      });
      for (const c of r.data!.changes) {
        versions.set(c.betId, [...(versions.get(c.betId) ?? []), c]);
      }
      cursor = r.data!.cursor;
      if (placed.every((b) => versions.get(b.betId)?.some((x) => x.kind === 'settled'))) break;
      await new Promise((res) => setTimeout(res, 250));
    }
    for (const b of placed) {
      expect(versions.get(b.betId)!.map((x) => [x.version, x.kind])).toEqual([
        [1, 'accepted'],
        [2, 'settled'],
      ]);
    }
    const wallets = await Promise.all(
      players.map(async (playerId) => {
        const r = await call<{ balance: string }>('balance', { venueCode: 'HOUSE_TY', playerId });
        return parseMoney(r.data!.balance);
      }),
    );
    proc.child.kill('SIGTERM');
    await proc.exited;

    const db = await procs.openDb();
    try {
      expect(await new VenueLedger(Date.now).reconcile(db)).toEqual({ unbalanced: 0, drift: 0 });
      for (const [i, playerId] of players.entries()) {
        let expected = 500_00n;
        for (const b of placed.filter((x) => x.playerId === playerId)) {
          const settled = versions.get(b.betId)!.find((x) => x.kind === 'settled')!;
          const payout = parseMoney(settled.payout!);
          expected += payout - b.stake;
          const entries = await db.query<{ n: number; s: string }>(
            `SELECT count(DISTINCT e.id)::int AS n, COALESCE(sum(p.amount), 0)::text AS s
               FROM venue_entries e JOIN venue_postings p ON p.entry_id = e.id
              WHERE p.account = $1 AND (e.reference = 'bet:' || $2
                 OR starts_with(e.reference, 'settle:' || $2 || ':'))`,
            [`player:NEBULA:HOUSE_TY:${playerId}`, b.betId],
          );
          // The stake entry and at most one payout entry: never two.
          expect(entries.rows[0]!.n).toBe(payout > 0n ? 2 : 1);
          expect(BigInt(entries.rows[0]!.s)).toBe(payout - b.stake);
        }
        expect(wallets[i]).toBe(expected);
      }
    } finally {
      await db.close();
    }
  }, 240_000);
});
