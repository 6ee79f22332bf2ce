/**
 * The ledger's part of a statement another module owns (the placement, which must stay one
 * prepared statement: docs/architecture.md, "The house venue"). The text is the ledger's, so the
 * ledger stays the only writer of `venue_wallets` and `venue_postings`; the caller places it
 * among its own CTEs and passes the values of an entry `VenueLedger.prepareStake` validated.
 */

/** Placeholders (`$n`, of the caller's statement) for each value the fragment reads. */
export interface StakeDebitParams {
  /** A condition the debit also needs (the caller's claim), SQL of the enclosing statement. */
  guard: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  amount: string;
  reference: string;
  kind: string;
  createdAt: string;
  accounts: string;
  amounts: string;
}

/** True in the enclosing statement when the stake was taken (and its entry written). */
export const STAKE_TAKEN = 'EXISTS (SELECT 1 FROM stake_debit)';

/**
 * CTEs `stake_debit`, `stake_entry`, `stake_postings`: take `amount` from one wallet only if it
 * holds as much (one row, so one lock: no order to keep), and only then write the entry and
 * its postings. A refused debit writes nothing of the ledger.
 */
export function stakeDebitCtes(p: StakeDebitParams): string {
  return `stake_debit AS (
       UPDATE venue_wallets SET balance = balance - ${p.amount}
        WHERE merchant = ${p.merchant} AND venue_code = ${p.venueCode} AND player_id = ${p.playerId}
          AND balance >= ${p.amount} AND ${p.guard}
       RETURNING balance
     ), stake_entry AS (
       INSERT INTO venue_entries (reference, kind, created_at)
       SELECT ${p.reference}::text, ${p.kind}::text, ${p.createdAt} WHERE ${STAKE_TAKEN}
       RETURNING id
     ), stake_postings AS (
       INSERT INTO venue_postings (entry_id, account, amount)
       SELECT stake_entry.id, t.a, t.m
         FROM stake_entry, unnest(${p.accounts}::text[], ${p.amounts}::bigint[]) AS t(a, m)
     )`;
}

/** Placeholders for a bet settled the moment it is taken (a slot spin): its stake and return. */
export interface SettledStakeParams extends StakeDebitParams {
  /** What the wallet gets back (fen, 0 for nothing): the payout entry is written only above 0. */
  credit: string;
  payoutReference: string;
  payoutKind: string;
  payoutAccounts: string;
  payoutAmounts: string;
}

/**
 * `stakeDebitCtes` for a bet decided at once: the stake taken and the return credited by ONE
 * move of the wallet row (a statement may change a row once), by the ledger's rule for a debit
 * followed by a credit — the debit needs the balance, the credit repays any debt first. Only
 * then the stake's entry and postings and, when the return is above 0, the payout's entry and
 * postings (CTEs `payout_entry`, `payout_postings`). `stake_debit` answers the balance after.
 */
export function settledStakeCtes(p: SettledStakeParams): string {
  return `stake_debit AS (
       UPDATE venue_wallets
          SET balance = balance - ${p.amount} + GREATEST(${p.credit} - debt, 0),
              debt = GREATEST(debt - ${p.credit}, 0)
        WHERE merchant = ${p.merchant} AND venue_code = ${p.venueCode} AND player_id = ${p.playerId}
          AND balance >= ${p.amount} AND ${p.guard}
       RETURNING balance
     ), stake_entry AS (
       INSERT INTO venue_entries (reference, kind, created_at)
       SELECT ${p.reference}::text, ${p.kind}::text, ${p.createdAt} WHERE ${STAKE_TAKEN}
       RETURNING id
     ), stake_postings AS (
       INSERT INTO venue_postings (entry_id, account, amount)
       SELECT stake_entry.id, t.a, t.m
         FROM stake_entry, unnest(${p.accounts}::text[], ${p.amounts}::bigint[]) AS t(a, m)
     ), payout_entry AS (
       INSERT INTO venue_entries (reference, kind, created_at)
       SELECT ${p.payoutReference}::text, ${p.payoutKind}::text, ${p.createdAt}
        WHERE ${p.credit} > 0 AND ${STAKE_TAKEN}
       RETURNING id
     ), payout_postings AS (
       INSERT INTO venue_postings (entry_id, account, amount)
       SELECT payout_entry.id, t.a, t.m
         FROM payout_entry,
              unnest(${p.payoutAccounts}::text[], ${p.payoutAmounts}::bigint[]) AS t(a, m)
     )`;
}
