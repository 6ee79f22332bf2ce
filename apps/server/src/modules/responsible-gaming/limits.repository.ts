import { ts, type Queryable } from '@nebula/db';
import type { LimitKind, LimitPeriod } from '@nebula/protocol';

/** A member's limit of one kind and period (no row: no limit). */
export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: bigint;
}

export type RequestState = 'pending' | 'confirmed' | 'cancelled' | 'expired';

/** A raise or removal waiting for the member's confirmation (amount null: remove). */
export interface RequestRow {
  id: number;
  memberId: number;
  kind: LimitKind;
  period: LimitPeriod;
  amount: bigint | null;
  requestedAt: number;
  confirmableAt: number;
  expiresAt: number;
  state: RequestState;
}

interface RawRequest {
  id: string | number;
  member_id: number;
  kind: LimitKind;
  period: LimitPeriod;
  amount: bigint | null;
  requested_at: Date;
  confirmable_at: Date;
  expires_at: Date;
  state: RequestState;
}

const toRequest = (r: RawRequest): RequestRow => ({
  id: Number(r.id),
  memberId: r.member_id,
  kind: r.kind,
  period: r.period,
  amount: r.amount,
  requestedAt: r.requested_at.getTime(),
  confirmableAt: r.confirmable_at.getTime(),
  expiresAt: r.expires_at.getTime(),
  state: r.state,
});
const REQUEST_COLUMNS =
  'id, member_id, kind, period, amount, requested_at, confirmable_at, expires_at, state';

export async function readLimits(
  q: Queryable,
  memberId: number,
  kind?: LimitKind,
): Promise<LimitRow[]> {
  const r = await q.query<LimitRow>(
    `SELECT kind, period, amount FROM member_limits
      WHERE member_id = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY kind, period`,
    [memberId, kind ?? null],
  );
  return r.rows;
}

export async function writeLimit(
  q: Queryable,
  memberId: number,
  l: { kind: LimitKind; period: LimitPeriod; amount: bigint | null },
  now: number,
): Promise<void> {
  if (l.amount === null) {
    await q.query('DELETE FROM member_limits WHERE member_id = $1 AND kind = $2 AND period = $3', [
      memberId,
      l.kind,
      l.period,
    ]);
    return;
  }
  await q.query(
    `INSERT INTO member_limits (member_id, kind, period, amount, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, kind, period) DO UPDATE SET amount = EXCLUDED.amount, updated_at = EXCLUDED.updated_at`,
    [memberId, l.kind, l.period, l.amount, ts(now)],
  );
}

/** The member's requests still marked pending (some may have expired since). */
export async function readOpenRequests(
  q: Queryable,
  memberId: number,
  kind?: LimitKind,
): Promise<RequestRow[]> {
  const r = await q.query<RawRequest>(
    `SELECT ${REQUEST_COLUMNS} FROM limit_requests
      WHERE member_id = $1 AND state = 'pending' AND ($2::text IS NULL OR kind = $2)`,
    [memberId, kind ?? null],
  );
  return r.rows.map(toRequest);
}

export async function readRequest(q: Queryable, id: number): Promise<RequestRow | null> {
  const r = await q.query<RawRequest>(
    `SELECT ${REQUEST_COLUMNS} FROM limit_requests WHERE id = $1`,
    [id],
  );
  return r.rows[0] ? toRequest(r.rows[0]) : null;
}

export async function insertRequest(
  q: Queryable,
  r: Omit<RequestRow, 'id' | 'state'>,
): Promise<RequestRow> {
  const res = await q.query<RawRequest>(
    `INSERT INTO limit_requests (member_id, kind, period, amount, requested_at, confirmable_at, expires_at, state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending') RETURNING ${REQUEST_COLUMNS}`,
    [
      r.memberId,
      r.kind,
      r.period,
      r.amount,
      ts(r.requestedAt),
      ts(r.confirmableAt),
      ts(r.expiresAt),
    ],
  );
  return toRequest(res.rows[0] as RawRequest);
}

/** Closes a pending request (compare-and-set on its state); false when it was not pending. */
export async function resolveRequest(
  q: Queryable,
  id: number,
  state: Exclude<RequestState, 'pending'>,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE limit_requests SET state = $2, resolved_at = $3 WHERE id = $1 AND state = 'pending'`,
    [id, state, ts(now)],
  );
  return r.rowCount === 1;
}
