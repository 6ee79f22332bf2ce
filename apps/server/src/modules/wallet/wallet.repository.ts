import type { OrderEvent } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';

const ts = (ms: number) => new Date(ms);

// --- order events
export async function addEvent(
  q: Queryable,
  orderId: string,
  status: string,
  note: string,
  now: number,
): Promise<void> {
  await q.query('INSERT INTO order_events (order_id, status, note, at) VALUES ($1, $2, $3, $4)', [
    orderId,
    status,
    note,
    ts(now),
  ]);
}
export async function eventsOf(
  q: Queryable,
  orderIds: string[],
): Promise<Map<string, OrderEvent[]>> {
  const map = new Map<string, OrderEvent[]>();
  if (orderIds.length === 0) return map;
  const r = await q.query<{ order_id: string; status: string; note: string; at: Date }>(
    'SELECT order_id, status, note, at FROM order_events WHERE order_id = ANY($1) ORDER BY id',
    [orderIds],
  );
  for (const e of r.rows) {
    const list = map.get(e.order_id) ?? [];
    list.push({ time: e.at.getTime(), status: e.status, note: e.note });
    map.set(e.order_id, list);
  }
  return map;
}

// --- deposits
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
export async function listDeposits(
  q: Queryable,
  filter: { memberId?: number; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: DepositRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.memberId !== undefined) where.push(`member_id = $${params.push(filter.memberId)}`);
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, total] = await Promise.all([
    q.query<DepositDb>(
      `SELECT * FROM deposit_orders ${w} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_orders ${w}`, params),
  ]);
  return { rows: rows.rows.map(deposit), total: total.rows[0]?.n ?? 0 };
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

// --- withdrawals
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
export async function listWithdraws(
  q: Queryable,
  filter: { memberId?: number; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.memberId !== undefined) where.push(`member_id = $${params.push(filter.memberId)}`);
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, total] = await Promise.all([
    q.query<WithdrawDb>(
      `SELECT * FROM withdraw_orders ${w} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdraw_orders ${w}`, params),
  ]);
  return { rows: rows.rows.map(withdraw), total: total.rows[0]?.n ?? 0 };
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
export async function lockMemberOrders(q: Queryable, memberId: number): Promise<void> {
  await q.query('SELECT 1 FROM members WHERE id = $1 FOR NO KEY UPDATE', [memberId]);
}
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

// --- fund password failures
export async function readFundFailures(
  q: Queryable,
  memberId: number,
): Promise<{ failures: number; windowStart: number; lockedUntil: number | null } | null> {
  const r = await q.query<{ failures: number; window_start: Date; locked_until: Date | null }>(
    'SELECT * FROM fund_password_failures WHERE member_id = $1',
    [memberId],
  );
  const row = r.rows[0];
  return row
    ? {
        failures: row.failures,
        windowStart: row.window_start.getTime(),
        lockedUntil: row.locked_until?.getTime() ?? null,
      }
    : null;
}
/**
 * Reserves one fund-password try before the slow verify, in one statement, so parallel tries
 * cannot all read the same count. `failures` counts tries failed or still being checked. A
 * window older than `staleBefore` or an expired lock starts over at 1. Nothing is reserved
 * while locked or once `max` tries are taken: the answer is false then.
 */
export async function reserveFundTry(
  q: Queryable,
  memberId: number,
  v: { now: number; staleBefore: number; max: number },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO fund_password_failures AS f (member_id, failures, window_start, locked_until) VALUES ($1, 1, $2, NULL)
     ON CONFLICT (member_id) DO UPDATE SET
       failures = CASE WHEN f.window_start <= $3 OR f.locked_until <= $2 THEN 1 ELSE f.failures + 1 END,
       window_start = CASE WHEN f.window_start <= $3 OR f.locked_until <= $2 THEN $2 ELSE f.window_start END,
       locked_until = NULL
     WHERE (f.locked_until IS NULL AND (f.failures < $4 OR f.window_start <= $3)) OR f.locked_until <= $2
     RETURNING failures`,
    [memberId, ts(v.now), ts(v.staleBefore), v.max],
  );
  return r.rowCount === 1;
}
/**
 * A reserved try failed: it stays counted, and once `max` tries are counted withdrawals lock
 * until `lockUntil`. Returns the count and lock (null when a correct try cleared them meanwhile).
 */
export async function failFundTry(
  q: Queryable,
  memberId: number,
  v: { now: number; max: number; lockUntil: number },
): Promise<{ failures: number; lockedUntil: number | null } | null> {
  const r = await q.query<{ failures: number; locked_until: Date | null }>(
    `UPDATE fund_password_failures SET locked_until =
       CASE WHEN failures >= $2 AND (locked_until IS NULL OR locked_until <= $3) THEN $4 ELSE locked_until END
     WHERE member_id = $1 RETURNING failures, locked_until`,
    [memberId, v.max, ts(v.now), ts(v.lockUntil)],
  );
  const row = r.rows[0];
  return row ? { failures: row.failures, lockedUntil: row.locked_until?.getTime() ?? null } : null;
}
export async function clearFundFailures(q: Queryable, memberId: number): Promise<void> {
  await q.query('DELETE FROM fund_password_failures WHERE member_id = $1', [memberId]);
}

// --- turnover
export async function addTurnover(
  q: Queryable,
  t: {
    memberId: number;
    kind: 'require' | 'turnover' | 'waive';
    amount: bigint;
    reference: string;
    note: string;
    now: number;
  },
): Promise<void> {
  await q.query(
    'INSERT INTO turnover_entries (member_id, kind, amount, reference, note, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (reference) DO NOTHING',
    [t.memberId, t.kind, t.amount, t.reference, t.note, ts(t.now)],
  );
}
export async function turnoverTotals(
  q: Queryable,
  memberId: number,
): Promise<{ require: bigint; turnover: bigint; waive: bigint }> {
  const r = await q.query<{ kind: string; total: string }>(
    'SELECT kind, sum(amount)::text AS total FROM turnover_entries WHERE member_id = $1 GROUP BY kind',
    [memberId],
  );
  const m = new Map(r.rows.map((x) => [x.kind, BigInt(x.total)]));
  return {
    require: m.get('require') ?? 0n,
    turnover: m.get('turnover') ?? 0n,
    waive: m.get('waive') ?? 0n,
  };
}
export async function turnoverItems(q: Queryable, memberId: number, limit: number) {
  const r = await q.query<{
    kind: 'require' | 'turnover' | 'waive';
    amount: bigint;
    note: string;
    at: Date;
  }>(
    'SELECT kind, amount, note, at FROM turnover_entries WHERE member_id = $1 ORDER BY id DESC LIMIT $2',
    [memberId, limit],
  );
  return r.rows;
}

// --- deposit limits
export interface LimitRow {
  period: 'day' | 'week' | 'month';
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingClear: boolean;
  pendingAt: number | null;
}
export async function readLimits(q: Queryable, memberId: number): Promise<LimitRow[]> {
  const r = await q.query<{
    period: LimitRow['period'];
    amount: bigint | null;
    pending_amount: bigint | null;
    pending_clear: boolean;
    pending_at: Date | null;
  }>(
    'SELECT period, amount, pending_amount, pending_clear, pending_at FROM deposit_limits WHERE member_id = $1',
    [memberId],
  );
  return r.rows.map((x) => ({
    period: x.period,
    amount: x.amount,
    pendingAmount: x.pending_amount,
    pendingClear: x.pending_clear,
    pendingAt: x.pending_at?.getTime() ?? null,
  }));
}
export async function writeLimit(q: Queryable, memberId: number, l: LimitRow): Promise<void> {
  await q.query(
    `INSERT INTO deposit_limits (member_id, period, amount, pending_amount, pending_clear, pending_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (member_id, period) DO UPDATE SET amount = EXCLUDED.amount, pending_amount = EXCLUDED.pending_amount,
       pending_clear = EXCLUDED.pending_clear, pending_at = EXCLUDED.pending_at`,
    [
      memberId,
      l.period,
      l.amount,
      l.pendingAmount,
      l.pendingClear,
      l.pendingAt === null ? null : ts(l.pendingAt),
    ],
  );
}

// --- records (postings of a member's main or coin account)
export async function readRecords(
  q: Queryable,
  f: {
    memberId: number;
    kind: 'main' | 'coin';
    type?: string;
    from?: number;
    to?: number;
    limit: number;
    offset: number;
  },
) {
  const where = ['a.member_id = $1', 'a.kind = $2'];
  const params: unknown[] = [f.memberId, f.kind];
  if (f.type) where.push(`t.kind = $${params.push(f.type)}`);
  if (f.from !== undefined) where.push(`p.created_at >= $${params.push(new Date(f.from))}`);
  if (f.to !== undefined) where.push(`p.created_at < $${params.push(new Date(f.to))}`);
  const base = `FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id WHERE ${where.join(' AND ')}`;
  const [rows, total, days] = await Promise.all([
    q.query<{
      id: bigint;
      created_at: Date;
      kind: string;
      asset: 'CNY' | 'COIN';
      amount: bigint;
      balance_after: bigint;
      memo: string;
      reference: string;
    }>(
      `SELECT p.id, p.created_at, t.kind, p.asset, p.amount, p.balance_after, t.memo, t.reference ${base}
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
