import type { Queryable } from '@nebula/db';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { GameBetRow } from './game-bet.repository';

/**
 * A game bet decided the moment it is placed (a slot spin, docs/contract.md §10.13): the bet
 * settled, its one leg with its result, and both its versions (accepted, then settled) in one
 * statement of the caller's transaction — the merchant feed sees the two versions together.
 */
export async function insertSettledGameBet(
  q: Queryable,
  b: GameBetRow & { requestKey: string; requestHash: string },
  versions: readonly [BetVersion, BetVersion],
): Promise<void> {
  await q.query(
    `WITH bet AS (
       INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash,
         stake, odds_policy, status, result, payout, valid_stake, placed_at, settled_at, version,
         game_code, round_no, slip_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'none', 'settled', $8, $9, $10, $11, $12, 2, $13, $14,
         $15)
       RETURNING id
     ), leg AS (
       INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period,
         odds_milli, event_name, market_label, outcome_label, liability, result)
       SELECT bet.id, 1, $16, $17, $18, 'round', $19, $20, $21, $22, 0, $23 FROM bet
     )
     INSERT INTO venue_bet_versions (bet_id, version, merchant, venue_code, body)
     SELECT bet.id, t.v, $2, $3, t.b FROM bet, unnest($24::int[], $25::jsonb[]) AS t(v, b)`,
    [
      b.id,
      b.merchant,
      b.venueCode,
      b.playerId,
      b.requestKey,
      b.requestHash,
      String(b.stake),
      b.result,
      b.payout === null ? null : String(b.payout),
      b.validStake === null ? null : String(b.validStake),
      new Date(b.placedAt),
      b.settledAt === null ? null : new Date(b.settledAt),
      b.gameCode,
      b.roundNo,
      b.slipId,
      b.eventId,
      b.selectionId,
      b.marketId,
      b.oddsMilli,
      b.eventName,
      b.marketLabel,
      b.outcomeLabel,
      b.legResult,
      versions.map((v) => v.version),
      versions.map((v) => JSON.stringify(v)),
    ],
    'venue-settled-game-bet',
  );
}
