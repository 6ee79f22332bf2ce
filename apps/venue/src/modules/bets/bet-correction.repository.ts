import type { Queryable } from '@nebula/db';
import type { LegResult } from '@nebula/protocol/venue/markets';
import type { BetStatus } from './bet.types';

/**
 * SQL of corrections (contract §6): leg results that change after a bet was decided, the
 * flag that makes the bet be settled anew, and the compare-and-set rewrite of a decided bet.
 */

/** The selections of an event's legs whose results come from the event (not set by hand). */
export async function eventSelections(q: Queryable, eventId: string): Promise<string[]> {
  const r = await q.query<{ selection_id: string }>(
    `SELECT DISTINCT selection_id FROM venue_bet_legs
      WHERE event_id = $1 AND NOT operator_set`,
    [eventId],
  );
  return r.rows.map((x) => x.selection_id);
}

/**
 * Flags the settled bets whose decided legs are about to get another result (a corrected
 * score): run before the legs are written, in the same transaction.
 */
export async function flagCorrected(
  q: Queryable,
  eventId: string,
  results: readonly { selectionId: string; result: LegResult }[],
): Promise<number> {
  if (results.length === 0) return 0;
  const r = await q.query(
    `UPDATE venue_bets b SET needs_recheck = true
      WHERE b.status = 'settled' AND NOT b.needs_recheck AND b.id IN (
        SELECT l.bet_id FROM venue_bet_legs l
          JOIN unnest($2::text[], $3::text[]) AS u(s, r) ON l.selection_id = u.s
         WHERE l.event_id = $1 AND NOT l.operator_set
           AND l.result IS NOT NULL AND l.result <> u.r)`,
    [eventId, results.map((x) => x.selectionId), results.map((x) => x.result)],
  );
  return r.rowCount;
}

/** An operator decides legs by hand (void, or a result): the feed no longer changes them. */
export async function setOperatorLegs(
  q: Queryable,
  betId: string,
  legs: readonly { leg: number; result: LegResult }[],
): Promise<number> {
  const r = await q.query(
    `UPDATE venue_bet_legs l SET result = u.r, operator_set = true
       FROM unnest($2::int[], $3::text[]) AS u(n, r)
      WHERE l.bet_id = $1 AND l.leg = u.n`,
    [betId, legs.map((l) => l.leg), legs.map((l) => l.result)],
  );
  return r.rowCount;
}

/**
 * Voids every leg on a market (its id, or every line of `{event}:{period}:{kind}`) and flags
 * their bets; answers the bets touched.
 */
export async function voidMarketLegs(
  q: Queryable,
  eventId: string,
  marketKey: string,
): Promise<string[]> {
  const r = await q.query<{ bet_id: string }>(
    `UPDATE venue_bet_legs SET result = 'void', operator_set = true
      WHERE event_id = $1 AND (market_id = $2 OR starts_with(market_id, $2 || ':'))
      RETURNING bet_id`,
    [eventId, marketKey],
  );
  const ids = [...new Set(r.rows.map((x) => x.bet_id))];
  await q.query(
    `UPDATE venue_bets SET needs_recheck = true
      WHERE id = ANY($1::text[]) AND status IN ('pending', 'open', 'settled')`,
    [ids],
  );
  return ids;
}

export async function betsToRecheck(q: Queryable, limit: number): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    'SELECT id FROM venue_bets WHERE needs_recheck ORDER BY id LIMIT $1',
    [limit],
  );
  return r.rows.map((x) => x.id);
}

export async function clearRecheck(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE venue_bets SET needs_recheck = false WHERE id = $1', [id]);
}

/** Rewrites a bet's outcome if it is still at `version`; answers the new version or null. */
export async function rewriteBet(
  q: Queryable,
  b: {
    id: string;
    version: number;
    status: BetStatus;
    result: string | null;
    payout: bigint | null;
    settledAt: number | null;
  },
): Promise<number | null> {
  const r = await q.query<{ version: number }>(
    `UPDATE venue_bets SET status = $3, result = $4, payout = $5, settled_at = $6,
        needs_recheck = false, version = version + 1
      WHERE id = $1 AND version = $2 RETURNING version`,
    [
      b.id,
      b.version,
      b.status,
      b.result,
      b.payout,
      b.settledAt === null ? null : new Date(b.settledAt),
    ],
  );
  return r.rows[0]?.version ?? null;
}
