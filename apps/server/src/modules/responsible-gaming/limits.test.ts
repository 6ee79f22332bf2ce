import {
  ErrorCode,
  type AdminMemberLimits,
  type DepositLimits,
  type LimitRequest,
} from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  registerMember,
  type Member,
} from '../../test/factories';

/**
 * Two-step loosening of limits (contract §5) over the real HTTP app: a raise or a removal waits
 * for the member's own confirmation inside its window; every refusal is coded and changes
 * nothing; operators create or lower a limit, audited, and never raise one.
 */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'finance');
});
afterAll(() => t.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const view = (m: Member) => m.client.data<DepositLimits>('depositLimits', { token: m.token });
const day = async (m: Member) => (await view(m)).list.find((l) => l.period === 'day');
const set = (m: Member, amount: unknown, period = 'day') =>
  m.client.call<DepositLimits>('depositLimitSet', { token: m.token, body: { period, amount } });
const confirm = (m: Member, requestId: number) =>
  m.client.call<LimitRequest>('limitRequestConfirm', {
    token: m.token,
    params: { requestId },
    body: {},
  });
const relogin = async (m: Member): Promise<void> => {
  m.token = (
    await m.client.data<{ token: string }>('login', {
      body: { userName: m.userName, password: m.password },
    })
  ).token;
};
const operatorSet = (memberId: number, body: Record<string, unknown>) =>
  adminCall<AdminMemberLimits>(t, op, 'POST', `/admin/api/v1/members/${memberId}/limits`, {
    kind: 'deposit',
    period: 'day',
    reason: '客户要求',
    ...body,
  });

describe('two-step loosening', () => {
  it('a first limit and a lower one apply at once; a raise is a request until confirmed', async () => {
    const m = await registerMember(t);
    await expectCode(set(m, '800'), ErrorCode.Success);
    expect(await day(m)).toMatchObject({ amount: '800.00', request: null });
    await expectCode(set(m, '300'), ErrorCode.Success);
    expect(await day(m)).toMatchObject({ amount: '300.00', request: null });
    const asked = t.clock.now();
    await expectCode(set(m, '2000'), ErrorCode.Success);
    const pending = await day(m);
    expect(pending).toMatchObject({
      amount: '300.00',
      request: { kind: 'deposit', period: 'day', amount: '2000.00', state: 'pending' },
    });
    expect(pending?.request?.confirmableAt).toBeGreaterThanOrEqual(asked + DAY);
    // Withdrawing the request (setting the limit as it is) applies at once; nothing loosens.
    await expectCode(set(m, '300'), ErrorCode.Success);
    expect(await day(m)).toMatchObject({ amount: '300.00', request: null });
    await expectCode(confirm(m, pending?.request?.id ?? 0), ErrorCode.LimitRequestNotFound);
  });

  it('confirming before the cooling-off is 9211, after expiry 9212, and neither changes the limit', async () => {
    const m = await registerMember(t);
    await set(m, '100');
    await set(m, '900');
    const r = (await day(m))?.request;
    if (!r) throw new Error('no request');
    const early = await expectCode(confirm(m, r.id), ErrorCode.LimitRequestTooEarly);
    expect(early.data).toEqual({ confirmableAt: r.confirmableAt });
    t.clock.advance(DAY - 60_000);
    await relogin(m);
    await expectCode(confirm(m, r.id), ErrorCode.LimitRequestTooEarly);
    expect((await day(m))?.amount).toBe('100.00');
    t.clock.advance(8 * DAY);
    await relogin(m);
    await expectCode(confirm(m, r.id), ErrorCode.LimitRequestExpired);
    expect(await day(m)).toMatchObject({ amount: '100.00', request: null });
  });

  it('confirms inside the window; someone else cannot confirm or cancel it (9210)', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    await set(m, '100');
    await set(m, null);
    const r = (await day(m))?.request;
    if (!r) throw new Error('no request');
    expect(r.amount).toBeNull();
    t.clock.advance(DAY + 1000);
    await relogin(m);
    await relogin(other);
    await expectCode(confirm(other, r.id), ErrorCode.LimitRequestNotFound);
    await expectCode(
      other.client.call('limitRequestCancel', {
        token: other.token,
        params: { requestId: r.id },
        body: {},
      }),
      ErrorCode.LimitRequestNotFound,
    );
    expect((await day(m))?.amount).toBe('100.00');
    const done = await expectCode(confirm(m, r.id), ErrorCode.Success);
    expect(done.data).toMatchObject({ id: r.id, state: 'confirmed' });
    expect(await day(m)).toMatchObject({ amount: null, request: null });
    // A confirmed request cannot be confirmed twice.
    await expectCode(confirm(m, r.id), ErrorCode.LimitRequestNotFound);
  });

  it('the cooling-off is the operator setting', async () => {
    await t.services.settings.update({ rgCoolingOffHours: 48 });
    try {
      const m = await registerMember(t);
      await set(m, '100');
      const before = t.clock.now();
      await set(m, '200');
      const r = (await day(m))?.request;
      expect(r?.confirmableAt).toBeGreaterThanOrEqual(before + 48 * HOUR);
      expect(r?.expiresAt).toBe((r?.confirmableAt ?? 0) + 7 * DAY);
    } finally {
      await t.services.settings.update({ rgCoolingOffHours: 24 });
    }
  });

  it('bad amounts are 10003 and change nothing', async () => {
    const m = await registerMember(t);
    await set(m, '100');
    for (const amount of ['0', '0.00', '-5', 'abc', '1.234', 12, '', ' 5']) {
      await expectCode(set(m, amount), ErrorCode.Validation);
    }
    await expectCode(
      m.client.call('limitRequestConfirm', {
        token: m.token,
        params: { requestId: 'x' as unknown as number },
        body: {},
      }),
      ErrorCode.Validation,
    );
    expect(await day(m)).toMatchObject({ amount: '100.00', request: null });
  });
});

describe('operators', () => {
  it('create and lower a limit with a reason, audited; a raise is 9213 and changes nothing', async () => {
    // Earlier cases moved the clock by days: a fresh operator session.
    op = await adminToken(t, 'finance');
    const m = await registerMember(t);
    const created = await operatorSet(m.memberId, { amount: '500' });
    expect(created.status_code).toBe(ErrorCode.Success);
    expect((await day(m))?.amount).toBe('500.00');
    // The member's own raise waits; an operator's lowering withdraws it.
    await set(m, '5000');
    expect((await day(m))?.request?.amount).toBe('5000.00');
    expect((await operatorSet(m.memberId, { amount: '200' })).status_code).toBe(ErrorCode.Success);
    expect(await day(m)).toMatchObject({ amount: '200.00', request: null });
    const raise = await operatorSet(m.memberId, { amount: '200.01' });
    expect(raise.status_code).toBe(ErrorCode.LimitRaiseByOperator);
    expect((await day(m))?.amount).toBe('200.00');
    for (const bad of [{ amount: '0' }, { amount: '1.001' }, { reason: '' }, { amount: null }])
      expect((await operatorSet(m.memberId, bad)).status_code).toBe(ErrorCode.Validation);
    expect((await day(m))?.amount).toBe('200.00');
    const audit = await t.db.query<{ action: string; after: { reason: string } }>(
      `SELECT action, after FROM audit_log WHERE target = $1 ORDER BY id`,
      [`member:${m.memberId}`],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['limit.set', 'limit.set']);
    expect(audit.rows[0]?.after.reason).toBe('客户要求');
    const listed = await adminCall<AdminMemberLimits>(
      t,
      op,
      'GET',
      `/admin/api/v1/members/${m.memberId}/limits`,
    );
    expect(listed.data.list.find((l) => l.period === 'day')?.amount).toBe('200.00');
  });

  it('a moderator may not set limits', async () => {
    const m = await registerMember(t);
    const mod = await adminToken(t, 'moderator');
    const r = await adminCall(t, mod, 'POST', `/admin/api/v1/members/${m.memberId}/limits`, {
      kind: 'deposit',
      period: 'day',
      amount: '100',
      reason: 'x',
    });
    expect(r.status_code).not.toBe(ErrorCode.Success);
    expect((await day(m))?.amount).toBeNull();
  });
});
