import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '@nebula/db/testing';
import { drawK3, hexToBytes, roundMessage, verifyChainLink } from '@nebula/protocol';
import { migrateVenue } from '../../db/migrate';
import { venueTestTemplate } from '../../test/venue-test-db';
import { LeaderLease } from '../../infra/leader-lease.service';
import { VenueLedger } from '../ledger/venue-ledger.service';
import { listChains } from './chain.repository';
import { buildGames, type GamesModule } from './games.module';
import { findRound, type RoundRow } from './games.repository';
import { acceptsBets } from './round-schedule';

/**
 * The game clock on a fake clock (no sleeps) over the suite's database: the steps of 极速快3's
 * rounds in time, and the takeover rules when the leader dies at each step (docs/contract.md
 * §10.10). Nodes are separate leases and modules over one database, as separate processes are.
 */
let t: TestDb;
beforeAll(async () => {
  t = await testDatabases(migrateVenue, venueTestTemplate)();
});
afterAll(() => t.drop());

/** 2026-11-26 00:00 in Asia/Shanghai. */
const D = Date.UTC(2026, 10, 25, 16, 0, 0);
let now = D;
const clock = () => now;
const node = (name: string): GamesModule =>
  buildGames({
    db: t.db,
    lease: new LeaderLease(t.db, name, clock, 10_000),
    ledger: new VenueLedger(clock),
    now: clock,
    timing: { roundSeconds: 60, sealBeforeSeconds: 10 },
    chain: { length: 5, checkpointEvery: 2, publishAhead: 2 },
    onError: (err) => {
      throw err;
    },
  });
const round = async (no: string): Promise<RoundRow> => (await findRound(t.db, 'JSK3', no))!;

/** A revealed round: its outcome is the algorithm's on its seed, and its seed is on the chain. */
async function expectVerifiable(r: RoundRow): Promise<void> {
  expect(r.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(r.outcome).toEqual(drawK3(hexToBytes(r.seed!), roundMessage('JSK3', r.roundNo)).outcome);
  const chain = (await listChains(t.db, 'JSK3')).find((c) => c.chainId === r.chainId)!;
  const check = verifyChainLink(hexToBytes(r.seed!), r.chainIndex, hexToBytes(chain.commitment), 0);
  expect(check.ok).toBe(true);
}

describe('the game clock', () => {
  it('runs rounds in time and applies the takeover rules at each step', async () => {
    const a = node('node-a');
    await a.service.init();
    // 快3 alone: the counts below are one game's (the other games run the same steps).
    await t.db.query("UPDATE venue_games SET status = 'closed' WHERE code <> 'JSK3'");
    // 00:00:05: the first round opens at once, on chain 1, index 1.
    now = D + 5_000;
    expect((await a.clock.tick()).opened).toBe(1);
    const first = await round('202611260001');
    expect(first).toMatchObject({ status: 'open', chainId: 'JSK3-1', chainIndex: 1, seed: null });
    expect(first.outcome).toBeNull();
    expect(acceptsBets(first, now)).toBe(true);
    // A second tick in the same slot changes nothing.
    expect(await a.clock.tick()).toMatchObject({ opened: 0, sealed: 0, drawn: 0 });

    // Sealed on time (≤ 1 s late), drawn and settled at the draw; the next opens then.
    now = D + 50_300;
    expect(acceptsBets(await round('202611260001'), now)).toBe(false);
    expect((await a.clock.tick()).sealed).toBe(1);
    expect((await round('202611260001')).status).toBe('sealed');
    now = D + 60_200;
    expect(await a.clock.tick()).toMatchObject({ drawn: 1, settled: 1, opened: 1 });
    const drawn = await round('202611260001');
    expect(drawn.status).toBe('settled');
    await expectVerifiable(drawn);
    expect((await round('202611260002')).chainIndex).toBe(2);

    // Node A dies with round 2 open. Node B takes over after the lease, past round 2's seal:
    // round 2 is voided (missed seal) with its seed and would-be outcome; round 3 opens.
    const b = node('node-b');
    now = D + 112_000;
    expect(await b.clock.tick()).toMatchObject({ leader: true, voided: 1, opened: 1 });
    const voided = await round('202611260002');
    expect(voided).toMatchObject({ status: 'voided', voidCause: 'missed_seal' });
    await expectVerifiable(voided);
    expect((await round('202611260003')).chainIndex).toBe(3);
    // The old leader writes nothing now.
    expect((await a.clock.tick()).leader).toBe(false);

    // B seals round 3 and dies: C draws it from its committed seed after the draw time,
    // settles it once, opens round 4 and publishes the next chain as the first runs low.
    now = D + 170_400;
    expect((await b.clock.tick()).sealed).toBe(1);
    const c = node('node-c');
    now = D + 185_000;
    expect(await c.clock.tick()).toMatchObject({
      drawn: 1,
      settled: 1,
      opened: 1,
      published: 1,
    });
    const third = await round('202611260003');
    await expectVerifiable(third);
    expect((await listChains(t.db, 'JSK3')).map((ch) => ch.chainId)).toEqual(['JSK3-1', 'JSK3-2']);
    // Nothing is drawn twice: a later tick leaves the drawn round as it was.
    now = D + 186_000;
    expect(await c.clock.tick()).toMatchObject({ drawn: 0, settled: 0, voided: 0, opened: 0 });
    expect(await round('202611260003')).toEqual(third);

    // Round 4 is sealed and drawn by C; it dies between the draw and the settlement mark only
    // in the crash suite — here the next two rounds take index 5 of chain 1, then chain 2's 1.
    now = D + 230_500;
    await c.clock.tick();
    now = D + 240_100;
    await c.clock.tick();
    expect(await round('202611260005')).toMatchObject({ chainId: 'JSK3-1', chainIndex: 5 });
    now = D + 290_200;
    await c.clock.tick();
    now = D + 300_100;
    await c.clock.tick();
    expect(await round('202611260006')).toMatchObject({ chainId: 'JSK3-2', chainIndex: 1 });
    await expectVerifiable(await round('202611260005'));
  });

  it('two nodes ticking at once: one leads, each round is opened and drawn once', async () => {
    const x = node('node-x');
    const y = node('node-y');
    // The previous test's last leader (C) stopped ticking; its lease runs out.
    now = D + 400_000;
    for (let k = 0; k < 12; k += 1) {
      now += 10_000;
      const [rx, ry] = await Promise.all([x.clock.tick(), y.clock.tick()]);
      expect(rx.leader && ry.leader).toBe(false);
    }
    const r = await t.db.query<{ n: bigint; idx: bigint }>(
      `SELECT count(*) AS n, count(DISTINCT (chain_id, chain_index)) AS idx FROM venue_game_rounds`,
    );
    expect(r.rows[0]!.n).toBe(r.rows[0]!.idx);
    const settled = await t.db.query<{ round_no: string }>(
      "SELECT round_no FROM venue_game_rounds WHERE status = 'settled' AND draw_at > $1",
      [new Date(D + 400_000)],
    );
    expect(settled.rows.length).toBeGreaterThanOrEqual(1);
  });

  it('a leader taking over before the seal lets the open round go on', async () => {
    const p = node('node-p');
    const q = node('node-q');
    // Past every earlier lease; P opens the round drawn at D + 1,020 s and dies.
    now = D + 960_500;
    expect((await p.clock.tick()).opened).toBe(1);
    const r = await t.db.query<{ round_no: string }>(
      "SELECT round_no FROM venue_game_rounds WHERE status = 'open'",
    );
    const no = r.rows[0]!.round_no;
    // Q takes over 12 s later, well before the seal: the round stays open, then goes on.
    now = D + 972_500;
    expect(await q.clock.tick()).toMatchObject({ leader: true, voided: 0, opened: 0 });
    expect((await round(no)).status).toBe('open');
    now = D + 1_010_200;
    expect((await q.clock.tick()).sealed).toBe(1);
    now = D + 1_020_100;
    expect(await q.clock.tick()).toMatchObject({ drawn: 1, settled: 1 });
    await expectVerifiable(await round(no));
  });
});
