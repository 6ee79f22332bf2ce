import { expect } from 'vitest';
import type { ActivityCreateRequest, AdminActivity, DepositOrder } from '@nebula/protocol';
import { periodStart } from '../../lib/shanghai-time';
import type { TestApp } from '../../test/test-app';
import { adminCall, adminToken, idemKey, type Member } from '../../test/factories';

/** Test support for the activity suites: operators' activities, sandbox deposits, the clock. */
export const DAY_MS = 24 * 3600_000;
export const money = () => ({ 'x-idempotency-key': idemKey() });

/** Moves the test clock to 10:00 Asia/Shanghai `days` days ahead: no test meets midnight. */
export function toMorning(t: TestApp, days = 1): void {
  const now = t.clock.now();
  t.clock.advance(periodStart('day', now) + days * DAY_MS + 2 * 3600_000 - now);
}

export const depositRule = {
  percentBp: 5000,
  minDeposit: '100.00',
  cap: '300.00',
  turnoverMultiple: 8,
  claimWindowHours: 72,
};
export const checkinRule = {
  minDaily: '100.00',
  rewards: [
    { days: 1, amount: '2.00' },
    { days: 3, amount: '8.00' },
    { days: 7, amount: '28.00' },
    { days: 30, amount: '188.00' },
  ],
  turnoverMultiple: 1,
};

export function activityInput(
  t: TestApp,
  kind: ActivityCreateRequest['kind'],
  over: Partial<ActivityCreateRequest> = {},
): ActivityCreateRequest {
  const now = t.clock.now();
  return {
    kind,
    title: `测试活动 ${kind}`,
    pictureUrl: '/static/activities/checkin.svg',
    rulesText: '测试规则',
    startsAt: now - DAY_MS,
    endsAt: now + 30 * DAY_MS,
    rule: kind === 'checkin' ? checkinRule : depositRule,
    eligibility: { requireRealName: false, minVipLevel: 0 },
    status: 'active',
    ...over,
  };
}

/**
 * Made by a fresh finance operator (the test clock moves past an operator's session); one that
 * starts active waits for a second operator (contract §4.1), so a fresh admin approves it.
 */
export async function createActivity(
  t: TestApp,
  kind: ActivityCreateRequest['kind'],
  over: Partial<ActivityCreateRequest> = {},
): Promise<AdminActivity> {
  const finance = await adminToken(t, 'finance');
  const r = await adminCall<AdminActivity & { approvalId?: number }>(
    t,
    finance,
    'POST',
    '/admin/api/v1/activities',
    activityInput(t, kind, over),
  );
  if (r.status_code === 6000) return r.data;
  expect(r.status_code, JSON.stringify(r)).toBe(9602);
  const approver = await adminToken(t, 'admin');
  const done = await adminCall<{ result: AdminActivity }>(
    t,
    approver,
    'POST',
    `/admin/api/v1/approvals/${r.data.approvalId}/approve`,
    {},
  );
  expect(done.status_code, JSON.stringify(done)).toBe(6000);
  return done.data.result;
}

/** A sandbox deposit, credited through the gateway's signed callback. */
export async function deposit(m: Member, amount: string): Promise<DepositOrder> {
  const o = await m.client.data<{ orderId: string }>('depositOrder', {
    token: m.token,
    headers: money(),
    body: { channelId: 'alipay', amount },
  });
  const paid = await m.client.data<DepositOrder>('sandboxPay', {
    token: m.token,
    headers: money(),
    params: { orderId: o.orderId },
    body: {},
  });
  expect(paid.status).toBe('credited');
  return paid;
}

export const bet = (t: TestApp, m: Member, fen: bigint) =>
  t.db.tx((q) =>
    t.services.turnover.addValid(q, m.memberId, fen, `act-bet:${idemKey()}`, '投注', 'TY'),
  );

export const main = async (t: TestApp, m: Member) =>
  (await t.services.ledger.balances(t.db, m.memberId)).main;

export const exclude = (m: Member) =>
  m.client.data('playBreakSet', {
    token: m.token,
    body: { kind: 'selfExclusion', length: '6m', password: m.password },
  });
export const timeOut = (m: Member) =>
  m.client.data('playBreakSet', {
    token: m.token,
    body: { kind: 'timeout', length: '24h', password: m.password },
  });

/** A new session after the test clock moved past the old one. */
export const relogin = async (m: Member): Promise<Member> => {
  const r = await m.client.data<{ token: string }>('login', {
    body: { userName: m.userName, password: m.password },
  });
  return { ...m, token: r.token };
};
