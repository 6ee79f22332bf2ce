import { ts, type Queryable } from '@nebula/db';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired';

export interface ApprovalRow {
  id: number;
  action: string;
  target: string;
  payload: Record<string, unknown>;
  amount: bigint | null;
  requestedById: number;
  requestedBy: string;
  status: ApprovalStatus;
  decidedBy: string | null;
  createdAt: number;
  expiresAt: number;
  decidedAt: number | null;
  result: Record<string, unknown> | null;
}

interface ApprovalDbRow {
  id: string | number;
  action: string;
  target: string;
  payload: Record<string, unknown>;
  amount: string | null;
  requested_by: number;
  requested_by_name: string;
  status: ApprovalStatus;
  decided_by_name: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  decided_at: Date | string | null;
  result: Record<string, unknown> | null;
}

const SELECT = `SELECT a.id, a.action, a.target, a.payload, a.amount, a.requested_by,
    r.user_name AS requested_by_name, a.status, d.user_name AS decided_by_name,
    a.created_at, a.expires_at, a.decided_at, a.result
  FROM approval_requests a JOIN operators r ON r.id = a.requested_by
  LEFT JOIN operators d ON d.id = a.decided_by`;

const ms = (v: Date | string) => new Date(v).getTime();

const toRow = (r: ApprovalDbRow): ApprovalRow => ({
  id: Number(r.id),
  action: r.action,
  target: r.target,
  payload: r.payload,
  amount: r.amount === null ? null : BigInt(r.amount),
  requestedById: r.requested_by,
  requestedBy: r.requested_by_name,
  status: r.status,
  decidedBy: r.decided_by_name,
  createdAt: ms(r.created_at),
  expiresAt: ms(r.expires_at),
  decidedAt: r.decided_at === null ? null : ms(r.decided_at),
  result: r.result,
});

/** Pending requests past their time become expired (lazily, before any read or write). */
export async function expireStale(q: Queryable, now: number): Promise<void> {
  await q.query(
    `UPDATE approval_requests SET status = 'expired', decided_at = expires_at
      WHERE status = 'pending' AND expires_at <= $1`,
    [ts(now)],
  );
}

/** The new request's id, or 0 when one is already pending for the action and target. */
export async function insertRequest(
  q: Queryable,
  r: {
    action: string;
    target: string;
    payload: Record<string, unknown>;
    /** Fen the action moves; null for a rate or cap raise, which has no amount. */
    amount: bigint | null;
    requestedBy: number;
    now: number;
    expiresAt: number;
  },
): Promise<number> {
  const inserted = await q.query<{ id: string | number }>(
    `INSERT INTO approval_requests
       (action, target, payload, amount, requested_by, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)
     ON CONFLICT (action, target) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [
      r.action,
      r.target,
      JSON.stringify(r.payload),
      r.amount === null ? null : r.amount.toString(),
      r.requestedBy,
      ts(r.now),
      ts(r.expiresAt),
    ],
  );
  return Number(inserted.rows[0]?.id ?? 0);
}

export async function findRequest(
  q: Queryable,
  id: number,
  lock = false,
): Promise<ApprovalRow | null> {
  const r = await q.query<ApprovalDbRow>(
    `${SELECT} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
    [id],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export async function decide(
  q: Queryable,
  id: number,
  d: {
    status: ApprovalStatus;
    decidedBy: number;
    now: number;
    result: Record<string, unknown> | null;
  },
): Promise<void> {
  await q.query(
    `UPDATE approval_requests SET status = $2, decided_by = $3, decided_at = $4, result = $5
      WHERE id = $1`,
    [id, d.status, d.decidedBy, ts(d.now), d.result === null ? null : JSON.stringify(d.result)],
  );
}

/** Requests of these actions, or filed by this operator, newest first. */
export async function listRequests(
  q: Queryable,
  filter: { status: ApprovalStatus | undefined; actions: string[]; operatorId: number },
  limit: number,
  offset: number,
): Promise<{ list: ApprovalRow[]; total: number }> {
  const where = `WHERE (a.action = ANY($1) OR a.requested_by = $2)
    AND ($3::text IS NULL OR a.status = $3)`;
  const params = [filter.actions, filter.operatorId, filter.status ?? null];
  const rows = await q.query<ApprovalDbRow>(
    `${SELECT} ${where} ORDER BY a.id DESC LIMIT $4 OFFSET $5`,
    [...params, limit, offset],
  );
  const count = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM approval_requests a ${where}`,
    params,
  );
  return { list: rows.rows.map(toRow), total: count.rows[0]?.n ?? 0 };
}

/** The same requests as `listRequests`, counted and read in id order after `afterId` (CSV). */
const exportWhere = `WHERE (a.action = ANY($1) OR a.requested_by = $2)
    AND ($3::text IS NULL OR a.status = $3)`;
type ExportFilter = { status: ApprovalStatus | undefined; actions: string[]; operatorId: number };
const exportParams = (f: ExportFilter) => [f.actions, f.operatorId, f.status ?? null];

export async function countRequests(q: Queryable, f: ExportFilter): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM approval_requests a ${exportWhere}`,
    exportParams(f),
  );
  return r.rows[0]?.n ?? 0;
}

export async function requestsAfter(
  q: Queryable,
  f: ExportFilter,
  afterId: number,
  limit: number,
): Promise<ApprovalRow[]> {
  const r = await q.query<ApprovalDbRow>(
    `${SELECT} ${exportWhere} AND a.id > $4 ORDER BY a.id LIMIT $5`,
    [...exportParams(f), afterId, limit],
  );
  return r.rows.map(toRow);
}
