import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, uniqueName } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Roles are data: an edit counts on the next request; every change is audited. */
let t: TestApp;
let boss: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  boss = await adminToken(t, 'admin');
});
afterAll(() => t.close());

const call = <T = Record<string, unknown>>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
) => adminCall<T>(t, token, method, `/admin/api/v1${url}`, body);

describe('roles and operators', () => {
  it('lists the seeded roles; the superuser role keeps every permission', async () => {
    const r = await call<{ list: { id: number; name: string; superuser: boolean }[] }>(
      boss,
      'GET',
      '/roles',
    );
    expect(r.data.list.slice(0, 3).map((x) => x.name)).toEqual(['超级管理员', '财务', '客服/风控']);
    expect((await call(boss, 'POST', '/roles/1', { permissions: [] })).status_code).toBe(
      ErrorCode.Validation,
    );
  });

  it('a new role, an operator in it, and a permission granted later counts at once', async () => {
    const name = `审计员${uniqueName('r')}`;
    const role = await call<{ id: number }>(boss, 'POST', '/roles', {
      name,
      permissions: ['audit.read'],
    });
    expect(role.status_code).toBe(ErrorCode.Success);
    expect((await call(boss, 'POST', '/roles', { name, permissions: [] })).status_code).toBe(
      ErrorCode.OperatorRoleNameTaken,
    );
    expect(
      (await call(boss, 'POST', '/roles', { name: 'x', permissions: ['no.such'] })).status_code,
    ).toBe(ErrorCode.Validation);
    const token = await adminToken(t, role.data.id);
    expect((await call(token, 'GET', '/audit')).status_code).toBe(ErrorCode.Success);
    expect((await call(token, 'GET', '/members')).status_code).toBe(ErrorCode.AdminForbidden);
    await call(boss, 'POST', `/roles/${role.data.id}`, {
      permissions: ['audit.read', 'member.read'],
    });
    expect((await call(token, 'GET', '/members')).status_code).toBe(ErrorCode.Success);
    const audit = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action IN ('operator.role.create', 'operator.role.update')
         AND target = $1`,
      [`role:${role.data.id}`],
    );
    expect(audit.rows).toHaveLength(2);
  });

  it('creates, reassigns and disables operators; never oneself', async () => {
    const userName = `op${uniqueName('c')}`.slice(0, 16);
    const made = await call<{ id: number; roleName: string }>(boss, 'POST', '/operators', {
      userName,
      password: 'new-operator-pass-1',
      roleId: 3,
    });
    expect(made).toMatchObject({ status_code: ErrorCode.Success, data: { roleName: '客服/风控' } });
    const dup = await call(boss, 'POST', '/operators', {
      userName,
      password: 'new-operator-pass-1',
      roleId: 3,
    });
    expect(dup.status_code).toBe(ErrorCode.OperatorNameTaken);
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/login',
      payload: { userName, password: 'new-operator-pass-1' },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    expect((await call(token, 'GET', '/deposits')).status_code).toBe(ErrorCode.AdminForbidden);
    await call(boss, 'POST', `/operators/${made.data.id}`, { roleId: 2 });
    expect((await call(token, 'GET', '/deposits')).status_code).toBe(ErrorCode.Success);
    await call(boss, 'POST', `/operators/${made.data.id}`, { disabled: true });
    expect((await call(token, 'GET', '/deposits')).status_code).toBe(ErrorCode.AdminAuthRequired);
    const me = await call<{ operatorId: number }>(boss, 'GET', '/me');
    expect(
      (await call(boss, 'POST', `/operators/${me.data.operatorId}`, { disabled: true }))
        .status_code,
    ).toBe(ErrorCode.OperatorSelfChange);
    expect((await call(boss, 'POST', '/operators/999999', { roleId: 2 })).status_code).toBe(
      ErrorCode.OperatorNotFound,
    );
    expect(
      (await call(boss, 'POST', `/operators/${made.data.id}`, { roleId: 99999 })).status_code,
    ).toBe(ErrorCode.OperatorRoleNotFound);
  });

  it('refuses to take operator.manage from the last role holding it (9670)', async () => {
    const role = await call<{ id: number }>(boss, 'POST', '/roles', {
      name: `管理员${uniqueName('m')}`,
      permissions: ['operator.manage', 'audit.read'],
    });
    const token = await adminToken(t, role.data.id);
    // While the superuser role exists it holds operator.manage: dropping it here is allowed.
    const other = await call<{ id: number }>(boss, 'POST', '/roles', {
      name: `临时${uniqueName('m')}`,
      permissions: ['operator.manage'],
    });
    const drop = await call<{ permissions: string[] }>(token, 'POST', `/roles/${other.data.id}`, {
      permissions: ['audit.read'],
    });
    expect(drop.data.permissions).toEqual(['audit.read']);
    await t.db.query('UPDATE operator_roles SET superuser = FALSE WHERE id = 1');
    try {
      const refused = await call(token, 'POST', `/roles/${role.data.id}`, {
        permissions: ['audit.read'],
      });
      expect(refused.status_code).toBe(ErrorCode.OperatorLastManageRole);
      const after = await call<{ list: { id: number; permissions: string[] }[] }>(
        token,
        'GET',
        '/roles',
      );
      expect(after.data.list.find((r) => r.id === role.data.id)?.permissions).toContain(
        'operator.manage',
      );
    } finally {
      await t.db.query('UPDATE operator_roles SET superuser = TRUE WHERE id = 1');
    }
  });
});
