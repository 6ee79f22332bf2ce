/**
 * bench:slots — the house slots' paid spin on PostgreSQL (docs/contract.md §10.13) beside a
 * naive peer in the same run on the same database: 64 members each spinning as fast as the
 * venue answers (the 2.5 s cycle lifted by the test/bench-only VENUE_TEST_SLOT_CYCLE=off),
 * ours (`SlotSpinsService.spin`: one prepared statement a spin, no transaction around it —
 * seed lock and pair check, stake and return, the spin, its settled bet, nonce and cycle) against
 * one transaction per spin that locks the member's wallet row FOR UPDATE and writes the round,
 * the postings and the bet in separate statements. Goal ≥ 3×, zero drift: every wallet equals its funding less its spins' bets plus
 * their wins, and the venue ledger reconciles.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. BENCH_CLIENTS, BENCH_SECONDS, BENCH_ROUNDS tune it.
 * With `--math` it checks the slots' mathematics instead (no database: bench/slots-math.bench.ts).
 */
import { randomBytes } from 'node:crypto';
import { PostgresDb, type Db, type Queryable } from '@nebula/db';
import { createStream } from '@nebula/protocol/fair/byte-stream';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { FXGZ_PAR_SHEET, parSheetHash, spin } from '@nebula/protocol/venue/games/slots/index';
import { buildVenueApp } from '../apps/venue/src/app';
import { migrateVenue } from '../apps/venue/src/db/migrate';
import { loadVenueConfig } from '../apps/venue/src/infra/config';
import {
  bookAccount,
  merchantAccount,
  playerAccount,
} from '../apps/venue/src/modules/ledger/venue-accounts.model';
import { drive, medianRun, type Run } from './lib/load';
import * as naiveLedger from './lib/naive-venue-ledger';
import { writeReport } from './lib/report';
import { slotsMath } from './slots-math.bench';
import { scratchDatabase } from './lib/scratch-db';
import { insertBet, insertLegs } from './lib/venue-bet-rows';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VENUE = 'HOUSE_DZ';
const FUND = 1_000_000_00n;
const LINE_BET = 10n;
const HASH = parSheetHash(FXGZ_PAR_SHEET);

/** The naive spin: the wallet row locked first, then each row written by its own statement. */
function naiveSpin(db: Db) {
  const lines = BigInt(FXGZ_PAR_SHEET.lines.length);
  const bet = LINE_BET * lines;
  return (playerId: string) =>
    db.tx(async (q: Queryable) => {
      const k = { merchant: 'NAIVE', venueCode: VENUE, playerId };
      const w = await q.query<{ balance: bigint }>(
        `SELECT balance FROM venue_wallets WHERE merchant = 'NAIVE' AND venue_code = $1 AND player_id = $2 FOR UPDATE`,
        [VENUE, playerId],
      );
      if ((w.rows[0]?.balance ?? 0n) < bet) throw new Error('balance');
      const pr = await q.query<{
        id: string;
        server_seed: string;
        client_seed: string;
        nonce: number;
      }>(
        `SELECT id::text, server_seed, client_seed, nonce FROM venue_seed_pairs
          WHERE merchant = 'NAIVE' AND venue_code = $1 AND player_id = $2 AND rotated_at IS NULL`,
        [VENUE, playerId],
      );
      const pair = pr.rows[0]!;
      const o = spin(
        FXGZ_PAR_SHEET,
        createStream(hexToBytes(pair.server_seed), `${pair.client_seed}:${pair.nonce}`),
      );
      const win = BigInt(o.units) * LINE_BET;
      const now = Date.now();
      const id = `N${randomBytes(8).toString('hex')}`;
      await q.query(
        `UPDATE venue_wallets SET balance = balance - $3 + $4 WHERE merchant = 'NAIVE' AND venue_code = $1 AND player_id = $2`,
        [VENUE, playerId, bet, win],
      );
      await naiveLedger.writeEntry(q, {
        reference: `bet:${id}`,
        kind: 'bet_stake',
        postings: [
          { account: playerAccount(k), amount: -bet },
          { account: bookAccount(k), amount: bet },
        ],
        now,
      });
      if (win > 0n) {
        await naiveLedger.writeEntry(q, {
          reference: `settle:${id}:2`,
          kind: 'bet_payout',
          postings: [
            { account: bookAccount(k), amount: -win },
            { account: playerAccount(k), amount: win },
          ],
          now,
        });
      }
      const screens = JSON.stringify({ base: o.base, free: o.free });
      const spinId = await q.query<{ id: string }>(
        `INSERT INTO venue_slot_spins (merchant, venue_code, player_id, request_key, request_hash,
           game_code, par_sheet_version, par_sheet_hash, pair_id, nonce, client_seed, line_bet,
           line_count, bet, total_win, capped, screens, balance_after, bet_id, created_at)
         VALUES ('NAIVE', $1, $2, $3, $3, 'FXGZ', 1, $4, $5, $6, $7, $8, $9, $10, $11, false, $12,
           0, $3, $13) RETURNING id::text`,
        [
          VENUE,
          playerId,
          id,
          HASH,
          pair.id,
          pair.nonce,
          pair.client_seed,
          LINE_BET,
          lines,
          bet,
          win,
          screens,
          new Date(now),
        ],
      );
      await insertBet(q, {
        id,
        merchant: 'NAIVE',
        venueCode: VENUE,
        playerId,
        requestKey: id,
        requestHash: id,
        stake: bet,
        oddsPolicy: 'none',
        status: 'open',
        acceptAfter: null,
        placedAt: now,
      });
      const round = spinId.rows[0]!.id;
      await insertLegs(q, id, [
        {
          leg: 1,
          eventId: `g:FXGZ:${round}`,
          selectionId: `g:FXGZ:${round}:spin:`,
          marketId: `g:FXGZ:${round}:spin`,
          period: 'round',
          oddsMilli: Number((win * 1000n) / bet),
          eventName: `福星高照 第${round}局`,
          marketLabel: '旋转',
          outcomeLabel: '20线 × 0.10',
          liability: 0n,
          result: null,
        },
      ]);
      const result = win > bet ? 'won' : win === bet ? 'push' : 'lost';
      await q.query(
        `UPDATE venue_bets SET status = 'settled', result = $2, payout = $3, valid_stake = $4,
           settled_at = $5, version = 2, game_code = 'FXGZ', round_no = $6 WHERE id = $1`,
        [id, result, win, result === 'push' ? 0n : bet, new Date(now), round],
      );
      await q.query(`UPDATE venue_bet_legs SET result = $2 WHERE bet_id = $1`, [id, result]);
      for (const [version, kind] of [
        [1, 'accepted'],
        [2, 'settled'],
      ] as const) {
        await q.query(
          `INSERT INTO venue_bet_versions (bet_id, version, merchant, venue_code, body)
           VALUES ($1, $2, 'NAIVE', $3, $4)`,
          [id, version, VENUE, JSON.stringify({ betId: id, version, kind })],
        );
      }
      await q.query(`UPDATE venue_seed_pairs SET nonce = nonce + 1 WHERE id = $1`, [pair.id]);
    });
}

/** Wallets that differ from their funding less their spins' bets plus their wins. */
async function drifted(db: Db, merchant: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_wallets w
      WHERE w.merchant = $1 AND w.balance <> $2::bigint + COALESCE((SELECT sum(s.total_win - s.bet)
        FROM venue_slot_spins s WHERE s.merchant = w.merchant AND s.venue_code = w.venue_code
          AND s.player_id = w.player_id), 0)`,
    [merchant, FUND],
  );
  return r.rows[0]!.n;
}

async function main() {
  if (!adminUrl) {
    process.stderr.write('bench:slots needs BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
    process.exit(1);
  }
  const scratch = await scratchDatabase(adminUrl, 'nebula_bench_slots');
  const db = PostgresDb.open(scratch.url, CLIENTS + 4);
  const config = loadVenueConfig({
    NODE_ENV: 'test',
    VENUE_MERCHANTS: `NEBULA=${'b'.repeat(40)}`,
    VENUE_CODES: `${VENUE}::DZ`,
    VENUE_LEADER: 'off',
    // Spinning as fast as the venue answers: the bench-only switch lifts the 2.5 s cycle.
    VENUE_TEST_SLOT_CYCLE: 'off',
  });
  const venue = buildVenueApp({ config, db });
  try {
    await migrateVenue(db);
    await venue.init();
    const players = Array.from({ length: CLIENTS }, (_, c) => `p${c}`);
    for (const merchant of ['NEBULA', 'NAIVE']) {
      await db.tx(async (q) => {
        for (const playerId of players) {
          const k = { merchant, venueCode: VENUE, playerId };
          await venue.ledger.post(q, {
            reference: `bench-fund:${merchant}:${playerId}`,
            kind: 'transfer_in',
            postings: [
              { account: merchantAccount(k), amount: -FUND },
              { account: playerAccount(k), amount: FUND },
            ],
          });
        }
      });
      // Each player's seed pair, made as the venue makes them.
      for (const playerId of players) {
        await venue.slots.seeds.view({ merchant, venueCode: VENUE, playerId });
      }
    }
    const ours = (c: number) =>
      venue.slots.spins
        .spin(
          { merchant: 'NEBULA', venueCode: VENUE, playerId: `p${c}` },
          { requestKey: randomBytes(12).toString('hex'), gameCode: 'FXGZ', lineBet: '0.10' },
        )
        .then(() => undefined);
    const naive = naiveSpin(db);
    const o: Run[] = [];
    const p: Run[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      o.push(await drive(CLIENTS, SECONDS, ours));
      p.push(await drive(CLIENTS, SECONDS, (c) => naive(`p${c}`)));
    }
    const spins = { ours: medianRun(o), peer: medianRun(p) };
    const rec = await venue.ledger.reconcile(db);
    const drift = { ours: await drifted(db, 'NEBULA'), peer: await drifted(db, 'NAIVE') };
    const ratio = spins.ours.rate / spins.peer.rate;
    const table = [
      '| scenario | ours | ours p99 ms | naive | naive p99 ms | ratio | goal | errors (ours/naive) |',
      '|---|---|---|---|---|---|---|---|',
      `| paid spins, ${CLIENTS} members as fast as answered | ${spins.ours.rate.toFixed(0)} spins/s | ${spins.ours.p99.toFixed(1)} | ${spins.peer.rate.toFixed(0)} spins/s | ${spins.peer.p99.toFixed(1)} | ${ratio.toFixed(2)}× | ≥ 3× | ${spins.ours.errors}/${spins.peer.errors} |`,
      '',
      `Afterwards: ${rec.unbalanced} unbalanced entries, ledger drift ${rec.drift}; wallets off their spins: ours ${drift.ours}, naive ${drift.peer}.`,
    ].join('\n');
    process.stdout.write(
      `\n${table}\n\n(${CLIENTS} clients, ${ROUNDS} rounds × ${SECONDS} s, medians; PostgreSQL)\n`,
    );
    await writeReport(
      'slots',
      { clients: CLIENTS, rounds: ROUNDS, seconds: SECONDS, spins, rec, drift },
      table,
    );
    if (rec.unbalanced !== 0 || rec.drift !== 0 || drift.ours !== 0 || drift.peer !== 0) {
      process.exitCode = 1;
    }
  } finally {
    await venue.app.close();
    await db.close();
    await scratch.drop();
  }
}

// `--math`: the calculator against enumeration and simulation instead (bench/slots-math.bench.ts).
(process.argv.includes('--math') ? slotsMath() : main()).catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
