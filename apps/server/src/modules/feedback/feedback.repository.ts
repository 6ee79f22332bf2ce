import type { Queryable } from '@nebula/db';
import type { FeedbackCategory, FeedbackStatus } from '@nebula/protocol';

export interface FeedbackRow {
  id: number;
  memberId: number;
  category: FeedbackCategory;
  content: string;
  contact: string;
  status: FeedbackStatus;
  reply: string | null;
  repliedBy: string | null;
  repliedAt: number | null;
  createdAt: number;
}

type DbRow = {
  id: number;
  member_id: number;
  category: FeedbackCategory;
  content: string;
  contact: string;
  status: FeedbackStatus;
  reply: string | null;
  replied_by: string | null;
  replied_at: Date | null;
  created_at: Date;
};
const COLUMNS =
  'id, member_id, category, content, contact, status, reply, replied_by, replied_at, created_at';
const toRow = (r: DbRow): FeedbackRow => ({
  id: r.id,
  memberId: r.member_id,
  category: r.category,
  content: r.content,
  contact: r.contact,
  status: r.status,
  reply: r.reply,
  repliedBy: r.replied_by,
  repliedAt: r.replied_at?.getTime() ?? null,
  createdAt: r.created_at.getTime(),
});

/** The member's feedback since `since` (the rate limit), counted under the member's row lock. */
export async function countSince(q: Queryable, memberId: number, since: Date): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM feedback WHERE member_id = $1 AND created_at >= $2',
    [memberId, since],
  );
  return r.rows[0]?.n ?? 0;
}

/** When the oldest feedback inside the window was sent (to say when the next one is allowed). */
export async function oldestSince(q: Queryable, memberId: number, since: Date): Promise<number> {
  const r = await q.query<{ at: Date | null }>(
    'SELECT min(created_at) AS at FROM feedback WHERE member_id = $1 AND created_at >= $2',
    [memberId, since],
  );
  return r.rows[0]?.at?.getTime() ?? since.getTime();
}

export async function insertFeedback(
  q: Queryable,
  f: { memberId: number; category: string; content: string; contact: string; at: Date },
): Promise<FeedbackRow> {
  const r = await q.query<DbRow>(
    `INSERT INTO feedback (member_id, category, content, contact, created_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${COLUMNS}`,
    [f.memberId, f.category, f.content, f.contact, f.at],
  );
  return toRow(r.rows[0]!);
}

export async function listOfMember(q: Queryable, memberId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    q.query<DbRow>(
      `SELECT ${COLUMNS} FROM feedback WHERE member_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [memberId, limit, offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE member_id = $1', [
      memberId,
    ]),
  ]);
  return { total: total.rows[0]?.n ?? 0, list: rows.rows.map(toRow) };
}

export async function listAll(
  q: Queryable,
  status: FeedbackStatus | undefined,
  limit: number,
  offset: number,
) {
  const where = status ? 'WHERE status = $3' : '';
  const params = status ? [limit, offset, status] : [limit, offset];
  const [rows, total] = await Promise.all([
    q.query<DbRow>(
      `SELECT ${COLUMNS} FROM feedback ${where} ORDER BY id DESC LIMIT $1 OFFSET $2`,
      params,
    ),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM feedback ${status ? 'WHERE status = $1' : ''}`,
      status ? [status] : [],
    ),
  ]);
  return { total: total.rows[0]?.n ?? 0, list: rows.rows.map(toRow) };
}

export async function readFeedback(q: Queryable, id: number): Promise<FeedbackRow | null> {
  const r = await q.query<DbRow>(`SELECT ${COLUMNS} FROM feedback WHERE id = $1`, [id]);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Replies by compare-and-set: a closed thread takes no more replies (null then). */
export async function reply(
  q: Queryable,
  input: { id: number; reply: string; status: 'replied' | 'closed'; by: string; at: Date },
): Promise<FeedbackRow | null> {
  const r = await q.query<DbRow>(
    `UPDATE feedback SET reply = $2, status = $3, replied_by = $4, replied_at = $5
     WHERE id = $1 AND status <> 'closed' RETURNING ${COLUMNS}`,
    [input.id, input.reply, input.status, input.by, input.at],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** The feedback CSV export: filtered like the list, newest first, a keyset page below `beforeId`. */
export async function countAll(q: Queryable, status: FeedbackStatus | undefined): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM feedback WHERE ($1::text IS NULL OR status = $1)',
    [status ?? null],
  );
  return r.rows[0]?.n ?? 0;
}

export async function feedbackBefore(
  q: Queryable,
  status: FeedbackStatus | undefined,
  beforeId: number,
  limit: number,
): Promise<FeedbackRow[]> {
  const r = await q.query<DbRow>(
    `SELECT ${COLUMNS} FROM feedback WHERE ($1::text IS NULL OR status = $1) AND id < $2
      ORDER BY id DESC LIMIT $3`,
    [status ?? null, beforeId, limit],
  );
  return r.rows.map(toRow);
}
