import type { Queryable } from '@nebula/db';
import type { LegResult, OddsChangePolicy } from '@nebula/protocol/venue/markets';
import type { BetRow, BetStatus } from './bet.types';

/** Reading bets with their legs (one row per bet); what changes them lives beside it. */
export interface BetSqlRow {
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

export const toBet = (r: BetSqlRow): BetRow => ({
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
export const SELECT_BETS = `SELECT b.id, b.merchant, b.venue_code, b.player_id, b.request_hash, b.stake,
    b.odds_policy, b.status, b.result, b.payout, b.refuse_code, b.accept_after, b.placed_at,
    b.settled_at, b.version,
    json_agg(json_build_object('leg', l.leg, 'event_id', l.event_id, 'selection_id', l.selection_id,
      'market_id', l.market_id, 'period', l.period, 'odds_milli', l.odds_milli,
      'event_name', l.event_name, 'market_label', l.market_label, 'outcome_label', l.outcome_label,
      'liability', l.liability::text, 'result', l.result)) AS legs
  FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id`;

export async function readBet(q: Queryable, id: string, lock = false): Promise<BetRow | null> {
  if (lock) await q.query('SELECT 1 FROM venue_bets WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query<BetSqlRow>(`${SELECT_BETS} WHERE b.id = $1 GROUP BY b.id`, [id]);
  return r.rows[0] ? toBet(r.rows[0]) : null;
}

export async function readBetByKey(
  q: Queryable,
  k: { merchant: string; venueCode: string; playerId: string; requestKey: string },
): Promise<BetRow | null> {
  const r = await q.query<BetSqlRow>(
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
  const r = await q.query<BetSqlRow>(
    `${SELECT_BETS} WHERE b.merchant = $1 AND b.venue_code = $2 AND b.player_id = $3
       AND (CASE WHEN $4 THEN b.status IN ('settled', 'voided', 'refused')
                 ELSE b.status IN ('pending', 'open') END)
     GROUP BY b.id ORDER BY b.placed_at DESC LIMIT $5`,
    [p.merchant, p.venueCode, p.playerId, p.settled, p.limit],
  );
  return r.rows.map(toBet);
}
