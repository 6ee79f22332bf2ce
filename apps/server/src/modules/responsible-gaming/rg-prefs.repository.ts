import { ts, type Queryable } from '@nebula/db';
import type { RealityCheckMinutes } from '@nebula/protocol';

/** A member's responsible-gambling preferences (no row: the defaults). */
export interface RgPrefs {
  realityCheckMinutes: RealityCheckMinutes | null;
  limitsReviewedAt: number | null;
}

export async function readPrefs(q: Queryable, memberId: number): Promise<RgPrefs> {
  const r = await q.query<{
    reality_check_minutes: RealityCheckMinutes | null;
    limits_reviewed_at: Date | null;
  }>('SELECT reality_check_minutes, limits_reviewed_at FROM member_rg_prefs WHERE member_id = $1', [
    memberId,
  ]);
  const row = r.rows[0];
  return {
    realityCheckMinutes: row?.reality_check_minutes ?? null,
    limitsReviewedAt: row?.limits_reviewed_at?.getTime() ?? null,
  };
}

export async function writeRealityCheckMinutes(
  q: Queryable,
  memberId: number,
  minutes: RealityCheckMinutes,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO member_rg_prefs (member_id, reality_check_minutes, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET reality_check_minutes = EXCLUDED.reality_check_minutes,
       updated_at = EXCLUDED.updated_at`,
    [memberId, minutes, ts(now)],
  );
}

export async function writeLimitsReviewed(
  q: Queryable,
  memberId: number,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO member_rg_prefs (member_id, limits_reviewed_at, updated_at) VALUES ($1, $2, $2)
     ON CONFLICT (member_id) DO UPDATE SET limits_reviewed_at = EXCLUDED.limits_reviewed_at,
       updated_at = EXCLUDED.updated_at`,
    [memberId, ts(now)],
  );
}

/** When the member last answered a reality check in this session, if ever. */
export async function readAnswer(q: Queryable, sessionId: string): Promise<number | null> {
  const r = await q.query<{ answered_at: Date }>(
    'SELECT answered_at FROM reality_check_answers WHERE session_id = $1',
    [sessionId],
  );
  return r.rows[0]?.answered_at.getTime() ?? null;
}

export async function writeAnswer(
  q: Queryable,
  memberId: number,
  sessionId: string,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO reality_check_answers (session_id, member_id, answered_at) VALUES ($1, $2, $3)
     ON CONFLICT (session_id) DO UPDATE SET answered_at = EXCLUDED.answered_at`,
    [sessionId, memberId, ts(now)],
  );
}
