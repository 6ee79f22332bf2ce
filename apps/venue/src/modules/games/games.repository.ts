import type { Queryable } from '@nebula/db';

/** SQL of the house games and their rounds (the chains' SQL is in chain.repository.ts). */
export interface GameRow {
  code: string;
  family: string;
  name: string;
  status: 'open' | 'closed';
  paytableVersion: number;
  roundSeconds: number;
  sealBeforeSeconds: number;
}

export type RoundStatus = 'open' | 'sealed' | 'drawn' | 'settled' | 'voided';
export type VoidCause = 'missed_seal' | 'operator';

export interface RoundRow {
  gameCode: string;
  roundNo: string;
  chainId: string;
  chainIndex: number;
  status: RoundStatus;
  opensAt: number;
  sealAt: number;
  drawAt: number;
  paytableHash: string;
  seed: string | null;
  outcome: number[] | null;
  voidCause: VoidCause | null;
  voidReason: string | null;
  sealedAt: number | null;
  drawnAt: number | null;
  settledAt: number | null;
  voidedAt: number | null;
}

type RawGame = {
  code: string;
  family: string;
  name: string;
  status: 'open' | 'closed';
  paytable_version: number;
  round_seconds: number;
  seal_before_seconds: number;
};

const toGame = (r: RawGame): GameRow => ({
  code: r.code,
  family: r.family,
  name: r.name,
  status: r.status,
  paytableVersion: Number(r.paytable_version),
  roundSeconds: Number(r.round_seconds),
  sealBeforeSeconds: Number(r.seal_before_seconds),
});

/** Adds a game on first start; an existing game keeps what operators made of it. */
export async function seedGame(q: Queryable, g: GameRow, now: number): Promise<void> {
  await q.query(
    `INSERT INTO venue_games (code, family, name, status, paytable_version, round_seconds,
       seal_before_seconds, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code) DO NOTHING`,
    [
      g.code,
      g.family,
      g.name,
      g.status,
      g.paytableVersion,
      g.roundSeconds,
      g.sealBeforeSeconds,
      new Date(now),
    ],
  );
}

export async function listGames(q: Queryable): Promise<GameRow[]> {
  const r = await q.query<RawGame>('SELECT * FROM venue_games ORDER BY code');
  return r.rows.map(toGame);
}

export async function findGame(q: Queryable, code: string, lock = false): Promise<GameRow | null> {
  const r = await q.query<RawGame>(
    `SELECT * FROM venue_games WHERE code = $1${lock ? ' FOR UPDATE' : ''}`,
    [code],
  );
  return r.rows[0] ? toGame(r.rows[0]) : null;
}

type RawRound = {
  game_code: string;
  round_no: string;
  chain_id: string;
  chain_index: number;
  status: RoundStatus;
  opens_at: Date;
  seal_at: Date;
  draw_at: Date;
  paytable_hash: string;
  seed: string | null;
  outcome: number[] | string | null;
  void_cause: VoidCause | null;
  void_reason: string | null;
  sealed_at: Date | null;
  drawn_at: Date | null;
  settled_at: Date | null;
  voided_at: Date | null;
};

const ms = (d: Date | null) => (d ? d.getTime() : null);
const toRound = (r: RawRound): RoundRow => ({
  gameCode: r.game_code,
  roundNo: r.round_no,
  chainId: r.chain_id,
  chainIndex: Number(r.chain_index),
  status: r.status,
  opensAt: r.opens_at.getTime(),
  sealAt: r.seal_at.getTime(),
  drawAt: r.draw_at.getTime(),
  paytableHash: r.paytable_hash,
  seed: r.seed,
  outcome: typeof r.outcome === 'string' ? (JSON.parse(r.outcome) as number[]) : r.outcome,
  voidCause: r.void_cause,
  voidReason: r.void_reason,
  sealedAt: ms(r.sealed_at),
  drawnAt: ms(r.drawn_at),
  settledAt: ms(r.settled_at),
  voidedAt: ms(r.voided_at),
});

export async function insertRound(
  q: Queryable,
  r: Pick<
    RoundRow,
    'gameCode' | 'roundNo' | 'chainId' | 'chainIndex' | 'opensAt' | 'sealAt' | 'drawAt'
  > & { paytableHash: string },
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO venue_game_rounds (game_code, round_no, chain_id, chain_index, status, opens_at,
       seal_at, draw_at, paytable_hash, created_at)
     VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, $8, $9)`,
    [
      r.gameCode,
      r.roundNo,
      r.chainId,
      r.chainIndex,
      new Date(r.opensAt),
      new Date(r.sealAt),
      new Date(r.drawAt),
      r.paytableHash,
      new Date(now),
    ],
  );
}

/**
 * A round by 期号; `lock` true takes its row for update (a state change), `'share'` for a
 * placement: placements do not wait on each other, but a seal or a void waits for those under
 * way and every later placement sees the new state.
 */
export async function findRound(
  q: Queryable,
  gameCode: string,
  roundNo: string,
  lock: boolean | 'share' = false,
): Promise<RoundRow | null> {
  const suffix = lock === 'share' ? ' FOR SHARE' : lock ? ' FOR UPDATE' : '';
  const r = await q.query<RawRound>(
    `SELECT * FROM venue_game_rounds WHERE game_code = $1 AND round_no = $2${suffix}`,
    [gameCode, roundNo],
  );
  return r.rows[0] ? toRound(r.rows[0]) : null;
}

/** Rounds the clock still has to move (open, sealed, drawn), oldest draw first. */
export async function unfinishedRounds(q: Queryable, gameCode: string): Promise<RoundRow[]> {
  const r = await q.query<RawRound>(
    `SELECT * FROM venue_game_rounds WHERE game_code = $1 AND status IN ('open', 'sealed', 'drawn')
     ORDER BY draw_at`,
    [gameCode],
  );
  return r.rows.map(toRound);
}

/** The newest rounds of a game (the current one first). */
export async function recentRounds(
  q: Queryable,
  gameCode: string,
  limit: number,
  finishedOnly: boolean,
): Promise<RoundRow[]> {
  const r = await q.query<RawRound>(
    `SELECT * FROM venue_game_rounds WHERE game_code = $1
     ${finishedOnly ? "AND status IN ('drawn', 'settled', 'voided')" : ''}
     ORDER BY draw_at DESC LIMIT $2`,
    [gameCode, limit],
  );
  return r.rows.map(toRound);
}

/** Revealed links of a chain, newest first. */
export async function revealedOfChain(
  q: Queryable,
  chainId: string,
  limit: number,
): Promise<{ chainIndex: number; roundNo: string; seed: string }[]> {
  const r = await q.query<{ chain_index: number; round_no: string; seed: string }>(
    `SELECT chain_index, round_no, seed FROM venue_game_rounds
     WHERE chain_id = $1 AND seed IS NOT NULL ORDER BY chain_index DESC LIMIT $2`,
    [chainId, limit],
  );
  return r.rows.map((x) => ({
    chainIndex: Number(x.chain_index),
    roundNo: x.round_no,
    seed: x.seed,
  }));
}

/** open → sealed; false when the round was not open any more. */
export async function markSealed(q: Queryable, r: RoundRow, now: number): Promise<boolean> {
  const u = await q.query(
    `UPDATE venue_game_rounds SET status = 'sealed', sealed_at = $3
     WHERE game_code = $1 AND round_no = $2 AND status = 'open'`,
    [r.gameCode, r.roundNo, new Date(now)],
  );
  return u.rowCount > 0;
}

/** sealed → drawn with the revealed seed and the outcome; false when it was not sealed. */
export async function markDrawn(
  q: Queryable,
  r: RoundRow,
  seed: string,
  outcome: number[],
  now: number,
): Promise<boolean> {
  const u = await q.query(
    `UPDATE venue_game_rounds SET status = 'drawn', seed = $3, outcome = $4, drawn_at = $5
     WHERE game_code = $1 AND round_no = $2 AND status = 'sealed'`,
    [r.gameCode, r.roundNo, seed, JSON.stringify(outcome), new Date(now)],
  );
  return u.rowCount > 0;
}

export async function markSettled(q: Queryable, r: RoundRow, now: number): Promise<boolean> {
  const u = await q.query(
    `UPDATE venue_game_rounds SET status = 'settled', settled_at = $3
     WHERE game_code = $1 AND round_no = $2 AND status = 'drawn'`,
    [r.gameCode, r.roundNo, new Date(now)],
  );
  return u.rowCount > 0;
}

/** open → voided, revealing the seed and the would-be outcome; never a sealed round. */
export async function markVoided(
  q: Queryable,
  r: RoundRow,
  v: { cause: VoidCause; reason: string | null; seed: string; outcome: number[] },
  now: number,
): Promise<boolean> {
  const u = await q.query(
    `UPDATE venue_game_rounds SET status = 'voided', void_cause = $3, void_reason = $4, seed = $5,
       outcome = $6, voided_at = $7
     WHERE game_code = $1 AND round_no = $2 AND status = 'open'`,
    [r.gameCode, r.roundNo, v.cause, v.reason, v.seed, JSON.stringify(v.outcome), new Date(now)],
  );
  return u.rowCount > 0;
}

export async function setGameStatus(
  q: Queryable,
  code: string,
  status: 'open' | 'closed',
): Promise<boolean> {
  const u = await q.query(
    'UPDATE venue_games SET status = $2::text WHERE code = $1 AND status <> $2::text',
    [code, status],
  );
  return u.rowCount > 0;
}
