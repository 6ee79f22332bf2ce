import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '@nebula/db/testing';
import { hexToBytes } from '@nebula/protocol';
import { migrateVenue } from '../../db/migrate';
import { venueTestTemplate } from '../../test/venue-test-db';
import { LeaderLease } from '../../infra/leader-lease.service';
import { VenueLedger } from '../ledger/venue-ledger.service';
import { buildGames, type GamesModule } from './games.module';
import { testTableTiming } from './tables-catalogue';
import { findShoe, latestShoe } from './table.repository';
import { shoeRounds } from './table-round.repository';
import { buildTableShoe, dealHand } from './table-shoe.model';

/**
 * The tables' clock on a fake clock (no sleeps) over the suite's database (docs/contract.md
 * §10.12): two nodes ticking at once — one leads, every round is dealt once from where the one
 * before it stopped — and a shoe dealt to its cut card ends, reveals a seed that reproduces its
 * root and every hand, and the next round starts a new shoe on the next chain index.
 */
let t: TestDb;
beforeAll(async () => {
  t = await testDatabases(migrateVenue, venueTestTemplate)();
});
afterAll(() => t.drop());

let now = Date.UTC(2026, 10, 26, 4, 0, 0);
const clock = () => now;
const node = (name: string): GamesModule =>
  buildGames({
    db: t.db,
    lease: new LeaderLease(t.db, name, clock, 10_000),
    ledger: new VenueLedger(clock),
    now: clock,
    timing: { roundSeconds: 60, sealBeforeSeconds: 10 },
    tableTiming: testTableTiming(1),
    onError: (err) => {
      throw err;
    },
  });

describe('the tables clock', () => {
  it('two nodes ticking at once: each round dealt once, in order, until the shoe ends', async () => {
    const x = node('node-x');
    const y = node('node-y');
    await x.service.init();
    await x.tables.service.init();
    // 龙虎 alone, so a shoe ends within the test.
    await t.db.query("UPDATE venue_games SET status = 'closed' WHERE code <> 'LH1'");
    let second = false;
    for (let k = 0; k < 600 && !second; k += 1) {
      now += 1_100;
      const [rx, ry] = await Promise.all([x.clock.tick(), y.clock.tick()]);
      expect(rx.leader && ry.leader).toBe(false);
      second = (await latestShoe(t.db, 'LH1'))?.shoeNo === '2';
    }
    expect(second).toBe(true);
    const shoe = (await findShoe(t.db, 'LH1', '1'))!;
    expect(shoe.status).toBe('ended');
    // The revealed seed reproduces the root published at the start and every hand.
    const drawn = buildTableShoe(hexToBytes(shoe.seed!), 'LH1', '1');
    expect(drawn.root).toBe(shoe.merkleRoot);
    const rounds = await shoeRounds(t.db, 'LH1', '1');
    let at = drawn.shoe.burned;
    rounds.forEach((r, i) => {
      expect(r.handNo).toBe(i + 1);
      expect(r.startPosition).toBe(at);
      expect(r.hand).toEqual(dealHand('dragon_tiger', drawn.shoe.cards, at).hand);
      at += 2;
    });
    expect(shoe.nextPosition).toBe(at);
    expect(at - 2).toBeLessThanOrEqual(drawn.shoe.cutIndex);
    expect(at).toBeGreaterThan(drawn.shoe.cutIndex);
    const next = (await findShoe(t.db, 'LH1', '2'))!;
    expect(next).toMatchObject({
      chainId: shoe.chainId,
      chainIndex: shoe.chainIndex + 1,
      seed: null,
    });
  }, 120_000);
});
