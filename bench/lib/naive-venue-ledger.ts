/**
 * The naive peer's venue ledger writes (bench:bets): a wallet moved and its entry written as
 * separate statements, one posting at a time — what the venue did before `VenueLedger` wrote
 * both in one statement. Only the peer uses it; it writes the venue's money tables on purpose,
 * which is why `bench/` is outside the ledger-writers lint rule.
 */
import type { Queryable } from '@nebula/db';
import type { WalletKey } from '../../apps/venue/src/modules/ledger/venue-accounts.model';

/** Adds fen to a wallet (creating it), paying any debt first; answers the new balance. */
export async function creditWallet(q: Queryable, k: WalletKey, amount: bigint): Promise<bigint> {
  const r = await q.query<{ balance: bigint }>(
    `INSERT INTO venue_wallets (merchant, venue_code, player_id, balance) VALUES ($1, $2, $3, $4)
     ON CONFLICT (merchant, venue_code, player_id) DO UPDATE SET
       balance = venue_wallets.balance + GREATEST(EXCLUDED.balance - venue_wallets.debt, 0),
       debt = GREATEST(venue_wallets.debt - EXCLUDED.balance, 0)
     RETURNING balance`,
    [k.merchant, k.venueCode, k.playerId, amount],
  );
  return r.rows[0]!.balance;
}

/** One entry with its postings (they must sum to zero), one statement per row. */
export async function writeEntry(
  q: Queryable,
  e: {
    reference: string;
    kind: string;
    postings: { account: string; amount: bigint }[];
    now: number;
  },
): Promise<void> {
  const sum = e.postings.reduce((s, p) => s + p.amount, 0n);
  if (sum !== 0n) throw new Error(`entry ${e.reference} does not balance (${sum})`);
  const r = await q.query<{ id: bigint }>(
    'INSERT INTO venue_entries (reference, kind, created_at) VALUES ($1, $2, $3) RETURNING id',
    [e.reference, e.kind, new Date(e.now)],
  );
  const id = r.rows[0]!.id;
  for (const p of e.postings) {
    await q.query('INSERT INTO venue_postings (entry_id, account, amount) VALUES ($1, $2, $3)', [
      id,
      p.account,
      p.amount,
    ]);
  }
}
