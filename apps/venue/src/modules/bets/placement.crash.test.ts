import { fenToYuanString } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { VENUE_OPERATOR_HEADER, venueOperatorPaths } from '@nebula/protocol/venue/operator';
import { afterAll, describe, expect, it } from 'vitest';
import {
  enterPlayer,
  merchantClient,
  venueProcesses,
  type VenueProcesses,
} from '../../test/venue-process';
import { VenueLedger } from '../ledger/venue-ledger.service';
import { liabilityDrift } from './liability.repository';
import { HOLD_TTL_MS } from './placement.service';

/**
 * `kill -9` of the venue between a placement's two transactions: the selection's liability is
 * reserved (and committed) and the process dies before the bet's transaction. Nothing was
 * placed, so once the venue is back the reservation must be given back — by the leader's sweep
 * of holds older than their TTL — and a retry under the same request key places the bet once.
 * Afterwards every selection's liability equals its open bets' legs, no hold is left and the
 * books reconcile. On the suite's database: a PGlite data directory or PostgreSQL.
 */
const OPERATOR_TOKEN = 'o'.repeat(40);
let procs: VenueProcesses | null = null;
afterAll(async () => {
  await procs?.cleanup();
});

describe('kill -9 between the reservation and the bet', () => {
  it('the reservation of a bet never placed is given back, and a retry places it once', async () => {
    procs = await venueProcesses({ VENUE_OPERATORS: `viewer-op:viewer:${OPERATOR_TOKEN}` });
    const { start, secret } = procs;
    let proc = await start({ VENUE_TEST_CRASH: 'place-reserved:1' });
    let call = merchantClient(proc.url, secret);
    const playerId = `hold-${Date.now().toString(36)}`;
    await call('transfer', {
      venueCode: 'HOUSE_TY',
      playerId,
      transferId: `hold-in-${playerId}`,
      direction: 'in',
      amount: '100.00',
    });
    let page = await enterPlayer(proc.url, call, playerId);
    let event: EventView | undefined;
    for (let wait = 0; !event && wait < 100; wait += 1) {
      const list = await page<{ events: EventView[] }>('/events?tab=early');
      // A match that cannot kick off while the test runs (the clock jumps ahead on restart).
      event = list.data.events.find(
        (e) =>
          e.status === 'scheduled' && e.startsAt > Date.now() + 3600_000 && e.markets.length > 0,
      );
      if (!event) await new Promise((r) => setTimeout(r, 100));
    }
    expect(event).toBeDefined();
    const s = event!.markets.find((m) => m.kind === '1x2')!.selections[0]!;
    const slip = {
      requestKey: `hold-${playerId}`,
      legs: [{ selectionId: s.selectionId, oddsMilli: s.oddsMilli }],
      stake: '10.00',
      oddsPolicy: 'any',
    };
    const win = (10_00n * BigInt(s.oddsMilli)) / 1000n - 10_00n;
    // The process dies inside the request: no answer comes back.
    await expect(page('/bet/place', slip)).rejects.toThrow();
    expect(await proc.exited).toBe('SIGKILL');

    // On PGlite the reservation's commit, not waited for, may die with the process (then there
    // is nothing to give back); on PostgreSQL it committed before the kill: held, with no bet.
    if (procs.env.VENUE_DATABASE_URL) {
      const db = await procs.openDb();
      try {
        const held = await db.query<{ amount: bigint }>(
          'SELECT amount FROM venue_liability_holds WHERE selection_id = $1',
          [s.selectionId],
        );
        expect(held.rows.map((r) => r.amount)).toEqual([win]);
      } finally {
        await db.close();
      }
    }

    // Back past the holds' TTL: the leader's sweep gives the orphan back.
    const skew = HOLD_TTL_MS + 30_000;
    proc = await start({ VENUE_TEST_CLOCK_SKEW_MS: String(skew) });
    call = merchantClient(proc.url, secret, skew);
    page = await enterPlayer(proc.url, call, playerId);
    const liability = async () => {
      const r = await fetch(proc.url + venueOperatorPaths.liability, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [VENUE_OPERATOR_HEADER]: OPERATOR_TOKEN },
        body: JSON.stringify({ eventId: event!.eventId }),
      });
      const body = (await r.json()) as {
        data: { selections: { selectionId: string; amount: string }[] };
      };
      return body.data.selections.find((x) => x.selectionId === s.selectionId)?.amount ?? '0.00';
    };
    for (let wait = 0; (await liability()) !== '0.00' && wait < 100; wait += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await liability()).toBe('0.00');

    // The member retries the same slip: one bet, one reservation.
    const retried = await page<BetView>('/bet/place', slip);
    expect(retried.code).toBe(0);
    const again = await page<BetView>('/bet/place', slip);
    expect(again.data.betId).toBe(retried.data.betId);
    const balance = await call<{ balance: string }>('balance', { venueCode: 'HOUSE_TY', playerId });
    expect(balance.data!.balance).toBe('90.00');
    expect(await liability()).toBe(fenToYuanString(win));
    proc.child.kill('SIGTERM');
    await proc.exited;

    const db = await procs.openDb();
    try {
      expect(await liabilityDrift(db)).toEqual([]);
      const holds = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM venue_liability_holds',
      );
      expect(holds.rows[0]!.n).toBe(0);
      expect(await new VenueLedger(Date.now).reconcile(db)).toEqual({ unbalanced: 0, drift: 0 });
    } finally {
      await db.close();
    }
  }, 120_000);
});
