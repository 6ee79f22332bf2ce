import type { Queryable } from '@nebula/db';

/**
 * The lists the console exports, read in keyset pages (id after the last one) so an export of
 * 50,000 rows never holds them all: members, deposits, withdrawals, venue transfers.
 */
export interface MemberFilter {
  q?: string;
}
export interface OrderFilter {
  status?: string;
  from?: number;
  to?: number;
}

const like = (s: string) => `${s.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

export async function countMembers(q: Queryable, f: MemberFilter): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM members WHERE ($1::text IS NULL OR user_name_lower LIKE $1)',
    [f.q ? like(f.q) : null],
  );
  return r.rows[0]?.n ?? 0;
}

export interface MemberRow {
  id: number;
  userName: string;
  nickname: string;
  vipLevel: number;
  blocked: boolean;
  realName: string | null;
  registeredAt: Date;
  lastLoginAt: Date | null;
}

export async function membersAfter(q: Queryable, f: MemberFilter, afterId: number, limit: number) {
  const r = await q.query<MemberRow>(
    `SELECT m.id, m.user_name AS "userName", m.nickname, m.vip_level AS "vipLevel", m.blocked,
       r.status AS "realName", m.registered_at AS "registeredAt", m.last_login_at AS "lastLoginAt"
     FROM members m LEFT JOIN member_real_names r ON r.member_id = m.id
     WHERE m.id > $1 AND ($2::text IS NULL OR m.user_name_lower LIKE $2)
     ORDER BY m.id LIMIT $3`,
    [afterId, f.q ? like(f.q) : null, limit],
  );
  return r.rows;
}

const orderWhere = `($1::text IS NULL OR o.status = $1)
  AND ($2::timestamptz IS NULL OR o.created_at >= $2)
  AND ($3::timestamptz IS NULL OR o.created_at <= $3)`;
const orderParams = (f: OrderFilter) => [
  f.status ?? null,
  f.from === undefined ? null : new Date(f.from),
  f.to === undefined ? null : new Date(f.to),
];

export async function countOrders(
  q: Queryable,
  table: 'deposit_orders' | 'withdraw_orders',
  f: OrderFilter,
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} o WHERE ${orderWhere}`,
    orderParams(f),
  );
  return r.rows[0]?.n ?? 0;
}

export interface DepositRow {
  id: string;
  memberId: number;
  userName: string;
  channelType: string;
  channelName: string;
  amount: bigint;
  creditAmount: bigint;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Deposits after `afterId`, in id order (a stable order for keyset pages). */
export async function depositsAfter(q: Queryable, f: OrderFilter, afterId: string, limit: number) {
  const r = await q.query<DepositRow>(
    `SELECT o.id, o.member_id AS "memberId", m.user_name AS "userName",
       o.channel_type AS "channelType", o.channel_name AS "channelName", o.amount,
       o.credit_amount AS "creditAmount", o.status, o.created_at AS "createdAt",
       o.updated_at AS "updatedAt"
     FROM deposit_orders o JOIN members m ON m.id = o.member_id
     WHERE ${orderWhere} AND o.id > $4 ORDER BY o.id LIMIT $5`,
    [...orderParams(f), afterId, limit],
  );
  return r.rows;
}

export interface WithdrawRow {
  id: string;
  memberId: number;
  userName: string;
  accountLabel: string;
  amount: bigint;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

export async function withdrawalsAfter(
  q: Queryable,
  f: OrderFilter,
  afterId: string,
  limit: number,
) {
  const r = await q.query<WithdrawRow>(
    `SELECT o.id, o.member_id AS "memberId", m.user_name AS "userName",
       o.account_label AS "accountLabel", o.amount, o.status, o.created_at AS "createdAt",
       o.updated_at AS "updatedAt"
     FROM withdraw_orders o JOIN members m ON m.id = o.member_id
     WHERE ${orderWhere} AND o.id > $4 ORDER BY o.id LIMIT $5`,
    [...orderParams(f), afterId, limit],
  );
  return r.rows;
}

export interface TransferFilter {
  status?: string;
  memberId?: number;
  venueCode?: string;
  from?: number;
  to?: number;
}
const transferWhere = `($1::text IS NULL OR t.status = $1)
  AND ($2::int IS NULL OR t.member_id = $2)
  AND ($3::text IS NULL OR t.venue_code = $3)
  AND ($4::timestamptz IS NULL OR t.created_at >= $4)
  AND ($5::timestamptz IS NULL OR t.created_at <= $5)`;
const transferParams = (f: TransferFilter) => [
  f.status ?? null,
  f.memberId ?? null,
  f.venueCode ?? null,
  f.from === undefined ? null : new Date(f.from),
  f.to === undefined ? null : new Date(f.to),
];

export async function countTransfers(q: Queryable, f: TransferFilter): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_transfers t WHERE ${transferWhere}`,
    transferParams(f),
  );
  return r.rows[0]?.n ?? 0;
}

export interface TransferExportRow {
  id: string;
  memberId: number;
  userName: string;
  venueCode: string;
  direction: string;
  kind: string;
  amount: bigint;
  status: string;
  attempts: number;
  resolvedBy: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** Venue transfers after `afterId`, in id order (a stable order for keyset pages). */
export async function transfersAfter(
  q: Queryable,
  f: TransferFilter,
  afterId: string,
  limit: number,
) {
  const r = await q.query<TransferExportRow>(
    `SELECT t.id, t.member_id AS "memberId", m.user_name AS "userName",
       t.venue_code AS "venueCode", t.direction, t.kind, t.amount, t.status, t.attempts,
       t.resolved_by AS "resolvedBy", t.created_at AS "createdAt", t.completed_at AS "completedAt"
     FROM venue_transfers t JOIN members m ON m.id = t.member_id
     WHERE ${transferWhere} AND t.id > $6 ORDER BY t.id LIMIT $7`,
    [...transferParams(f), afterId, limit],
  );
  return r.rows;
}
