import type { Queryable } from '@nebula/db';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { LegRow, NewBet } from './bet.repository';

/**
 * The placement's hot path in as few round trips as PostgreSQL allows (issue 10 §8: 32 players
 * on one selection): each function is one statement whose parts are data-modifying CTEs, so
 * the transaction holding the player's row is short. The same rows as `insertBet`,
 * `debitWallet`, `insertLegs`, `writeEntries` and `insertVersions` write, written at once.
 */

/**
 * Claims the request key and takes the stake, in one statement: `claimed` false when a bet
 * already holds the key (nothing changed), `debited` false when the wallet holds less.
 */
export async function claimAndDebit(
  q: Queryable,
  b: NewBet,
): Promise<{ claimed: boolean; debited: boolean }> {
  const r = await q.query<{ claimed: number; debited: number }>(
    `WITH claim AS (
       INSERT INTO venue_bets (id, merchant, venue_code, player_id, request_key, request_hash,
         stake, odds_policy, status, accept_after, placed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (merchant, venue_code, player_id, request_key) DO NOTHING
       RETURNING id
     ), debit AS (
       UPDATE venue_wallets SET balance = balance - $7
        WHERE merchant = $2 AND venue_code = $3 AND player_id = $4 AND balance >= $7
          AND EXISTS (SELECT 1 FROM claim)
       RETURNING balance
     )
     SELECT (SELECT count(*) FROM claim)::int AS claimed,
            (SELECT count(*) FROM debit)::int AS debited`,
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
  const row = r.rows[0]!;
  return { claimed: row.claimed > 0, debited: row.debited > 0 };
}

/**
 * The bet's legs, its stake entry with postings (which must balance) and its first version,
 * in one statement.
 */
export async function writePlacement(
  q: Queryable,
  p: {
    betId: string;
    merchant: string;
    venueCode: string;
    legs: readonly LegRow[];
    entry: { reference: string; kind: string; postings: { account: string; amount: bigint }[] };
    version: BetVersion;
    now: number;
  },
): Promise<void> {
  const sum = p.entry.postings.reduce((s, x) => s + x.amount, 0n);
  if (sum !== 0n) throw new Error(`entry ${p.entry.reference} does not balance (${sum})`);
  await q.query(
    `WITH legs AS (
       INSERT INTO venue_bet_legs (bet_id, leg, event_id, selection_id, market_id, period,
         odds_milli, event_name, market_label, outcome_label, liability)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::int[], $8::text[], $9::text[], $10::text[], $11::bigint[])
     ), entry AS (
       INSERT INTO venue_entries (reference, kind, created_at) VALUES ($12, $13, $14)
       RETURNING id
     ), postings AS (
       INSERT INTO venue_postings (entry_id, account, amount)
       SELECT entry.id, t.a, t.m FROM entry, unnest($15::text[], $16::bigint[]) AS t(a, m)
     )
     INSERT INTO venue_bet_versions (bet_id, version, merchant, venue_code, body)
     VALUES ($1, $17, $18, $19, $20)`,
    [
      p.betId,
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
      p.entry.reference,
      p.entry.kind,
      new Date(p.now),
      p.entry.postings.map((x) => x.account),
      p.entry.postings.map((x) => String(x.amount)),
      p.version.version,
      p.merchant,
      p.venueCode,
      JSON.stringify(p.version),
    ],
  );
}

/**
 * A single's reservation on its selection as one statement that commits without waiting for
 * the disk (`synchronous_commit` off for this transaction only; see PlacementService). False
 * when the limit would be passed (nothing changed).
 */
export async function reserveLiabilityNow(
  q: Queryable,
  k: { merchant: string; venueCode: string; selectionId: string },
  amount: bigint,
  limit: bigint,
): Promise<boolean> {
  if (amount > limit) return false;
  const r = await q.query(
    `WITH async AS (SELECT set_config('synchronous_commit', 'off', true) AS v)
     INSERT INTO venue_liability (merchant, venue_code, selection_id, amount)
     SELECT $1, $2, $3, $4 FROM async
     ON CONFLICT (merchant, venue_code, selection_id) DO UPDATE
       SET amount = venue_liability.amount + EXCLUDED.amount
       WHERE venue_liability.amount + EXCLUDED.amount <= $5`,
    [k.merchant, k.venueCode, k.selectionId, amount, limit],
  );
  return r.rowCount > 0;
}

/** This transaction commits without waiting for the disk (a reservation; see above). */
export async function commitWithoutWaiting(q: Queryable): Promise<void> {
  await q.query('SET LOCAL synchronous_commit = off');
}
