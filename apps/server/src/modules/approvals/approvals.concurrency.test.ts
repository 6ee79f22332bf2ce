import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, idemKey, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';

/**
 * Ten operators approve one request at once on PostgreSQL (PGlite's single connection would
 * serialise them anyway): the money moves exactly once, the other nine are told 9605.
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

describe.skipIf(!onPostgres)('four eyes under concurrency (PostgreSQL)', () => {
  it('10 parallel approvals of one request: the adjustment runs exactly once', async () => {
    const m = await registerMember(t);
    const requester = await adminToken(t, 'finance');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/members/${m.memberId}/adjust`,
      headers: { 'x-admin-token': requester, 'x-idempotency-key': idemKey() },
      payload: { asset: 'CNY', direction: 'credit', amount: '500', reason: '并发复核' },
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
    expect((await t.services.ledger.balances(t.db, m.memberId)).main).toBe(50000n);
    const entries = await t.db.query('SELECT 1 FROM ledger_transactions WHERE reference = $1', [
      `approval:${data.approvalId}`,
    ]);
    expect(entries.rows).toHaveLength(1);
  });
});
