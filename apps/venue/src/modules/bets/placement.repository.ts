import type { Queryable } from '@nebula/db';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { StakeDebit } from '../ledger/venue-ledger.service';
import { STAKE_TAKEN, stakeDebitCtes } from '../ledger/venue-ledger.sql';
import { allowanceRefused, allowanceTakeCtes } from '../allowance/allowance.sql';
import type { LegRow, NewBet } from './bet.types';

/**
 * The placement's hot path in as few round trips as PostgreSQL allows (32 players on one
 * selection at once): each function is one prepared statement whose parts are data-modifying
 * CTEs, so the transaction holding the player's row is short. The bet, its legs, its
 * reservations and its first version are written at once; the stake's debit, entry and
 * postings are the ledger's fragment (venue-ledger.sql.ts): this module never writes the
 * venue's money itself.
 */

/** What one placement writes: the bet, its legs, its stake entry and its first version. */
export interface Placement {
  bet: NewBet;
  legs: readonly LegRow[];
  /** The stake entry as the ledger validated it (`VenueLedger.prepareStake`). */
  stake: StakeDebit;
  version: BetVersion;
  /** The bet's potential return, reserved on each of its markets for the player. */
  exposure: bigint;
  exposureLimit: bigint;
}

/**
 * Why a placement placed nothing: `taken` when a bet already holds the request key (nothing
 * was written), else the refusal — the wallet holds less (`balance`), a market's limit would be
 * passed (`exposure`), a hold is gone (`held`: the attempt outlived it and the sweep gave it
 * back), the player's allowance does not cover the stake (`allowance`).
 */
export type PlaceOutcome = 'placed' | 'taken' | 'balance' | 'exposure' | 'held' | 'allowance';

const REFUSALS = new Set<PlaceOutcome>(['balance', 'exposure', 'held', 'allowance']);

/** The reason a statement gave `venue_refuse` (migration 0016), or null for any other error. */
function refusalOf(err: unknown): PlaceOutcome | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; message?: unknown };
  if (e.code !== 'VR001' || typeof e.message !== 'string') return null;
  const reason = e.message.replace(/^venue refusal: /, '') as PlaceOutcome;
  return REFUSALS.has(reason) ? reason : null;
}

/**
 * The whole placement in one statement and its own transaction (no BEGIN or COMMIT round trip
 * while the player's rows are locked): claims the request key, takes the stake, reserves the
 * player's exposure on each market, takes over the attempt's liability holds (the legs carry
 * them from now on), takes the stake from the player's allowance and writes the legs, the stake
 * entry with its postings and the first version. A refusal found part-way aborts the statement
 * (`venue_refuse`), so nothing of it stays; a claim another bet holds writes nothing and
 * answers `taken`.
 */
export async function placeBet(q: Queryable, p: Placement): Promise<PlaceOutcome> {
  const b = p.bet;
  const s = p.stake;
  // The ledger's debit reads the bet's own stake and player ($7, $2–$4): they must be its.
  if (
    s.amount !== b.stake ||
    s.wallet.merchant !== b.merchant ||
    s.wallet.venueCode !== b.venueCode ||
    s.wallet.playerId !== b.playerId
  ) {
    throw new Error(`stake ${s.reference} is not the stake of bet ${b.id}`);
  }
  // Sorted, so two placements of one player lock their market rows in one order.
  const markets = [...new Set(p.legs.map((l) => l.marketId))].sort();
  const r = await q
    .query<{ placed: number }>(
      `WITH claim AS (
       INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash,
         stake, odds_policy, status, accept_after, placed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (merchant, venue_code, player_id, request_key) DO NOTHING
       RETURNING id
     ), ${stakeDebitCtes({
       guard: 'EXISTS (SELECT 1 FROM claim)',
       merchant: '$2',
       venueCode: '$3',
       playerId: '$4',
       amount: '$7',
       reference: '$25',
       kind: '$26',
       createdAt: '$11',
       accounts: '$27',
       amounts: '$28',
     })}, exposure AS (
       INSERT INTO venue_player_exposure (merchant, venue_code, player_id, market_id, amount)
       SELECT $2, $3, $4, m, $12::bigint FROM unnest($14::text[]) AS t(m)
        WHERE $12::bigint <= $13::bigint AND ${STAKE_TAKEN}
       ON CONFLICT (merchant, venue_code, player_id, market_id) DO UPDATE
         SET amount = venue_player_exposure.amount + EXCLUDED.amount
         WHERE venue_player_exposure.amount + EXCLUDED.amount <= $13::bigint
       RETURNING 1
     ), legs AS (
       INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period,
         odds_milli, event_name, market_label, outcome_label, liability)
       SELECT $1::text, t.* FROM unnest($15::int[], $16::text[], $17::text[], $18::text[], $19::text[],
         $20::int[], $21::text[], $22::text[], $23::text[], $24::bigint[]) AS t
        WHERE ${STAKE_TAKEN}
     ), version AS (
       INSERT INTO venue_bet_versions (bet_id, version, merchant, venue_code, body)
       SELECT $1::text, $29::int, $2::text, $3::text, $30::jsonb WHERE ${STAKE_TAKEN}
     ), held AS (
       DELETE FROM venue_liability_holds WHERE bet_id = $1 AND ${STAKE_TAKEN}
       RETURNING 1
     ), ${allowanceTakeCtes({
       guard: STAKE_TAKEN,
       merchant: '$2',
       playerId: '$4',
       amount: '$7',
       placedAt: '$11',
     })}
     SELECT CASE
       WHEN NOT EXISTS (SELECT 1 FROM claim) THEN 0
       WHEN NOT ${STAKE_TAKEN} THEN venue_refuse('balance')
       WHEN (SELECT count(*) FROM exposure) <> cardinality($14::text[]) THEN venue_refuse('exposure')
       WHEN (SELECT count(*) FROM held) <> cardinality($15::int[]) THEN venue_refuse('held')
       WHEN ${allowanceRefused('$2', '$4')} THEN venue_refuse('allowance')
       ELSE 1 END AS placed`,
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
        p.exposure,
        p.exposureLimit,
        markets,
        p.legs.map((l) => l.leg),
        p.legs.map((l) => l.eventId),
        p.legs.map((l) => l.selectionId),
        p.legs.map((l) => l.marketId),
        p.legs.map((l) => l.period),
        p.legs.map((l) => l.oddsMilli),
        p.legs.map((l) => l.eventName),
        p.legs.map((l) => l.marketLabel),
        p.legs.map((l) => l.outcomeLabel),
        p.legs.map((l) => String(l.liability)),
        s.reference,
        s.kind,
        s.accounts,
        s.amounts.map(String),
        p.version.version,
        JSON.stringify(p.version),
      ],
      'venue-place-bet',
    )
    .catch((err: unknown) => {
      const refusal = refusalOf(err);
      if (refusal === null) throw err;
      return refusal;
    });
  if (typeof r === 'string') return r;
  return r.rows[0]!.placed === 1 ? 'placed' : 'taken';
}
