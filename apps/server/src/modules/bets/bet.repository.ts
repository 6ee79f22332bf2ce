import { ts, type Queryable } from '@nebula/db';
import type { BetStatus } from '@nebula/protocol/venue/markets';
import type { StoredLeg } from './bet-rules';

export interface BetRow {
  venueCode: string;
  betId: string;
  memberId: number;
  version: number;
  changeKind: string;
  status: BetStatus;
  stake: bigint;
  payout: bigint | null;
  oddsMilli: number;
  potentialWin: bigint;
  legs: StoredLeg[];
  placedAt: number;
  settledAt: number | null;
  validTurnover: bigint;
  /** `{matchId}:{period}` of a single judged with its group (contract §6); null: alone. */
  groupKey: string | null;
}

export interface Raw {
  venue_code: string;
  bet_id: string;
  member_id: number;
  version: number;
  change_kind: string;
  status: BetStatus;
  stake: bigint;
  payout: bigint | null;
  odds_milli: number;
  potential_win: bigint;
  legs: StoredLeg[];
  placed_at: Date;
  settled_at: Date | null;
  valid_turnover: bigint;
  group_key: string | null;
}

export const toRow = (r: Raw): BetRow => ({
  venueCode: r.venue_code,
  betId: r.bet_id,
  memberId: r.member_id,
  version: r.version,
  changeKind: r.change_kind,
  status: r.status,
  stake: r.stake,
  payout: r.payout,
  oddsMilli: r.odds_milli,
  potentialWin: r.potential_win,
  legs: r.legs,
  placedAt: r.placed_at.getTime(),
  settledAt: r.settled_at?.getTime() ?? null,
  validTurnover: r.valid_turnover,
  groupKey: r.group_key,
});

// --- cursors: read, and moved only by the transaction that applied what they cover

export async function ensureCursor(
  q: Queryable,
  venueCode: string,
  feed: 'bets' | 'scores',
  now: number,
) {
  await q.query(
    `INSERT INTO venue_feed_cursors (venue_code, feed, cursor, updated_at) VALUES ($1, $2, '', $3)
     ON CONFLICT DO NOTHING`,
    [venueCode, feed, ts(now)],
  );
}

export async function readCursor(
  q: Queryable,
  venueCode: string,
  feed: 'bets' | 'scores',
  lock = false,
): Promise<string | null> {
  const r = await q.query<{ cursor: string }>(
    `SELECT cursor FROM venue_feed_cursors WHERE venue_code = $1 AND feed = $2${lock ? ' FOR UPDATE' : ''}`,
    [venueCode, feed],
  );
  return r.rows[0]?.cursor ?? null;
}

export async function saveCursor(
  q: Queryable,
  venueCode: string,
  feed: 'bets' | 'scores',
  cursor: string,
  now: number,
) {
  await q.query(
    'UPDATE venue_feed_cursors SET cursor = $3, updated_at = $4 WHERE venue_code = $1 AND feed = $2',
    [venueCode, feed, cursor, ts(now)],
  );
}

// --- bet copies

/**
 * The most a bet can still move (fen): the larger of its stake, payout and potential win, over
 * every venue's copy with this id (a shared id only makes it larger); null when none has it.
 */
export async function betExposure(q: Queryable, betId: string): Promise<bigint | null> {
  const r = await q.query<{ v: bigint | string | null }>(
    `SELECT max(GREATEST(stake, COALESCE(payout, 0), potential_win)) AS v
       FROM venue_bets WHERE bet_id = $1`,
    [betId],
  );
  const v = r.rows[0]?.v;
  return v === null || v === undefined ? null : BigInt(v);
}

export async function readBetForUpdate(
  q: Queryable,
  venueCode: string,
  betId: string,
): Promise<BetRow | null> {
  const r = await q.query<Raw>(
    'SELECT * FROM venue_bets WHERE venue_code = $1 AND bet_id = $2 FOR UPDATE',
    [venueCode, betId],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Writes the copy at `version`; an older or equal version than the stored one changes nothing. */
export async function upsertBet(q: Queryable, b: BetRow, now: number): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO venue_bets (venue_code, bet_id, member_id, version, change_kind, status, stake, payout,
        odds_milli, potential_win, legs, placed_at, settled_at, valid_turnover, updated_at, group_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16)
     ON CONFLICT (venue_code, bet_id) DO UPDATE SET version = EXCLUDED.version,
        change_kind = EXCLUDED.change_kind, status = EXCLUDED.status, stake = EXCLUDED.stake,
        payout = EXCLUDED.payout, odds_milli = EXCLUDED.odds_milli,
        potential_win = EXCLUDED.potential_win, legs = EXCLUDED.legs,
        settled_at = EXCLUDED.settled_at, valid_turnover = EXCLUDED.valid_turnover,
        updated_at = EXCLUDED.updated_at, group_key = EXCLUDED.group_key
      WHERE venue_bets.version < EXCLUDED.version`,
    [
      b.venueCode,
      b.betId,
      b.memberId,
      b.version,
      b.changeKind,
      b.status,
      b.stake,
      b.payout,
      b.oddsMilli,
      b.potentialWin,
      JSON.stringify(b.legs),
      ts(b.placedAt),
      b.settledAt === null ? null : ts(b.settledAt),
      b.validTurnover,
      ts(now),
      b.groupKey,
    ],
  );
  return r.rowCount === 1;
}

export async function setValidTurnover(
  q: Queryable,
  venueCode: string,
  betId: string,
  amount: bigint,
) {
  await q.query('UPDATE venue_bets SET valid_turnover = $3 WHERE venue_code = $1 AND bet_id = $2', [
    venueCode,
    betId,
    amount,
  ]);
}

/**
 * The member's other live bets with a leg on one of `markets` on another side than this bet
 * took (keys `marketId|outcome`): a bet judged alone (a parlay) earns nothing beside them.
 * `grouped`: the partner is a single judged with its group instead.
 */
export async function hedgingBets(
  q: Queryable,
  memberId: number,
  self: { venueCode: string; betId: string },
  markets: string[],
  sides: string[],
): Promise<{ venueCode: string; betId: string; validTurnover: bigint; grouped: boolean }[]> {
  const r = await q.query<{
    venue_code: string;
    bet_id: string;
    valid_turnover: bigint;
    grouped: boolean;
  }>(
    `SELECT DISTINCT b.venue_code, b.bet_id, b.valid_turnover, b.group_key IS NOT NULL AS grouped
       FROM venue_bets b CROSS JOIN LATERAL jsonb_array_elements(b.legs) AS l(leg)
      WHERE b.member_id = $1 AND b.status <> 'void' AND NOT (b.venue_code = $2 AND b.bet_id = $3)
        AND (l.leg->>'marketId') = ANY($4::text[])
        AND NOT ((l.leg->>'marketId') || '|' || (l.leg->>'outcome')) = ANY($5::text[])`,
    [memberId, self.venueCode, self.betId, markets, sides],
  );
  return r.rows.map((x) => ({
    venueCode: x.venue_code,
    betId: x.bet_id,
    validTurnover: x.valid_turnover,
    grouped: x.grouped,
  }));
}

export interface BetFilter {
  memberId: number;
  status?: BetStatus;
  venueCode?: string;
  /** Only bets at one of these venues (a family's). */
  venueCodes?: string[];
  from?: number;
  to?: number;
}

export function whereOf(f: BetFilter): { cond: string; params: unknown[] } {
  const where = ['member_id = $1'];
  const params: unknown[] = [f.memberId];
  if (f.status) where.push(`status = $${params.push(f.status)}`);
  if (f.venueCode) where.push(`venue_code = $${params.push(f.venueCode)}`);
  if (f.venueCodes) where.push(`venue_code = ANY($${params.push(f.venueCodes)}::text[])`);
  if (f.from !== undefined) where.push(`placed_at >= $${params.push(ts(f.from))}`);
  if (f.to !== undefined) where.push(`placed_at < $${params.push(ts(f.to))}`);
  return { cond: where.join(' AND '), params };
}

export interface BetTotalsRow {
  count: number;
  stake: string;
  payout: string;
  win_loss: string;
  valid_turnover: string;
}

const TOTALS = `count(*)::int AS count, COALESCE(sum(stake), 0)::text AS stake,
  COALESCE(sum(payout), 0)::text AS payout,
  COALESCE(sum(payout - stake) FILTER (WHERE payout IS NOT NULL), 0)::text AS win_loss,
  COALESCE(sum(valid_turnover), 0)::text AS valid_turnover`;

/** A page of the member's bets, newest first, with totals and per-Shanghai-day totals. */
export async function listBets(q: Queryable, f: BetFilter, limit: number, offset: number) {
  const { cond, params } = whereOf(f);
  const [rows, totals, days] = await Promise.all([
    q.query<Raw>(
      `SELECT * FROM venue_bets WHERE ${cond} ORDER BY placed_at DESC, bet_id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<BetTotalsRow>(`SELECT ${TOTALS} FROM venue_bets WHERE ${cond}`, params),
    // Shanghai days: UTC+8 all year.
    q.query<BetTotalsRow & { day: string }>(
      `SELECT to_char(placed_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD') AS day, ${TOTALS}
         FROM venue_bets WHERE ${cond} GROUP BY 1 ORDER BY 1 DESC LIMIT 400`,
      params,
    ),
  ]);
  return { rows: rows.rows.map(toRow), totals: totals.rows[0]!, days: days.rows };
}

/** The member's bet by its id (a venue's id; the newest if two venues share one). */
export async function readMemberBet(
  q: Queryable,
  memberId: number,
  betId: string,
): Promise<BetRow | null> {
  const r = await q.query<Raw>(
    'SELECT * FROM venue_bets WHERE member_id = $1 AND bet_id = $2 ORDER BY placed_at DESC LIMIT 1',
    [memberId, betId],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Names of matches the platform's copies mention (for scores pushed to chat). */
export async function matchNames(q: Queryable, matchIds: string[]): Promise<Map<string, string>> {
  if (matchIds.length === 0) return new Map();
  const r = await q.query<{ match_id: string; name: string }>(
    `SELECT DISTINCT ON (l.leg->>'matchId') l.leg->>'matchId' AS match_id, l.leg->>'match' AS name
       FROM venue_bets b CROSS JOIN LATERAL jsonb_array_elements(b.legs) AS l(leg)
      WHERE (l.leg->>'matchId') = ANY($1::text[])`,
    [matchIds],
  );
  return new Map(r.rows.map((x) => [x.match_id, x.name]));
}
