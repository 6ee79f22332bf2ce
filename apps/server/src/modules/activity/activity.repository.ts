import { ts, type Queryable } from '@nebula/db';
import type { ActivityEligibility, ActivityKind, ActivityStatus } from '@nebula/protocol';

export interface ActivityRow {
  id: number;
  kind: ActivityKind;
  title: string;
  pictureUrl: string;
  rulesText: string;
  startsAt: number;
  endsAt: number;
  rule: Record<string, unknown>;
  eligibility: ActivityEligibility;
  status: ActivityStatus;
  createdAt: number;
  updatedAt: number;
  createdBy: string;
}

interface Raw {
  id: number;
  kind: ActivityKind;
  title: string;
  picture_url: string;
  rules_text: string;
  starts_at: Date;
  ends_at: Date;
  rule: Record<string, unknown>;
  eligibility: Partial<ActivityEligibility>;
  status: ActivityStatus;
  created_at: Date;
  updated_at: Date;
  created_by: string;
}

const row = (r: Raw): ActivityRow => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  pictureUrl: r.picture_url,
  rulesText: r.rules_text,
  startsAt: r.starts_at.getTime(),
  endsAt: r.ends_at.getTime(),
  rule: r.rule,
  eligibility: {
    requireRealName: r.eligibility.requireRealName ?? false,
    minVipLevel: r.eligibility.minVipLevel ?? 0,
  },
  status: r.status,
  createdAt: r.created_at.getTime(),
  updatedAt: r.updated_at.getTime(),
  createdBy: r.created_by,
});

const COLUMNS =
  'id, kind, title, picture_url, rules_text, starts_at, ends_at, rule, eligibility, status, created_at, updated_at, created_by';

export interface ActivityFields {
  title: string;
  pictureUrl: string;
  rulesText: string;
  startsAt: number;
  endsAt: number;
  rule: Record<string, unknown>;
  eligibility: ActivityEligibility;
  status: ActivityStatus;
}

export async function insertActivity(
  q: Queryable,
  a: ActivityFields & { kind: ActivityKind; createdBy: string; now: number },
): Promise<ActivityRow> {
  const r = await q.query<Raw>(
    `INSERT INTO activities (kind, title, picture_url, rules_text, starts_at, ends_at, rule,
       eligibility, status, created_at, updated_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $10, $11)
     RETURNING ${COLUMNS}`,
    [
      a.kind,
      a.title,
      a.pictureUrl,
      a.rulesText,
      ts(a.startsAt),
      ts(a.endsAt),
      JSON.stringify(a.rule),
      JSON.stringify(a.eligibility),
      a.status,
      ts(a.now),
      a.createdBy,
    ],
  );
  return row(r.rows[0]!);
}

export async function updateActivity(
  q: Queryable,
  id: number,
  a: ActivityFields & { now: number },
): Promise<ActivityRow> {
  const r = await q.query<Raw>(
    `UPDATE activities SET title = $2, picture_url = $3, rules_text = $4, starts_at = $5,
       ends_at = $6, rule = $7::jsonb, eligibility = $8::jsonb, status = $9, updated_at = $10
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      id,
      a.title,
      a.pictureUrl,
      a.rulesText,
      ts(a.startsAt),
      ts(a.endsAt),
      JSON.stringify(a.rule),
      JSON.stringify(a.eligibility),
      a.status,
      ts(a.now),
    ],
  );
  return row(r.rows[0]!);
}

/** Ends an activity now: its end moves to now when later, so nothing runs past the decision. */
export async function endActivity(q: Queryable, id: number, now: number): Promise<ActivityRow> {
  const r = await q.query<Raw>(
    `UPDATE activities SET status = 'ended', updated_at = $2,
       ends_at = GREATEST(starts_at + interval '1 millisecond', LEAST(ends_at, $2))
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ts(now)],
  );
  return row(r.rows[0]!);
}

export async function getActivity(
  q: Queryable,
  id: number,
  lock = false,
): Promise<ActivityRow | null> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM activities WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? row(r.rows[0]) : null;
}

/** Activities members see: active and not yet ended at `now` (upcoming ones included). */
export async function listPublic(q: Queryable, now: number): Promise<ActivityRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM activities WHERE status = 'active' AND ends_at > $1
      ORDER BY starts_at, id`,
    [ts(now)],
  );
  return r.rows.map(row);
}

/** The activities of a kind running at `now`, oldest first. */
export async function activeOfKind(
  q: Queryable,
  kind: ActivityKind,
  now: number,
): Promise<ActivityRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM activities
      WHERE kind = $1 AND status = 'active' AND starts_at <= $2 AND ends_at > $2
      ORDER BY starts_at, id`,
    [kind, ts(now)],
  );
  return r.rows.map(row);
}

export async function pageActivities(
  q: Queryable,
  f: { kind?: ActivityKind; status?: ActivityStatus; limit: number; offset: number },
): Promise<{ list: ActivityRow[]; total: number }> {
  const where = 'WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2)';
  const args = [f.kind ?? null, f.status ?? null];
  const [list, total] = await Promise.all([
    q.query<Raw>(`SELECT ${COLUMNS} FROM activities ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`, [
      ...args,
      f.limit,
      f.offset,
    ]),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM activities ${where}`, args),
  ]);
  return { list: list.rows.map(row), total: total.rows[0]!.n };
}

/** The console's activities export: the list's filters, read in id order after `afterId`. */
const exportWhere = '($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2)';

export async function countActivities(
  q: Queryable,
  f: { kind?: ActivityKind; status?: ActivityStatus },
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM activities WHERE ${exportWhere}`,
    [f.kind ?? null, f.status ?? null],
  );
  return r.rows[0]?.n ?? 0;
}

export async function activitiesAfter(
  q: Queryable,
  f: { kind?: ActivityKind; status?: ActivityStatus },
  afterId: number,
  limit: number,
): Promise<ActivityRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM activities WHERE ${exportWhere} AND id > $3 ORDER BY id LIMIT $4`,
    [f.kind ?? null, f.status ?? null, afterId, limit],
  );
  return r.rows.map(row);
}
