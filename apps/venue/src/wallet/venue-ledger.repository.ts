import type { Queryable } from '@nebula/db';

export interface WalletKey {
  merchant: string;
  venueCode: string;
  playerId: string;
}

export const playerAccount = (k: WalletKey) => `player:${k.merchant}:${k.venueCode}:${k.playerId}`;
export const merchantAccount = (k: WalletKey) => `merchant:${k.merchant}:${k.venueCode}`;
/** Stakes held for open bets and the house's result: the book of one merchant's venue. */
export const bookAccount = (k: Pick<WalletKey, 'merchant' | 'venueCode'>) =>
  `book:${k.merchant}:${k.venueCode}`;

export async function readBalance(q: Queryable, k: WalletKey): Promise<bigint> {
  const r = await q.query<{ balance: bigint }>(
    'SELECT balance FROM venue_wallets WHERE merchant = $1 AND venue_code = $2 AND player_id = $3',
    [k.merchant, k.venueCode, k.playerId],
  );
  return r.rows[0]?.balance ?? 0n;
}

/**
 * Adds fen to a player's wallet (creating it), paying any debt first; answers the new balance.
 * (In SET both expressions read the row as it was.)
 */
const CREDIT_SET = `balance = venue_wallets.balance + GREATEST(EXCLUDED.balance - venue_wallets.debt, 0),
         debt = GREATEST(venue_wallets.debt - EXCLUDED.balance, 0)`;

export async function creditWallet(q: Queryable, k: WalletKey, amount: bigint): Promise<bigint> {
  const r = await q.query<{ balance: bigint }>(
    `INSERT INTO venue_wallets (merchant, venue_code, player_id, balance) VALUES ($1, $2, $3, $4)
     ON CONFLICT (merchant, venue_code, player_id) DO UPDATE SET ${CREDIT_SET}
     RETURNING balance`,
    [k.merchant, k.venueCode, k.playerId, amount],
  );
  return r.rows[0]!.balance;
}

/** Credits many players of one venue at once (settlement); one amount per player. */
export async function creditWallets(
  q: Queryable,
  merchant: string,
  venueCode: string,
  credits: ReadonlyMap<string, bigint>,
): Promise<void> {
  if (credits.size === 0) return;
  await q.query(
    `INSERT INTO venue_wallets (merchant, venue_code, player_id, balance)
     SELECT $1, $2, p, a FROM unnest($3::text[], $4::bigint[]) AS t(p, a)
     ON CONFLICT (merchant, venue_code, player_id) DO UPDATE SET ${CREDIT_SET}`,
    [merchant, venueCode, [...credits.keys()], [...credits.values()].map(String)],
  );
}

/**
 * Takes back fen a correction owes the venue: what the wallet holds, and the rest as a debt
 * (a resettle never leaves a negative balance).
 */
export async function takeFromWallet(q: Queryable, k: WalletKey, amount: bigint): Promise<void> {
  await q.query(
    `INSERT INTO venue_wallets (merchant, venue_code, player_id, balance, debt)
     VALUES ($1, $2, $3, 0, $4)
     ON CONFLICT (merchant, venue_code, player_id) DO UPDATE SET
       balance = GREATEST(venue_wallets.balance - EXCLUDED.debt, 0),
       debt = venue_wallets.debt + GREATEST(EXCLUDED.debt - venue_wallets.balance, 0)`,
    [k.merchant, k.venueCode, k.playerId, amount],
  );
}

export async function readDebt(q: Queryable, k: WalletKey): Promise<bigint> {
  const r = await q.query<{ debt: bigint }>(
    'SELECT debt FROM venue_wallets WHERE merchant = $1 AND venue_code = $2 AND player_id = $3',
    [k.merchant, k.venueCode, k.playerId],
  );
  return r.rows[0]?.debt ?? 0n;
}

/** Clears a player's debt (the row locked first); answers what it was, 0 when none. */
export async function clearDebt(q: Queryable, k: WalletKey): Promise<bigint> {
  const r = await q.query<{ debt: bigint }>(
    `SELECT debt FROM venue_wallets WHERE merchant = $1 AND venue_code = $2 AND player_id = $3
     FOR UPDATE`,
    [k.merchant, k.venueCode, k.playerId],
  );
  const debt = r.rows[0]?.debt ?? 0n;
  if (debt > 0n) {
    await q.query(
      'UPDATE venue_wallets SET debt = 0 WHERE merchant = $1 AND venue_code = $2 AND player_id = $3',
      [k.merchant, k.venueCode, k.playerId],
    );
  }
  return debt;
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

export interface EntryDraft {
  reference: string;
  kind: string;
  postings: { account: string; amount: bigint }[];
}

/** Many entries in three statements (settlement batches); each must balance. */
export async function writeEntries(
  q: Queryable,
  entries: EntryDraft[],
  now: number,
): Promise<void> {
  if (entries.length === 0) return;
  for (const e of entries) {
    const sum = e.postings.reduce((s, p) => s + p.amount, 0n);
    if (sum !== 0n) throw new Error(`entry ${e.reference} does not balance (${sum})`);
  }
  const r = await q.query<{ id: bigint; reference: string }>(
    `INSERT INTO venue_entries (reference, kind, created_at)
     SELECT r, k, $3 FROM unnest($1::text[], $2::text[]) AS t(r, k) RETURNING id, reference`,
    [entries.map((e) => e.reference), entries.map((e) => e.kind), new Date(now)],
  );
  const ids = new Map(r.rows.map((row) => [row.reference, row.id]));
  const postings = entries.flatMap((e) =>
    e.postings.map((p) => ({ id: ids.get(e.reference)!, ...p })),
  );
  await q.query(
    `INSERT INTO venue_postings (entry_id, account, amount)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[])`,
    [
      postings.map((p) => String(p.id)),
      postings.map((p) => p.account),
      postings.map((p) => String(p.amount)),
    ],
  );
}

/** The books: every entry balances and every wallet equals its postings. */
export async function reconcile(q: Queryable): Promise<{ unbalanced: number; drift: number }> {
  const unbalanced = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT entry_id FROM venue_postings GROUP BY entry_id HAVING sum(amount) <> 0) x`,
  );
  const drift = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_wallets w
      WHERE w.balance - w.debt <> COALESCE((SELECT sum(p.amount) FROM venue_postings p
        WHERE p.account = 'player:' || w.merchant || ':' || w.venue_code || ':' || w.player_id), 0)`,
  );
  return { unbalanced: unbalanced.rows[0]?.n ?? 0, drift: drift.rows[0]?.n ?? 0 };
}
