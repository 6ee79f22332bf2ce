import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDb } from '@nebula/db';
import { parseMoney } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { migrate } from '../../db/migrate';
import { createTestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';
import { fakeVenueTestbed, fundedMember, type Testbed } from '../../test/venue-harness';
import { feed, newBetId, single, turnoverEntries, turnoverOf } from '../../test/bet-feed';
import { betOddsMilli, betStatusOf, potentialWinFen, storedLegs } from './bet-rules';

/**
 * Groups of single bets judged by exposure (contract §6) where it is hard: bets credited one
 * by one before groups existed, and two venues' feeds applied at once by two platform nodes.
 * Its own testbed: the first test re-runs the group migration on the database.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE', 'FAKE2'] });
});
afterAll(() => bed.close());

/** Writes a copy as the platform wrote it before groups existed (no group, its own credit). */
async function legacyCopy(venueCode: string, memberId: number, v: BetVersion, credit: string) {
  const legs = storedLegs(v);
  const stake = parseMoney(v.stake);
  const valid = parseMoney(credit);
  await bed.t.db.query(
    `INSERT INTO venue_bets (venue_code, bet_id, member_id, version, change_kind, status, stake,
        payout, odds_milli, potential_win, legs, placed_at, settled_at, valid_turnover, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, now(), now(), $12, now())`,
    [
      venueCode,
      v.betId,
      memberId,
      v.version,
      v.kind,
      betStatusOf(v),
      stake,
      v.payout === null ? null : parseMoney(v.payout),
      betOddsMilli(legs),
      potentialWinFen(stake, legs),
      JSON.stringify(legs),
      valid,
    ],
  );
  await bed.t.db.query(
    `INSERT INTO turnover_entries (member_id, kind, amount, reference, note, at)
     VALUES ($1, 'turnover', $2, $3, '有效投注', now())`,
    [memberId, valid, `bet:${venueCode}:${v.betId}:${v.version}`],
  );
}

describe('bets credited before groups existed', () => {
  it('keep their credit as the group’s; a later change moves only the difference', async () => {
    // Back to the schema before groups, with copies credited by the old per-bet rule.
    await bed.t.db.exec(`DROP TABLE bet_turnover_groups;
      ALTER TABLE venue_bets DROP COLUMN group_key;
      DELETE FROM schema_migrations WHERE name = '0022_bet_turnover_groups.sql';`);
    const m = await fundedMember(bed.t, '0', bed.admin);
    const home = { betId: newBetId(), selectionId: 'L1:ft:1x2:home', oddsMilli: 1950 };
    const away = { betId: newBetId(), selectionId: 'L1:ft:ah:-50:away', oddsMilli: 1850 };
    const lone = { betId: newBetId(), selectionId: 'L2:ft:ou:250:over', oddsMilli: 1900 };
    await legacyCopy(
      'FAKE',
      m.memberId,
      single(m, { ...home, stake: '484.00', result: 'won' }),
      '484.00',
    );
    await legacyCopy(
      'FAKE2',
      m.memberId,
      single(m, { ...away, stake: '510.00', result: 'lost' }),
      '510.00',
    );
    await legacyCopy('FAKE', m.memberId, single(m, { ...lone, result: 'lost' }), '100.00');
    expect(await migrate(bed.t.db)).toEqual(['0022_bet_turnover_groups.sql']);
    expect((await turnoverOf(m)).completed).toBe('1094.00');
    // Resettled with the same results: the hedge is judged (50.50, see bet-groups.test.ts),
    // the lone bet keeps its 100.00 and is not credited again.
    feed(bed, 'FAKE', single(m, { ...home, stake: '484.00', result: 'won', version: 3 }));
    feed(bed, 'FAKE', single(m, { ...lone, result: 'lost', version: 3 }));
    feed(bed, 'FAKE2', single(m, { ...away, stake: '510.00', result: 'lost', version: 3 }));
    await bed.t.services.betSync.pullAll();
    expect((await turnoverOf(m)).completed).toBe('150.50');
    const entries = await turnoverEntries(bed.t, m.memberId);
    expect(entries.slice(3).map((x) => [x.kind, x.amount])).toEqual([['reverse', '943.50']]);
  });
});

describe('two venues’ feeds applied at once by two nodes', () => {
  it.skipIf(testDbKind() !== 'postgres')(
    'judge each group one after the other: credited once, total = C',
    async () => {
      const second = await createTestApp({
        seedDemo: false,
        db: { db: bed.t.db, url: bed.t.dbUrl },
        env: { VENUE_MERCHANT_SECRETS: `NEBULA=${bed.secret}` },
      });
      const gate = PostgresDb.open(bed.t.dbUrl!, 1);
      try {
        await bed.t.services.betSync.pullAll(); // both cursors exist and are caught up
        const m = await fundedMember(bed.t, '0', bed.admin);
        const groups = Array.from({ length: 40 }, (_, i) => `C${Date.now()}x${i}`);
        const bets = groups.map((e) => ({
          over: { betId: newBetId(), selectionId: `${e}:ft:ou:250:over`, oddsMilli: 1900 },
          under: { betId: newBetId(), selectionId: `${e}:ft:ou:250:under`, oddsMilli: 1900 },
        }));
        // Placed: every group has an open bet at each venue, and nothing is credited yet.
        for (const b of bets) {
          feed(bed, 'FAKE', single(m, { ...b.over, result: 'open' }));
          feed(bed, 'FAKE2', single(m, { ...b.under, result: 'open' }));
        }
        await bed.t.services.betSync.pullAll();
        expect((await turnoverOf(m)).completed).toBe('0.00');
        // Settled at both venues; each node applies one venue's feed. Each transaction alone
        // sees the other venue's bet still open: only the group lock makes the second see the
        // first's result.
        for (const b of bets) {
          feed(bed, 'FAKE', single(m, { ...b.over, result: 'won' }));
          feed(bed, 'FAKE2', single(m, { ...b.under, result: 'lost' }));
        }
        const [fake, fake2] = await Promise.all([
          bed.t.services.venues.get('FAKE'),
          second.services.venues.get('FAKE2'),
        ]);
        // Both nodes fetch their page, then wait on their cursor row until the gate opens:
        // the two transactions then run side by side.
        let pulls: Promise<unknown> = Promise.resolve();
        await gate.tx(async (q) => {
          await q.query(
            `SELECT 1 FROM venue_feed_cursors WHERE feed = 'bets' AND venue_code IN ('FAKE', 'FAKE2') FOR UPDATE`,
          );
          pulls = Promise.all([
            bed.t.services.betSync.pull(fake!),
            second.services.betSync.pull(fake2!),
          ]);
          for (let i = 0; ; i += 1) {
            const r = await bed.t.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            );
            if (r.rows[0]!.n >= 2) break;
            if (i > 10_000) throw new Error('the two pulls never reached the gate');
            await new Promise((resolve) => setImmediate(resolve));
          }
        });
        await pulls;
        // 200.00 staked and 190.00 back whatever the score: 10.00 each, credited once.
        expect((await turnoverOf(m)).completed).toBe('400.00');
        const entries = await turnoverEntries(bed.t, m.memberId);
        expect(entries.map((x) => [x.kind, x.amount])).toEqual(
          groups.map(() => ['turnover', '10.00']),
        );
        expect(new Set(entries.map((x) => x.ref)).size).toBe(entries.length);
        const r = await bed.t.db.query<{ credited: bigint; shares: bigint }>(
          `SELECT g.credited, (SELECT sum(valid_turnover) FROM venue_bets b
              WHERE b.member_id = g.member_id AND b.group_key = g.group_key)::bigint AS shares
             FROM bet_turnover_groups g WHERE g.member_id = $1`,
          [m.memberId],
        );
        expect(r.rows).toHaveLength(40);
        for (const g of r.rows) expect([g.credited, g.shares]).toEqual([1000n, 1000n]);
      } finally {
        await gate.close();
        await second.close();
      }
    },
    60_000,
  );
});
