import type { Queryable } from '@nebula/db';
import { toRow, whereOf, type BetFilter, type BetRow, type Raw } from './bet.repository';

/** Where a bets export's page ends: the last row's time (exact, as text), venue and bet id. */
export interface BetKey {
  placedAt: string;
  venueCode: string;
  betId: string;
}

export type KeyedBet = BetRow & { key: BetKey };

/** How many of the member's bets a CSV export holds (the list's filter). */
export async function countBets(q: Queryable, f: BetFilter): Promise<number> {
  const { cond, params } = whereOf(f);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_bets WHERE ${cond}`,
    params,
  );
  return r.rows[0]?.n ?? 0;
}

/**
 * A keyset page of the member's bets, newest first as the list shows them: the rows after
 * `k` in (placed_at, venue_code, bet_id) descending order. The time goes round as text so a
 * microsecond is never lost between pages; `null` starts at the newest.
 */
export async function betsBefore(
  q: Queryable,
  f: BetFilter,
  k: BetKey | null,
  limit: number,
): Promise<KeyedBet[]> {
  const { cond, params } = whereOf(f);
  const keyed = k
    ? ` AND (placed_at, venue_code, bet_id) < ($${params.push(k.placedAt)}::timestamptz, $${params.push(k.venueCode)}, $${params.push(k.betId)})`
    : '';
  const r = await q.query<Raw & { placed_key: string }>(
    `SELECT *, placed_at::text AS placed_key FROM venue_bets WHERE ${cond}${keyed}
      ORDER BY placed_at DESC, venue_code DESC, bet_id DESC LIMIT $${params.push(limit)}`,
    params,
  );
  return r.rows.map((x) => ({
    ...toRow(x),
    key: { placedAt: x.placed_key, venueCode: x.venue_code, betId: x.bet_id },
  }));
}
