import type { Queryable } from '@nebula/db';
import type { BetRow } from './bet.types';

/**
 * A selection's reserved liability (`venue_liability`) and the holds that say which attempt
 * reserved what (`venue_liability_holds`, migration 0006). The invariant, checked by
 * `liabilityDrift`: a selection's amount is the liability of the open and pending bets' legs
 * on it plus the holds of attempts still under way.
 */

export interface SelectionKey {
  merchant: string;
  venueCode: string;
  selectionId: string;
}

/**
 * Adds `amount` to a selection's liability if it stays within `limit`, held under the attempt's
 * bet id, in one statement. The transaction commits without waiting for the disk
 * (`synchronous_commit` off for it only): a reservation lost in a crash was never acted on,
 * and the bet's own, synchronous, commit comes later in the log, so a bet on disk always has
 * its reservation on disk. False when the limit would be passed (nothing changed).
 */
export async function reserveHeld(
  q: Queryable,
  k: SelectionKey,
  hold: { betId: string; amount: bigint; limit: bigint; at: number },
): Promise<boolean> {
  if (hold.amount > hold.limit) return false;
  const r = await q.query<{ n: number }>(
    `WITH async AS (SELECT set_config('synchronous_commit', 'off', true) AS v),
     reserved AS (
       INSERT INTO venue_liability (merchant, venue_code, selection_id, amount)
       SELECT $1::text, $2::text, $3::text, $4::bigint FROM async
       ON CONFLICT (merchant, venue_code, selection_id) DO UPDATE
         SET amount = venue_liability.amount + EXCLUDED.amount
         WHERE venue_liability.amount + EXCLUDED.amount <= $5::bigint
       RETURNING 1
     ), held AS (
       INSERT INTO venue_liability_holds (bet_id, merchant, venue_code, selection_id, amount, held_at)
       SELECT $6::text, $1::text, $2::text, $3::text, $4::bigint, $7::timestamptz FROM reserved
     )
     SELECT count(*)::int AS n FROM reserved`,
    [
      k.merchant,
      k.venueCode,
      k.selectionId,
      hold.amount,
      hold.limit,
      hold.betId,
      new Date(hold.at),
    ],
    'venue-reserve-held',
  );
  return r.rows[0]!.n > 0;
}

/**
 * Gives back what an attempt still holds (its bet was not placed): deletes its holds and
 * subtracts each from its selection, one row at a time in selection order (two give-backs and a
 * parlay's reservation take their locks in one order). Answers what was given back; nothing
 * when the holds are gone already (taken over by the bet, or given back by another caller).
 */
export async function releaseHeld(q: Queryable, betId: string): Promise<bigint> {
  const gone = await q.query<{
    merchant: string;
    venue_code: string;
    selection_id: string;
    amount: bigint;
  }>(
    `DELETE FROM venue_liability_holds WHERE bet_id = $1
     RETURNING merchant, venue_code, selection_id, amount`,
    [betId],
  );
  let total = 0n;
  const rows = [...gone.rows].sort((a, b) => a.selection_id.localeCompare(b.selection_id));
  for (const h of rows) {
    await q.query(
      `UPDATE venue_liability SET amount = amount - $4
        WHERE merchant = $1 AND venue_code = $2 AND selection_id = $3`,
      [h.merchant, h.venue_code, h.selection_id, h.amount],
    );
    total += h.amount;
  }
  return total;
}

/** Attempts whose holds are older than `before`: their placement died or stalled. */
export async function staleHolds(q: Queryable, before: number, limit: number): Promise<string[]> {
  const r = await q.query<{ bet_id: string }>(
    `SELECT DISTINCT bet_id FROM venue_liability_holds WHERE held_at < $1 LIMIT $2`,
    [new Date(before), limit],
  );
  return r.rows.map((x) => x.bet_id);
}

/** This transaction commits without waiting for the disk (a reservation; see above). */
export async function commitWithoutWaiting(q: Queryable): Promise<void> {
  await q.query('SET LOCAL synchronous_commit = off');
}

export async function readLiability(q: Queryable, k: SelectionKey): Promise<bigint> {
  const r = await q.query<{ amount: bigint }>(
    'SELECT amount FROM venue_liability WHERE merchant = $1 AND venue_code = $2 AND selection_id = $3',
    [k.merchant, k.venueCode, k.selectionId],
  );
  return r.rows[0]?.amount ?? 0n;
}

export interface LiabilityDrift extends SelectionKey {
  reserved: bigint;
  expected: bigint;
}

/**
 * The reconciliation of liability, like the ledger's: every selection whose reserved amount
 * differs from its open and pending bets' legs plus its holds. Selections of events already
 * settled are left out (the settlement clears their rows; a parlay still open keeps its leg's
 * liability on the bet, not on the row).
 */
export async function liabilityDrift(q: Queryable): Promise<LiabilityDrift[]> {
  const r = await q.query<{
    merchant: string;
    venue_code: string;
    selection_id: string;
    reserved: bigint;
    expected: bigint;
  }>(
    `WITH expected AS (
       SELECT b.merchant, b.venue_code, l.selection_id, sum(l.liability) AS amount
         FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id
        WHERE b.status IN ('open', 'pending')
        GROUP BY 1, 2, 3
       UNION ALL
       SELECT merchant, venue_code, selection_id, sum(amount) FROM venue_liability_holds
        GROUP BY 1, 2, 3
     ), totals AS (
       SELECT merchant, venue_code, selection_id, sum(amount)::bigint AS amount
         FROM expected GROUP BY 1, 2, 3
     )
     SELECT coalesce(v.merchant, t.merchant) AS merchant,
            coalesce(v.venue_code, t.venue_code) AS venue_code,
            coalesce(v.selection_id, t.selection_id) AS selection_id,
            coalesce(v.amount, 0)::bigint AS reserved, coalesce(t.amount, 0)::bigint AS expected
       FROM venue_liability v
       FULL JOIN totals t ON t.merchant = v.merchant AND t.venue_code = v.venue_code
                         AND t.selection_id = v.selection_id
       JOIN venue_events e ON e.id = split_part(coalesce(v.selection_id, t.selection_id), ':', 1)
      WHERE coalesce(v.amount, 0) <> coalesce(t.amount, 0) AND e.settled_version IS NULL`,
  );
  return r.rows.map((x) => ({
    merchant: x.merchant,
    venueCode: x.venue_code,
    selectionId: x.selection_id,
    reserved: x.reserved,
    expected: x.expected,
  }));
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
