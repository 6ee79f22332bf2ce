import type { BatchRows } from './ledger-batch.repository';
import type { EntryRows } from './ledger.repository';

/** What becomes of one entry of a batch. */
export type PlannedOutcome =
  /** Written by this batch. */
  | { kind: 'write' }
  /** Its reference was written before: nothing changes, the first transaction is answered. */
  | { kind: 'replay'; transactionId: bigint }
  /** Its reference is written by an earlier entry of this same batch. */
  | { kind: 'replay-in-batch'; reference: string }
  /** A member balance would go below zero: refused alone, the rest of the batch goes on. */
  | { kind: 'refused' };

export interface BatchPlan {
  outcomes: PlannedOutcome[];
  rows: BatchRows;
}

/**
 * Decides a batch as if its entries ran one after another in arrival order, from the member
 * balances read under lock: an entry that would take a balance below zero is refused without
 * touching the others, and every accepted posting gets the balance it leaves behind. The
 * database still checks the result (member_balance_not_negative), so a wrong plan fails the
 * batch instead of the books.
 */
export function planBatch(
  entries: EntryRows[],
  balances: ReadonlyMap<bigint, bigint>,
  existing: ReadonlyMap<string, bigint>,
  now: number,
): BatchPlan {
  const running = new Map(balances);
  const written = new Set<string>();
  const outcomes: PlannedOutcome[] = [];
  const rows: BatchRows = { now, entries: [], memberDeltas: [], postings: [] };
  const net = new Map<bigint, bigint>();
  for (const e of entries) {
    const prior = existing.get(e.reference);
    if (prior !== undefined) {
      outcomes.push({ kind: 'replay', transactionId: prior });
      continue;
    }
    if (written.has(e.reference)) {
      outcomes.push({ kind: 'replay-in-batch', reference: e.reference });
      continue;
    }
    const after = new Map<bigint, bigint>();
    for (const d of e.memberDeltas)
      after.set(d.accountId, (running.get(d.accountId) ?? 0n) + d.amount);
    if ([...after.values()].some((b) => b < 0n)) {
      outcomes.push({ kind: 'refused' });
      continue;
    }
    for (const [id, b] of after) running.set(id, b);
    for (const d of e.memberDeltas) net.set(d.accountId, (net.get(d.accountId) ?? 0n) + d.amount);
    written.add(e.reference);
    outcomes.push({ kind: 'write' });
    rows.entries.push({
      reference: e.reference,
      kind: e.kind,
      memo: e.memo,
      memberId: e.memberId,
    });
    for (const p of e.postings)
      rows.postings.push({
        reference: e.reference,
        accountId: p.accountId,
        asset: p.asset,
        amount: p.amount,
        // Like a single entry: an account whose postings in the entry net to zero gets none.
        balanceAfter: p.house ? null : (after.get(p.accountId) ?? null),
        house: p.house,
      });
  }
  rows.memberDeltas = [...net]
    .filter(([, amount]) => amount !== 0n)
    .map(([accountId, amount]) => ({ accountId, amount }));
  return { outcomes, rows };
}
