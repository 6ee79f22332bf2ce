import type { Queryable } from '@nebula/db';
import type { LegResult } from '@nebula/protocol/venue/markets';
import type { BetRow } from './bet.types';
import { SELECT_BETS, toBet, type BetSqlRow } from './bet.repository';

/**
 * Writes the results of one event's legs, per selection and period (set-based): new results
 * and corrected ones alike; legs an operator decided keep theirs.
 */
export async function setLegResults(
  q: Queryable,
  eventId: string,
  results: readonly { selectionId: string; result: LegResult }[],
): Promise<number> {
  if (results.length === 0) return 0;
  const r = await q.query(
    `UPDATE venue_bet_legs l SET result = u.r
       FROM unnest($2::text[], $3::text[]) AS u(s, r)
      WHERE l.event_id = $1 AND l.selection_id = u.s AND l.result IS DISTINCT FROM u.r
        AND NOT l.operator_set`,
    [eventId, results.map((x) => x.selectionId), results.map((x) => x.result)],
  );
  return r.rowCount;
}

/**
 * Open bets on an event that can be settled: every leg has a result, or one leg lost (a
 * parlay is lost as soon as one leg is).
 */
export async function settleableBets(
  q: Queryable,
  eventId: string,
  limit: number,
): Promise<BetRow[]> {
  const r = await q.query<BetSqlRow>(
    `${SELECT_BETS}
      WHERE b.status = 'open' AND b.id IN (SELECT bet_id FROM venue_bet_legs WHERE event_id = $1)
      GROUP BY b.id
     HAVING bool_and(l.result IS NOT NULL) OR bool_or(l.result = 'lost')
      LIMIT $2`,
    [eventId, limit],
  );
  return r.rows.map(toBet);
}

/** Settles bets still open at the version read; answers the ids this call settled. */
export async function markSettled(
  q: Queryable,
  rows: readonly { id: string; version: number; result: string; payout: bigint }[],
  at: number,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const r = await q.query<{ id: string }>(
    `UPDATE venue_bets b SET status = 'settled', result = u.r, payout = u.p, settled_at = $5,
        version = b.version + 1
       FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[]) AS u(id, v, r, p)
      WHERE b.id = u.id AND b.version = u.v AND b.status = 'open'
      RETURNING b.id`,
    [
      rows.map((x) => x.id),
      rows.map((x) => x.version),
      rows.map((x) => x.result),
      rows.map((x) => String(x.payout)),
      new Date(at),
    ],
  );
  return new Set(r.rows.map((x) => x.id));
}
