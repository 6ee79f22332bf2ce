import type { Queryable } from '@nebula/db';

export interface WalletKey {
  merchant: string;
  venueCode: string;
  playerId: string;
}

export const playerAccount = (k: WalletKey) => `player:${k.merchant}:${k.venueCode}:${k.playerId}`;
export const merchantAccount = (k: WalletKey) => `merchant:${k.merchant}:${k.venueCode}`;

export async function readBalance(q: Queryable, k: WalletKey): Promise<bigint> {
  const r = await q.query<{ balance: bigint }>(
    'SELECT balance FROM venue_wallets WHERE merchant = $1 AND venue_code = $2 AND player_id = $3',
    [k.merchant, k.venueCode, k.playerId],
  );
  return r.rows[0]?.balance ?? 0n;
}

/** Adds fen to a player's wallet (creating it); answers the new balance. */
export async function creditWallet(q: Queryable, k: WalletKey, amount: bigint): Promise<bigint> {
  const r = await q.query<{ balance: bigint }>(
    `INSERT INTO venue_wallets (merchant, venue_code, player_id, balance) VALUES ($1, $2, $3, $4)
     ON CONFLICT (merchant, venue_code, player_id)
       DO UPDATE SET balance = venue_wallets.balance + EXCLUDED.balance
     RETURNING balance`,
    [k.merchant, k.venueCode, k.playerId, amount],
  );
  return r.rows[0]!.balance;
}

/**
 * Takes fen from a player's wallet; null when it holds less (nothing changes). The row lock
 * serializes one player's money, so parallel debits never overdraw.
 */
export async function debitWallet(
  q: Queryable,
  k: WalletKey,
  amount: bigint,
): Promise<bigint | null> {
  const r = await q.query<{ balance: bigint }>(
    `UPDATE venue_wallets SET balance = balance - $4
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND balance >= $4
      RETURNING balance`,
    [k.merchant, k.venueCode, k.playerId, amount],
  );
  return r.rows[0]?.balance ?? null;
}

/** One entry with its postings (they must sum to zero); the reference is unique. */
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

/** The books: every entry balances and every wallet equals its postings. */
export async function reconcile(q: Queryable): Promise<{ unbalanced: number; drift: number }> {
  const unbalanced = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT entry_id FROM venue_postings GROUP BY entry_id HAVING sum(amount) <> 0) x`,
  );
  const drift = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_wallets w
      WHERE w.balance <> COALESCE((SELECT sum(p.amount) FROM venue_postings p
        WHERE p.account = 'player:' || w.merchant || ':' || w.venue_code || ':' || w.player_id), 0)`,
  );
  return { unbalanced: unbalanced.rows[0]?.n ?? 0, drift: drift.rows[0]?.n ?? 0 };
}
