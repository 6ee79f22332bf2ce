import { ts, type Queryable } from '@nebula/db';
import { pageOrders, type OrderPage, type PagedRows } from '../../db/order-page';

export interface WithdrawRow {
  id: string;
  memberId: number;
  accountId: number;
  accountLabel: string;
  amount: bigint;
  status: 'review' | 'paid' | 'rejected';
  reason: string | null;
  createdAt: number;
}
interface WithdrawDb {
  id: string;
  member_id: number;
  account_id: number;
  account_label: string;
  amount: bigint;
  status: WithdrawRow['status'];
  reason: string | null;
  created_at: Date;
}
const withdraw = (r: WithdrawDb): WithdrawRow => ({
  id: r.id,
  memberId: r.member_id,
  accountId: r.account_id,
  accountLabel: r.account_label,
  amount: r.amount,
  status: r.status,
  reason: r.reason,
  createdAt: r.created_at.getTime(),
});
export async function insertWithdraw(
  q: Queryable,
  w: Omit<WithdrawRow, 'status' | 'reason'>,
): Promise<void> {
  await q.query(
    `INSERT INTO withdraw_orders (id, member_id, account_id, account_label, amount, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'review', $6, $6)`,
    [w.id, w.memberId, w.accountId, w.accountLabel, w.amount, ts(w.createdAt)],
  );
}
export async function readWithdraw(q: Queryable, id: string): Promise<WithdrawRow | null> {
  const r = await q.query<WithdrawDb>('SELECT * FROM withdraw_orders WHERE id = $1', [id]);
  return r.rows[0] ? withdraw(r.rows[0]) : null;
}
export async function listWithdraws(...page: OrderPage): Promise<PagedRows<WithdrawRow>> {
  const r = await pageOrders<WithdrawDb>('withdraw_orders', ...page);
  return { rows: r.rows.map(withdraw), total: r.total };
}
export async function casWithdraw(
  q: Queryable,
  id: string,
  to: 'paid' | 'rejected',
  reason: string | null,
  now: number,
): Promise<WithdrawRow | null> {
  const r = await q.query<WithdrawDb>(
    `UPDATE withdraw_orders SET status = $2, reason = $3, updated_at = $4 WHERE id = $1 AND status = 'review' RETURNING *`,
    [id, to, reason, ts(now)],
  );
  return r.rows[0] ? withdraw(r.rows[0]) : null;
}
/**
 * Serializes one member's new orders inside the order's transaction: the deposit limits and
 * the daily withdrawal total count earlier orders, so two orders must not count at once. NO KEY
 * UPDATE, not UPDATE: the foreign-key checks of the member's other inserts (KEY SHARE) go on.
 */
/** Withdrawals requested since `since` that are not rejected (daily limit). */
export async function withdrawnSince(
  q: Queryable,
  memberId: number,
  since: number,
): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS total FROM withdraw_orders WHERE member_id = $1 AND created_at >= $2 AND status <> 'rejected'`,
    [memberId, ts(since)],
  );
  return BigInt(r.rows[0]?.total ?? '0');
}

/** The status of each of a member's orders among `ids` (交易记录 shows 审核中 on a withdrawal). */
export async function readStatuses(
  q: Queryable,
  memberId: number,
  ids: string[],
): Promise<Map<string, 'review' | 'paid' | 'rejected'>> {
  if (ids.length === 0) return new Map();
  const r = await q.query<{ id: string; status: 'review' | 'paid' | 'rejected' }>(
    'SELECT id, status FROM withdraw_orders WHERE member_id = $1 AND id = ANY($2)',
    [memberId, ids],
  );
  return new Map(r.rows.map((o) => [o.id, o.status]));
}

/** Withdrawals paid in [from, to) (statements: money out; paid at the last update). */
export async function paidBetween(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS total FROM withdraw_orders
      WHERE member_id = $1 AND status = 'paid' AND updated_at >= $2 AND updated_at < $3`,
    [memberId, ts(from), ts(to)],
  );
  return BigInt(r.rows[0]?.total ?? '0');
}
