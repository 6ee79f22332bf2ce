import type { Queryable } from '@nebula/db';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';
import type { Slice } from './operator-lists.repository';

export interface DailyRowRecord {
  day: string;
  sport: string;
  bets: number;
  stakes: bigint;
  payouts: bigint;
  total: number;
}

/**
 * Sportsbook bets settled or voided in [from, to) per Shanghai day and sport (parlays their own
 * row; real money only; no house game bets), newest day first, after a `(day, sport)` key.
 */
export async function listDailyReports(
  q: Queryable,
  f: { from: Date; to: Date; sport: string | null },
  after: { day: string; sport: string } | null,
  s: Slice,
): Promise<DailyRowRecord[]> {
  const params: unknown[] = [f.from, f.to, DEMO_MERCHANT, f.sport];
  let keyset = '';
  if (after) {
    params.push(after.day, after.sport);
    keyset = 'AND (day, sport) < ($5::date, $6::text)';
  }
  params.push(s.limit, s.offset);
  const n = params.length;
  const r = await q.query<DailyRowRecord>(
    `WITH d AS (
       SELECT ((b.settled_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day,
              CASE WHEN legs.n > 1 THEN 'parlay' ELSE legs.sport END AS sport,
              count(*)::int AS bets, sum(b.stake)::bigint AS stakes,
              sum(COALESCE(b.payout, 0))::bigint AS payouts
         FROM venue_bets b
         JOIN LATERAL (SELECT count(*) AS n, min(e.sport) AS sport
                         FROM venue_bet_legs l JOIN venue_events e ON e.id = l.event_id
                        WHERE l.bet_id = b.id) legs ON true
        WHERE b.status IN ('settled', 'voided') AND b.settled_at >= $1 AND b.settled_at < $2
          AND b.merchant <> $3 AND b.game_code IS NULL
        GROUP BY 1, 2)
     SELECT to_char(day, 'YYYY-MM-DD') AS day, sport, bets, stakes, payouts,
            (SELECT count(*)::int FROM d WHERE $4::text IS NULL OR d.sport = $4) AS total
       FROM d WHERE ($4::text IS NULL OR sport = $4) ${keyset}
      ORDER BY day DESC, sport DESC LIMIT $${n - 1} OFFSET $${n}`,
    params,
  );
  return r.rows;
}
