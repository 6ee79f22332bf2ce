import type { Queryable } from '@nebula/db';
import { allowanceRefused, allowanceTakeCtes } from './allowance.sql';

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
  // Stakes before the platform's computation are in its figures already; the ones since are
  // counted again on the row (under its lock, taken above: no take runs in between).
  await q.query(
    `DELETE FROM venue_allowance_stakes WHERE merchant = $1 AND player_id = $2
        AND placed_at < (SELECT computed_at FROM venue_player_allowances WHERE merchant = $1 AND player_id = $2)`,
    [key.merchant, key.playerId],
  );
  await q.query(
    `UPDATE venue_player_allowances a
        SET staked = (SELECT COALESCE(sum(s.amount), 0) FROM venue_allowance_stakes s
                       WHERE s.merchant = a.merchant AND s.player_id = a.player_id
                         AND s.placed_at >= a.computed_at)
      WHERE a.merchant = $1 AND a.player_id = $2`,
    [key.merchant, key.playerId],
  );
}

/**
 * Takes a stake from the player's allowance (allowance.sql.ts) in one statement: false when the
 * player has one and the stake does not fit (nothing changed), true otherwise.
 */
export async function takeStake(
  q: Queryable,
  key: { merchant: string; playerId: string },
  amount: bigint,
  at: number,
): Promise<boolean> {
  const r = await q.query<{ refused: boolean }>(
    `WITH ${allowanceTakeCtes({ guard: 'true', merchant: '$1', playerId: '$2', amount: '$3', placedAt: '$4' })}
     SELECT ${allowanceRefused('$1', '$2')} AS refused`,
    [key.merchant, key.playerId, amount, new Date(at)],
    'venue-allowance-take',
  );
  return !r.rows[0]!.refused;
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
