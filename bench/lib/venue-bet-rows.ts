import type { Queryable } from '@nebula/db';
import type { LegRow, NewBet } from '../../apps/venue/src/modules/bets/bet.types';

// Bet rows written directly, a few at a time: the bench seeds open bets this way to settle
// them, without placing each one (placement writes its rows in one statement of its own).

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
