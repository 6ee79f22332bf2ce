import type { Queryable } from '@nebula/db';

export interface AllowanceRow {
  lossLeft: bigint | null;
  wagerLeft: bigint | null;
  computedAt: number;
}

/** The latest push replaces the last; an older one (by computedAt) changes nothing. */
export async function writeAllowance(
  q: Queryable,
  key: { merchant: string; playerId: string },
  a: AllowanceRow,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO venue_player_allowances (merchant, player_id, loss_left, wager_left, computed_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (merchant, player_id) DO UPDATE
        SET loss_left = EXCLUDED.loss_left, wager_left = EXCLUDED.wager_left,
            computed_at = EXCLUDED.computed_at, updated_at = EXCLUDED.updated_at
      WHERE venue_player_allowances.computed_at <= EXCLUDED.computed_at`,
    [key.merchant, key.playerId, a.lossLeft, a.wagerLeft, new Date(a.computedAt), new Date(now)],
  );
  // Stakes before the platform's computation are in its figures already.
  await q.query(
    `DELETE FROM venue_allowance_stakes WHERE merchant = $1 AND player_id = $2
        AND placed_at < (SELECT computed_at FROM venue_player_allowances WHERE merchant = $1 AND player_id = $2)`,
    [key.merchant, key.playerId],
  );
}

/** The player's allowance under a row lock, and the stakes placed since it was computed. */
export async function readForStake(
  q: Queryable,
  key: { merchant: string; playerId: string },
): Promise<{ row: AllowanceRow; since: bigint } | null> {
  const r = await q.query<{
    loss_left: bigint | null;
    wager_left: bigint | null;
    computed_at: Date;
    since: string;
  }>(
    `SELECT a.loss_left, a.wager_left, a.computed_at,
            (SELECT COALESCE(sum(s.amount), 0) FROM venue_allowance_stakes s
              WHERE s.merchant = a.merchant AND s.player_id = a.player_id
                AND s.placed_at >= a.computed_at)::text AS since
       FROM venue_player_allowances a WHERE a.merchant = $1 AND a.player_id = $2 FOR UPDATE`,
    [key.merchant, key.playerId],
  );
  const x = r.rows[0];
  if (!x) return null;
  return {
    row: { lossLeft: x.loss_left, wagerLeft: x.wager_left, computedAt: x.computed_at.getTime() },
    since: BigInt(x.since),
  };
}

export async function insertStake(
  q: Queryable,
  key: { merchant: string; playerId: string },
  amount: bigint,
  at: number,
): Promise<void> {
  await q.query(
    'INSERT INTO venue_allowance_stakes (merchant, player_id, placed_at, amount) VALUES ($1, $2, $3, $4)',
    [key.merchant, key.playerId, new Date(at), amount],
  );
}

/**
 * SQL (for a statement that takes a stake in one go, the placeholders its own) that is true when
 * the player has an allowance: such a statement leaves the stake to `readForStake` and
 * `insertStake` in a transaction, whose reads see what committed before each of them.
 */
export function allowanceApplies(merchant: string, playerId: string): string {
  return `EXISTS (SELECT 1 FROM venue_player_allowances
                  WHERE merchant = ${merchant} AND player_id = ${playerId})`;
}
