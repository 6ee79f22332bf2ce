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
/**
 * Many requirement rows at once (a job's batch); answers the references written now — a
 * reference written before is a replay and opens no bucket again.
 */
export async function addRequirements(
  q: Queryable,
  rows: { memberId: number; amount: bigint; reference: string; note: string }[],
  now: number,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const r = await q.query<{ reference: string }>(
    `INSERT INTO turnover_entries (member_id, kind, amount, reference, note, at)
     SELECT x.member_id, 'require', x.amount, x.reference, x.note, $5
       FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[]) AS x(member_id, amount, reference, note)
     ON CONFLICT (reference) DO NOTHING RETURNING reference`,
    [
      rows.map((x) => x.memberId),
      rows.map((x) => x.amount),
      rows.map((x) => x.reference),
      rows.map((x) => x.note),
      ts(now),
    ],
  );
  return new Set(r.rows.map((x) => x.reference));
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
