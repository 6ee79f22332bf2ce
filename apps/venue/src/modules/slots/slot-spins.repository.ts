import type { Queryable } from '@nebula/db';
import type { PlayerRef } from '../sessions/player-ref.types';

/** The SQL of the house slots' spins (`venue_slot_spins`, docs/contract.md §10.13). */

export interface SpinRow {
  id: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  requestKey: string;
  requestHash: string;
  gameCode: string;
  parSheetVersion: number;
  parSheetHash: string;
  pairId: string;
  nonce: number;
  clientSeed: string;
  lineBet: bigint;
  lineCount: number;
  bet: bigint;
  totalWin: bigint;
  capped: boolean;
  /** JSON of the screens as the result shows them. */
  screens: string;
  balanceAfter: bigint;
  betId: string;
  createdAt: number;
}

type Raw = {
  id: string | bigint;
  merchant: string;
  venue_code: string;
  player_id: string;
  request_key: string;
  request_hash: string;
  game_code: string;
  par_sheet_version: number;
  par_sheet_hash: string;
  pair_id: string | bigint;
  nonce: number;
  client_seed: string;
  line_bet: string | bigint;
  line_count: number;
  bet: string | bigint;
  total_win: string | bigint;
  capped: boolean;
  screens: string;
  balance_after: string | bigint;
  bet_id: string;
  created_at: Date;
};

const toRow = (r: Raw): SpinRow => ({
  id: String(r.id),
  merchant: r.merchant,
  venueCode: r.venue_code,
  playerId: r.player_id,
  requestKey: r.request_key,
  requestHash: r.request_hash,
  gameCode: r.game_code,
  parSheetVersion: Number(r.par_sheet_version),
  parSheetHash: r.par_sheet_hash,
  pairId: String(r.pair_id),
  nonce: Number(r.nonce),
  clientSeed: r.client_seed,
  lineBet: BigInt(r.line_bet),
  lineCount: Number(r.line_count),
  bet: BigInt(r.bet),
  totalWin: BigInt(r.total_win),
  capped: r.capped,
  screens: r.screens,
  balanceAfter: BigInt(r.balance_after),
  betId: r.bet_id,
  createdAt: new Date(r.created_at).getTime(),
});

const COLUMNS = `id, merchant, venue_code, player_id, request_key, request_hash, game_code,
  par_sheet_version, par_sheet_hash, pair_id, nonce, client_seed, line_bet, line_count, bet,
  total_win, capped, screens, balance_after, bet_id, created_at`;

export async function findSpinByKey(
  q: Queryable,
  p: PlayerRef,
  requestKey: string,
): Promise<SpinRow | null> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM venue_slot_spins
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND request_key = $4`,
    [p.merchant, p.venueCode, p.playerId, requestKey],
    'slot-spin-by-key',
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** One of the player's spins (another player's is not found). */
export async function findSpin(q: Queryable, p: PlayerRef, id: string): Promise<SpinRow | null> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM venue_slot_spins
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND id = $4`,
    [p.merchant, p.venueCode, p.playerId, id],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** The player's spins, newest first. */
export async function listSpins(
  q: Queryable,
  p: PlayerRef,
  f: { gameCode: string | null; before: string | null; limit: number },
): Promise<SpinRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM venue_slot_spins
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3
        AND ($4::text IS NULL OR game_code = $4) AND ($5::bigint IS NULL OR id < $5)
      ORDER BY id DESC LIMIT $6`,
    [p.merchant, p.venueCode, p.playerId, f.gameCode, f.before, f.limit],
  );
  return r.rows.map(toRow);
}
