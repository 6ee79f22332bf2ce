import { ts, type Queryable } from '@nebula/db';

export async function readFundFailures(
  q: Queryable,
  memberId: number,
): Promise<{ failures: number; windowStart: number; lockedUntil: number | null } | null> {
  const r = await q.query<{ failures: number; window_start: Date; locked_until: Date | null }>(
    'SELECT * FROM fund_password_failures WHERE member_id = $1',
    [memberId],
  );
  const row = r.rows[0];
  return row
    ? {
        failures: row.failures,
        windowStart: row.window_start.getTime(),
        lockedUntil: row.locked_until?.getTime() ?? null,
      }
    : null;
}
/**
 * Reserves one fund-password try before the slow verify, in one statement, so parallel tries
 * cannot all read the same count. `failures` counts tries failed or still being checked. A
 * window older than `staleBefore` or an expired lock starts over at 1. Nothing is reserved
 * while locked or once `max` tries are taken: the answer is false then.
 */
export async function reserveFundTry(
  q: Queryable,
  memberId: number,
  v: { now: number; staleBefore: number; max: number },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO fund_password_failures AS f (member_id, failures, window_start, locked_until) VALUES ($1, 1, $2, NULL)
     ON CONFLICT (member_id) DO UPDATE SET
       failures = CASE WHEN f.window_start <= $3 OR f.locked_until <= $2 THEN 1 ELSE f.failures + 1 END,
       window_start = CASE WHEN f.window_start <= $3 OR f.locked_until <= $2 THEN $2 ELSE f.window_start END,
       locked_until = NULL
     WHERE (f.locked_until IS NULL AND (f.failures < $4 OR f.window_start <= $3)) OR f.locked_until <= $2
     RETURNING failures`,
    [memberId, ts(v.now), ts(v.staleBefore), v.max],
  );
  return r.rowCount === 1;
}
/**
 * A reserved try failed: it stays counted, and once `max` tries are counted withdrawals lock
 * until `lockUntil`. Returns the count and lock (null when a correct try cleared them meanwhile).
 */
export async function failFundTry(
  q: Queryable,
  memberId: number,
  v: { now: number; max: number; lockUntil: number },
): Promise<{ failures: number; lockedUntil: number | null } | null> {
  const r = await q.query<{ failures: number; locked_until: Date | null }>(
    `UPDATE fund_password_failures SET locked_until =
       CASE WHEN failures >= $2 AND (locked_until IS NULL OR locked_until <= $3) THEN $4 ELSE locked_until END
     WHERE member_id = $1 RETURNING failures, locked_until`,
    [memberId, v.max, ts(v.now), ts(v.lockUntil)],
  );
  const row = r.rows[0];
  return row ? { failures: row.failures, lockedUntil: row.locked_until?.getTime() ?? null } : null;
}
export async function clearFundFailures(q: Queryable, memberId: number): Promise<void> {
  await q.query('DELETE FROM fund_password_failures WHERE member_id = $1', [memberId]);
}
