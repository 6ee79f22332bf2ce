import { ErrorCode, type SelfExclusionList } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  registerMember,
  solvedCaptcha,
  uniqueName,
  type Member,
} from '../../test/factories';
import { SelfExclusionGate } from './self-exclusion-gate.service';
import { RegisterUnreachable } from './self-exclusion-register.port';

/**
 * The self-exclusion register (contract §5) over the real HTTP app: the operators' list, added
 * to and removed from with an audit row each; a listed identity cannot register or log in and
 * gets no marketing push; an unreachable register fails registration and marketing closed and
 * lets login through with an alert, unless the config closes login too.
 */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'finance');
});
afterAll(() => t.close());

const PATH = '/admin/api/v1/self-exclusion-register';
const add = (kind: string, value: string) =>
  adminCall<SelfExclusionList>(t, op, 'POST', PATH, { kind, value, reason: '本人申请' });
const remove = (id: number) =>
  adminCall<SelfExclusionList>(t, op, 'POST', `${PATH}/${id}/remove`, { reason: '登记到期' });
const register = async (userName: string) => {
  const c = t.client();
  return c.call('register', {
    body: {
      userName,
      password: 'Good-Pass-123',
      ageConfirmed: true,
      ...(await solvedCaptcha(t, c)),
    },
  });
};
const login = (m: Member) =>
  m.client.call('login', { body: { userName: m.userName, password: m.password } });
const audits = async (action: string) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [
      action,
    ])
  ).rows[0]!.n;
const members = async (userName: string) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM members WHERE user_name_lower = $1',
      [userName.toLowerCase()],
    )
  ).rows[0]!.n;

describe('the operators’ list', () => {
  it('a listed user name cannot register; once removed it can; each change audited', async () => {
    const name = uniqueName('sx');
    const added = await add('userName', name.toUpperCase());
    expect(added.status_code).toBe(ErrorCode.Success);
    const entry = added.data.list.find((e) => e.value === name.toLowerCase())!;
    expect(entry).toMatchObject({ kind: 'userName', reason: '本人申请' });
    await expectCode(register(name), ErrorCode.SelfExclusionRegistered);
    expect(await members(name)).toBe(0);
    const removed = await remove(entry.id);
    expect(removed.data.list.some((e) => e.id === entry.id)).toBe(false);
    await expectCode(remove(entry.id), ErrorCode.SelfExclusionEntryNotFound);
    await expectCode(register(name), ErrorCode.Success);
    expect(await audits('selfExclusion.add')).toBeGreaterThan(0);
    expect(await audits('selfExclusion.remove')).toBeGreaterThan(0);
  });

  it('a listed member cannot log in and gets no marketing push', async () => {
    const m = await registerMember(t);
    await expectCode(login(m), ErrorCode.Success);
    expect(await t.services.eligibility.check(t.db, m.memberId, 'marketing')).toEqual({
      eligible: true,
    });
    await add('userName', m.userName);
    await expectCode(login(m), ErrorCode.SelfExclusionLoginRefused);
    expect(await t.services.eligibility.check(t.db, m.memberId, 'marketing')).toMatchObject({
      eligible: false,
      reason: 'selfExclusionRegister',
    });
  });

  it('a listed member cannot get a session from a handover token either', async () => {
    const m = await registerMember(t);
    const handover = await m.client.call<{ token: string }>('tokenHandover', {
      token: m.token,
      body: {},
    });
    expect(handover.status_code).toBe(ErrorCode.Success);
    await add('userName', m.userName);
    const other = t.client();
    await expectCode(
      other.call('tokenExchange', { body: { token: handover.data.token } }),
      ErrorCode.SelfExclusionLoginRefused,
    );
  });

  it('refuses bad input and non-finance operators, changing nothing', async () => {
    await expectCode(add('passport', 'x'), ErrorCode.Validation);
    await expectCode(add('phone', '+-'), ErrorCode.Validation);
    const before = (await adminCall<SelfExclusionList>(t, op, 'GET', PATH)).data.list.length;
    const mod = await adminToken(t, 'moderator');
    const r = await adminCall(t, mod, 'POST', PATH, { kind: 'userName', value: 'zz', reason: 'x' });
    expect(r.status_code).not.toBe(ErrorCode.Success);
    expect((await adminCall<SelfExclusionList>(t, op, 'GET', PATH)).data.list.length).toBe(before);
  });
});

describe('an unreachable register', () => {
  it('fails registration and marketing closed; login stays open and alerts', async () => {
    const m = await registerMember(t);
    const spy = vi
      .spyOn(t.services.selfExclusionList, 'check')
      .mockRejectedValue(new RegisterUnreachable());
    try {
      const name = uniqueName('sx');
      await expectCode(register(name), ErrorCode.SelfExclusionRegisterUnreachable);
      expect(await members(name)).toBe(0);
      const alerts = await audits('selfExclusion.unreachable');
      await expectCode(login(m), ErrorCode.Success);
      expect(await audits('selfExclusion.unreachable')).toBe(alerts + 1);
      expect(await t.services.eligibility.check(t.db, m.memberId, 'marketing')).toMatchObject({
        eligible: false,
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('closes login too when the config says so', async () => {
    const m = await registerMember(t);
    const gate = new SelfExclusionGate({
      db: t.db,
      register: { check: () => Promise.reject(new RegisterUnreachable()) },
      loginOnOutage: 'closed',
      audit: t.services.audit,
      log: t.app.log,
    });
    await expect(gate.assertMayLogin(m.memberId)).rejects.toMatchObject({
      code: ErrorCode.SelfExclusionRegisterUnreachable,
    });
  });
});
