import type { Queryable } from '@nebula/db';
import type { PlayerRef } from '../sessions/player-ref.types';

/** The chase plans and the draws the clock took up (docs/contract.md §10.11, "Chases"). */
export interface ChaseRow extends PlayerRef {
  planId: string;
  requestKey: string;
  gameCode: string;
  draws: number;
  multiple: number;
  mode: 'same' | 'double';
  maxMultiple: number | null;
  stopOnWin: boolean;
  unitPrice: bigint;
  picks: { betType: string; pick: string }[];
  status: 'active' | 'finished' | 'won' | 'cancelled' | 'stopped';
  stopCode: number | null;
  createdAt: number;
}

export interface ChaseDrawRow {
  planId: string;
  index: number;
  roundNo: string;
  multiple: number;
  status: 'placed' | 'failed';
  total: bigint;
  errorCode: number | null;
}

interface RawChase {
  plan_id: string;
  merchant: string;
  venue_code: string;
  player_id: string;
  request_key: string;
  game_code: string;
  draws: number;
  multiple: number;
  mode: 'same' | 'double';
  max_multiple: number | null;
  stop_on_win: boolean;
  unit_price: string;
  picks: string;
  status: ChaseRow['status'];
  stop_code: number | null;
  created_at: Date;
}

const toChase = (r: RawChase): ChaseRow => ({
  planId: r.plan_id,
  merchant: r.merchant,
  venueCode: r.venue_code,
  playerId: r.player_id,
  requestKey: r.request_key,
  gameCode: r.game_code,
  draws: Number(r.draws),
  multiple: Number(r.multiple),
  mode: r.mode,
  maxMultiple: r.max_multiple === null ? null : Number(r.max_multiple),
  stopOnWin: r.stop_on_win,
  unitPrice: BigInt(r.unit_price),
  picks: JSON.parse(r.picks) as ChaseRow['picks'],
  status: r.status,
  stopCode: r.stop_code === null ? null : Number(r.stop_code),
  createdAt: new Date(r.created_at).getTime(),
});

/** Inserts a plan unless its key was used; answers the plan under the key either way. */
export async function insertChase(
  q: Queryable,
  c: Omit<ChaseRow, 'status' | 'stopCode' | 'createdAt'>,
  now: number,
): Promise<ChaseRow> {
  await q.query(
    `INSERT INTO venue_game_chases (plan_id, merchant, venue_code, player_id, request_key,
       game_code, draws, multiple, mode, max_multiple, stop_on_win, unit_price, picks, status,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'active', $14)
     ON CONFLICT (merchant, venue_code, player_id, request_key) DO NOTHING`,
    [
      c.planId,
      c.merchant,
      c.venueCode,
      c.playerId,
      c.requestKey,
      c.gameCode,
      c.draws,
      c.multiple,
      c.mode,
      c.maxMultiple,
      c.stopOnWin,
      c.unitPrice.toString(),
      JSON.stringify(c.picks),
      new Date(now),
    ],
  );
  const r = await q.query<RawChase>(
    `SELECT * FROM venue_game_chases
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND request_key = $4`,
    [c.merchant, c.venueCode, c.playerId, c.requestKey],
  );
  return toChase(r.rows[0]!);
}

export async function findChase(q: Queryable, planId: string): Promise<ChaseRow | null> {
  const r = await q.query<RawChase>('SELECT * FROM venue_game_chases WHERE plan_id = $1', [planId]);
  return r.rows[0] ? toChase(r.rows[0]) : null;
}

export async function playerChases(q: Queryable, p: PlayerRef, limit: number) {
  const r = await q.query<RawChase>(
    `SELECT * FROM venue_game_chases WHERE merchant = $1 AND venue_code = $2 AND player_id = $3
      ORDER BY created_at DESC, plan_id DESC LIMIT $4`,
    [p.merchant, p.venueCode, p.playerId, limit],
  );
  return r.rows.map(toChase);
}

/** The game's active plans created no later than `at` (a draw opened then is theirs). */
export async function activeChases(q: Queryable, gameCode: string, at: number) {
  const r = await q.query<RawChase>(
    `SELECT * FROM venue_game_chases
      WHERE game_code = $1 AND status = 'active' AND created_at <= $2 ORDER BY plan_id`,
    [gameCode, new Date(at)],
  );
  return r.rows.map(toChase);
}

/** Ends an active plan (written only from `active`); true when it did. */
export async function endChase(
  q: Queryable,
  planId: string,
  status: Exclude<ChaseRow['status'], 'active'>,
  stopCode: number | null,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE venue_game_chases SET status = $2, stop_code = $3
      WHERE plan_id = $1 AND status = 'active'`,
    [planId, status, stopCode],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Stops every active plan of a player (the platform ended the player's sessions). */
export async function stopPlayerChases(q: Queryable, p: PlayerRef, code: number) {
  await q.query(
    `UPDATE venue_game_chases SET status = 'stopped', stop_code = $4
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND status = 'active'`,
    [p.merchant, p.venueCode, p.playerId, code],
  );
}

interface RawDraw {
  plan_id: string;
  idx: number;
  round_no: string;
  multiple: number;
  status: 'placed' | 'failed';
  total: string;
  error_code: number | null;
}

export async function chaseDraws(q: Queryable, planIds: readonly string[]) {
  if (planIds.length === 0) return [];
  const r = await q.query<RawDraw>(
    'SELECT * FROM venue_game_chase_draws WHERE plan_id = ANY($1) ORDER BY plan_id, idx',
    [planIds],
  );
  return r.rows.map((d): ChaseDrawRow => ({
    planId: d.plan_id,
    index: Number(d.idx),
    roundNo: d.round_no,
    multiple: Number(d.multiple),
    status: d.status,
    total: BigInt(d.total),
    errorCode: d.error_code === null ? null : Number(d.error_code),
  }));
}

/** Records a draw taken up; a second record of the same draw changes nothing. */
export async function insertChaseDraw(q: Queryable, d: ChaseDrawRow, now: number) {
  await q.query(
    `INSERT INTO venue_game_chase_draws (plan_id, idx, round_no, multiple, status, total,
       error_code, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [
      d.planId,
      d.index,
      d.roundNo,
      d.multiple,
      d.status,
      d.total.toString(),
      d.errorCode,
      new Date(now),
    ],
  );
}

/** Whether any bet of the plan's draws won (its round settled): 中奖后停止. */
export async function chaseWon(q: Queryable, p: PlayerRef, planId: string): Promise<boolean> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_game_slips s
       JOIN venue_bets b ON b.slip_id = s.slip_id
      WHERE s.merchant = $1 AND s.venue_code = $2 AND s.player_id = $3
        AND s.request_key LIKE $4 AND b.status = 'settled' AND b.payout > b.stake`,
    [p.merchant, p.venueCode, p.playerId, `chase:${planId}:%`],
  );
  return Number(r.rows[0]!.n) > 0;
}
