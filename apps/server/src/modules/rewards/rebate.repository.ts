import { ts, type Queryable } from '@nebula/db';

export interface RebateDayRow {
  paid: bigint;
  claims: number;
  settled: boolean;
}

/**
 * Takes the member's rebate row for a Shanghai day (made on first need), locked: claims and the
 * day's job serialise on it.
 */
export async function lockDay(q: Queryable, memberId: number, day: string): Promise<RebateDayRow> {
  await q.query(
    'INSERT INTO rebate_days (member_id, day) VALUES ($1, $2::date) ON CONFLICT (member_id, day) DO NOTHING',
    [memberId, day],
  );
  const r = await q.query<{ paid: bigint; claims: number; settled: boolean }>(
    'SELECT paid, claims, settled FROM rebate_days WHERE member_id = $1 AND day = $2::date FOR UPDATE',
    [memberId, day],
  );
  return r.rows[0]!;
}

export async function readDay(
  q: Queryable,
  memberId: number,
  day: string,
): Promise<RebateDayRow | null> {
  const r = await q.query<RebateDayRow>(
    'SELECT paid, claims, settled FROM rebate_days WHERE member_id = $1 AND day = $2::date',
    [memberId, day],
  );
  return r.rows[0] ?? null;
}

export async function saveDay(
  q: Queryable,
  memberId: number,
  day: string,
  d: RebateDayRow,
): Promise<void> {
  await q.query(
    'UPDATE rebate_days SET paid = $3, claims = $4, settled = $5 WHERE member_id = $1 AND day = $2::date',
    [memberId, day, d.paid, d.claims, d.settled],
  );
}

/**
 * The member's net valid turnover per family before `until`, and what of it has been rebated
 * already (`credited`); `lock` holds the member's base rows for the caller's transaction.
 */
export async function readBases(
  q: Queryable,
  memberId: number,
  until: number,
  lock: boolean,
): Promise<Map<string, { turnover: bigint; credited: bigint }>> {
  const t = await q.query<{ family: string; total: string }>(
    `SELECT family, sum(CASE kind WHEN 'turnover' THEN amount ELSE -amount END)::text AS total
       FROM turnover_entries
      WHERE member_id = $1 AND family IS NOT NULL AND kind IN ('turnover', 'reverse') AND at < $2
      GROUP BY family`,
    [memberId, ts(until)],
  );
  const c = await q.query<{ family: string; credited: bigint }>(
    `SELECT family, credited FROM rebate_bases WHERE member_id = $1 ORDER BY family${lock ? ' FOR UPDATE' : ''}`,
    [memberId],
  );
  const out = new Map<string, { turnover: bigint; credited: bigint }>();
  for (const x of t.rows) out.set(x.family, { turnover: BigInt(x.total), credited: 0n });
  for (const x of c.rows) {
    const e = out.get(x.family) ?? { turnover: 0n, credited: 0n };
    out.set(x.family, { ...e, credited: x.credited });
  }
  return out;
}

export async function setCredited(
  q: Queryable,
  memberId: number,
  family: string,
  credited: bigint,
): Promise<void> {
  await q.query(
    `INSERT INTO rebate_bases (member_id, family, credited) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, family) DO UPDATE SET credited = EXCLUDED.credited`,
    [memberId, family, credited],
  );
}

/** Holds the member's base rows (made on first need) before they are read. */
export async function lockMemberBases(q: Queryable, memberId: number): Promise<void> {
  await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

export interface RateRow {
  level: number;
  family: string;
  ratePpm: number;
}

export async function readRates(q: Queryable): Promise<RateRow[]> {
  const r = await q.query<{ level: number; family: string; rate_ppm: number }>(
    'SELECT level, family, rate_ppm FROM rebate_rates ORDER BY level, family',
  );
  return r.rows.map((x) => ({ level: x.level, family: x.family, ratePpm: x.rate_ppm }));
}

export async function readFamilies(
  q: Queryable,
): Promise<{ family: string; name: string; minEdgePpm: number }[]> {
  const r = await q.query<{ family: string; name: string; min_edge_ppm: number }>(
    'SELECT family, name, min_edge_ppm FROM rebate_families ORDER BY family',
  );
  return r.rows.map((x) => ({ family: x.family, name: x.name, minEdgePpm: x.min_edge_ppm }));
}

export async function writeRate(q: Queryable, r: RateRow): Promise<number | null> {
  const before = await q.query<{ rate_ppm: number }>(
    'SELECT rate_ppm FROM rebate_rates WHERE level = $1 AND family = $2 FOR UPDATE',
    [r.level, r.family],
  );
  if (!before.rows[0]) return null;
  await q.query('UPDATE rebate_rates SET rate_ppm = $3 WHERE level = $1 AND family = $2', [
    r.level,
    r.family,
    r.ratePpm,
  ]);
  return before.rows[0].rate_ppm;
}

/** Members with family turnover entries in [from, to): the day's job looks at them. */
export async function membersWithTurnover(
  q: Queryable,
  from: number,
  to: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const r = await q.query<{ member_id: number }>(
    `SELECT DISTINCT member_id FROM turnover_entries
      WHERE family IS NOT NULL AND at >= $1 AND at < $2 AND member_id > $3
      ORDER BY member_id LIMIT $4`,
    [ts(from), ts(to), afterId, limit],
  );
  return r.rows.map((x) => x.member_id);
}
