import type { Queryable } from '@nebula/db';

export interface DemoPlayerKey {
  venueCode: string;
  playerId: string;
}

/** Claims the player's row; true the first time only (its wallet is funded once). */
export async function claimDemoPlayer(q: Queryable, k: DemoPlayerKey, now: number) {
  const r = await q.query(
    `INSERT INTO venue_demo_players (venue_code, player_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (venue_code, player_id) DO NOTHING RETURNING 1`,
    [k.venueCode, k.playerId, new Date(now)],
  );
  return r.rows.length === 1;
}

/**
 * Counts a reset under the row's lock (two resets of one player wait for each other, so each
 * moves the wallet from what the other left); null for a player never launched.
 */
export async function nextReset(q: Queryable, k: DemoPlayerKey): Promise<number | null> {
  const r = await q.query<{ resets: number }>(
    `UPDATE venue_demo_players SET resets = resets + 1
      WHERE venue_code = $1 AND player_id = $2 RETURNING resets`,
    [k.venueCode, k.playerId],
  );
  return r.rows[0]?.resets ?? null;
}
