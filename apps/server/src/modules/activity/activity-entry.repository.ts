import { ts, type Queryable } from '@nebula/db';

/** The member's VIP level as everything reads it (`members.vip_level`). */
export async function readVipLevel(q: Queryable, memberId: number): Promise<number> {
  const r = await q.query<{ level: number }>(
    'SELECT vip_level AS level FROM members WHERE id = $1',
    [memberId],
  );
  return r.rows[0]?.level ?? 0;
}

export interface EntryRow {
  id: number;
  status: 'applied' | 'paid' | 'void';
  depositId: string | null;
}

/** Makes the (activity, member, period) entry unless it exists; true when this call made it. */
export async function insertEntry(
  q: Queryable,
  e: { activityId: number; memberId: number; period: string; now: number },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO activity_entries (activity_id, member_id, period, status, created_at)
     VALUES ($1, $2, $3, 'applied', $4) ON CONFLICT (activity_id, member_id, period) DO NOTHING`,
    [e.activityId, e.memberId, e.period, ts(e.now)],
  );
  return r.rowCount > 0;
}

/** The entry, locked: claims, applications and the deposit hook serialise on it. */
export async function lockEntry(
  q: Queryable,
  activityId: number,
  memberId: number,
  period: string,
): Promise<EntryRow | null> {
  const r = await q.query<{
    id: string | number;
    status: EntryRow['status'];
    deposit_id: string | null;
  }>(
    `SELECT id, status, deposit_id FROM activity_entries
      WHERE activity_id = $1 AND member_id = $2 AND period = $3 FOR UPDATE`,
    [activityId, memberId, period],
  );
  const x = r.rows[0];
  return x ? { id: Number(x.id), status: x.status, depositId: x.deposit_id } : null;
}

export async function readEntry(
  q: Queryable,
  activityId: number,
  memberId: number,
  period: string,
): Promise<EntryRow | null> {
  const r = await q.query<{
    id: string | number;
    status: EntryRow['status'];
    deposit_id: string | null;
  }>(
    `SELECT id, status, deposit_id FROM activity_entries
      WHERE activity_id = $1 AND member_id = $2 AND period = $3`,
    [activityId, memberId, period],
  );
  const x = r.rows[0];
  return x ? { id: Number(x.id), status: x.status, depositId: x.deposit_id } : null;
}

export async function markEntry(
  q: Queryable,
  id: number,
  e: { status: 'paid' | 'void'; depositId: string | null; grantId: number | null; now: number },
): Promise<void> {
  await q.query(
    `UPDATE activity_entries SET status = $2, deposit_id = $3, grant_id = $4,
       paid_at = CASE WHEN $2 = 'paid' THEN $5::timestamptz ELSE NULL END
     WHERE id = $1`,
    [id, e.status, e.depositId, e.grantId, ts(e.now)],
  );
}

export interface CreditedDeposit {
  id: string;
  amount: bigint;
  creditedAt: number;
}

/** The member's credited deposits, oldest first (the first is the 首存). */
export async function creditedDeposits(
  q: Queryable,
  memberId: number,
  limit: number,
): Promise<CreditedDeposit[]> {
  const r = await q.query<{ id: string; amount: string; at: Date }>(
    `SELECT id, COALESCE(received_amount, credit_amount)::text AS amount, updated_at AS at
       FROM deposit_orders WHERE member_id = $1 AND status = 'credited'
      ORDER BY updated_at, id LIMIT $2`,
    [memberId, limit],
  );
  return r.rows.map((x) => ({ id: x.id, amount: BigInt(x.amount), creditedAt: x.at.getTime() }));
}

/** Credited deposits in [from, to), newest first. */
export async function creditedIn(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<CreditedDeposit[]> {
  const r = await q.query<{ id: string; amount: string; at: Date }>(
    `SELECT id, COALESCE(received_amount, credit_amount)::text AS amount, updated_at AS at
       FROM deposit_orders
      WHERE member_id = $1 AND status = 'credited' AND updated_at >= $2 AND updated_at < $3
      ORDER BY updated_at DESC, id DESC`,
    [memberId, ts(from), ts(to)],
  );
  return r.rows.map((x) => ({ id: x.id, amount: BigInt(x.amount), creditedAt: x.at.getTime() }));
}

/**
 * Net valid turnover in [from, to): what the rebate counts (turnover entries on the bet's
 * settled day, less reversals on the day they were applied), over every family.
 */
export async function validTurnoverIn(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(CASE kind WHEN 'turnover' THEN amount ELSE -amount END), 0)::text AS total
       FROM turnover_entries
      WHERE member_id = $1 AND kind IN ('turnover', 'reverse') AND at >= $2 AND at < $3`,
    [memberId, ts(from), ts(to)],
  );
  const v = BigInt(r.rows[0]?.total ?? '0');
  return v > 0n ? v : 0n;
}

export interface CheckinRow {
  day: string;
  streak: number;
  grantId: number | null;
}

/** One check-in per (member, activity, day): false when the day is taken already. */
export async function insertCheckin(
  q: Queryable,
  c: { activityId: number; memberId: number; day: string; streak: number; now: number },
): Promise<number | null> {
  const r = await q.query<{ id: string | number }>(
    `INSERT INTO activity_checkins (activity_id, member_id, day, streak, created_at)
     VALUES ($1, $2, $3::date, $4, $5)
     ON CONFLICT (member_id, activity_id, day) DO NOTHING RETURNING id`,
    [c.activityId, c.memberId, c.day, c.streak, ts(c.now)],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function setCheckinGrant(q: Queryable, id: number, grantId: number): Promise<void> {
  await q.query('UPDATE activity_checkins SET grant_id = $2 WHERE id = $1', [id, grantId]);
}

/** The member's check-ins of an activity in [fromDay, toDay] (`YYYY-MM-DD`), by day. */
export async function checkinsBetween(
  q: Queryable,
  activityId: number,
  memberId: number,
  fromDay: string,
  toDay: string,
): Promise<CheckinRow[]> {
  const r = await q.query<{ day: string; streak: number; grant_id: string | number | null }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, streak, grant_id FROM activity_checkins
      WHERE activity_id = $1 AND member_id = $2 AND day >= $3::date AND day <= $4::date
      ORDER BY day`,
    [activityId, memberId, fromDay, toDay],
  );
  return r.rows.map((x) => ({
    day: x.day,
    streak: x.streak,
    grantId: x.grant_id === null ? null : Number(x.grant_id),
  }));
}

/** The amounts of grants by id (the calendar shows each day's reward). */
export async function grantAmounts(q: Queryable, ids: number[]): Promise<Map<number, bigint>> {
  if (ids.length === 0) return new Map();
  const r = await q.query<{ id: string | number; amount: string }>(
    'SELECT id, amount::text AS amount FROM grants WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(r.rows.map((x) => [Number(x.id), BigInt(x.amount)]));
}
