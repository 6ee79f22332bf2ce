import type { Queryable } from '@nebula/db';
import type { GameBetRow } from './game-bet.repository';

/*
 * The house's liability on house game picks, in `venue_liability` beside the sportsbook's
 * selections, keyed by the game selection id (docs/contract.md §10.11): raised inside the slip's
 * own transaction (so a slip that places nothing reserves nothing), given back when a bet ends
 * and cleared when its round is finished.
 */

/**
 * Adds each selection's liability if it stays within `cap`, in one statement, rows taken in
 * the order given (callers sort them, so two slips never wait on each other). Answers whether
 * every one fitted; when one did not, the caller's transaction rolls back the others — a slip
 * that places nothing leaves no reservation.
 */
export async function reserveGameLiability(
  q: Queryable,
  k: { merchant: string; venueCode: string },
  items: readonly { selectionId: string; amount: bigint }[],
  cap: bigint,
): Promise<boolean> {
  if (items.some((i) => i.amount > cap)) return false;
  const r = await q.query<{ n: number }>(
    `WITH reserved AS (
       INSERT INTO venue_liability (merchant, venue_code, selection_id, amount)
       SELECT $1::text, $2::text, t.s, t.a FROM unnest($3::text[], $4::bigint[]) AS t(s, a)
       ON CONFLICT (merchant, venue_code, selection_id) DO UPDATE
         SET amount = venue_liability.amount + EXCLUDED.amount
         WHERE venue_liability.amount + EXCLUDED.amount <= $5::bigint
       RETURNING 1
     ) SELECT count(*)::int AS n FROM reserved`,
    [
      k.merchant,
      k.venueCode,
      items.map((i) => i.selectionId),
      items.map((i) => String(i.amount)),
      cap,
    ],
  );
  return r.rows[0]!.n === items.length;
}

/** Gives back what ended bets reserved on their selections. */
export async function releaseGameLiability(
  q: Queryable,
  bets: readonly Pick<GameBetRow, 'merchant' | 'venueCode' | 'selectionId' | 'liability'>[],
): Promise<void> {
  const sums = new Map<string, bigint>();
  for (const b of bets) {
    const key = JSON.stringify([b.merchant, b.venueCode, b.selectionId]);
    sums.set(key, (sums.get(key) ?? 0n) + b.liability);
  }
  if (sums.size === 0) return;
  const keys = [...sums.keys()].sort().map((k) => JSON.parse(k) as string[]);
  await q.query(
    `UPDATE venue_liability l SET amount = greatest(l.amount - u.a, 0)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS u(m, v, s, a)
      WHERE l.merchant = u.m AND l.venue_code = u.v AND l.selection_id = u.s`,
    [
      keys.map((k) => k[0]),
      keys.map((k) => k[1]),
      keys.map((k) => k[2]),
      keys.map((k) => String(sums.get(JSON.stringify(k)))),
    ],
  );
}

/** A finished round's selections hold nothing any more (whatever a crash left). */
export async function clearRoundLiability(
  q: Queryable,
  gameCode: string,
  roundNo: string,
): Promise<void> {
  await q.query(`DELETE FROM venue_liability WHERE starts_with(selection_id, $1)`, [
    `g:${gameCode}:${roundNo}:`,
  ]);
}
