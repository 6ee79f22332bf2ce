import { randomBytes } from 'node:crypto';
import { PostgresDb, type Queryable } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import type { TableZone } from '@nebula/protocol/venue/games/tables-zones';
import { buildVenueApp } from '../../apps/venue/src/app';
import { migrateVenue } from '../../apps/venue/src/db/migrate';
import { loadVenueConfig } from '../../apps/venue/src/infra/config';
import { VenueError } from '../../apps/venue/src/infra/venue-error';
import { openRoundBatch } from '../../apps/venue/src/modules/bets/bet.service';
import { zoneTotals } from '../../apps/venue/src/modules/games/table-round.repository';
import { dealHand } from '../../apps/venue/src/modules/games/table-shoe.model';
import {
  findShoe,
  findTableRound,
  latestTableRound,
  readTable,
} from '../../apps/venue/src/modules/games/table.repository';
import {
  merchantAccount,
  playerAccount,
} from '../../apps/venue/src/modules/ledger/venue-accounts.model';
import type { VenueLedger } from '../../apps/venue/src/modules/ledger/venue-ledger.service';
import {
  naivePlaceTableBet,
  naivePushes,
  naiveSettleTable,
  SealedError,
} from '../peers/naive-table';
import { scratchDatabase } from './scratch-db';

/**
 * bench:tables part B: BENCH_MEMBERS (300) members at BAC1 each sending BENCH_REQUESTS (4)
 * placements of three bets (庄 or 闲 100, 和 10, a pair 10) in the round's last 2 s, through the
 * venue's TableBetsService; then the naive peer the same on the same round for other members
 * (each bet its own transaction, the round row FOR UPDATE, a totals broadcast per bet). The
 * bench's clock is rewound to 2 s before the seal for each side. Then the round is sealed and
 * dealt by the venue's clock; the peer settles its bets one transaction each on the same hand
 * and the venue settles the rest (its settlement timed alone). Checks: no bet after the seal,
 * the table's zone totals equal the accepted and the settled bets, the venue ledger balances.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4);
const WINDOW_MS = 2_000;
const VENUE = 'HOUSE_ZR';
const TABLE = 'BAC1';

async function fund(ledger: VenueLedger, q: Queryable, merchant: string, playerId: string) {
  const k = { merchant, venueCode: VENUE, playerId };
  await ledger.post(q, {
    reference: `bench-fund:${merchant}:${playerId}`,
    kind: 'transfer_in',
    postings: [
      { account: merchantAccount(k), amount: -1_000_000_00n },
      { account: playerAccount(k), amount: 1_000_000_00n },
    ],
  });
}

/** The three bets of member `i`'s placement: 庄 or 闲 by parity, 和, and a pair. */
const betsOf = (i: number): { zone: TableZone; amount: string }[] => [
  { zone: i % 2 ? 'banker' : 'player', amount: '100.00' },
  { zone: 'tie', amount: '10.00' },
  { zone: i % 3 ? 'banker_pair' : 'player_pair', amount: '10.00' },
];
/** JSON with sorted keys: a hand read back from JSONB has its keys in another order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
const fen = (amount: string) => BigInt(amount.replace('.', ''));

export async function runTableRush(): Promise<{ ok: boolean; table: string; results: unknown }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('bench:tables part B needs BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  }
  const scratch = await scratchDatabase(adminUrl, 'nebula_bench_tables');
  const db = PostgresDb.open(scratch.url, 24);
  const clock = { offset: 0, fixed: null as number | null };
  const now = () => clock.fixed ?? Date.now() + clock.offset;
  const config = loadVenueConfig({
    NODE_ENV: 'test',
    VENUE_MERCHANTS: `NEBULA=${'b'.repeat(40)}`,
    VENUE_CODES: `${VENUE}::ZR`,
  });
  const venue = buildVenueApp({ config, db, now });
  try {
    await migrateVenue(db);
    await venue.init();
    await venue.games.clock.tick();
    const table = (await readTable(db, TABLE))!;
    const round = (await latestTableRound(db, TABLE))!;
    const ledger = venue.ledger;
    await db.tx(async (q) => {
      for (let i = 0; i < MEMBERS; i++) {
        await fund(ledger, q, 'NEBULA', `m${i}`);
        await fund(ledger, q, 'NAIVE', `m${i}`);
      }
    });
    const accepted = new Map<string, bigint>();
    const accept = (zone: string, amount: bigint) =>
      accepted.set(zone, (accepted.get(zone) ?? 0n) + amount);

    const window = async (run: (i: number) => Promise<number>) => {
      clock.fixed = null;
      clock.offset = round.sealAt - WINDOW_MS - Date.now();
      const t0 = performance.now();
      const placed = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => run(i)));
      const ms = performance.now() - t0;
      const bets = placed.reduce((a, b) => a + b, 0);
      const refused = MEMBERS * REQUESTS * 3 - bets;
      return { ms, bets, refused, rate: bets / (Math.min(ms, WINDOW_MS) / 1000) };
    };
    const ours = await window(async (i) => {
      let n = 0;
      for (let r = 0; r < REQUESTS; r++) {
        try {
          const res = await venue.games.tables.bets.place(
            { merchant: 'NEBULA', venueCode: VENUE, playerId: `m${i}` },
            TABLE,
            {
              requestKey: randomBytes(12).toString('hex'),
              roundNo: round.roundNo,
              bets: betsOf(i),
            },
          );
          for (const b of betsOf(i)) accept(b.zone, fen(b.amount));
          n += res.bets.length;
        } catch (err) {
          if (err instanceof VenueError && err.code === ErrorCode.VenueTableBetSealed) break;
          throw err;
        }
      }
      return n;
    });
    const peer = await window(async (i) => {
      let n = 0;
      for (let r = 0; r < REQUESTS; r++) {
        for (const b of betsOf(i)) {
          try {
            await naivePlaceTableBet(
              db,
              ledger,
              now,
              { merchant: 'NAIVE', venueCode: VENUE, playerId: `m${i}` },
              table,
              round.roundNo,
              b.zone,
              fen(b.amount),
            );
            accept(b.zone, fen(b.amount));
            n += 1;
          } catch (err) {
            if (err instanceof SealedError) return n;
            throw err;
          }
        }
      }
      return n;
    });

    // The venue's clock seals the round, then deals it; the peer settles its bets first.
    clock.fixed = round.sealAt;
    await venue.games.clock.tick();
    const shoeRow = (await findShoe(db, TABLE, round.shoeNo))!;
    const shoe = await venue.games.tables.shoes.of(db, shoeRow);
    const { hand } = dealHand(table.kind, shoe.shoe.cards, round.startPosition);
    const naiveOpen = (await openRoundBatch(db, TABLE, round.roundNo, 1_000_000)).filter(
      (b) => b.merchant === 'NAIVE',
    );
    let t0 = performance.now();
    const settledPeer = await naiveSettleTable(
      db,
      venue.games.tables.settlement,
      venue.games.settlement,
      table,
      hand,
      naiveOpen,
    );
    const peerMs = performance.now() - t0;
    const settlement = venue.games.tables.settlement;
    const settleRound = settlement.settleRound.bind(settlement);
    let oursMs = 0;
    let settledOurs = 0;
    settlement.settleRound = async (...args) => {
      t0 = performance.now();
      settledOurs = await settleRound(...args);
      oursMs = performance.now() - t0;
      return settledOurs;
    };
    clock.fixed = round.dealAt;
    await venue.games.clock.tick();
    const dealt = (await findTableRound(db, TABLE, round.roundNo))!;

    const late = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM venue_bets WHERE game_code = $1 AND round_no = $2
          AND placed_at >= to_timestamp($3::bigint / 1000.0)`,
      [TABLE, round.roundNo, round.sealAt],
    );
    const settled = await db.query<{ zone: string; stake: string; n: number; open: number }>(
      `SELECT split_part(l.selection_id, ':', 4) AS zone, sum(b.stake)::text AS stake,
              count(*) FILTER (WHERE b.status = 'settled')::int AS n,
              count(*) FILTER (WHERE b.status <> 'settled')::int AS open
         FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id AND l.leg = 1
        WHERE b.game_code = $1 AND b.round_no = $2 GROUP BY 1`,
      [TABLE, round.roundNo],
    );
    const totals = await zoneTotals(db, TABLE, round.roundNo);
    const ratioByMerchant = await db.query<{ m: string; zone: string; r: string }>(
      `SELECT b.merchant AS m, split_part(l.selection_id, ':', 4) AS zone,
              (sum(b.payout) * 1000 / sum(b.stake))::text AS r
         FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id AND l.leg = 1
        WHERE b.game_code = $1 AND b.round_no = $2 GROUP BY 1, 2`,
      [TABLE, round.roundNo],
    );
    const rec = await ledger.reconcile(db);
    const str = (m: Map<string, bigint>) =>
      JSON.stringify([...m].map(([z, a]) => [z, a.toString()]).sort());
    const settledMap = new Map(settled.rows.map((r) => [r.zone, BigInt(r.stake)]));
    const lastPush = naivePushes.at(-1) ?? '';
    const pushedTotals = new Map<string, bigint>(
      lastPush
        ? (JSON.parse(lastPush) as { totals: [string, string][] }).totals.map(([z, a]) => [
            z,
            BigInt(a),
          ])
        : [],
    );
    // Payout per unit staked on each zone both sides bet on: the same hand pays them alike.
    const returnsOf = (m: string) =>
      new Map(ratioByMerchant.rows.filter((r) => r.m === m).map((r) => [r.zone, r.r]));
    const [mine, theirs] = [returnsOf('NEBULA'), returnsOf('NAIVE')];
    const sameReturns =
      theirs.size > 0 && [...theirs].every(([z, r]) => !mine.has(z) || mine.get(z) === r);
    const checks = {
      lateBets: late.rows[0]!.n,
      openAfterSettlement: settled.rows.reduce((a, r) => a + r.open, 0),
      totalsEqualAccepted: str(totals) === str(accepted),
      totalsEqualSettled: str(totals) === str(settledMap),
      lastPushEqualsTotals: str(pushedTotals) === str(totals),
      sameHand: canonical(dealt.hand) === canonical(hand),
      sameReturnsPerZone: sameReturns,
      unbalanced: rec.unbalanced,
      drift: rec.drift,
    };
    const ok =
      checks.lateBets === 0 &&
      checks.openAfterSettlement === 0 &&
      checks.totalsEqualAccepted &&
      checks.totalsEqualSettled &&
      checks.lastPushEqualsTotals &&
      checks.sameHand &&
      checks.sameReturnsPerZone &&
      rec.unbalanced === 0 &&
      rec.drift === 0 &&
      settledOurs === ours.bets &&
      settledPeer === peer.bets;
    const ratio = ours.rate / peer.rate;
    const table_ = [
      '| scenario | ours | naive | ratio | goal |',
      '|---|---|---|---|---|',
      `| the seal: ${MEMBERS} members × ${REQUESTS} placements of 3 bets at ${TABLE} in the last 2 s | ${ours.bets} placed, ${ours.refused} not placed (已封盘) in ${(ours.ms / 1000).toFixed(2)} s, ${ours.rate.toFixed(0)} bets/s | ${peer.bets} placed, ${peer.refused} not placed (已封盘) in ${(peer.ms / 1000).toFixed(2)} s, ${peer.rate.toFixed(0)} bets/s | ${ratio.toFixed(2)}× | ≥ 3× |`,
      `| the round's settlement | ${settledOurs} bets in ${oursMs.toFixed(0)} ms (${(settledOurs / (oursMs / 1000)).toFixed(0)} bets/s) | ${settledPeer} bets in ${peerMs.toFixed(0)} ms (${(settledPeer / (peerMs / 1000)).toFixed(0)} bets/s) | ${(settledOurs / oursMs / (settledPeer / peerMs)).toFixed(2)}× | — |`,
      '',
      `Bets placed after the seal: ${checks.lateBets}; open after settlement: ${checks.openAfterSettlement}. Table zone totals equal the accepted bets: ${checks.totalsEqualAccepted}, the settled bets: ${checks.totalsEqualSettled}, the peer's last pushed totals: ${checks.lastPushEqualsTotals}. Hand dealt by the venue's clock = the hand the peer settled on: ${checks.sameHand}; same payout per zone on both sides: ${checks.sameReturnsPerZone}. Venue ledger afterwards: ${rec.unbalanced} unbalanced entries, drift ${rec.drift}. Rates: bets placed over the time the side took, at most the 2 s window.`,
    ].join('\n');
    return {
      ok,
      table: table_,
      results: {
        members: MEMBERS,
        requests: REQUESTS,
        ours,
        peer,
        oursMs,
        peerMs,
        settledOurs,
        settledPeer,
        checks,
        pushes: naivePushes.length,
      },
    };
  } finally {
    await venue.app.close();
    await db.close();
    await scratch.drop();
  }
}
