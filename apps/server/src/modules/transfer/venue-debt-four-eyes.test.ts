import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoVenues } from '../../seed/demo-seed';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Writing off a venue debt (contract §6) frees that much of the main balance for withdrawal,
 * so it is a money action (contract §4.1): at or below the money threshold it runs at once;
 * above it a request that a different operator holding wallet.adjust.approve runs once. The
 * debts are noted as a venue's answer would note them (no venue process needed).
 */
let t: TestApp;
let finance: string;
let finance2: string;
let approver: string;
let at = Date.now();
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await seedDemoVenues(t.db, { origin: 'http://localhost:9', apiUrl: 'http://127.0.0.1:9' });
  await t.services.venues.reload();
  await t.services.settings.update({ fourEyesMoneyThreshold: '100' });
  finance = await adminToken(t, 'finance');
  // A desk that handles transfers and debts but may not approve money actions.
  const desk = (
    await t.db.query<{ id: number }>(
      `INSERT INTO operator_roles (name, permissions) VALUES ('转账处理', $1) RETURNING id`,
      [['transfer.manage']],
    )
  ).rows[0]!.id;
  finance2 = await adminToken(t, desk);
  approver = await adminToken(t, 'admin');
});
afterAll(() => t.close());

async function owing(fen: bigint, venueCode = 'FBTY') {
  const m = await registerMember(t);
  at += 1000;
  await t.services.venueDebts.note(t.db, m.memberId, venueCode, fen, at);
  return m.memberId;
}
const writeOff = (token: string, memberId: number, code = 'FBTY') =>
  adminCall<{ held?: string; approvalId?: number }>(
    t,
    token,
    'POST',
    `/admin/api/v1/members/${memberId}/venues/${code}/debt/write-off`,
    { reason: '场馆已核实' },
  );
const decide = (token: string, id: number) =>
  adminCall<{ status: string; result: Record<string, unknown> }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/approve`,
    {},
  );
const held = async (memberId: number) => (await t.services.venueDebts.held(t.db, memberId)).total;
const writeOffRows = async (memberId: number) =>
  (
    await t.db.query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'member.venueDebtWriteOff' AND target = $1`,
      [`member:${memberId}`],
    )
  ).rows.map((r) => r.actor);

describe('venue debt write-off under four eyes', () => {
  it('the route table marks it a money action with step-up and four eyes', async () => {
    const { routes } = await import('@nebula/protocol');
    expect(routes.adminVenueDebtWriteOff).toMatchObject({
      stepUp: 'money',
      fourEyes: { class: 'money', approve: 'wallet.adjust.approve' },
    });
  });

  it('at or below the threshold: written off at once; again: 7036', async () => {
    const memberId = await owing(10_000n);
    expect(await writeOff(finance, memberId)).toMatchObject({
      status_code: ErrorCode.Success,
      data: { held: '0.00', writtenOff: '100.00' },
    });
    expect(await held(memberId)).toBe(0n);
    expect((await writeOff(finance, memberId)).status_code).toBe(ErrorCode.VenueDebtNone);
  });

  it('above it: pending, one per target; not the requester nor without the right; once', async () => {
    const memberId = await owing(10_001n);
    const asked = await writeOff(finance, memberId);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    const id = asked.data.approvalId!;
    expect((await writeOff(finance2, memberId)).status_code).toBe(ErrorCode.ApprovalDuplicate);
    expect(await held(memberId)).toBe(10_001n);
    expect((await decide(finance, id)).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(finance2, id)).status_code).toBe(ErrorCode.AdminForbidden);
    expect(await decide(approver, id)).toMatchObject({
      status_code: ErrorCode.Success,
      data: { status: 'approved', result: { memberId, venueCode: 'FBTY', writtenOff: '100.01' } },
    });
    expect(await held(memberId)).toBe(0n);
    expect((await decide(approver, id)).status_code).toBe(ErrorCode.ApprovalDecided);
    // The requester stays the action's actor; it ran once.
    const names = await writeOffRows(memberId);
    expect(names).toHaveLength(1);
  });

  it('a debt repaid before approval: the approval answers 7036 and stays pending', async () => {
    const memberId = await owing(20_000n);
    const asked = await writeOff(finance, memberId);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    at += 1000;
    await t.services.venueDebts.note(t.db, memberId, 'FBTY', 0n, at);
    expect((await decide(approver, asked.data.approvalId!)).status_code).toBe(
      ErrorCode.VenueDebtNone,
    );
    expect(await writeOffRows(memberId)).toEqual([]);
  });

  it('a debt grown after the request: 9780, nothing excused unseen; still pending', async () => {
    const memberId = await owing(20_000n);
    const asked = await writeOff(finance, memberId);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    at += 1000;
    await t.services.venueDebts.note(t.db, memberId, 'FBTY', 90_000n, at);
    const before = await held(memberId);
    expect((await decide(approver, asked.data.approvalId!)).status_code).toBe(
      ErrorCode.VenueDebtChanged,
    );
    expect(await writeOffRows(memberId)).toEqual([]);
    expect(await held(memberId)).toBe(before);
    // Back at the valued amount, the same request runs.
    at += 1000;
    await t.services.venueDebts.note(t.db, memberId, 'FBTY', 20_000n, at);
    expect((await decide(approver, asked.data.approvalId!)).status_code).toBe(6000);
    expect(await writeOffRows(memberId)).toHaveLength(1);
  });
});
