import type { Queryable } from '@nebula/db';
import type { Asset } from './accounts';
import type { EntryRows } from './ledger.repository';

/**
 * Locks the member accounts a batch touches, in id order (as every entry does, so batches and
 * single entries never deadlock each other), and reads their balances as of the lock — while
 * the batch's transaction holds them nobody else changes them — together with the
 * transactions already written under any of the batch's references: one round trip.
 */
export async function lockForBatch(
  q: Queryable,
  accountIds: bigint[],
  references: string[],
): Promise<{ balances: Map<bigint, bigint>; existing: Map<string, bigint> }> {
  const r = await q.query<{ account: bigint | null; reference: string | null; value: bigint }>(
    `WITH lk AS (
       SELECT id, balance FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE)
     SELECT id AS account, NULL::text AS reference, balance AS value FROM lk
     UNION ALL
     SELECT NULL::bigint, reference, id FROM ledger_transactions WHERE reference = ANY($2::text[])`,
    [accountIds, references],
    'ledger-batch-lock',
  );
  const balances = new Map<bigint, bigint>();
  const existing = new Map<string, bigint>();
  for (const x of r.rows) {
    if (x.account !== null) balances.set(x.account, x.value);
    else existing.set(x.reference!, x.value);
  }
  return { balances, existing };
}

export interface BatchRows {
  now: number;
  entries: { reference: string; kind: string; memo: string; memberId: number | null }[];
  /** Net change per member account over the whole batch (one row per account). */
  memberDeltas: { accountId: bigint; amount: bigint }[];
  postings: {
    reference: string;
    accountId: bigint;
    asset: Asset;
    amount: bigint;
    /** The member account's balance after its entry (planned under the lock); null for house. */
    balanceAfter: bigint | null;
    house: boolean;
  }[];
}

/**
 * Writes a batch of entries in one statement. Returns the id of each transaction written; a
 * reference that turns out to exist already (written by another node since the batch looked)
 * is not written, and then no member balance is changed either — the caller sees the missing
 * id and rolls the transaction back. A member balance below zero violates
 * member_balance_not_negative and fails the whole statement.
 */
export async function writeEntries(q: Queryable, b: BatchRows): Promise<Map<string, bigint>> {
  const r = await q.query<{ reference: string; id: bigint }>(
    `WITH t AS (
       INSERT INTO ledger_transactions (reference, kind, memo, member_id, created_at)
       SELECT e.reference, e.kind, e.memo, e.member_id, $5
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS e(reference, kind, memo, member_id)
       ON CONFLICT (reference) DO NOTHING RETURNING id, reference),
     m AS (
       UPDATE ledger_accounts a SET balance = a.balance + d.amount
         FROM unnest($6::bigint[], $7::bigint[]) AS d(account_id, amount)
        -- a.id = ANY(...) lets the update find its rows by index, not by scanning accounts.
        WHERE a.id = d.account_id AND a.id = ANY($6::bigint[])
          AND (SELECT count(*) FROM t) = cardinality($1::text[])
       RETURNING a.id),
     p AS (
       INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_after, created_at)
       SELECT t.id, x.account_id, x.asset, x.amount, x.balance_after, $5
         FROM unnest($8::text[], $9::bigint[], $10::text[], $11::bigint[], $12::bigint[], $13::boolean[])
                AS x(reference, account_id, asset, amount, balance_after, house)
         JOIN t ON t.reference = x.reference
       RETURNING id, account_id, amount),
     h AS (
       INSERT INTO ledger_house_pending (posting_id, account_id, amount)
       SELECT p.id, p.account_id, p.amount FROM p WHERE p.account_id = ANY($14::bigint[])
       RETURNING 1)
     -- Data-modifying CTEs run whether read or not; this only answers what was written.
     SELECT t.reference, t.id FROM t`,
    [
      b.entries.map((e) => e.reference),
      b.entries.map((e) => e.kind),
      b.entries.map((e) => e.memo),
      b.entries.map((e) => e.memberId),
      new Date(b.now),
      b.memberDeltas.map((d) => d.accountId),
      b.memberDeltas.map((d) => d.amount),
      b.postings.map((p) => p.reference),
      b.postings.map((p) => p.accountId),
      b.postings.map((p) => p.asset),
      b.postings.map((p) => p.amount),
      b.postings.map((p) => p.balanceAfter),
      b.postings.map((p) => p.house),
      b.postings.filter((p) => p.house).map((p) => p.accountId),
    ],
    'ledger-batch-write',
  );
  return new Map(r.rows.map((x) => [x.reference, x.id]));
}

/** What became of one entry of a batch posted by `postBatch`. */
export type BatchOutcome =
  | { kind: 'written'; transactionId: bigint }
  /** Written before (or earlier in the batch): the first transaction, nothing changed. */
  | { kind: 'replay'; transactionId: bigint }
  /** A member balance would have gone below zero: nothing of it was written. */
  | { kind: 'refused' };

/**
 * Posts a batch of entries in one statement (migrations 0057 and 0060, `ledger_post_batch`):
 * locks, decides each entry in order and writes — one round trip. Sent on the database itself it
 * commits on its own; sent in a transaction it is part of it. Answers in the entries' order.
 * Fails with 40001 (nothing written) when another transaction commits one of the batch's
 * references while the batch writes: sent again, the batch answers that entry as a replay.
 */
export async function postBatch(
  q: Queryable,
  entries: EntryRows[],
  now: number,
): Promise<BatchOutcome[]> {
  const d = { entry: [] as number[], account: [] as bigint[], amount: [] as bigint[] };
  const p = {
    entry: [] as number[],
    account: [] as bigint[],
    asset: [] as string[],
    amount: [] as bigint[],
    house: [] as boolean[],
  };
  entries.forEach((e, i) => {
    for (const x of e.memberDeltas) {
      d.entry.push(i + 1);
      d.account.push(x.accountId);
      d.amount.push(x.amount);
    }
    for (const x of e.postings) {
      p.entry.push(i + 1);
      p.account.push(x.accountId);
      p.asset.push(x.asset);
      p.amount.push(x.amount);
      p.house.push(x.house);
    }
  });
  const r = await q.query<{ outcome: string; tx_id: bigint | null }>(
    `SELECT outcome, tx_id FROM ledger_post_batch($1::text[], $2::text[], $3::text[], $4::int[], $5,
       $6::int[], $7::bigint[], $8::bigint[], $9::int[], $10::bigint[], $11::text[], $12::bigint[], $13::boolean[])`,
    [
      entries.map((e) => e.reference),
      entries.map((e) => e.kind),
      entries.map((e) => e.memo),
      entries.map((e) => e.memberId),
      new Date(now),
      d.entry,
      d.account,
      d.amount,
      p.entry,
      p.account,
      p.asset,
      p.amount,
      p.house,
    ],
    'ledger-post-batch',
  );
  return r.rows.map((x) =>
    x.outcome === 'refused'
      ? { kind: 'refused' }
      : { kind: x.outcome === 'written' ? 'written' : 'replay', transactionId: x.tx_id! },
  );
}
