import { ts, type Queryable } from '@nebula/db';
import type { RebateDayRow } from './rebate.repository';

/**
 * Set-based reads and writes of the daily rebate job (rebate-settle.ts): each call covers a
 * whole batch of members in one round trip.
 */

/** Locks the batch's member rows in id order (claims lock one member the same way first). */
export async function lockMembers(q: Queryable, ids: number[]): Promise<Map<number, number>> {
  const r = await q.query<{ id: number; vip_level: number }>(
    'SELECT id, vip_level FROM members WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  return new Map(r.rows.map((x) => [x.id, x.vip_level]));
}

/** The batch's rows of the day (made on first need), locked in member order. */
export async function lockDays(
  q: Queryable,
  ids: number[],
  day: string,
): Promise<Map<number, RebateDayRow>> {
  await q.query(
    `INSERT INTO rebate_days (member_id, day) SELECT x, $2::date FROM unnest($1::int[]) AS x
     ON CONFLICT (member_id, day) DO NOTHING`,
    [ids, day],
  );
  const r = await q.query<{ member_id: number } & RebateDayRow>(
    `SELECT member_id, paid, claims, settled FROM rebate_days
      WHERE member_id = ANY($1::int[]) AND day = $2::date ORDER BY member_id FOR UPDATE`,
    [ids, day],
  );
  return new Map(
    r.rows.map((x) => [x.member_id, { paid: x.paid, claims: x.claims, settled: x.settled }]),
  );
}

export interface BaseRow {
  memberId: number;
  family: string;
  turnover: bigint;
  credited: bigint;
}

/**
 * Net valid turnover per (member, family) before `until` and what of it was rebated already,
 * for the whole batch (rebate.repository.ts `readBases`, many members at once).
 */
export async function readBasesMany(
  q: Queryable,
  ids: number[],
  until: number,
): Promise<BaseRow[]> {
  const r = await q.query<{ member_id: number; family: string; total: string; credited: string }>(
    `WITH t AS (
       SELECT member_id, family, sum(CASE kind WHEN 'turnover' THEN amount ELSE -amount END) AS total
         FROM turnover_entries
        WHERE member_id = ANY($1::int[]) AND family IS NOT NULL AND kind IN ('turnover', 'reverse') AND at < $2
        GROUP BY member_id, family)
     SELECT COALESCE(t.member_id, b.member_id) AS member_id, COALESCE(t.family, b.family) AS family,
            COALESCE(t.total, 0)::text AS total, COALESCE(b.credited, 0)::text AS credited
       FROM t FULL JOIN (SELECT member_id, family, credited FROM rebate_bases WHERE member_id = ANY($1::int[])) b
         ON b.member_id = t.member_id AND b.family = t.family`,
    [ids, ts(until)],
  );
  return r.rows.map((x) => ({
    memberId: x.member_id,
    family: x.family,
    turnover: BigInt(x.total),
    credited: BigInt(x.credited),
  }));
}

/** Sets what was rebated per (member, family) for the batch. */
export async function setCreditedMany(
  q: Queryable,
  rows: { memberId: number; family: string; credited: bigint }[],
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO rebate_bases (member_id, family, credited)
     SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[])
     ON CONFLICT (member_id, family) DO UPDATE SET credited = EXCLUDED.credited`,
    [rows.map((x) => x.memberId), rows.map((x) => x.family), rows.map((x) => x.credited)],
  );
}

/** Marks the batch's days settled with what each member was paid in all. */
export async function settleDays(
  q: Queryable,
  day: string,
  rows: { memberId: number; paid: bigint }[],
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE rebate_days d SET paid = x.paid, settled = TRUE
       FROM unnest($1::int[], $2::bigint[]) AS x(member_id, paid)
      WHERE d.member_id = x.member_id AND d.day = $3::date AND d.member_id = ANY($1::int[])`,
    [rows.map((x) => x.memberId), rows.map((x) => x.paid), day],
  );
}
