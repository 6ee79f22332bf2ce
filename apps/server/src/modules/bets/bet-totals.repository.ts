import { ts, type Queryable } from '@nebula/db';

/** Stakes and payouts of a member's bet copies per venue, for reality checks and statements. */
export interface VenueTotalsRow {
  venueCode: string;
  bets: number;
  stake: bigint;
  payout: bigint;
}

/**
 * Bets placed in [from, to) per venue: every stake, and the payouts of those settled (an open
 * bet has paid nothing yet).
 */
export async function placedTotals(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<VenueTotalsRow[]> {
  const r = await q.query<{ venue_code: string; bets: number; stake: string; payout: string }>(
    `SELECT venue_code, count(*)::int AS bets, COALESCE(sum(stake), 0)::text AS stake,
            COALESCE(sum(CASE WHEN status = 'open' THEN 0 ELSE COALESCE(payout, 0) END), 0)::text AS payout
       FROM venue_bets
      WHERE member_id = $1 AND placed_at >= $2 AND placed_at < $3
      GROUP BY venue_code ORDER BY venue_code`,
    [memberId, ts(from), ts(to)],
  );
  return r.rows.map((x) => ({
    venueCode: x.venue_code,
    bets: x.bets,
    stake: BigInt(x.stake),
    payout: BigInt(x.payout),
  }));
}

/** Bets settled in [from, to) per venue: their stakes and payouts (a statement's month). */
export async function settledTotals(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<VenueTotalsRow[]> {
  const r = await q.query<{ venue_code: string; bets: number; stake: string; payout: string }>(
    `SELECT venue_code, count(*)::int AS bets, COALESCE(sum(stake), 0)::text AS stake,
            COALESCE(sum(COALESCE(payout, 0)), 0)::text AS payout
       FROM venue_bets
      WHERE member_id = $1 AND status <> 'open' AND settled_at >= $2 AND settled_at < $3
      GROUP BY venue_code ORDER BY venue_code`,
    [memberId, ts(from), ts(to)],
  );
  return r.rows.map((x) => ({
    venueCode: x.venue_code,
    bets: x.bets,
    stake: BigInt(x.stake),
    payout: BigInt(x.payout),
  }));
}

/**
 * What the loss and wager limits count (contract §5) since `from`: the loss is the stakes less
 * the payouts of bets settled since then plus the stakes of every bet still open (the worst
 * case); the wager is the stakes of bets placed since then. A void bet counts for neither.
 */
export async function lossAndWager(
  q: Queryable,
  memberId: number,
  from: number,
): Promise<{ loss: bigint; wager: bigint }> {
  const r = await q.query<{ loss: string; wager: string }>(
    `SELECT COALESCE(sum(CASE
              WHEN status = 'open' THEN stake
              WHEN status <> 'void' AND settled_at >= $2 THEN stake - COALESCE(payout, 0)
              ELSE 0 END), 0)::text AS loss,
            COALESCE(sum(CASE WHEN status <> 'void' AND placed_at >= $2 THEN stake ELSE 0 END), 0)::text AS wager
       FROM venue_bets
      WHERE member_id = $1 AND (status = 'open' OR settled_at >= $2 OR placed_at >= $2)`,
    [memberId, ts(from)],
  );
  const row = r.rows[0];
  return { loss: BigInt(row?.loss ?? '0'), wager: BigInt(row?.wager ?? '0') };
}
