/*
 * Over 300 lines on purpose: two benchmarks of the venue's hot paths, their naive peers and the
 * report in one script, so a run is one file to read.
 */
/**
 * bench:bets — the house venue's hot paths on PostgreSQL, each beside a naive peer in the same
 * run on the same database:
 *   placement:  32 distinct players all betting the same selection (the liability row and each
 *               player's balance are the hot path), ours against one transaction that locks the
 *               player row and the selection's liability row FOR UPDATE first, then writes the
 *               same rows. Goal ≥ 3×, zero errors.
 *   settlement: one match with 50,000 open bets (singles and two-leg parlays), ours (set-based
 *               batches) against one transaction per bet. Goal ≥ 10×; the venue ledger
 *               reconciles to zero drift afterwards.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server database to create a
 * scratch database from). BENCH_SECONDS, BENCH_ROUNDS, BENCH_BETS tune the run.
 */
import { randomBytes } from 'node:crypto';
import { PostgresDb, type Db, type Queryable } from '@nebula/db';
import { parseSelectionId } from '@nebula/protocol/venue/markets';
import { legResult } from '@nebula/protocol/venue/settlement';
import { buildVenueApp } from '../apps/venue/src/app';
import { decide } from '../apps/venue/src/modules/bets/correction.service';
import * as bets from '../apps/venue/src/modules/bets/bet.repository';
import type { LegRow } from '../apps/venue/src/modules/bets/bet.types';
import { insertBet, insertLegs } from './lib/venue-bet-rows';
import { betVersion } from '../apps/venue/src/modules/bets/bet-view.model';
import { insertVersions } from '../apps/venue/src/modules/bets/bet-version.repository';
import { loadVenueConfig } from '../apps/venue/src/infra/config';
import { migrateVenue } from '../apps/venue/src/db/migrate';
import * as events from '../apps/venue/src/modules/events/event.repository';
import { LeaderLease } from '../apps/venue/src/infra/leader-lease.service';
import {
  bookAccount,
  merchantAccount,
  playerAccount,
} from '../apps/venue/src/modules/ledger/venue-accounts.model';
import type { VenueLedger } from '../apps/venue/src/modules/ledger/venue-ledger.service';
import { drive, medianRun, type Run } from './lib/load';
import * as naiveLedger from './lib/naive-venue-ledger';
import { median, writeReport } from './lib/report';
import { cpuPerOp, cpuSample } from './lib/cpu';
import { scratchDatabase } from './lib/scratch-db';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BETS = Number(process.env.BENCH_BETS ?? 50_000);
const VENUE = 'HOUSE_TY';

/** Funds a player of a merchant through the venue's own ledger (a balanced entry). */
async function fund(
  ledger: VenueLedger,
  q: Queryable,
  merchant: string,
  playerId: string,
  amount: bigint,
) {
  const k = { merchant, venueCode: VENUE, playerId };
  await ledger.post(q, {
    reference: `bench-fund:${merchant}:${playerId}`,
    kind: 'transfer_in',
    postings: [
      { account: merchantAccount(k), amount: -amount },
      { account: playerAccount(k), amount },
    ],
  });
}

/**
 * The naive placement: lock the player and the selection's liability first, check, then write
 * what ours writes (the bet, its leg, the stake entry, the version).
 */
function naivePlace(db: Db, sel: { selectionId: string; marketId: string; oddsMilli: number }) {
  const stake = 10_00n;
  const win = (stake * BigInt(sel.oddsMilli)) / 1000n - stake;
  const limit = 5_000_000_00n;
  return (player: string) =>
    db.tx(async (q) => {
      const id = `N${randomBytes(8).toString('hex')}`;
      const w = await q.query<{ balance: bigint }>(
        `SELECT balance FROM venue_wallets WHERE merchant = 'NAIVE' AND venue_code = $1 AND player_id = $2 FOR UPDATE`,
        [VENUE, player],
      );
      const l = await q.query<{ amount: bigint }>(
        `SELECT amount FROM venue_liability WHERE merchant = 'NAIVE' AND venue_code = $1 AND selection_id = $2 FOR UPDATE`,
        [VENUE, sel.selectionId],
      );
      if ((w.rows[0]?.balance ?? 0n) < stake) throw new Error('balance');
      if ((l.rows[0]?.amount ?? 0n) + win > limit) throw new Error('liability');
      await q.query(
        `UPDATE venue_wallets SET balance = balance - $3 WHERE merchant = 'NAIVE' AND venue_code = $1 AND player_id = $2`,
        [VENUE, player, stake],
      );
      await q.query(
        `UPDATE venue_liability SET amount = amount + $3 WHERE merchant = 'NAIVE' AND venue_code = $1 AND selection_id = $2`,
        [VENUE, sel.selectionId, win],
      );
      const now = Date.now();
      await insertBet(q, {
        id,
        merchant: 'NAIVE',
        venueCode: VENUE,
        playerId: player,
        requestKey: id,
        requestHash: id,
        stake,
        oddsPolicy: 'any',
        status: 'open',
        acceptAfter: null,
        placedAt: now,
      });
      const leg: LegRow = {
        leg: 1,
        eventId: parseSelectionId(sel.selectionId)!.matchId,
        selectionId: sel.selectionId,
        marketId: sel.marketId,
        period: 'ft',
        oddsMilli: sel.oddsMilli,
        eventName: 'bench',
        marketLabel: '独赢',
        outcomeLabel: '主',
        liability: win,
        result: null,
      };
      await insertLegs(q, id, [leg]);
      const k = { merchant: 'NAIVE', venueCode: VENUE, playerId: player };
      await naiveLedger.writeEntry(q, {
        reference: `bet:${id}`,
        kind: 'bet_stake',
        postings: [
          { account: playerAccount(k), amount: -stake },
          { account: bookAccount(k), amount: stake },
        ],
        now,
      });
      const row = (await bets.readBet(q, id))!;
      await insertVersions(q, [
        { merchant: 'NAIVE', venueCode: VENUE, body: betVersion(row, 'accepted') },
      ]);
    });
}

/**
 * Writes `count` open bets on `eventId` for `merchant` as placement would leave them (bet,
 * legs, stake entry, debited wallets), set-based: every fifth a parlay whose other leg, on
 * `otherEventId`, has already won.
 */
async function seedOpenBets(
  ledger: VenueLedger,
  db: Db,
  merchant: string,
  ev: events.EventRow,
  otherEventId: string,
  selections: { selectionId: string; marketId: string; oddsMilli: number }[],
  count: number,
) {
  const players = 500;
  await db.tx(async (q) => {
    for (let p = 0; p < players; p += 1) await fund(ledger, q, merchant, `s${p}`, 1_000_000_00n);
  });
  const ids = Array.from({ length: count }, (_, i) => `${merchant.slice(0, 1)}${i}`);
  const sel = ids.map((_, i) => selections[i % selections.length]!);
  const player = ids.map((_, i) => `s${i % players}`);
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash, stake,
         odds_policy, status, placed_at)
       SELECT id, $2, $3, p, id, id, 1000, 'any', 'open', now()
         FROM unnest($1::text[], $4::text[]) AS t(id, p)`,
      [ids, merchant, VENUE, player],
    );
    await q.query(
      `INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period, odds_milli,
         event_name, market_label, outcome_label, liability)
       SELECT id, 1, $2, s, m, 'ft', o, 'bench', '独赢', '主', 0
         FROM unnest($1::text[], $3::text[], $4::text[], $5::int[]) AS t(id, s, m, o)`,
      [
        ids,
        ev.id,
        sel.map((s) => s.selectionId),
        sel.map((s) => s.marketId),
        sel.map((s) => s.oddsMilli),
      ],
    );
    await q.query(
      `INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period, odds_milli,
         event_name, market_label, outcome_label, liability, result)
       SELECT id, 2, $2, $2 || ':ft:1x2:home', $2 || ':ft:1x2', 'ft', 1800, 'bench', '独赢', '主', 0, 'won'
         FROM unnest($1::text[]) AS t(id) WHERE right(id, 1) IN ('0', '5')`,
      [ids, otherEventId],
    );
    await q.query(
      `WITH e AS (
         INSERT INTO venue_entries (reference, kind, created_at)
         SELECT 'bet:' || id, 'bet_stake', now() FROM unnest($1::text[]) AS t(id) RETURNING id, reference)
       INSERT INTO venue_postings (entry_id, account, amount)
       SELECT e.id, a.account, a.amount FROM e
         JOIN unnest($1::text[], $2::text[]) AS t(bid, p) ON e.reference = 'bet:' || t.bid
         CROSS JOIN LATERAL (VALUES ('player:' || $3 || ':' || $4 || ':' || t.p, -1000::bigint),
                                    ('book:' || $3 || ':' || $4, 1000::bigint)) AS a(account, amount)`,
      [ids, player, merchant, VENUE],
    );
    await q.query(
      `UPDATE venue_wallets w SET balance = w.balance - t.n * 1000
         FROM (SELECT p, count(*) AS n FROM unnest($1::text[]) AS u(p) GROUP BY p) t
        WHERE w.merchant = $2 AND w.venue_code = $3 AND w.player_id = t.p`,
      [player, merchant, VENUE],
    );
  });
}

/** One transaction per bet: lock it, decide it, credit, write its entry and version. */
async function naiveSettle(db: Db, ev: events.EventRow, merchant: string): Promise<number> {
  const ids = (
    await db.query<{ id: string }>(
      `SELECT id FROM venue_bets WHERE merchant = $1 AND status = 'open' ORDER BY id`,
      [merchant],
    )
  ).rows.map((r) => r.id);
  for (const id of ids) {
    await db.tx(async (q) => {
      const bet = (await bets.readBet(q, id, true))!;
      for (const l of bet.legs) {
        if (l.result === null && l.eventId === ev.id) {
          const key = parseSelectionId(l.selectionId)!;
          l.result = legResult(key.kind, key.outcome, key.line100, ev.score);
          await q.query('UPDATE venue_bet_legs SET result = $3 WHERE bet_id = $1 AND leg = $2', [
            id,
            l.leg,
            l.result,
          ]);
        }
      }
      const d = decide(bet);
      await q.query(
        `UPDATE venue_bets SET status = 'settled', result = $2, payout = $3, settled_at = now(),
            version = version + 1 WHERE id = $1 AND status = 'open'`,
        [id, d.result, d.payout],
      );
      const k = { merchant, venueCode: VENUE, playerId: bet.playerId };
      if (d.payout! > 0n) {
        await naiveLedger.creditWallet(q, k, d.payout!);
        await naiveLedger.writeEntry(q, {
          reference: `settle:${id}:${bet.version + 1}`,
          kind: 'bet_payout',
          postings: [
            { account: bookAccount(k), amount: -d.payout! },
            { account: playerAccount(k), amount: d.payout! },
          ],
          now: Date.now(),
        });
      }
      await insertVersions(q, [
        {
          merchant,
          venueCode: VENUE,
          body: betVersion(
            {
              ...bet,
              status: 'settled',
              result: d.result,
              payout: d.payout,
              version: bet.version + 1,
            },
            'settled',
          ),
        },
      ]);
    });
  }
  return ids.length;
}

async function main(): Promise<void> {
  if (!adminUrl) {
    process.stderr.write(
      'bench:bets needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).\n',
    );
    process.exit(1);
  }
  const scratch = await scratchDatabase(adminUrl, 'nebula_bench_bets');
  const db = PostgresDb.open(scratch.url, CLIENTS + 4);
  const config = loadVenueConfig({
    NODE_ENV: 'test',
    VENUE_MERCHANTS: `NEBULA=${'b'.repeat(40)}`,
    VENUE_CODES: `${VENUE}:FBTY`,
    VENUE_LEADER: 'off',
    // Thirty-two players on one address placing as fast as they can: the page's placement
    // budgets (per session, per address) would measure the limiter, not the engine. The bench
    // places through the service, under the HTTP layer that applies them; raised all the same.
    VENUE_RATE_PER_ADDRESS: '100000000',
    VENUE_RATE_PER_SESSION: '100000000',
    VENUE_RATE_PLACE_PER_ADDRESS: '100000000',
    VENUE_RATE_PLACE_PER_SESSION: '100000000',
  });
  const venue = buildVenueApp({ config, db });
  try {
    await migrateVenue(db);
    await venue.init();
    // The venue's leader writes the calendar once, then hands over to the bench's lease.
    await venue.leader.tick();
    await venue.leader.stop();
    const lease = new LeaderLease(db, 'bench', () => Date.now(), 600_000);
    if (!(await lease.renew())) throw new Error('no lease');
    const now = Date.now();
    const upcoming = (
      await events.listEvents(db, {
        from: now + 3600_000,
        to: now + 3 * 24 * 3600_000,
        statuses: ['scheduled'],
        sports: ['football'],
      })
    ).slice(0, 6);
    const [hot, ours, peer, other] = upcoming.map((e) => venue.book.bookOf(e));
    if (!hot || !ours || !peer || !other) throw new Error('not enough fixtures');
    const pick = (b: typeof hot, i: number) => {
      const m = b.markets[i % b.markets.length]!;
      const s = m.selections[0]!;
      return { selectionId: s.selectionId, marketId: m.marketId, oddsMilli: s.oddsMilli };
    };

    // Placement: 32 players, one selection.
    const sel = pick(hot, 0);
    await db.tx(async (q) => {
      for (let c = 0; c < CLIENTS; c += 1) {
        await fund(venue.ledger, q, 'NEBULA', `p${c}`, 1_000_000_00n);
        await fund(venue.ledger, q, 'NAIVE', `p${c}`, 1_000_000_00n);
      }
      await q.query(
        `INSERT INTO venue_liability (merchant, venue_code, selection_id, amount) VALUES ('NAIVE', $1, $2, 0)`,
        [VENUE, sel.selectionId],
      );
    });
    const oursPlace = async (c: number) => {
      await venue.placement.place(
        { merchant: 'NEBULA', venueCode: VENUE, playerId: `p${c}` },
        {
          requestKey: randomBytes(12).toString('hex'),
          legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
          stake: '10.00',
          oddsPolicy: 'any',
        },
      );
    };
    const naive = naivePlace(db, sel);
    const o: Run[] = [];
    const p: Run[] = [];
    // CPU per bet beside the rate: on a shared machine the rate swings with the load, what a
    // bet costs in Node and in PostgreSQL much less (bench/lib/cpu.ts).
    const database = new URL(scratch.url).pathname.slice(1);
    const oCpu: { nodeMs: number; pgMs: number }[] = [];
    const pCpu: { nodeMs: number; pgMs: number }[] = [];
    const timed = async (op: (c: number) => Promise<void>, cpu: typeof oCpu) => {
      const before = cpuSample(database);
      const run = await drive(CLIENTS, SECONDS, op);
      cpu.push(cpuPerOp(before, cpuSample(database), run.ops));
      return run;
    };
    for (let r = 0; r < ROUNDS; r += 1) {
      o.push(await timed(oursPlace, oCpu));
      p.push(await timed((c) => naive(`p${c}`), pCpu));
    }
    const cpuOf = (runs: typeof oCpu) => ({
      nodeMs: median(runs.map((x) => x.nodeMs)),
      pgMs: median(runs.map((x) => x.pgMs)),
    });
    const place = {
      ours: medianRun(o),
      peer: medianRun(p),
      cpu: { ours: cpuOf(oCpu), peer: cpuOf(pCpu) },
    };
    process.stdout.write(
      `placement: ours ${place.ours.rate.toFixed(0)}/s vs naive ${place.peer.rate.toFixed(0)}/s; CPU per bet ours ${place.cpu.ours.nodeMs.toFixed(2)} ms Node + ${place.cpu.ours.pgMs.toFixed(2)} ms PostgreSQL, naive ${place.cpu.peer.nodeMs.toFixed(2)} + ${place.cpu.peer.pgMs.toFixed(2)} ms\n`,
    );

    // Settlement: 50,000 open bets on one match each, ours and the peer's.
    const selections = Array.from({ length: 12 }, (_, i) => pick(ours, i));
    const peerSelections = Array.from({ length: 12 }, (_, i) => pick(peer, i));
    await seedOpenBets(venue.ledger, db, 'SETTLE', ours.event, other.event.id, selections, BETS);
    await seedOpenBets(venue.ledger, db, 'PEER', peer.event, other.event.id, peerSelections, BETS);
    // The seed writes 100,000 bets in a second, faster than autovacuum gathers statistics; a
    // real book takes a match's bets over days. Without this the planner plans set-based
    // settlement for empty tables (measured: 11.4 s instead of 6.4 s); the peer's one-row
    // lookups by key do not depend on it.
    await db.query('ANALYZE');
    const finish = async (ev: events.EventRow) => {
      await db.tx((q) =>
        events.updateEvent(q, ev.id, ev.version, {
          status: 'finished',
          minute: null,
          score: { home: 2, away: 1 },
          halfTime: { home: 1, away: 0 },
          suspendedUntil: null,
          resultSource: 'operator',
        }),
      );
      return (await events.readEvent(db, ev.id))!;
    };
    const oursEv = await finish(ours.event);
    const peerEv = await finish(peer.event);
    let t0 = performance.now();
    const settledOurs = await venue.settlement.settleEvent(lease, oursEv);
    const oursMs = performance.now() - t0;
    t0 = performance.now();
    const settledPeer = await naiveSettle(db, peerEv, 'PEER');
    const peerMs = performance.now() - t0;
    process.stdout.write(
      `settlement: ours ${settledOurs} bets in ${oursMs.toFixed(0)} ms vs one tx per bet ${settledPeer} in ${peerMs.toFixed(0)} ms\n`,
    );
    const payouts = await db.query<{ m: string; s: string }>(
      `SELECT merchant AS m, sum(payout)::text AS s FROM venue_bets WHERE merchant IN ('SETTLE', 'PEER') GROUP BY merchant ORDER BY merchant`,
    );
    const rec = await venue.ledger.reconcile(db);

    const placeRatio = place.ours.rate / place.peer.rate;
    const settleRatio = settledOurs / oursMs / (settledPeer / peerMs);
    const table = [
      '| scenario | ours | ours p99 ms | naive | naive p99 ms | ratio | goal | errors (ours/naive) |',
      '|---|---|---|---|---|---|---|---|',
      `| placement, 32 players on one selection | ${place.ours.rate.toFixed(0)} bets/s | ${place.ours.p99.toFixed(1)} | ${place.peer.rate.toFixed(0)} bets/s | ${place.peer.p99.toFixed(1)} | ${placeRatio.toFixed(2)}× | ≥ 3× | ${place.ours.errors}/${place.peer.errors} |`,
      `| settlement, ${BETS.toLocaleString('en-US')} bets on one match | ${(settledOurs / (oursMs / 1000)).toFixed(0)} bets/s (${(oursMs / 1000).toFixed(1)} s) | – | ${(settledPeer / (peerMs / 1000)).toFixed(0)} bets/s (${(peerMs / 1000).toFixed(1)} s) | – | ${settleRatio.toFixed(2)}× | ≥ 10× | 0/0 |`,
      '',
      `Afterwards: ${rec.unbalanced} unbalanced entries, wallet drift ${rec.drift} (the whole venue ledger); payouts ours ${payouts.rows.find((r) => r.m === 'SETTLE')?.s} fen, peer ${payouts.rows.find((r) => r.m === 'PEER')?.s} fen (two matches, one score, their own prices).`,
    ].join('\n');
    process.stdout.write(
      `\n${table}\n\n(${CLIENTS} clients, ${ROUNDS} rounds × ${SECONDS} s, medians; settlement single-threaded on both sides; PostgreSQL)\n`,
    );
    await writeReport(
      'bets',
      {
        clients: CLIENTS,
        rounds: ROUNDS,
        seconds: SECONDS,
        bets: BETS,
        place,
        settle: { oursMs, peerMs, settledOurs, settledPeer },
        reconcile: rec,
      },
      table,
    );
    if (rec.unbalanced !== 0 || rec.drift !== 0 || settledOurs !== BETS) process.exitCode = 1;
  } finally {
    await venue.app.close();
    await db.close();
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
