import { ts, type Queryable } from '@nebula/db';

/** The real-name list's filter as SQL reads it: epoch ms bounds, `to` excluded. */
export interface RealNameFilter {
  status: 'pending' | 'approved' | 'rejected';
  from?: number | undefined;
  to?: number | undefined;
  q?: string | undefined;
}

export interface RealNameRow {
  memberId: number;
  userName: string;
  realName: string;
  submittedAt: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  reviewedAt: number | null;
  reviewedBy: string | null;
}

/** A row's place in the list's order: the submission (microseconds since 1970) and the member. */
export interface RealNameKey {
  atMicros: string;
  memberId: number;
}

interface DbRow {
  member_id: number;
  user_name: string;
  real_name: string;
  submitted_at: Date;
  status: RealNameRow['status'];
  reason: string | null;
  reviewed_at: Date | null;
  reviewed_by: string | null;
  at_micros: string;
}

// The key in whole microseconds (extract gives an exact numeric): a Date's milliseconds would
// let two submissions in one millisecond skip or repeat across an export's pages.
const SELECT = `SELECT r.member_id, m.user_name, r.real_name, r.submitted_at, r.status, r.reason,
    r.reviewed_at, r.reviewed_by,
    (extract(epoch FROM r.submitted_at) * 1000000)::bigint::text AS at_micros
  FROM member_real_names r JOIN members m ON m.id = r.member_id`;
const ORDER = 'ORDER BY r.submitted_at, r.member_id';

const toRow = (x: DbRow): RealNameRow & { key: RealNameKey } => ({
  memberId: x.member_id,
  userName: x.user_name,
  realName: x.real_name,
  submittedAt: x.submitted_at.getTime(),
  status: x.status,
  reason: x.reason,
  reviewedAt: x.reviewed_at?.getTime() ?? null,
  reviewedBy: x.reviewed_by,
  key: { atMicros: x.at_micros, memberId: x.member_id },
});

/** The WHERE conditions of a filter, numbered after `first` parameters already bound. */
function where(f: RealNameFilter, first: number): { sql: string; args: unknown[] } {
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${first + args.push(v)}`;
  const sql = [`r.status = ${arg(f.status)}`];
  if (f.from !== undefined) sql.push(`r.submitted_at >= ${arg(ts(f.from))}`);
  if (f.to !== undefined) sql.push(`r.submitted_at < ${arg(ts(f.to))}`);
  // position(), not LIKE: an account's `_` is a character to find, not a wildcard.
  if (f.q) sql.push(`position(lower(${arg(f.q)}) in m.user_name_lower) > 0`);
  return { sql: sql.join(' AND '), args };
}

export async function countRealNames(q: Queryable, f: RealNameFilter): Promise<number> {
  const w = where(f, 0);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_real_names r JOIN members m ON m.id = r.member_id
      WHERE ${w.sql}`,
    w.args,
  );
  return r.rows[0]?.n ?? 0;
}

/** One page of the list, oldest submission first (the queue's order). */
export async function pageRealNames(
  q: Queryable,
  f: RealNameFilter,
  limit: number,
  offset: number,
): Promise<(RealNameRow & { key: RealNameKey })[]> {
  const w = where(f, 2);
  const r = await q.query<DbRow>(`${SELECT} WHERE ${w.sql} ${ORDER} LIMIT $1 OFFSET $2`, [
    limit,
    offset,
    ...w.args,
  ]);
  return r.rows.map(toRow);
}

/** The export's keyset page: the rows after `after` in the list's order. */
export async function realNamesAfter(
  q: Queryable,
  f: RealNameFilter,
  after: RealNameKey,
  limit: number,
): Promise<(RealNameRow & { key: RealNameKey })[]> {
  const w = where(f, 3);
  const r = await q.query<DbRow>(
    `${SELECT} WHERE ${w.sql}
        AND (r.submitted_at, r.member_id) >
            (timestamptz 'epoch' + $1::bigint * interval '1 microsecond', $2::int)
      ${ORDER} LIMIT $3`,
    [after.atMicros, after.memberId, limit, ...w.args],
  );
  return r.rows.map(toRow);
}
