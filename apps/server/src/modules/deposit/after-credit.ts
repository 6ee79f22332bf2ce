import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '@nebula/db';
import { savepoint } from './deposit.repository';

/** What runs after a deposit's credit, in the same unit of work (deposit bonuses). */
export type AfterCredit = (q: Queryable, memberId: number, depositId: string) => Promise<void>;

/**
 * Runs the hook behind a savepoint: when it fails, only its own writes are undone and logged —
 * the deposit, its ledger entry and its turnover requirement still stand (contract §5).
 */
export async function runAfterCredit(
  q: Queryable,
  hook: AfterCredit,
  row: { id: string; memberId: number },
  log: FastifyBaseLogger,
): Promise<void> {
  await savepoint(q, 'begin');
  try {
    await hook(q, row.memberId, row.id);
    await savepoint(q, 'release');
  } catch (err) {
    await savepoint(q, 'rollback');
    log.warn({ err, orderId: row.id }, 'after-credit hook failed; the deposit stands');
  }
}
