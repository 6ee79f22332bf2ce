import type { Queryable } from '@nebula/db';
import type { PlayerRef } from '../sessions/player-ref.types';

/**
 * The SQL of the per-player seed pairs (docs/contract.md §10.5): the player's lock row
 * (`venue_fair_players`) and every pair it has had (`venue_seed_pairs`).
 */

export interface SeedPairRow {
  id: string;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nonce: number;
  createdAt: number;
  rotatedAt: number | null;
}

export interface LockedPlayer {
  pair: SeedPairRow;
  lastRoundAt: number | null;
}

type RawPair = {
  id: string | bigint;
  server_seed: string;
  commitment: string;
  client_seed: string;
  nonce: number;
  created_at: Date;
  rotated_at: Date | null;
};

const toPair = (r: RawPair): SeedPairRow => ({
  id: String(r.id),
  serverSeed: r.server_seed,
  commitment: r.commitment,
  clientSeed: r.client_seed,
  nonce: Number(r.nonce),
  createdAt: new Date(r.created_at).getTime(),
  rotatedAt: r.rotated_at ? new Date(r.rotated_at).getTime() : null,
});

const PAIR_COLUMNS = `p.id, p.server_seed, p.commitment, p.client_seed, p.nonce, p.created_at,
  p.rotated_at`;

export interface NewPair {
  serverSeed: string;
  commitment: string;
  clientSeed: string;
}

async function insertPair(q: Queryable, p: PlayerRef, pair: NewPair, at: number) {
  const r = await q.query<{ id: string | bigint }>(
    `INSERT INTO venue_seed_pairs (merchant, venue_code, player_id, server_seed, commitment,
       client_seed, nonce, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7) RETURNING id`,
    [
      p.merchant,
      p.venueCode,
      p.playerId,
      pair.serverSeed,
      pair.commitment,
      pair.clientSeed,
      new Date(at),
    ],
  );
  return String(r.rows[0]!.id);
}

/**
 * Gives the player a first pair unless it has one (the caller's transaction). A concurrent
 * first use loses the race quietly: its pair is removed and the winner's stays.
 */
export async function ensureFairPlayer(
  q: Queryable,
  p: PlayerRef,
  pair: NewPair,
  at: number,
): Promise<void> {
  const known = await q.query(
    `SELECT 1 FROM venue_fair_players WHERE merchant = $1 AND venue_code = $2 AND player_id = $3`,
    [p.merchant, p.venueCode, p.playerId],
  );
  if (known.rows.length > 0) return;
  const id = await insertPair(q, p, pair, at);
  const r = await q.query(
    `INSERT INTO venue_fair_players (merchant, venue_code, player_id, pair_id)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING pair_id`,
    [p.merchant, p.venueCode, p.playerId, id],
  );
  if (r.rows.length === 0) await q.query(`DELETE FROM venue_seed_pairs WHERE id = $1`, [id]);
}

/**
 * The player's current pair; with `lock`, its lock row held to the transaction's end —
 * `nowait` refuses at once (PostgreSQL 55P03) when another round of the player holds it.
 */
export async function readCurrentPair(
  q: Queryable,
  p: PlayerRef,
  lock: 'none' | 'wait' | 'nowait',
): Promise<LockedPlayer | null> {
  const suffix =
    lock === 'none' ? '' : lock === 'wait' ? 'FOR UPDATE OF f' : 'FOR UPDATE OF f NOWAIT';
  const r = await q.query<RawPair & { last_round_at: Date | null }>(
    `SELECT ${PAIR_COLUMNS}, f.last_round_at
       FROM venue_fair_players f JOIN venue_seed_pairs p ON p.id = f.pair_id
      WHERE f.merchant = $1 AND f.venue_code = $2 AND f.player_id = $3 ${suffix}`,
    [p.merchant, p.venueCode, p.playerId],
    // Every round's first statement: prepared once per connection.
    `fair-current-pair-${lock}`,
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    pair: toPair(row),
    lastRoundAt: row.last_round_at ? new Date(row.last_round_at).getTime() : null,
  };
}

/** Pairs already rotated, newest first. */
export async function listRevealedPairs(
  q: Queryable,
  p: PlayerRef,
  limit: number,
): Promise<SeedPairRow[]> {
  const r = await q.query<RawPair>(
    `SELECT ${PAIR_COLUMNS} FROM venue_seed_pairs p
      WHERE p.merchant = $1 AND p.venue_code = $2 AND p.player_id = $3
        AND p.rotated_at IS NOT NULL
      ORDER BY p.id DESC LIMIT $4`,
    [p.merchant, p.venueCode, p.playerId, limit],
  );
  return r.rows.map(toPair);
}

export async function readPairs(q: Queryable, ids: readonly string[]): Promise<SeedPairRow[]> {
  if (ids.length === 0) return [];
  const r = await q.query<RawPair>(
    `SELECT ${PAIR_COLUMNS} FROM venue_seed_pairs p WHERE p.id = ANY($1::bigint[])`,
    [ids],
  );
  return r.rows.map(toPair);
}

export async function updateClientSeed(q: Queryable, pairId: string, clientSeed: string) {
  await q.query(`UPDATE venue_seed_pairs SET client_seed = $2 WHERE id = $1`, [pairId, clientSeed]);
}

/** Retires the current pair (its seed now shown) and makes `next` current, nonce 0. */
export async function rotatePair(
  q: Queryable,
  p: PlayerRef,
  oldPairId: string,
  next: NewPair,
  at: number,
): Promise<void> {
  await q.query(`UPDATE venue_seed_pairs SET rotated_at = $2 WHERE id = $1`, [
    oldPairId,
    new Date(at),
  ]);
  const id = await insertPair(q, p, next, at);
  await q.query(
    `UPDATE venue_fair_players SET pair_id = $4
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3`,
    [p.merchant, p.venueCode, p.playerId, id],
  );
}

/** Placeholders (`$n` of the caller's statement) for a round placed among the caller's CTEs. */
export interface RoundParams {
  merchant: string;
  venueCode: string;
  playerId: string;
  /** The round's start (timestamptz): the cycle's new start. */
  at: string;
  /** The latest start the previous round may have had (timestamptz), NULL for no minimum cycle. */
  cycleFrom: string;
  /** The pair and nonce the caller drew the round from, and the client seed it used. */
  pairId: string;
  nonce: string;
  clientSeed: string;
}

/** True in the enclosing statement when the round may go ahead (see `roundCheckCtes`). */
export const ROUND_READY = 'EXISTS (SELECT 1 FROM round_ready)';

/**
 * A round begun inside one statement whose outcome was drawn beforehand (the caller knows
 * the pair it drew from): CTEs `round_lock` (the player's lock row, taken at once or 55P03,
 * with `pair_id` and `last_round_at`), `round_pair` (the current pair locked, as committed now —
 * `id`, `server_seed`, `commitment`, `client_seed`, `nonce`, `created_at`) and `round_ready`
 * (a row when that pair, nonce and client seed are the caller's and the cycle allows a round).
 * Locking reads see the latest commit, so a pair moved on since the caller read it is caught.
 */
export function roundCheckCtes(p: RoundParams): string {
  return `round_lock AS (
       SELECT pair_id, last_round_at FROM venue_fair_players
        WHERE merchant = ${p.merchant} AND venue_code = ${p.venueCode}
          AND player_id = ${p.playerId}
          FOR UPDATE NOWAIT
     ), round_pair AS (
       SELECT s.id, s.server_seed, s.commitment, s.client_seed, s.nonce, s.created_at
         FROM venue_seed_pairs s JOIN round_lock l ON s.id = l.pair_id FOR UPDATE OF s
     ), round_ready AS (
       SELECT 1 FROM round_lock l, round_pair s
        WHERE s.id = ${p.pairId}::bigint AND s.nonce = ${p.nonce}::int
          AND s.client_seed = ${p.clientSeed}::text
          AND (${p.cycleFrom}::timestamptz IS NULL OR l.last_round_at IS NULL
               OR l.last_round_at <= ${p.cycleFrom}::timestamptz)
     )`;
}

/**
 * The second half, after the caller's own writes: when `commit` (SQL of the enclosing
 * statement: the caller's writes went ahead) the cycle starts at `at` and the nonce moves on.
 */
export function roundWriteCtes(p: RoundParams, commit: string): string {
  return `round_cycle AS (
       UPDATE venue_fair_players SET last_round_at = ${p.at}
        WHERE merchant = ${p.merchant} AND venue_code = ${p.venueCode}
          AND player_id = ${p.playerId} AND ${commit}
     ), round_nonce AS (
       UPDATE venue_seed_pairs SET nonce = nonce + 1 WHERE id = ${p.pairId}::bigint AND ${commit}
     )`;
}
