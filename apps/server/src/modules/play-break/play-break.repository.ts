import type { Queryable } from '@nebula/db';
import type { PlayBreakKind } from '@nebula/protocol';

export interface PlayBreakRow {
  id: number;
  kind: PlayBreakKind;
  startedAt: number;
  endsAt: number;
}

interface Row {
  id: string | number;
  kind: PlayBreakKind;
  started_at: Date;
  ends_at: Date;
}

const toBreak = (r: Row): PlayBreakRow => ({
  id: Number(r.id),
  kind: r.kind,
  startedAt: r.started_at.getTime(),
  endsAt: r.ends_at.getTime(),
});

/** The break in force at `now` (the one ending last), if any. */
export async function readActiveBreak(
  q: Queryable,
  memberId: number,
  now: number,
): Promise<PlayBreakRow | null> {
  const r = await q.query<Row>(
    `SELECT id, kind, started_at, ends_at FROM member_play_breaks
      WHERE member_id = $1 AND ends_at > $2 ORDER BY ends_at DESC LIMIT 1`,
    [memberId, new Date(now)],
    'play-break-active', // every deposit, launch and transfer in asks it
  );
  return r.rows[0] ? toBreak(r.rows[0]) : null;
}

/** Holds the member's row so two breaks asked at once are decided one after the other. */
export async function lockMember(q: Queryable, memberId: number): Promise<void> {
  await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

export async function insertBreak(
  q: Queryable,
  b: { memberId: number; kind: PlayBreakKind; startedAt: number; endsAt: number },
): Promise<PlayBreakRow> {
  const r = await q.query<Row>(
    `INSERT INTO member_play_breaks (member_id, kind, started_at, ends_at) VALUES ($1, $2, $3, $4)
     RETURNING id, kind, started_at, ends_at`,
    [b.memberId, b.kind, new Date(b.startedAt), new Date(b.endsAt)],
  );
  return toBreak(r.rows[0]!);
}

/** The facts the eligibility gate reads about one member (contract §5 Rewards). */
export async function readStanding(
  q: Queryable,
  memberId: number,
): Promise<{ blocked: boolean; realNameApproved: boolean } | null> {
  const r = await q.query<{ blocked: boolean; approved: boolean }>(
    `SELECT m.blocked, COALESCE(rn.status = 'approved', false) AS approved
       FROM members m LEFT JOIN member_real_names rn ON rn.member_id = m.id
      WHERE m.id = $1`,
    [memberId],
  );
  const row = r.rows[0];
  return row ? { blocked: row.blocked, realNameApproved: row.approved } : null;
}

/** Of these members, those a reward job must pass over: blocked, or on a break at `now`. */
export async function readExcluded(
  q: Queryable,
  memberIds: number[],
  now: number,
): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const r = await q.query<{ id: number }>(
    `SELECT m.id FROM members m
      WHERE m.id = ANY($1::int[])
        AND (m.blocked OR EXISTS (SELECT 1 FROM member_play_breaks b WHERE b.member_id = m.id AND b.ends_at > $2))`,
    [memberIds, new Date(now)],
  );
  return new Set(r.rows.map((x) => x.id));
}

/**
 * Of these members, those who keep a play limit of one of these kinds (member_limits): only
 * they can have reached one, so a job's batch asks the limits of these alone.
 */
export async function readWithPlayLimits(
  q: Queryable,
  memberIds: number[],
  kinds: readonly string[],
): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const r = await q.query<{ member_id: number }>(
    `SELECT DISTINCT member_id FROM member_limits WHERE member_id = ANY($1::int[]) AND kind = ANY($2::text[])`,
    [memberIds, [...kinds]],
  );
  return new Set(r.rows.map((x) => x.member_id));
}
