import { ts, type Queryable } from '@nebula/db';

/**
 * Counts one failure under `key` atomically: a window older than `windowStart` restarts at 1.
 * Returns the count and any lock.
 */
export async function bumpThrottle(
  q: Queryable,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ failures: number; lockedUntil: number | null }> {
  const r = await q.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO login_throttle (key, failures, window_start, locked_until) VALUES ($1, 1, $2, NULL)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_start < $3 THEN 1 ELSE login_throttle.failures + 1 END,
       window_start = CASE WHEN login_throttle.window_start < $3 THEN EXCLUDED.window_start ELSE login_throttle.window_start END,
       locked_until = CASE WHEN login_throttle.locked_until < EXCLUDED.window_start THEN NULL ELSE login_throttle.locked_until END
     RETURNING failures, locked_until`,
    [key, ts(now), ts(now - windowMs)],
  );
  const row = r.rows[0]!;
  return { failures: row.failures, lockedUntil: row.locked_until?.getTime() ?? null };
}

export async function lockThrottle(q: Queryable, key: string, until: number): Promise<void> {
  await q.query('UPDATE login_throttle SET locked_until = $2 WHERE key = $1', [key, ts(until)]);
}

export async function readThrottle(
  q: Queryable,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ failures: number; lockedUntil: number | null }> {
  const r = await q.query<{ failures: number; window_start: Date; locked_until: Date | null }>(
    'SELECT failures, window_start, locked_until FROM login_throttle WHERE key = $1',
    [key],
  );
  const row = r.rows[0];
  if (!row) return { failures: 0, lockedUntil: null };
  const lockedUntil =
    row.locked_until && row.locked_until.getTime() > now ? row.locked_until.getTime() : null;
  const failures = row.window_start.getTime() >= now - windowMs ? row.failures : 0;
  return { failures, lockedUntil };
}

export async function clearThrottle(q: Queryable, keys: string[]): Promise<void> {
  await q.query('DELETE FROM login_throttle WHERE key = ANY($1)', [keys]);
}
