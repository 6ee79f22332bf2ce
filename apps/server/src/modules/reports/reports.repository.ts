import type { Queryable } from '@nebula/db';

/**
 * The console's numbers, per Shanghai day, from the tables that record each fact once:
 * deposits credited (deposit_orders), withdrawals paid (withdraw_orders), bets settled (the
 * venues' bet copies, venue_bets), bonuses paid (grants), members registered (members). A day
 * is `YYYY-MM-DD` of the time moved to UTC+8 (Shanghai keeps no daylight saving).
 */
const DAY = (col: string) =>
  `to_char((${col} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export interface DayMoney {
  day: string;
  n: number;
  amount: bigint;
}

/** Deposits credited in [from, to), per day (an order's last change is its crediting). */
export async function depositsByDay(q: Queryable, from: Date, to: Date): Promise<DayMoney[]> {
  const r = await q.query<DayMoney>(
    `SELECT ${DAY('updated_at')} AS day, count(*)::int AS n,
       COALESCE(sum(credit_amount), 0)::bigint AS amount
     FROM deposit_orders WHERE status = 'credited' AND updated_at >= $1 AND updated_at < $2
     GROUP BY 1 ORDER BY 1`,
    [from, to],
  );
  return r.rows;
}

/** Withdrawals paid in [from, to), per day. */
export async function withdrawalsByDay(q: Queryable, from: Date, to: Date): Promise<DayMoney[]> {
  const r = await q.query<DayMoney>(
    `SELECT ${DAY('updated_at')} AS day, count(*)::int AS n,
       COALESCE(sum(amount), 0)::bigint AS amount
     FROM withdraw_orders WHERE status = 'paid' AND updated_at >= $1 AND updated_at < $2
     GROUP BY 1 ORDER BY 1`,
    [from, to],
  );
  return r.rows;
}

/** Grants paid in [from, to), per day: the bonuses NGR takes off GGR. */
export async function bonusesByDay(q: Queryable, from: Date, to: Date): Promise<DayMoney[]> {
  const r = await q.query<DayMoney>(
    `SELECT ${DAY('paid_at')} AS day, count(*)::int AS n,
       COALESCE(sum(amount), 0)::bigint AS amount
     FROM grants WHERE status = 'paid' AND paid_at >= $1 AND paid_at < $2
     GROUP BY 1 ORDER BY 1`,
    [from, to],
  );
  return r.rows;
}

export interface VenueDay {
  day: string;
  family: string;
  venueCode: string;
  venueName: string;
  bets: number;
  stakes: bigint;
  payouts: bigint;
}

/** Bets settled in [from, to) per day and venue (void bets are no takings). */
export async function takingsByDay(
  q: Queryable,
  from: Date,
  to: Date,
  f: { family?: string; venueCode?: string },
): Promise<VenueDay[]> {
  const r = await q.query<VenueDay>(
    `SELECT ${DAY('b.settled_at')} AS day, v.family, v.code AS "venueCode",
       v.name AS "venueName", count(*)::int AS bets,
       COALESCE(sum(b.stake), 0)::bigint AS stakes, COALESCE(sum(b.payout), 0)::bigint AS payouts
     FROM venue_bets b JOIN venues v ON v.code = b.venue_code
     WHERE b.settled_at >= $1 AND b.settled_at < $2 AND b.status NOT IN ('open', 'void')
       AND ($3::text IS NULL OR v.family = $3) AND ($4::text IS NULL OR v.code = $4)
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3`,
    [from, to, f.family ?? null, f.venueCode ?? null],
  );
  return r.rows;
}

export interface VenueBonus {
  day: string;
  venueCode: string;
  amount: bigint;
}

/**
 * Bonuses paid in [from, to) allocated per day and venue (reports.schemas.ts `VenueTakings`):
 * each member's bonuses of a day split over the venues where their bets settled that day in
 * proportion to the stakes, floored to the fen, the remainder to the largest stake (then the
 * first venue code), so a member-day's parts sum to exactly its bonuses. The split is over all
 * the member's venues; the family / venue filter applies after it.
 */
export async function bonusesByVenueDay(
  q: Queryable,
  from: Date,
  to: Date,
  f: { family?: string; venueCode?: string },
): Promise<VenueBonus[]> {
  const r = await q.query<VenueBonus>(
    `WITH paid AS (
       SELECT ${DAY('paid_at')} AS day, member_id, sum(amount)::bigint AS amount
       FROM grants WHERE status = 'paid' AND paid_at >= $1 AND paid_at < $2 GROUP BY 1, 2
     ), staked AS (
       SELECT ${DAY('settled_at')} AS day, member_id, venue_code, sum(stake)::bigint AS stake
       FROM venue_bets WHERE settled_at >= $1 AND settled_at < $2
         AND status NOT IN ('open', 'void') GROUP BY 1, 2, 3
     ), shares AS (
       SELECT p.day, p.member_id, s.venue_code, p.amount,
         COALESCE(floor(p.amount::numeric * s.stake
           / NULLIF(sum(s.stake) OVER (PARTITION BY p.day, p.member_id), 0)), 0)::bigint AS part,
         row_number() OVER (PARTITION BY p.day, p.member_id ORDER BY s.stake DESC, s.venue_code)
           AS rank
       FROM paid p JOIN staked s ON s.day = p.day AND s.member_id = p.member_id
     ), parts AS (
       SELECT day, venue_code, part + CASE WHEN rank = 1
         THEN amount - sum(part) OVER (PARTITION BY day, member_id) ELSE 0 END AS part
       FROM shares
     )
     SELECT p.day, p.venue_code AS "venueCode", sum(p.part)::bigint AS amount
     FROM parts p JOIN venues v ON v.code = p.venue_code
     WHERE ($3::text IS NULL OR v.family = $3) AND ($4::text IS NULL OR v.code = $4)
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [from, to, f.family ?? null, f.venueCode ?? null],
  );
  return r.rows;
}

export interface MemberDay {
  day: string;
  newMembers: number;
  activeMembers: number;
}

/** Members registered, and members who placed a bet, per day in [from, to). */
export async function membersByDay(q: Queryable, from: Date, to: Date): Promise<MemberDay[]> {
  const [joined, active] = await Promise.all([
    q.query<{ day: string; n: number }>(
      `SELECT ${DAY('registered_at')} AS day, count(*)::int AS n
       FROM members WHERE registered_at >= $1 AND registered_at < $2 GROUP BY 1`,
      [from, to],
    ),
    q.query<{ day: string; n: number }>(
      `SELECT ${DAY('placed_at')} AS day, count(DISTINCT member_id)::int AS n
       FROM venue_bets WHERE placed_at >= $1 AND placed_at < $2 GROUP BY 1`,
      [from, to],
    ),
  ]);
  const days = new Map<string, MemberDay>();
  const at = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, newMembers: 0, activeMembers: 0 }));
    return d;
  };
  for (const r of joined.rows) at(r.day).newMembers = r.n;
  for (const r of active.rows) at(r.day).activeMembers = r.n;
  return [...days.values()];
}

/** Members who placed a bet in [from, to), each counted once. */
export async function activeMembers(q: Queryable, from: Date, to: Date): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(DISTINCT member_id)::int AS n FROM venue_bets WHERE placed_at >= $1 AND placed_at < $2',
    [from, to],
  );
  return r.rows[0]?.n ?? 0;
}

/** Work waiting for an operator at `now`, one count per queue. */
export async function pendingWork(q: Queryable, now: Date) {
  const r = await q.query<PendingWork>(
    `SELECT
       (SELECT count(*)::int FROM member_real_names WHERE status = 'pending') AS "realNames",
       (SELECT count(*)::int FROM deposit_orders
         WHERE status = 'review' OR (status = 'pending' AND channel_type IN ('bank', 'usdt')))
         AS deposits,
       (SELECT count(*)::int FROM withdraw_orders WHERE status = 'review') AS withdrawals,
       (SELECT count(*)::int FROM approval_requests WHERE status = 'pending' AND expires_at > $1)
         AS approvals,
       (SELECT count(*)::int FROM venue_transfers WHERE status = 'pending') AS transfers,
       (SELECT count(*)::int FROM agent_applications WHERE status = 'pending') AS "agentApps",
       (SELECT count(*)::int FROM feedback WHERE status = 'pending') AS feedback`,
    [now],
  );
  return r.rows[0]!;
}

export interface PendingWork {
  realNames: number;
  deposits: number;
  withdrawals: number;
  approvals: number;
  transfers: number;
  agentApps: number;
  feedback: number;
}
