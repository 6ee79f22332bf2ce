import type { TestApp } from '../../test/test-app';
import { insertStatement } from './statement.repository';

/**
 * A pending statement paying `fen` for an agent's month, as the monthly run writes one (the
 * four-eyes suites test paying it, not computing it: commission.test.ts covers that).
 */
export async function pendingStatement(
  t: TestApp,
  agentId: number,
  month: string,
  fen: bigint,
): Promise<void> {
  await insertStatement(
    t.db,
    agentId,
    {
      month,
      stakes: 0n,
      payouts: 0n,
      grants: 0n,
      rebates: 0n,
      deposits: 0n,
      feeRateBp: 0,
      fees: 0n,
      ngr: fen,
      members: 1,
      active: 1,
      activeMinTurnover: 0n,
      carryIn: 0n,
      net: fen,
      carryOut: 0n,
      rateBp: 10000,
      subDeduction: 0n,
      computed: fen,
      amount: fen,
    },
    t.clock.now(),
  );
}
