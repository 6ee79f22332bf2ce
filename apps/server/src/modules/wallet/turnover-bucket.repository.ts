import { ts, type Queryable } from '@nebula/db';

export type BucketSource = 'deposit' | 'grant' | 'legacy';
export type BucketStatus = 'open' | 'done' | 'waived' | 'given_up';

export interface BucketRow {
  id: bigint;
  memberId: number;
  source: BucketSource;
  reference: string;
  required: bigint;
  filled: bigint;
  status: BucketStatus;
  createdAt: number;
  closedAt: number | null;
}

interface Raw {
  id: bigint;
  member_id: number;
  source: BucketSource;
  reference: string;
  required: bigint;
  filled: bigint;
  status: BucketStatus;
  created_at: Date;
  closed_at: Date | null;
}

const row = (r: Raw): BucketRow => ({
  id: r.id,
  memberId: r.member_id,
  source: r.source,
  reference: r.reference,
  required: r.required,
  filled: r.filled,
  status: r.status,
  createdAt: r.created_at.getTime(),
  closedAt: r.closed_at?.getTime() ?? null,
});

/** Opens a bucket; a second call with the same reference changes nothing. */
export async function insertBucket(
  q: Queryable,
  b: { memberId: number; source: BucketSource; reference: string; required: bigint; now: number },
): Promise<void> {
  await q.query(
    `INSERT INTO turnover_buckets (member_id, source, reference, required, status, created_at)
     VALUES ($1, $2, $3, $4, 'open', $5) ON CONFLICT (reference) DO NOTHING`,
    [b.memberId, b.source, b.reference, b.required, ts(b.now)],
  );
}

/** Opens many buckets at once (a job's batch); references already open change nothing. */
export async function insertBuckets(
  q: Queryable,
  rows: { memberId: number; source: BucketSource; reference: string; required: bigint }[],
  now: number,
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO turnover_buckets (member_id, source, reference, required, status, created_at)
     SELECT x.member_id, x.source, x.reference, x.required, 'open', $5
       FROM unnest($1::int[], $2::text[], $3::text[], $4::bigint[]) AS x(member_id, source, reference, required)
     ON CONFLICT (reference) DO NOTHING`,
    [
      rows.map((x) => x.memberId),
      rows.map((x) => x.source),
      rows.map((x) => x.reference),
      rows.map((x) => x.required),
      ts(now),
    ],
  );
}

/** The member's open buckets, oldest first, locked for the caller's transaction. */
export async function lockOpenBuckets(q: Queryable, memberId: number): Promise<BucketRow[]> {
  const r = await q.query<Raw>(
    `SELECT * FROM turnover_buckets WHERE member_id = $1 AND status = 'open' ORDER BY id FOR UPDATE`,
    [memberId],
  );
  return r.rows.map(row);
}

/** Buckets turnover has filled that a reversal may take back from, newest first, locked. */
export async function lockFilledBuckets(q: Queryable, memberId: number): Promise<BucketRow[]> {
  const r = await q.query<Raw>(
    `SELECT * FROM turnover_buckets WHERE member_id = $1 AND status IN ('open', 'done') AND filled > 0
      ORDER BY id DESC FOR UPDATE`,
    [memberId],
  );
  return r.rows.map(row);
}

export async function lockBucket(q: Queryable, reference: string): Promise<BucketRow | null> {
  const r = await q.query<Raw>('SELECT * FROM turnover_buckets WHERE reference = $1 FOR UPDATE', [
    reference,
  ]);
  return r.rows[0] ? row(r.rows[0]) : null;
}

/** Sets a bucket's fill; full is done, less than full is open again. */
export async function setFilled(
  q: Queryable,
  id: bigint,
  filled: bigint,
  done: boolean,
  now: number,
): Promise<void> {
  await q.query(
    `UPDATE turnover_buckets SET filled = $2, status = $3, closed_at = $4 WHERE id = $1`,
    [id, filled, done ? 'done' : 'open', done ? ts(now) : null],
  );
}

/** Closes open buckets without filling them (an operator's waiver, the member giving up). */
export async function closeBuckets(
  q: Queryable,
  ids: bigint[],
  status: 'waived' | 'given_up',
  now: number,
): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `UPDATE turnover_buckets SET status = $2, closed_at = $3 WHERE id = ANY($1::bigint[]) AND status = 'open'`,
    [ids.map(String), status, ts(now)],
  );
}

/** What the open buckets still need. */
export async function openMissing(q: Queryable, memberId: number): Promise<bigint> {
  const r = await q.query<{ missing: string | null }>(
    `SELECT sum(required - filled)::text AS missing FROM turnover_buckets WHERE member_id = $1 AND status = 'open'`,
    [memberId],
  );
  return BigInt(r.rows[0]?.missing ?? '0');
}

/** Buckets by reference (a page of grants shows each grant's bucket). */
export async function bucketsByReference(
  q: Queryable,
  references: string[],
): Promise<Map<string, BucketRow>> {
  if (references.length === 0) return new Map();
  const r = await q.query<Raw>('SELECT * FROM turnover_buckets WHERE reference = ANY($1)', [
    references,
  ]);
  return new Map(r.rows.map((x) => [x.reference, row(x)]));
}
