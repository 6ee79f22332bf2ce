import { ts, type Queryable } from '@nebula/db';
import type { LimitKind, LimitPeriod } from '@nebula/protocol';

/**
 * A sign of play at `at`: extends the member's latest stretch when it ended no more than `gapMs`
 * before (a launch or a bet may also open a new one; a mere check-in only extends one).
 */
export async function notePlay(
  q: Queryable,
  memberId: number,
  at: number,
  gapMs: number,
  open: boolean,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE play_spans SET last_at = GREATEST(last_at, $2)
      WHERE id = (SELECT id FROM play_spans WHERE member_id = $1 ORDER BY last_at DESC LIMIT 1)
        AND last_at >= $3 AND started_at <= $2`,
    [memberId, ts(at), ts(at - gapMs)],
  );
  if (r.rowCount === 1) return true;
  if (!open) return false;
  await q.query('INSERT INTO play_spans (member_id, started_at, last_at) VALUES ($1, $2, $2)', [
    memberId,
    ts(at),
  ]);
  return true;
}

/** Whether the member is playing now: a stretch of play that went on since `from`. */
export async function playingSince(q: Queryable, memberId: number, from: number): Promise<boolean> {
  const r = await q.query(
    'SELECT 1 FROM play_spans WHERE member_id = $1 AND last_at >= $2 LIMIT 1',
    [memberId, ts(from)],
  );
  return r.rows.length > 0;
}

/** Milliseconds of the member's stretches of play inside [from, to]. */
export async function playedMs(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<number> {
  const r = await q.query<{ ms: string | null }>(
    `SELECT sum(GREATEST(0, EXTRACT(EPOCH FROM (LEAST(last_at, $3) - GREATEST(started_at, $2))) * 1000))::bigint::text AS ms
       FROM play_spans WHERE member_id = $1 AND last_at >= $2 AND started_at <= $3`,
    [memberId, ts(from), ts(to)],
  );
  return Number(r.rows[0]?.ms ?? 0);
}

/** Records a stop for a reached limit; false when one already stands (nothing to do again). */
export async function recordStop(
  q: Queryable,
  memberId: number,
  s: { kind: LimitKind; period: LimitPeriod },
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO play_limit_stops (member_id, kind, period, stopped_at, active)
     VALUES ($1, $2, $3, $4, TRUE)
     ON CONFLICT (member_id) DO UPDATE
        SET kind = EXCLUDED.kind, period = EXCLUDED.period, stopped_at = EXCLUDED.stopped_at, active = TRUE
      WHERE play_limit_stops.active = FALSE`,
    [memberId, s.kind, s.period, ts(now)],
  );
  return r.rowCount === 1;
}

/** The member launched a venue again: a later reach stops them again. */
export async function clearStop(q: Queryable, memberId: number): Promise<void> {
  await q.query('UPDATE play_limit_stops SET active = FALSE WHERE member_id = $1 AND active', [
    memberId,
  ]);
}
