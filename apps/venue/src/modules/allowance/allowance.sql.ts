/**
 * The allowance's part of a statement another module owns (the sportsbook placement, one
 * statement: docs/architecture.md, "The house venue"), and of its own take
 * (allowance.repository.ts). The text is this module's, so it stays the only writer of
 * `venue_player_allowances` and `venue_allowance_stakes`.
 *
 * The check is an UPDATE of the player's allowance row that raises `staked` (the stakes since
 * the platform computed the allowance, migration 0016) only if the stake fits: PostgreSQL
 * re-checks it on the row's latest version when it had to wait for the row, so two stakes of
 * one player never both pass on the same room, even inside one statement whose snapshot
 * predates the other's commit (a sum over `venue_allowance_stakes` would read that snapshot).
 */

/** Placeholders (`$n`, of the caller's statement) for each value the fragment reads. */
export interface AllowanceTakeParams {
  /**
   * A condition the take also needs, SQL of the enclosing statement (the stake taken from the
   * wallet): uncorrelated, so it is decided before the allowance row is locked — the wallet row
   * first, then the allowance row, the order every taker keeps.
   */
  guard: string;
  merchant: string;
  playerId: string;
  amount: string;
  placedAt: string;
}

/**
 * CTEs `allowance_take` (one row when the player has an allowance and the stake fits, the row
 * then raised) and `allowance_stake` (the stake recorded, for the next push's recount). A
 * player the platform never pushed has no row: nothing is checked or recorded.
 */
export function allowanceTakeCtes(p: AllowanceTakeParams): string {
  return `allowance_take AS (
       UPDATE venue_player_allowances a
          SET staked = a.staked
                + CASE WHEN ${p.placedAt}::timestamptz >= a.computed_at THEN ${p.amount}::bigint ELSE 0 END
        WHERE a.merchant = ${p.merchant}::text AND a.player_id = ${p.playerId}::text AND ${p.guard}
          AND (LEAST(a.loss_left, a.wager_left) IS NULL
               OR ${p.amount}::bigint <= LEAST(a.loss_left, a.wager_left) - a.staked)
       RETURNING a.merchant, a.player_id
     ), allowance_stake AS (
       INSERT INTO venue_allowance_stakes (merchant, player_id, placed_at, amount)
       SELECT merchant, player_id, ${p.placedAt}::timestamptz, ${p.amount}::bigint FROM allowance_take
     )`;
}

/**
 * True in the enclosing statement when the player has an allowance and the stake did not fit
 * (only meaningful once the guard held).
 */
export function allowanceRefused(merchant: string, playerId: string): string {
  return `(EXISTS (SELECT 1 FROM venue_player_allowances
                    WHERE merchant = ${merchant}::text AND player_id = ${playerId}::text)
           AND NOT EXISTS (SELECT 1 FROM allowance_take))`;
}
