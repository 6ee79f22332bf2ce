import type { Queryable } from '@nebula/db';
import type { Asset } from './accounts';

export interface StatementFilter {
  memberId: number;
  kind: 'main' | 'coin' | 'points';
  type?: string;
  from?: number;
  to?: number;
  limit: number;
  offset: number;
}

export type StatementWhere = Omit<StatementFilter, 'limit' | 'offset'>;

export interface StatementRow {
  id: bigint;
  created_at: Date;
  kind: string;
  asset: Asset;
  amount: bigint;
  balance_after: bigint;
  memo: string;
  reference: string;
}

function baseOf(f: StatementWhere): { base: string; params: unknown[] } {
  const where = ['a.member_id = $1', 'a.kind = $2'];
  const params: unknown[] = [f.memberId, f.kind];
  if (f.type) where.push(`t.kind = $${params.push(f.type)}`);
  if (f.from !== undefined) where.push(`p.created_at >= $${params.push(new Date(f.from))}`);
  if (f.to !== undefined) where.push(`p.created_at < $${params.push(new Date(f.to))}`);
  const base = `FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id WHERE ${where.join(' AND ')}`;
  return { base, params };
}

const ROW = 'p.id, p.created_at, t.kind, p.asset, p.amount, p.balance_after, t.memo, t.reference';

/** The postings of a member's main, coin or points account, newest first, with Shanghai day totals. */
export async function readStatement(q: Queryable, f: StatementFilter) {
  const { base, params } = baseOf(f);
  const [rows, total, days] = await Promise.all([
    q.query<StatementRow>(
      `SELECT ${ROW} ${base}
        ORDER BY p.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, f.limit, f.offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n ${base}`, params),
    // Shanghai days: UTC+8 all year, so shifting by 8 hours gives the local date.
    q.query<{ day: string; inflow: string; outflow: string }>(
      `SELECT to_char(p.created_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD') AS day,
              COALESCE(sum(p.amount) FILTER (WHERE p.amount > 0), 0)::text AS inflow,
              COALESCE(-sum(p.amount) FILTER (WHERE p.amount < 0), 0)::text AS outflow
         ${base} GROUP BY 1 ORDER BY 1 DESC LIMIT 400`,
      params,
    ),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0, days: days.rows };
}

/** How many postings a statement export holds (the statement's own filter). */
export async function countStatement(q: Queryable, f: StatementWhere): Promise<number> {
  const { base, params } = baseOf(f);
  const r = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${base}`, params);
  return r.rows[0]?.n ?? 0;
}

/** A keyset page of the statement, newest first: the postings before `beforeId`. */
export async function statementBefore(
  q: Queryable,
  f: StatementWhere,
  beforeId: string,
  limit: number,
): Promise<StatementRow[]> {
  const { base, params } = baseOf(f);
  const r = await q.query<StatementRow>(
    `SELECT ${ROW} ${base} AND p.id < $${params.length + 1}::bigint
      ORDER BY p.id DESC LIMIT $${params.length + 2}`,
    [...params, beforeId, limit],
  );
  return r.rows;
}
