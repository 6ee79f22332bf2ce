import { ts, type Queryable } from '@nebula/db';

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
