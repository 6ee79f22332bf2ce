import { ts, type Queryable } from '@nebula/db';
import type { Asset } from './accounts';

/** The member account's id, created on first use (race-free); `created` when made now. */
export async function memberAccountId(
  q: Queryable,
  memberId: number,
  kind: string,
  asset: Asset,
): Promise<{ id: bigint; created: boolean }> {
  const found = await q.query<{ id: bigint }>(
    'SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = $2',
    [memberId, kind],
  );
  if (found.rows[0]) return { id: found.rows[0].id, created: false };
  await q.query(
    `INSERT INTO ledger_accounts (member_id, kind, asset) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, kind) WHERE member_id IS NOT NULL DO NOTHING`,
    [memberId, kind, asset],
  );
  const r = await q.query<{ id: bigint }>(
    'SELECT id FROM ledger_accounts WHERE member_id = $1 AND kind = $2',
    [memberId, kind],
  );
  return { id: r.rows[0]!.id, created: true };
}

/**
 * Member accounts for many (member, kind) pairs at once, made where missing: `memberId:kind` →
 * id. One round trip each for the insert and the read.
 */
export async function memberAccountIds(
  q: Queryable,
  wanted: { memberId: number; kind: string; asset: Asset }[],
): Promise<Map<string, bigint>> {
  if (wanted.length === 0) return new Map();
  const args = [wanted.map((w) => w.memberId), wanted.map((w) => w.kind)];
  await q.query(
    `INSERT INTO ledger_accounts (member_id, kind, asset)
     SELECT w.member_id, w.kind, w.asset FROM unnest($1::int[], $2::text[], $3::text[]) AS w(member_id, kind, asset)
     ON CONFLICT (member_id, kind) WHERE member_id IS NOT NULL DO NOTHING`,
    [...args, wanted.map((w) => w.asset)],
  );
  const r = await q.query<{ member_id: number; kind: string; id: bigint }>(
    `SELECT a.member_id, a.kind, a.id FROM ledger_accounts a
       JOIN unnest($1::int[], $2::text[]) AS w(member_id, kind) ON a.member_id = w.member_id AND a.kind = w.kind`,
    args,
  );
  return new Map(r.rows.map((x) => [`${x.member_id}:${x.kind}`, x.id]));
}

/** The house account's id; `created` when this transaction made it (it may yet roll back). */
export async function houseAccountId(
  q: Queryable,
  kind: string,
  shard: number,
  asset: Asset,
): Promise<{ id: bigint; created: boolean }> {
  const found = await q.query<{ id: bigint }>(
    'SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = $1 AND shard = $2',
    [kind, shard],
  );
  if (found.rows[0]) return { id: found.rows[0].id, created: false };
  await q.query(
    `INSERT INTO ledger_accounts (member_id, kind, asset, shard) VALUES (NULL, $1, $2, $3)
     ON CONFLICT (kind, shard) WHERE member_id IS NULL DO NOTHING`,
    [kind, asset, shard],
  );
  const r = await q.query<{ id: bigint }>(
    'SELECT id FROM ledger_accounts WHERE member_id IS NULL AND kind = $1 AND shard = $2',
    [kind, shard],
  );
  return { id: r.rows[0]!.id, created: true };
}

export async function transactionByReference(
  q: Queryable,
  reference: string,
): Promise<bigint | null> {
  const r = await q.query<{ id: bigint }>(
    'SELECT id FROM ledger_transactions WHERE reference = $1',
    [reference],
  );
  return r.rows[0]?.id ?? null;
}

export interface EntryRows {
  reference: string;
  kind: string;
  memo: string;
  memberId: number | null;
  now: number;
  /** Net change per member account (one row per account). */
  memberDeltas: { accountId: bigint; amount: bigint }[];
  postings: { accountId: bigint; asset: Asset; amount: bigint; house: boolean }[];
}

/**
 * Writes a whole entry in one statement: the transaction row, member balances, postings and the
 * house roll-up rows. A replayed reference inserts nothing and changes nothing. A member balance
 * that would go below zero violates member_balance_not_negative and fails the statement, so
 * nothing of the entry is written. Returns the transaction id, or null for a replay.
 */
export async function writeEntry(q: Queryable, e: EntryRows): Promise<bigint | null> {
  const r = await q.query<{ tx_id: bigint | null }>(
    `WITH t AS (
       INSERT INTO ledger_transactions (reference, kind, memo, member_id, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (reference) DO NOTHING RETURNING id),
     -- Every member row of the entry is locked in id order before any is updated (the count
     -- runs as an InitPlan ahead of the update), so entries sharing rows never deadlock.
     lk AS (SELECT id FROM ledger_accounts WHERE id = ANY($6::bigint[]) ORDER BY id FOR UPDATE),
     m AS (
       UPDATE ledger_accounts a SET balance = a.balance + d.amount
         FROM unnest($6::bigint[], $7::bigint[]) AS d(account_id, amount)
        WHERE a.id = d.account_id AND EXISTS (SELECT 1 FROM t) AND (SELECT count(*) FROM lk) = cardinality($6::bigint[])
       RETURNING a.id, a.balance),
     p AS (
       INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_after, created_at)
       SELECT t.id, x.account_id, x.asset, x.amount, CASE WHEN x.house THEN NULL ELSE m.balance END, $5
         FROM t CROSS JOIN unnest($8::bigint[], $9::text[], $10::bigint[], $11::boolean[]) AS x(account_id, asset, amount, house)
         LEFT JOIN m ON m.id = x.account_id
       RETURNING id, account_id, amount),
     h AS (
       INSERT INTO ledger_house_pending (posting_id, account_id, amount)
       SELECT p.id, p.account_id, p.amount FROM p WHERE p.account_id = ANY($12::bigint[])
       RETURNING 1)
     SELECT (SELECT id FROM t) AS tx_id, (SELECT count(*) FROM h) AS house_rows`,
    // Prepared once per connection: this statement runs for every balance change.
    [
      e.reference,
      e.kind,
      e.memo,
      e.memberId,
      ts(e.now),
      e.memberDeltas.map((d) => d.accountId),
      e.memberDeltas.map((d) => d.amount),
      e.postings.map((p) => p.accountId),
      e.postings.map((p) => p.asset),
      e.postings.map((p) => p.amount),
      e.postings.map((p) => p.house),
      e.postings.filter((p) => p.house).map((p) => p.accountId),
    ],
    'ledger-write-entry',
  );
  return r.rows[0]?.tx_id ?? null;
}

/**
 * A scalar subquery giving a member's balances of the given kinds as a JSON object of decimal
 * strings ({"main": "1050"}), for a read that needs them beside other columns in one statement.
 * `memberIdSql` is a column of the enclosing query, never input.
 */
export function memberBalancesJsonSql(memberIdSql: string, kinds: readonly string[]): string {
  const list = kinds.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ');
  return `(SELECT coalesce(json_object_agg(la.kind, la.balance::text), '{}'::json) FROM ledger_accounts la
     WHERE la.member_id = ${memberIdSql} AND la.kind IN (${list}))`;
}

export async function memberBalances(q: Queryable, memberId: number): Promise<Map<string, bigint>> {
  const r = await q.query<{ kind: string; balance: bigint }>(
    'SELECT kind, balance FROM ledger_accounts WHERE member_id = $1',
    [memberId],
  );
  return new Map(r.rows.map((a) => [a.kind, a.balance]));
}

/** Adds pending house postings to their accounts' cached balances, in one transaction. */
export async function rollUpHouse(q: Queryable, limit: number): Promise<number> {
  const r = await q.query<{ account_id: bigint; total: string; n: number }>(
    `WITH taken AS (
       DELETE FROM ledger_house_pending WHERE posting_id IN (
         SELECT posting_id FROM ledger_house_pending ORDER BY posting_id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING account_id, amount)
     SELECT account_id, sum(amount)::text AS total, count(*)::int AS n FROM taken GROUP BY account_id`,
    [limit],
  );
  let n = 0;
  for (const row of r.rows) {
    await q.query('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1', [
      row.account_id,
      BigInt(row.total),
    ]);
    n += row.n;
  }
  return n;
}

export interface ReconcileRow {
  accountId: bigint;
  memberId: number | null;
  cached: bigint;
  pending: bigint;
  postings: bigint;
}

export async function reconcileRows(q: Queryable): Promise<ReconcileRow[]> {
  const r = await q.query<{
    id: bigint;
    member_id: number | null;
    balance: bigint;
    pending: string;
    postings: string;
  }>(
    `SELECT a.id, a.member_id, a.balance,
            COALESCE((SELECT sum(amount) FROM ledger_house_pending h WHERE h.account_id = a.id), 0)::text AS pending,
            COALESCE((SELECT sum(amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)::text AS postings
       FROM ledger_accounts a`,
  );
  return r.rows.map((x) => ({
    accountId: x.id,
    memberId: x.member_id,
    cached: x.balance,
    pending: BigInt(x.pending),
    postings: BigInt(x.postings),
  }));
}

export async function assetSums(q: Queryable): Promise<Record<string, bigint>> {
  const r = await q.query<{ asset: string; total: string }>(
    'SELECT asset, sum(amount)::text AS total FROM ledger_postings GROUP BY asset',
  );
  return Object.fromEntries(r.rows.map((x) => [x.asset, BigInt(x.total)]));
}
