import type { Queryable } from '@nebula/db';
import type { WalletKey } from './venue-accounts.model';

/** A wallet's net move in one batch: a credit repays debt first, a debit takes the balance. */
export interface WalletDelta extends WalletKey {
  delta: bigint;
}

/** A batch ready to write: entries, their postings (by entry reference) and wallet moves. */
export interface LedgerBatch {
  entries: { reference: string; kind: string }[];
  postings: { reference: string; account: string; amount: bigint }[];
  /** One per wallet, sorted by key: new wallets are inserted in this one order. */
  wallets: WalletDelta[];
  /** A debit beyond the balance: refuse the batch (false) or leave the rest as a debt (true). */
  allowDebt: boolean;
  now: number;
}

export interface WalletState extends WalletKey {
  balance: bigint;
  debt: bigint;
}

export interface BatchWritten {
  /** False when a debit found less than it takes (and debts are not allowed): nothing written. */
  ok: boolean;
  entries: number;
  postings: number;
  wallets: WalletState[];
}

/**
 * Writes a whole batch in one statement: every existing wallet of the batch is locked in key
 * order first (the lock CTE runs as an InitPlan ahead of every write, as the platform's ledger
 * does), so batches sharing wallets never deadlock; then, only if every refusing debit finds
 * its balance, the wallets move, the entries and their postings are written. A wallet row
 * moves by the same rule whatever the caller: a credit pays the debt first, a debit beyond the
 * balance (when allowed) empties it and owes the rest. (In SET every expression reads the row
 * as it was; EXCLUDED.balance is the credit, EXCLUDED.debt the debit.) A reference already
 * written fails the statement (the unique key), so nothing of the batch is written.
 */
export async function writeBatch(q: Queryable, b: LedgerBatch): Promise<BatchWritten> {
  const r = await q.query<{
    ok: boolean;
    entries: number;
    postings: number;
    wallets: [string, string, string, string, string][];
  }>(
    `WITH d AS (
       SELECT * FROM unnest($7::text[], $8::text[], $9::text[], $10::bigint[])
         AS d(merchant, venue_code, player_id, delta)
     ), lk AS (
       SELECT w.merchant, w.venue_code, w.player_id, w.balance FROM venue_wallets w
         JOIN d ON (w.merchant, w.venue_code, w.player_id) = (d.merchant, d.venue_code, d.player_id)
        ORDER BY w.merchant, w.venue_code, w.player_id FOR UPDATE OF w
     ), ok AS (
       SELECT count(*) FILTER (WHERE d.delta < 0 AND NOT $11::boolean
                                 AND COALESCE(lk.balance, -1) < -d.delta) = 0 AS ok
         FROM d LEFT JOIN lk USING (merchant, venue_code, player_id)
     ), w AS (
       INSERT INTO venue_wallets AS v (merchant, venue_code, player_id, balance, debt)
       SELECT merchant, venue_code, player_id, GREATEST(delta, 0), GREATEST(-delta, 0) FROM d
        WHERE (SELECT ok FROM ok)
       ON CONFLICT (merchant, venue_code, player_id) DO UPDATE SET
         balance = v.balance + GREATEST(EXCLUDED.balance - v.debt, 0) - LEAST(EXCLUDED.debt, v.balance),
         debt = GREATEST(v.debt - EXCLUDED.balance, 0) + GREATEST(EXCLUDED.debt - v.balance, 0)
       RETURNING v.merchant, v.venue_code, v.player_id, v.balance, v.debt
     ), e AS (
       INSERT INTO venue_entries (reference, kind, created_at)
       SELECT r, k, $3 FROM unnest($1::text[], $2::text[]) AS t(r, k) WHERE (SELECT ok FROM ok)
       RETURNING id, reference
     ), p AS (
       INSERT INTO venue_postings (entry_id, account, amount)
       SELECT e.id, x.a, x.m FROM unnest($4::text[], $5::text[], $6::bigint[]) AS x(r, a, m)
         JOIN e ON e.reference = x.r
       RETURNING 1
     )
     SELECT (SELECT ok FROM ok) AS ok, (SELECT count(*) FROM e)::int AS entries,
            (SELECT count(*) FROM p)::int AS postings,
            (SELECT coalesce(json_agg(json_build_array(merchant, venue_code, player_id,
               balance::text, debt::text)), '[]'::json) FROM w) AS wallets`,
    [
      b.entries.map((e) => e.reference),
      b.entries.map((e) => e.kind),
      new Date(b.now),
      b.postings.map((p) => p.reference),
      b.postings.map((p) => p.account),
      b.postings.map((p) => String(p.amount)),
      b.wallets.map((w) => w.merchant),
      b.wallets.map((w) => w.venueCode),
      b.wallets.map((w) => w.playerId),
      b.wallets.map((w) => String(w.delta)),
      b.allowDebt,
    ],
    // Prepared once per connection: every balance change of the venue runs it.
    'venue-ledger-write-batch',
  );
  const row = r.rows[0]!;
  return {
    ok: row.ok,
    entries: row.entries,
    postings: row.postings,
    wallets: row.wallets.map(([merchant, venueCode, playerId, balance, debt]) => ({
      merchant,
      venueCode,
      playerId,
      balance: BigInt(balance),
      debt: BigInt(debt),
    })),
  };
}

export async function readWallet(
  q: Queryable,
  k: WalletKey,
  opts: { lock?: boolean } = {},
): Promise<{ balance: bigint; debt: bigint }> {
  const r = await q.query<{ balance: bigint; debt: bigint }>(
    `SELECT balance, debt FROM venue_wallets WHERE merchant = $1 AND venue_code = $2 AND player_id = $3${opts.lock ? ' FOR UPDATE' : ''}`,
    [k.merchant, k.venueCode, k.playerId],
  );
  return { balance: r.rows[0]?.balance ?? 0n, debt: r.rows[0]?.debt ?? 0n };
}

/** The books: every entry balances and every wallet's balance − debt equals its postings. */
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
