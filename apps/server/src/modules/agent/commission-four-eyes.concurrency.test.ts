import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, idemKey } from '../../test/factories';
import { approvedAgent } from '../../test/agent-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';
import { pendingStatement } from './commission-four-eyes.test-kit';

/**
 * Ten operators approve one commission payout request at once on PostgreSQL (PGlite's single
 * connection would serialise them anyway): the statement is paid exactly once — one grant, one
 * credit — and the other nine are told 9605 (docs/contract.md §4.1).
 */
const onPostgres = testDbKind() === 'postgres';

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ fourEyesMoneyThreshold: '100' });
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe.skipIf(!onPostgres)('commission payout four eyes under concurrency (PostgreSQL)', () => {
  it('10 parallel approvals of one payout: paid exactly once', async () => {
    const requester = await adminToken(t, 'finance');
    const agent = await approvedAgent(t, requester);
    await pendingStatement(t, agent.memberId, '202001', 500_00n);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/agent/statements/${agent.memberId}/202001/approve`,
      headers: { 'x-admin-token': requester, 'x-idempotency-key': idemKey() },
      payload: {},
    });
    const { status_code, data } = asked.json<{
      status_code: number;
      data: { approvalId: number };
    }>();
    expect(status_code).toBe(ErrorCode.ApprovalPending);
    const approvers = await Promise.all(Array.from({ length: 10 }, () => adminToken(t, 'finance')));
    const answers = await Promise.all(
      approvers.map(async (token) => {
        const r = await t.app.inject({
          method: 'POST',
          url: `/admin/api/v1/approvals/${data.approvalId}/approve`,
          headers: { 'x-admin-token': token },
          payload: {},
        });
        return r.json<{ status_code: number }>().status_code;
      }),
    );
    expect(answers.filter((c) => c === ErrorCode.Success)).toHaveLength(1);
    expect(answers.filter((c) => c === ErrorCode.ApprovalDecided)).toHaveLength(9);
    const grants = await t.db.query<{ amount: bigint }>(
      `SELECT amount FROM grants WHERE kind = 'commission' AND member_id = $1`,
      [agent.memberId],
    );
    expect(grants.rows.map((r) => BigInt(r.amount))).toEqual([500_00n]);
    expect((await t.services.ledger.balances(t.db, agent.memberId)).main).toBe(500_00n);
  });
});
