import {
  ADMIN_PERMISSIONS,
  ErrorCode,
  OPERATOR_SELF,
  buildPath,
  routes,
  type AdminRouteMeta,
  type RouteName,
} from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, idemKey, uniqueName } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The permission matrix over every operator route of the protocol's route table × every role
 * in the database (the seeded ones): a role is let through exactly where it holds the route's
 * permission (or the route is the operator's own), and refused with 6061 — with an audit row —
 * elsewhere. Bodies carry an unknown field, so a call let through stops at validation (or at
 * step-up) and changes nothing.
 */
interface RoleUnderTest {
  id: number;
  name: string;
  permissions: Set<string>;
  userName: string;
  token: string;
}

let t: TestApp;
const roles: RoleUnderTest[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const r = await t.db.query<{
    id: number;
    name: string;
    permissions: string[];
    superuser: boolean;
  }>('SELECT id, name, permissions, superuser FROM operator_roles ORDER BY id');
  for (const row of r.rows) {
    const userName = uniqueName('op');
    const token = await adminToken(t, row.id, { userName });
    const permissions = new Set<string>(row.superuser ? ADMIN_PERMISSIONS : row.permissions);
    roles.push({ id: row.id, name: row.name, permissions, userName, token });
  }
});
afterAll(() => t.close());

const operatorRoutes = (Object.keys(routes) as RouteName[]).filter(
  (name) => routes[name].auth === 'admin',
);

async function deniedRows(userName: string, name: RouteName): Promise<number> {
  const r = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log
      WHERE actor = $1 AND action = 'operator.denied' AND target = $2`,
    [userName, `route:${name}`],
  );
  return r.rows[0]?.n ?? 0;
}

describe('operator permissions', () => {
  it('seeds the three roles and walks every operator route', () => {
    expect(roles.map((r) => r.name)).toEqual(['超级管理员', '财务', '客服/风控']);
    expect(operatorRoutes.length).toBeGreaterThan(60);
  });

  it('every operator route names a permission', () => {
    for (const name of operatorRoutes)
      expect((routes[name] as AdminRouteMeta).permission, name).toBeTruthy();
  });

  it.each(operatorRoutes)('%s', async (name) => {
    const route = routes[name] as AdminRouteMeta & { method: string; path: string };
    for (const role of roles) {
      const r = await t.app.inject({
        method: route.method as 'GET',
        url: buildPath(
          route.path,
          Object.fromEntries([...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, 999999])),
        ),
        headers: { 'x-admin-token': role.token, 'x-idempotency-key': idemKey() },
        ...(route.method === 'GET' ? {} : { payload: { zzUnknown: 1 } }),
      });
      const code = r.json<{ status_code: number }>().status_code;
      const allowed = route.permission === OPERATOR_SELF || role.permissions.has(route.permission);
      const label = `${role.name} on ${name}`;
      if (allowed) {
        expect(code, label).not.toBe(ErrorCode.AdminForbidden);
        expect(await deniedRows(role.userName, name), label).toBe(0);
      } else {
        expect(code, label).toBe(ErrorCode.AdminForbidden);
        expect(await deniedRows(role.userName, name), label).toBe(1);
      }
      expect(code, label).not.toBe(ErrorCode.AdminAuthRequired);
    }
  });
});
