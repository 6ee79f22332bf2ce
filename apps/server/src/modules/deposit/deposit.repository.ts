import { ts, type Queryable } from '@nebula/db';
import { pageOrders, type OrderPage, type PagedRows } from '../../db/order-page';

export interface DepositRow {
  id: string;
  memberId: number;
  channelId: string;
  channelType: string;
  channelName: string;
  currency: 'CNY' | 'USDT';
  amount: bigint;
  creditAmount: bigint;
  depositorName: string | null;
  status: 'pending' | 'credited' | 'rejected' | 'expired' | 'cancelled' | 'review';
  receivedAmount: bigint | null;
  reason: string | null;
  /** The payment gateway of an online order and where its member pays; null for offline ones. */
  gateway: string | null;
  payUrl: string | null;
  createdAt: number;
  expiresAt: number;
}
interface DepositDb {
  id: string;
  member_id: number;
  channel_id: string;
  channel_type: string;
  channel_name: string;
  currency: 'CNY' | 'USDT';
  amount: bigint;
  credit_amount: bigint;
  depositor_name: string | null;
  status: DepositRow['status'];
  received_amount: bigint | null;
  reason: string | null;
  gateway: string | null;
  pay_url: string | null;
  created_at: Date;
  expires_at: Date;
}
const deposit = (r: DepositDb): DepositRow => ({
  id: r.id,
  memberId: r.member_id,
  channelId: r.channel_id,
  channelType: r.channel_type,
  channelName: r.channel_name,
  currency: r.currency,
  amount: r.amount,
  creditAmount: r.credit_amount,
  depositorName: r.depositor_name,
  status: r.status,
  receivedAmount: r.received_amount,
  reason: r.reason,
  gateway: r.gateway,
  payUrl: r.pay_url,
  createdAt: r.created_at.getTime(),
  expiresAt: r.expires_at.getTime(),
});

export async function insertDeposit(
  q: Queryable,
  d: Omit<DepositRow, 'status' | 'receivedAmount' | 'reason'>,
): Promise<void> {
  await q.query(
    `INSERT INTO deposit_orders (id, member_id, channel_id, channel_type, channel_name, currency, amount, credit_amount,
       depositor_name, gateway, pay_url, status, created_at, expires_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13, $12)`,
    [
      d.id,
      d.memberId,
      d.channelId,
      d.channelType,
      d.channelName,
      d.currency,
      d.amount,
      d.creditAmount,
      d.depositorName,
      d.gateway,
      d.payUrl,
      ts(d.createdAt),
      ts(d.expiresAt),
    ],
  );
}
export async function readDeposit(
  q: Queryable,
  id: string,
  forUpdate = false,
): Promise<DepositRow | null> {
  const r = await q.query<DepositDb>(
    `SELECT * FROM deposit_orders WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? deposit(r.rows[0]) : null;
}
export async function listDeposits(...page: OrderPage): Promise<PagedRows<DepositRow>> {
  const r = await pageOrders<DepositDb>('deposit_orders', ...page);
  return { rows: r.rows.map(deposit), total: r.total };
}
/** Compare-and-set: moves the order from one of `from` to `to` exactly once. */
export async function casDeposit(
  q: Queryable,
  id: string,
  from: DepositRow['status'][],
  to: DepositRow['status'],
  now: number,
  extra: { receivedAmount?: bigint; gatewayTradeNo?: string; reason?: string } = {},
): Promise<DepositRow | null> {
  const r = await q.query<DepositDb>(
    `UPDATE deposit_orders SET status = $3, updated_at = $4,
       received_amount = COALESCE($5, received_amount), gateway_trade_no = COALESCE($6, gateway_trade_no), reason = COALESCE($7, reason)
     WHERE id = $1 AND status = ANY($2) RETURNING *`,
    [
      id,
      from,
      to,
      ts(now),
      extra.receivedAmount ?? null,
      extra.gatewayTradeNo ?? null,
      extra.reason ?? null,
    ],
  );
  return r.rows[0] ? deposit(r.rows[0]) : null;
}
export async function dueExpiries(q: Queryable, now: number, memberId?: number): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    `SELECT id FROM deposit_orders WHERE status = 'pending' AND expires_at <= $1 ${memberId !== undefined ? 'AND member_id = $2' : ''} LIMIT 500`,
    memberId !== undefined ? [ts(now), memberId] : [ts(now)],
  );
  return r.rows.map((x) => x.id);
}
/** Gross deposits counted against a limit: orders made since `since`, pending ones included. */
export async function depositedSince(
  q: Queryable,
  memberId: number,
  since: number,
): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(credit_amount), 0)::text AS total FROM deposit_orders
      WHERE member_id = $1 AND created_at >= $2 AND status IN ('pending', 'credited', 'review')`,
    [memberId, ts(since)],
  );
  return BigInt(r.rows[0]?.total ?? '0');
}

/** Deposits credited in [from, to) (statements: money in; credit time is the last update). */
export async function creditedBetween(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(credit_amount), 0)::text AS total FROM deposit_orders
      WHERE member_id = $1 AND status = 'credited' AND updated_at >= $2 AND updated_at < $3`,
    [memberId, ts(from), ts(to)],
  );
  return BigInt(r.rows[0]?.total ?? '0');
}

/** A savepoint in the caller's transaction: the after-credit hook's writes undo alone. */
export async function savepoint(
  q: Queryable,
  step: 'begin' | 'release' | 'rollback',
): Promise<void> {
  const sql = {
    begin: 'SAVEPOINT after_credit',
    release: 'RELEASE SAVEPOINT after_credit',
    rollback: 'ROLLBACK TO SAVEPOINT after_credit',
  }[step];
  await q.query(sql);
}
