/**
 * A game bet decided the moment it is placed (a slot spin, docs/contract.md §10.13), as CTEs of
 * the statement that plays its round: the bet settled, its one leg with its result, and both
 * its versions (accepted, then settled) — the merchant feed sees the two versions together.
 * The round is numbered in that same statement (a slot spin's id), so what names it comes from
 * the caller's CTE `round`: one row with `round_no`, `slip_id`, `event_id`, `selection_id`,
 * `market_id` and `event_name` (text); no row, nothing written.
 */

/** Placeholders (`$n` of the caller's statement) for each value of the bet. */
export interface SettledGameBetParams {
  /** The caller's CTE naming the round (see above). */
  round: string;
  id: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  requestKey: string;
  requestHash: string;
  stake: string;
  result: string;
  payout: string;
  validStake: string;
  /** Placed and settled at (timestamptz). */
  at: string;
  gameCode: string;
  oddsMilli: string;
  marketLabel: string;
  outcomeLabel: string;
  /** The two versions' numbers and bodies (int[], jsonb[]): the bodies' leg 0 gets the round's
   * `selectionId` and `eventName` here, the rest as the caller built them. */
  versions: string;
  bodies: string;
}

/** CTEs `game_bet`, `game_bet_leg`, `game_bet_versions`. */
export function settledGameBetCtes(p: SettledGameBetParams): string {
  return `game_bet AS (
       INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash,
         stake, odds_policy, status, result, payout, valid_stake, placed_at, settled_at, version,
         game_code, round_no, slip_id)
       SELECT ${p.id}::text, ${p.merchant}::text, ${p.venueCode}::text, ${p.playerId}::text,
         ${p.requestKey}::text, ${p.requestHash}::text, ${p.stake}::bigint, 'none', 'settled',
         ${p.result}::text, ${p.payout}::bigint, ${p.validStake}::bigint, ${p.at}::timestamptz,
         ${p.at}::timestamptz, 2, ${p.gameCode}::text, r.round_no, r.slip_id
         FROM ${p.round} r
       RETURNING id
     ), game_bet_leg AS (
       INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period,
         odds_milli, event_name, market_label, outcome_label, liability, result)
       SELECT game_bet.id, 1, r.event_id, r.selection_id, r.market_id, 'round',
         ${p.oddsMilli}::int, r.event_name, ${p.marketLabel}::text, ${p.outcomeLabel}::text, 0,
         ${p.result}::text
         FROM game_bet, ${p.round} r
     ), game_bet_versions AS (
       INSERT INTO venue_bet_versions (bet_id, version, merchant, venue_code, body)
       SELECT game_bet.id, t.v, ${p.merchant}::text, ${p.venueCode}::text,
              jsonb_set(jsonb_set(t.b, '{legs,0,selectionId}', to_jsonb(r.selection_id)),
                '{legs,0,eventName}', to_jsonb(r.event_name))
         FROM game_bet, ${p.round} r,
              unnest(${p.versions}::int[], ${p.bodies}::jsonb[]) AS t(v, b)
     )`;
}
