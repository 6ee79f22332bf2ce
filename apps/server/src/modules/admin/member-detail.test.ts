import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCall,
  adminToken,
  fund,
  registerMember,
  uniqueName,
  type Member,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The console's member detail over the real HTTP app: every part, its audit, its guard. */
let t: TestApp;
let boss: string;
let m: Member;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  boss = await adminToken(t, 'admin');
  m = await registerMember(t);
  await fund(t, m.memberId, '100.00');
});
afterAll(() => t.close());

const base = (id: number) => `/admin/api/v1/members/${id}`;
const call = <T>(token: string, method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall<T>(t, token, method, url, body);

describe('member detail', () => {
  it('shows profile, real name, VIP, wallets and live sessions', async () => {
    const r = await call<{
      member: { userName: string; blocked: boolean };
      realName: { status: string };
      vip: { level: number };
      balances: { main: string; venues: unknown[] };
      liveSessions: number;
    }>(boss, 'GET', base(m.memberId));
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(r.data.member).toMatchObject({ userName: m.userName, blocked: false });
    expect(r.data.realName.status).toBe('none');
    expect(r.data.balances.main).toBe('100.00');
    expect(r.data.liveSessions).toBeGreaterThanOrEqual(1);
    expect((await call(boss, 'GET', base(999_999))).status_code).toBe(
      ErrorCode.AdminMemberNotFound,
    );
  });

  it('pages the ledger with its filters, and the bets', async () => {
    const all = await call<{ list: { amount: string }[]; total: number }>(
      boss,
      'GET',
      `${base(m.memberId)}/ledger?page=1&pageSize=10`,
    );
    expect(all.status_code).toBe(ErrorCode.Success);
    expect(all.data.list.map((x) => x.amount)).toContain('100.00');
    const later = await call<{ total: number }>(
      boss,
      'GET',
      `${base(m.memberId)}/ledger?from=2099-01-01&to=2099-01-02`,
    );
    expect(later.data.total).toBe(0);
    expect((await call(boss, 'GET', `${base(m.memberId)}/ledger?type=nope`)).status_code).toBe(
      ErrorCode.Validation,
    );
    const bets = await call<{ total: number }>(boss, 'GET', `${base(m.memberId)}/bets`);
    expect(bets).toMatchObject({ status_code: ErrorCode.Success, data: { total: 0 } });
  });

  it('lists logins and devices', async () => {
    const logins = await call<{ list: { success: boolean; ip: string }[] }>(
      boss,
      'GET',
      `${base(m.memberId)}/logins`,
    );
    expect(logins.status_code).toBe(ErrorCode.Success);
    const devices = await call<{ list: { deviceId: string; blocked: boolean }[] }>(
      boss,
      'GET',
      `${base(m.memberId)}/devices`,
    );
    expect(devices.status_code).toBe(ErrorCode.Success);
    expect(devices.data.list.length).toBeGreaterThanOrEqual(1);
    expect(devices.data.list[0]?.blocked).toBe(false);
  });

  it('adds notes (audited); an empty note changes nothing', async () => {
    const text = `电话回访 ${uniqueName('n')}`;
    const added = await call<{ id: number; author: string }>(
      boss,
      'POST',
      `${base(m.memberId)}/notes`,
      { text },
    );
    expect(added.status_code).toBe(ErrorCode.Success);
    expect(
      (await call(boss, 'POST', `${base(m.memberId)}/notes`, { text: '  ' })).status_code,
    ).toBe(ErrorCode.Validation);
    const notes = await call<{ list: { text: string }[]; total: number }>(
      boss,
      'GET',
      `${base(m.memberId)}/notes`,
    );
    expect(notes.data.list.map((n) => n.text)).toEqual([text]);
    const audit = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'member.note' AND target = $1`,
      [`member:${m.memberId}`],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('ends the member sessions (audited): their token stops working', async () => {
    const before = await m.client.call('walletBalances', { token: m.token });
    expect(before.status_code).toBe(ErrorCode.Success);
    const r = await call<{ ended: number }>(boss, 'POST', `${base(m.memberId)}/sessions/end`, {
      reason: '客户要求',
    });
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(r.data.ended).toBeGreaterThanOrEqual(1);
    const after = await m.client.call('walletBalances', { token: m.token });
    expect(after.status_code).not.toBe(ErrorCode.Success);
    const audit = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'member.sessions.end' AND target = $1`,
      [`member:${m.memberId}`],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('a role without the permission gets 6061 on every part', async () => {
    const role = await call<{ id: number }>(boss, 'POST', '/admin/api/v1/roles', {
      name: `只读审计${uniqueName('r')}`,
      permissions: ['audit.read'],
    });
    const auditor = await adminToken(t, role.data.id);
    for (const path of ['', '/ledger', '/bets', '/logins', '/devices', '/notes'])
      expect((await call(auditor, 'GET', `${base(m.memberId)}${path}`)).status_code).toBe(
        ErrorCode.AdminForbidden,
      );
    expect(
      (await call(auditor, 'POST', `${base(m.memberId)}/notes`, { text: 'x' })).status_code,
    ).toBe(ErrorCode.AdminForbidden);
    const reader = await call<{ id: number }>(boss, 'POST', '/admin/api/v1/roles', {
      name: `只读会员${uniqueName('r')}`,
      permissions: ['member.read'],
    });
    const readerToken = await adminToken(t, reader.data.id);
    expect((await call(readerToken, 'GET', base(m.memberId))).status_code).toBe(ErrorCode.Success);
    expect(
      (
        await call(readerToken, 'POST', `${base(m.memberId)}/sessions/end`, {
          reason: '无权限',
        })
      ).status_code,
    ).toBe(ErrorCode.AdminForbidden);
  });
});
