import { ts, type Queryable } from '@nebula/db';
import type { GrantKind, GrantStatus } from '@nebula/protocol';

export interface GrantRow {
  id: number;
  kind: GrantKind;
  sourceId: string;
  memberId: number;
  title: string;
  amount: bigint;
  turnoverMultiple: number;
  status: GrantStatus;
  createdAt: number;
  expiresAt: number | null;
  paidAt: number | null;
  forfeited: bigint | null;
}

interface Raw {
  id: string | number;
  kind: GrantKind;
  source_id: string;
  member_id: number;
  title: string;
  amount: bigint;
  turnover_multiple: number;
  status: GrantStatus;
  created_at: Date;
  expires_at: Date | null;
  paid_at: Date | null;
  forfeited: bigint | null;
}

const row = (r: Raw): GrantRow => ({
  id: Number(r.id),
  kind: r.kind,
  sourceId: r.source_id,
  memberId: r.member_id,
  title: r.title,
  amount: r.amount,
  turnoverMultiple: r.turnover_multiple,
  status: r.status,
  createdAt: r.created_at.getTime(),
  expiresAt: r.expires_at?.getTime() ?? null,
  paidAt: r.paid_at?.getTime() ?? null,
  forfeited: r.forfeited,
});

const COLUMNS =
  'id, kind, source_id, member_id, title, amount, turnover_multiple, status, created_at, expires_at, paid_at, forfeited';

/**
 * A job's batch of automatic grants, written as paid at `now` (the caller posts their payments
 * in the same transaction); rows whose (kind, source) exists are left alone. Answers the rows
 * written now.
 */
export async function insertPaidGrants(
  q: Queryable,
  gs: {
    kind: GrantKind;
    sourceId: string;
    memberId: number;
    title: string;
    amount: bigint;
    turnoverMultiple: number;
  }[],
  now: number,
): Promise<GrantRow[]> {
  if (gs.length === 0) return [];
  const r = await q.query<Raw>(
    `INSERT INTO grants (kind, source_id, member_id, title, amount, turnover_multiple, status, created_at, paid_at)
     SELECT g.kind, g.source_id, g.member_id, g.title, g.amount, g.turnover_multiple, 'paid', $7, $7
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::bigint[], $6::int[])
              AS g(kind, source_id, member_id, title, amount, turnover_multiple)
     ON CONFLICT (kind, source_id) DO NOTHING RETURNING ${COLUMNS}`,
    [
      gs.map((g) => g.kind),
      gs.map((g) => g.sourceId),
      gs.map((g) => g.memberId),
      gs.map((g) => g.title),
      gs.map((g) => g.amount),
      gs.map((g) => g.turnoverMultiple),
      ts(now),
    ],
  );
  return r.rows.map(row);
}

/** Inserts a grant unless (kind, source) exists; answers the row and whether it is new. */
export async function insertGrant(
  q: Queryable,
  g: {
    kind: GrantKind;
    sourceId: string;
    memberId: number;
    title: string;
    amount: bigint;
    turnoverMultiple: number;
    expiresAt: number | null;
    now: number;
  },
): Promise<{ grant: GrantRow; created: boolean }> {
  const r = await q.query<Raw>(
    `INSERT INTO grants (kind, source_id, member_id, title, amount, turnover_multiple, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'available', $7, $8)
     ON CONFLICT (kind, source_id) DO NOTHING RETURNING ${COLUMNS}`,
    [
      g.kind,
      g.sourceId,
      g.memberId,
      g.title,
      g.amount,
      g.turnoverMultiple,
      ts(g.now),
      g.expiresAt === null ? null : ts(g.expiresAt),
    ],
  );
  if (r.rows[0]) return { grant: row(r.rows[0]), created: true };
  const existing = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM grants WHERE kind = $1 AND source_id = $2`,
    [g.kind, g.sourceId],
  );
  return { grant: row(existing.rows[0]!), created: false };
}

export async function lockGrant(q: Queryable, id: number): Promise<GrantRow | null> {
  const r = await q.query<Raw>(`SELECT ${COLUMNS} FROM grants WHERE id = $1 FOR UPDATE`, [id]);
  return r.rows[0] ? row(r.rows[0]) : null;
}

export async function markPaid(q: Queryable, id: number, now: number): Promise<void> {
  await q.query(`UPDATE grants SET status = 'paid', paid_at = $2 WHERE id = $1`, [id, ts(now)]);
}

export async function markExpired(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE grants SET status = 'expired' WHERE id = $1 AND status = 'available'`, [
    id,
  ]);
}

export async function markRevoked(
  q: Queryable,
  id: number,
  by: string,
  reason: string,
  now: number,
): Promise<void> {
  await q.query(
    `UPDATE grants SET status = 'revoked', revoked_at = $2, revoked_by = $3, revoke_reason = $4 WHERE id = $1`,
    [id, ts(now), by, reason],
  );
}

export async function markForfeited(
  q: Queryable,
  id: number,
  amount: bigint,
  now: number,
): Promise<void> {
  await q.query(`UPDATE grants SET forfeited = $2, forfeited_at = $3 WHERE id = $1`, [
    id,
    amount,
    ts(now),
  ]);
}

export async function getGrant(q: Queryable, id: number): Promise<GrantRow | null> {
  const r = await q.query<Raw>(`SELECT ${COLUMNS} FROM grants WHERE id = $1`, [id]);
  return r.rows[0] ? row(r.rows[0]) : null;
}

/** A page of a member's grants, newest first, with optional status and kind filters. */
export async function pageGrants(
  q: Queryable,
  f: { memberId: number; status?: GrantStatus; kind?: GrantKind; limit: number; offset: number },
): Promise<{ list: GrantRow[]; total: number }> {
  const where = `member_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR kind = $3)`;
  const params = [f.memberId, f.status ?? null, f.kind ?? null];
  const [list, count] = await Promise.all([
    q.query<Raw>(
      `SELECT ${COLUMNS} FROM grants WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
      [...params, f.limit, f.offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM grants WHERE ${where}`, params),
  ]);
  return { list: list.rows.map(row), total: count.rows[0]?.n ?? 0 };
}

/** Grants paid per Shanghai day and kind between two instants (the operators' report). */
export async function paidReport(
  q: Queryable,
  from: number,
  to: number,
): Promise<{ day: string; kind: GrantKind; count: number; amount: bigint }[]> {
  const r = await q.query<{ day: string; kind: GrantKind; count: number; amount: string }>(
    `SELECT to_char(paid_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD') AS day, kind,
            count(*)::int AS count, sum(amount)::text AS amount
       FROM grants WHERE status = 'paid' AND paid_at >= $1 AND paid_at < $2
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [ts(from), ts(to)],
  );
  return r.rows.map((x) => ({ ...x, amount: BigInt(x.amount) }));
}

/** The console's grants export: one member's or everyone's, filtered like the list, id order. */
export interface GrantExportFilter {
  memberId?: number;
  status?: GrantStatus;
  kind?: GrantKind;
}
const exportWhere = `($1::int IS NULL OR member_id = $1) AND ($2::text IS NULL OR status = $2)
  AND ($3::text IS NULL OR kind = $3)`;
const exportParams = (f: GrantExportFilter) => [
  f.memberId ?? null,
  f.status ?? null,
  f.kind ?? null,
];

export async function countGrants(q: Queryable, f: GrantExportFilter): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM grants WHERE ${exportWhere}`,
    exportParams(f),
  );
  return r.rows[0]?.n ?? 0;
}

export async function grantsAfter(
  q: Queryable,
  f: GrantExportFilter,
  afterId: number,
  limit: number,
): Promise<GrantRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM grants WHERE ${exportWhere} AND id > $4 ORDER BY id LIMIT $5`,
    [...exportParams(f), afterId, limit],
  );
  return r.rows.map(row);
}
