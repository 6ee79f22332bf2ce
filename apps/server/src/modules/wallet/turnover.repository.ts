import { ts, type Queryable } from '@nebula/db';

export async function addTurnover(
  q: Queryable,
  t: {
    memberId: number;
    kind: 'require' | 'turnover' | 'waive' | 'reverse';
    amount: bigint;
    reference: string;
    note: string;
    now: number;
    /** The venue registry family of valid turnover (the rebate reads it by family). */
    family?: string | null;
  },
): Promise<boolean> {
  const r = await q.query(
    'INSERT INTO turnover_entries (member_id, kind, amount, reference, note, at, family) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reference) DO NOTHING',
    [t.memberId, t.kind, t.amount, t.reference, t.note, ts(t.now), t.family ?? null],
  );
  // Written now (not a replay of the same reference): the caller moves the buckets once.
  return r.rowCount > 0;
}
export async function turnoverTotals(
  q: Queryable,
  memberId: number,
): Promise<{ require: bigint; turnover: bigint; waive: bigint; reverse: bigint }> {
  const r = await q.query<{ kind: string; total: string }>(
    'SELECT kind, sum(amount)::text AS total FROM turnover_entries WHERE member_id = $1 GROUP BY kind',
    [memberId],
  );
  const m = new Map(r.rows.map((x) => [x.kind, BigInt(x.total)]));
  return {
    require: m.get('require') ?? 0n,
    turnover: m.get('turnover') ?? 0n,
    waive: m.get('waive') ?? 0n,
    reverse: m.get('reverse') ?? 0n,
  };
}
export async function turnoverItems(q: Queryable, memberId: number, limit: number) {
  const r = await q.query<{
    kind: 'require' | 'turnover' | 'waive' | 'reverse';
    amount: bigint;
    note: string;
    at: Date;
  }>(
    'SELECT kind, amount, note, at FROM turnover_entries WHERE member_id = $1 ORDER BY id DESC LIMIT $2',
    [memberId, limit],
  );
  return r.rows;
}
