import type { Queryable } from '@nebula/db';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';

/** Records an operator act, in the transaction that made it. */
export async function audit(
  q: Queryable,
  e: { operator: string; action: string; target: string; detail: object; at: number },
): Promise<void> {
  await q.query(
    `INSERT INTO venue_operator_audit (operator, action, target, detail, at)
     VALUES ($1, $2, $3, $4, $5)`,
    [e.operator, e.action, e.target, JSON.stringify(e.detail), new Date(e.at)],
  );
}

export async function readAudit(q: Queryable, limit: number) {
  const r = await q.query<{
    operator: string;
    action: string;
    target: string;
    detail: Record<string, unknown> | string;
    at: Date;
  }>(
    'SELECT operator, action, target, detail, at FROM venue_operator_audit ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return r.rows.map((x) => ({
    operator: x.operator,
    action: x.action,
    target: x.target,
    detail:
      typeof x.detail === 'string' ? (JSON.parse(x.detail) as Record<string, unknown>) : x.detail,
    at: x.at.getTime(),
  }));
}

/**
 * What the venue stands to lose on each selection of an event, per venue code: real money
 * only, the demo merchant's play money apart (docs/contract.md §6), as in the daily report.
 */
export async function eventLiability(q: Queryable, eventId: string) {
  const r = await q.query<{ selection_id: string; venue_code: string; amount: bigint }>(
    `SELECT selection_id, venue_code, sum(amount)::bigint AS amount FROM venue_liability
      WHERE starts_with(selection_id, $1 || ':') AND amount > 0 AND merchant <> $2
      GROUP BY selection_id, venue_code ORDER BY amount DESC`,
    [eventId, DEMO_MERCHANT],
  );
  return r.rows.map((x) => ({
    selectionId: x.selection_id,
    venueCode: x.venue_code,
    amount: BigInt(x.amount),
  }));
}

/**
 * Bets settled (or voided) in [from, to), per sport — parlays on their own row — with stakes
 * and payouts: the daily report's GGR.
 */
export async function settledTotals(q: Queryable, from: number, to: number) {
  const r = await q.query<{ sport: string; bets: number; stakes: bigint; payouts: bigint }>(
    `SELECT CASE WHEN legs.n > 1 THEN 'parlay' ELSE legs.sport END AS sport,
            count(*)::int AS bets, sum(b.stake)::bigint AS stakes,
            sum(COALESCE(b.payout, 0))::bigint AS payouts
       FROM venue_bets b
       JOIN LATERAL (SELECT count(*) AS n, min(e.sport) AS sport
                       FROM venue_bet_legs l JOIN venue_events e ON e.id = l.event_id
                      WHERE l.bet_id = b.id) legs ON true
      WHERE b.status IN ('settled', 'voided') AND b.settled_at >= $1 AND b.settled_at < $2
        AND b.merchant <> $3
      GROUP BY 1 ORDER BY 1`,
    [new Date(from), new Date(to), DEMO_MERCHANT],
  );
  return r.rows.map((x) => ({
    sport: x.sport,
    bets: x.bets,
    stakes: BigInt(x.stakes),
    payouts: BigInt(x.payouts),
  }));
}
