import { ErrorCode, buildPath, routes, type RouteDef, type RouteName } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, idemKey } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The role matrix over every operator route: each role is let through exactly where the route
 * table lists it (admin everywhere), and refused with 6061 elsewhere. Bodies carry an unknown
 * field, so a call that is let through stops at validation and changes nothing.
 */
let t: TestApp;
const tokens: Record<'admin' | 'finance' | 'moderator', string> = {
  admin: '',
  finance: '',
  moderator: '',
};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'finance', 'moderator'] as const)
    tokens[role] = await adminToken(t, role);
});
afterAll(() => t.close());

const operatorRoutes = (Object.keys(routes) as RouteName[]).filter(
  (name) => (routes[name] as RouteDef).auth === 'admin',
);

describe('operator roles', () => {
  it('the table has operator routes for every role to be tried on', () => {
    expect(operatorRoutes.length).toBeGreaterThan(20);
  });

  it.each(operatorRoutes)('%s', async (name) => {
    const route = routes[name] as RouteDef;
    const allowed = new Set<string>(['admin', ...(route.roles ?? [])]);
    for (const role of ['admin', 'finance', 'moderator'] as const) {
      const r = await t.app.inject({
        method: route.method,
        url: buildPath(
          route.path,
          Object.fromEntries([...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, 999999])),
        ),
        headers: { 'x-admin-token': tokens[role], 'x-idempotency-key': idemKey() },
        ...(route.method === 'GET' ? {} : { payload: { zzUnknown: 1 } }),
      });
      const code = r.json<{ status_code: number }>().status_code;
      if (allowed.has(role)) expect(code, `${role} on ${name}`).not.toBe(ErrorCode.AdminForbidden);
      else expect(code, `${role} on ${name}`).toBe(ErrorCode.AdminForbidden);
      expect(code, `${role} on ${name}`).not.toBe(ErrorCode.AdminAuthRequired);
    }
  });
});
