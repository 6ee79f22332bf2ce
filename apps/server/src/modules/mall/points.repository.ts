import { ts, type Queryable } from '@nebula/db';

export interface PointsRateRow {
  family: string;
  name: string;
  rateMilli: number;
}

export async function readRates(q: Queryable): Promise<PointsRateRow[]> {
  const r = await q.query<{ family: string; name: string; rate_milli: number }>(
    `SELECT p.family, f.name, p.rate_milli FROM points_rates p
       JOIN rebate_families f ON f.family = p.family ORDER BY p.family`,
  );
  return r.rows.map((x) => ({ family: x.family, name: x.name, rateMilli: x.rate_milli }));
}

/** Sets a family's rate; answers the rate before, or null for a family without one. */
export async function writeRate(
  q: Queryable,
  family: string,
  rateMilli: number,
): Promise<number | null> {
  const before = await q.query<{ rate_milli: number }>(
    'SELECT rate_milli FROM points_rates WHERE family = $1 FOR UPDATE',
    [family],
  );
  if (!before.rows[0]) return null;
  await q.query('UPDATE points_rates SET rate_milli = $2 WHERE family = $1', [family, rateMilli]);
  return before.rows[0].rate_milli;
}

export async function readExpireDays(q: Queryable): Promise<number> {
  const r = await q.query<{ expire_days: number }>(
    'SELECT expire_days FROM points_settings WHERE id = 1',
  );
  return r.rows[0]?.expire_days ?? 0;
}

/**
 * Members whose net valid turnover of the family in [from, to) is positive, with that net (in
 * fen), after `afterId` in id order: one page of the day's earning job.
 */
export async function netTurnoverPage(
  q: Queryable,
  f: { family: string; from: number; to: number; afterId: number; limit: number },
): Promise<{ memberId: number; net: bigint }[]> {
  const r = await q.query<{ member_id: number; net: string }>(
    `SELECT member_id, sum(CASE kind WHEN 'turnover' THEN amount ELSE -amount END)::text AS net
       FROM turnover_entries
      WHERE family = $1 AND kind IN ('turnover', 'reverse') AND at >= $2 AND at < $3
        AND member_id > $4
      GROUP BY member_id
     HAVING sum(CASE kind WHEN 'turnover' THEN amount ELSE -amount END) > 0
      ORDER BY member_id LIMIT $5`,
    [f.family, ts(f.from), ts(f.to), f.afterId, f.limit],
  );
  return r.rows.map((x) => ({ memberId: x.member_id, net: BigInt(x.net) }));
}

/**
 * Members holding points that may have to expire: their balance exceeds what they earned
 * since `since` (oldest points are spent first, so the excess is older than that).
 */
export async function expiringPage(
  q: Queryable,
  since: number,
  afterId: number,
  limit: number,
): Promise<{ memberId: number; excess: bigint }[]> {
  const r = await q.query<{ member_id: number; excess: string }>(
    `SELECT a.member_id, (a.balance - COALESCE((
         SELECT sum(p.amount) FROM ledger_postings p
           JOIN ledger_transactions t ON t.id = p.transaction_id
          WHERE p.account_id = a.id AND t.kind = 'pointsEarn' AND p.created_at >= $1), 0))::text AS excess
       FROM ledger_accounts a
      WHERE a.kind = 'points' AND a.member_id IS NOT NULL AND a.balance > 0 AND a.member_id > $2
      ORDER BY a.member_id LIMIT $3`,
    [ts(since), afterId, limit],
  );
  return r.rows.map((x) => ({ memberId: x.member_id, excess: BigInt(x.excess) }));
}

/** The member's points earned since `since` (read under the member's lock before expiring). */
export async function earnedSince(q: Queryable, memberId: number, since: number): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(p.amount), 0)::text AS total FROM ledger_postings p
       JOIN ledger_transactions t ON t.id = p.transaction_id
       JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.member_id = $1 AND a.kind = 'points' AND t.kind = 'pointsEarn' AND p.created_at >= $2`,
    [memberId, ts(since)],
  );
  return BigInt(r.rows[0]!.total);
}

export async function markRun(
  q: Queryable,
  job: string,
  period: string,
  members: number,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO points_job_runs (job, period, ran_at, members) VALUES ($1, $2, $3, $4)
     ON CONFLICT (job, period) DO NOTHING`,
    [job, period, ts(now), members],
  );
}

export async function hasRun(q: Queryable, job: string, period: string): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM points_job_runs WHERE job = $1 AND period = $2', [
    job,
    period,
  ]);
  return r.rows.length > 0;
}
