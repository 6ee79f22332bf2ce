import type { Queryable } from '@nebula/db';

/** The order tables listed a page at a time, newest first (the member's records, the desk). */
export type OrderTable = 'deposit_orders' | 'withdraw_orders';

export interface OrderFilter {
  memberId?: number;
  status?: string;
}

/** Where to read, which orders, and the page: what a repository's list function takes. */
export type OrderPage = [q: Queryable, filter: OrderFilter, limit: number, offset: number];

export interface PagedRows<Row> {
  rows: Row[];
  total: number;
}

/**
 * One page of orders and the count of all that match: deposits and withdrawals page the same
 * way, so they share this query rather than two copies that could drift.
 */
export async function pageOrders<Row>(
  table: OrderTable,
  ...[q, filter, limit, offset]: OrderPage
): Promise<PagedRows<Row>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.memberId !== undefined) where.push(`member_id = $${params.push(filter.memberId)}`);
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, total] = await Promise.all([
    q.query<Row>(
      `SELECT * FROM ${table} ${w} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} ${w}`, params),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
