import type { Queryable } from '@nebula/db';
import type { LegResult, OddsChangePolicy } from '@nebula/protocol/venue/markets';

export type BetStatus = 'pending' | 'open' | 'refused' | 'settled' | 'voided';

export interface LegRow {
  leg: number;
  eventId: string;
  selectionId: string;
  marketId: string;
  period: string;
  oddsMilli: number;
  eventName: string;
  marketLabel: string;
  outcomeLabel: string;
  liability: bigint;
  result: LegResult | null;
}

export interface BetRow {
  id: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  requestHash: string;
  stake: bigint;
  oddsPolicy: OddsChangePolicy;
  status: BetStatus;
  result: string | null;
  payout: bigint | null;
  refuseCode: number | null;
  acceptAfter: number | null;
  placedAt: number;
  settledAt: number | null;
  version: number;
  legs: LegRow[];
}

interface Row {
  id: string;
  merchant: string;
  venue_code: string;
  player_id: string;
  request_hash: string;
  stake: bigint | string;
  odds_policy: OddsChangePolicy;
  status: BetStatus;
  result: string | null;
  payout: bigint | string | null;
  refuse_code: number | null;
  accept_after: Date | string | null;
  placed_at: Date | string;
  settled_at: Date | string | null;
  version: number;
  legs: LegJson[] | string;
}

interface LegJson {
  leg: number;
  event_id: string;
  selection_id: string;
  market_id: string;
  period: string;
  odds_milli: number;
  event_name: string;
  market_label: string;
  outcome_label: string;
  liability: number | string;
  result: LegResult | null;
}

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

const toBet = (r: Row): BetRow => ({
  id: r.id,
  merchant: r.merchant,
  venueCode: r.venue_code,
  playerId: r.player_id,
  requestHash: r.request_hash,
  stake: BigInt(r.stake),
  oddsPolicy: r.odds_policy,
  status: r.status,
  result: r.result,
  payout: r.payout === null ? null : BigInt(r.payout),
  refuseCode: r.refuse_code,
  acceptAfter: ms(r.accept_after),
  placedAt: ms(r.placed_at)!,
  settledAt: ms(r.settled_at),
  version: r.version,
  legs: (typeof r.legs === 'string' ? (JSON.parse(r.legs) as LegJson[]) : r.legs)
    .map((l) => ({
      leg: l.leg,
      eventId: l.event_id,
      selectionId: l.selection_id,
      marketId: l.market_id,
      period: l.period,
      oddsMilli: l.odds_milli,
      eventName: l.event_name,
      marketLabel: l.market_label,
      outcomeLabel: l.outcome_label,
      liability: BigInt(l.liability),
      result: l.result,
    }))
    .sort((a, b) => a.leg - b.leg),
});

/** A bet with its legs, as one row (json_agg keeps it to one statement for any number). */
const SELECT_BETS = `SELECT b.id, b.merchant, b.venue_code, b.player_id, b.request_hash, b.stake,
    b.odds_policy, b.status, b.result, b.payout, b.refuse_code, b.accept_after, b.placed_at,
    b.settled_at, b.version,
    json_agg(json_build_object('leg', l.leg, 'event_id', l.event_id, 'selection_id', l.selection_id,
      'market_id', l.market_id, 'period', l.period, 'odds_milli', l.odds_milli,
      'event_name', l.event_name, 'market_label', l.market_label, 'outcome_label', l.outcome_label,
      'liability', l.liability::text, 'result', l.result)) AS legs
  FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id`;

export async function readBet(q: Queryable, id: string, lock = false): Promise<BetRow | null> {
  if (lock) await q.query('SELECT 1 FROM venue_bets WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query<Row>(`${SELECT_BETS} WHERE b.id = $1 GROUP BY b.id`, [id]);
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

export async function readBetByKey(
  q: Queryable,
  k: { merchant: string; venueCode: string; playerId: string; requestKey: string },
): Promise<BetRow | null> {
  const r = await q.query<Row>(
    `${SELECT_BETS} WHERE b.merchant = $1 AND b.venue_code = $2 AND b.player_id = $3
       AND b.request_key = $4 GROUP BY b.id`,
    [k.merchant, k.venueCode, k.playerId, k.requestKey],
  );
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

export async function listPlayerBets(
  q: Queryable,
  p: { merchant: string; venueCode: string; playerId: string; settled: boolean; limit: number },
): Promise<BetRow[]> {
  const r = await q.query<Row>(
    `${SELECT_BETS} WHERE b.merchant = $1 AND b.venue_code = $2 AND b.player_id = $3
       AND (CASE WHEN $4 THEN b.status IN ('settled', 'voided', 'refused')
                 ELSE b.status IN ('pending', 'open') END)
     GROUP BY b.id ORDER BY b.placed_at DESC LIMIT $5`,
    [p.merchant, p.venueCode, p.playerId, p.settled, p.limit],
  );
  return r.rows.map(toBet);
}

/** A bet as placement writes it first. */
export interface NewBet {
  id: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  requestKey: string;
  requestHash: string;
  stake: bigint;
  oddsPolicy: OddsChangePolicy;
  status: 'pending' | 'open';
  acceptAfter: number | null;
  placedAt: number;
}

/** Claims the placement's key; false when a bet already holds it. */
export async function insertBet(q: Queryable, b: NewBet): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash, stake,
       odds_policy, status, accept_after, placed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (merchant, venue_code, player_id, request_key) DO NOTHING`,
    [
      b.id,
      b.merchant,
      b.venueCode,
      b.playerId,
      b.requestKey,
      b.requestHash,
      b.stake,
      b.oddsPolicy,
      b.status,
      b.acceptAfter === null ? null : new Date(b.acceptAfter),
      new Date(b.placedAt),
    ],
  );
  return r.rowCount > 0;
}

export async function insertLegs(
  q: Queryable,
  betId: string,
  legs: readonly LegRow[],
): Promise<void> {
  await q.query(
    `INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period, odds_milli,
       event_name, market_label, outcome_label, liability)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[],
       $8::text[], $9::text[], $10::text[], $11::bigint[])`,
    [
      betId,
      legs.map((l) => l.leg),
      legs.map((l) => l.eventId),
      legs.map((l) => l.selectionId),
      legs.map((l) => l.marketId),
      legs.map((l) => l.period),
      legs.map((l) => l.oddsMilli),
      legs.map((l) => l.eventName),
      legs.map((l) => l.marketLabel),
      legs.map((l) => l.outcomeLabel),
      legs.map((l) => String(l.liability)),
    ],
  );
}

/** An event is over and every bet on it settled: its selections hold nothing any more. */
export async function clearEventLiability(q: Queryable, eventId: string): Promise<void> {
  await q.query(`DELETE FROM venue_liability WHERE starts_with(selection_id, $1 || ':')`, [
    eventId,
  ]);
}

/**
 * Gives back what ended bets reserved (legs of one or many bets); with `sign` −1 takes it
 * again (a decided bet a correction reopened).
 */
export async function releaseReservations(
  q: Queryable,
  bets: readonly Pick<BetRow, 'merchant' | 'venueCode' | 'playerId' | 'stake' | 'legs'>[],
  sign: 1n | -1n = 1n,
): Promise<void> {
  const liability = new Map<string, bigint>();
  const exposure = new Map<string, bigint>();
  for (const b of bets) {
    for (const l of b.legs) {
      const lk = JSON.stringify([b.merchant, b.venueCode, l.selectionId]);
      liability.set(lk, (liability.get(lk) ?? 0n) + sign * l.liability);
      const ek = JSON.stringify([b.merchant, b.venueCode, b.playerId, l.marketId]);
      exposure.set(ek, (exposure.get(ek) ?? 0n) + sign * (l.liability + b.stake));
    }
  }
  if (liability.size > 0) {
    const keys = [...liability.keys()].map((k) => JSON.parse(k) as string[]);
    await q.query(
      `UPDATE venue_liability l SET amount = l.amount - u.a
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS u(m, v, s, a)
        WHERE l.merchant = u.m AND l.venue_code = u.v AND l.selection_id = u.s`,
      [
        keys.map((k) => k[0]),
        keys.map((k) => k[1]),
        keys.map((k) => k[2]),
        [...liability.values()].map(String),
      ],
    );
  }
  if (exposure.size > 0) {
    const keys = [...exposure.keys()].map((k) => JSON.parse(k) as string[]);
    await q.query(
      `UPDATE venue_player_exposure e SET amount = e.amount - u.a
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[]) AS u(m, v, p, k, a)
        WHERE e.merchant = u.m AND e.venue_code = u.v AND e.player_id = u.p AND e.market_id = u.k`,
      [
        keys.map((k) => k[0]),
        keys.map((k) => k[1]),
        keys.map((k) => k[2]),
        keys.map((k) => k[3]),
        [...exposure.values()].map(String),
      ],
    );
  }
}

/** In-play bets whose acceptance delay has run out. */
export async function dueForAcceptance(
  q: Queryable,
  now: number,
  limit: number,
): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    `SELECT id FROM venue_bets WHERE status = 'pending' AND accept_after <= $1
      ORDER BY accept_after LIMIT $2`,
    [new Date(now), limit],
  );
  return r.rows.map((x) => x.id);
}

/** Ends a pending bet: open (accepted) or refused with a code. */
export async function decidePending(
  q: Queryable,
  id: string,
  d: { status: 'open' } | { status: 'refused'; code: number; at: number },
): Promise<number | null> {
  const r = await q.query<{ version: number }>(
    `UPDATE venue_bets SET status = $2, refuse_code = $3, settled_at = $4, version = version + 1
      WHERE id = $1 AND status = 'pending' RETURNING version`,
    [
      id,
      d.status,
      d.status === 'refused' ? d.code : null,
      d.status === 'refused' ? new Date(d.at) : null,
    ],
  );
  return r.rows[0]?.version ?? null;
}

/**
 * Writes the results of one event's legs, per selection and period (set-based): new results
 * and corrected ones alike; legs an operator decided keep theirs.
 */
export async function setLegResults(
  q: Queryable,
  eventId: string,
  results: readonly { selectionId: string; result: LegResult }[],
): Promise<number> {
  if (results.length === 0) return 0;
  const r = await q.query(
    `UPDATE venue_bet_legs l SET result = u.r
       FROM unnest($2::text[], $3::text[]) AS u(s, r)
      WHERE l.event_id = $1 AND l.selection_id = u.s AND l.result IS DISTINCT FROM u.r
        AND NOT l.operator_set`,
    [eventId, results.map((x) => x.selectionId), results.map((x) => x.result)],
  );
  return r.rowCount;
}

/**
 * Open bets on an event that can be settled: every leg has a result, or one leg lost (a
 * parlay is lost as soon as one leg is).
 */
export async function settleableBets(
  q: Queryable,
  eventId: string,
  limit: number,
): Promise<BetRow[]> {
  const r = await q.query<Row>(
    `${SELECT_BETS}
      WHERE b.status = 'open' AND b.id IN (SELECT bet_id FROM venue_bet_legs WHERE event_id = $1)
      GROUP BY b.id
     HAVING bool_and(l.result IS NOT NULL) OR bool_or(l.result = 'lost')
      LIMIT $2`,
    [eventId, limit],
  );
  return r.rows.map(toBet);
}

/** Settles bets still open at the version read; answers the ids this call settled. */
export async function markSettled(
  q: Queryable,
  rows: readonly { id: string; version: number; result: string; payout: bigint }[],
  at: number,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const r = await q.query<{ id: string }>(
    `UPDATE venue_bets b SET status = 'settled', result = u.r, payout = u.p, settled_at = $5,
        version = b.version + 1
       FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[]) AS u(id, v, r, p)
      WHERE b.id = u.id AND b.version = u.v AND b.status = 'open'
      RETURNING b.id`,
    [
      rows.map((x) => x.id),
      rows.map((x) => x.version),
      rows.map((x) => x.result),
      rows.map((x) => String(x.payout)),
      new Date(at),
    ],
  );
  return new Set(r.rows.map((x) => x.id));
}
