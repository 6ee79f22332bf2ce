import { describe, expect, it } from 'vitest';
import { routeMeta } from '@nebula/protocol/api/route-meta';
import { adminRouteNames } from '../api/admin-routes';
import { canCall, MENU, visibleMenu, type MenuItem } from './permissions';

describe('who may call a route (the guard’s source: the route table)', () => {
  it('lets admin call every operator route', () => {
    for (const name of adminRouteNames()) expect(canCall({ role: 'admin' }, name)).toBe(true);
  });

  it('lets another role call exactly the routes that list it, for every route', () => {
    for (const role of ['finance', 'moderator']) {
      for (const name of adminRouteNames()) {
        const roles = (routeMeta[name] as { roles?: readonly string[] }).roles ?? [];
        expect(canCall({ role }, name), `${role} ${name}`).toBe(roles.includes(role));
      }
    }
  });

  it('nobody signed in may call anything', () => {
    expect(canCall(null, 'adminMembers')).toBe(false);
  });
});

describe('the menu', () => {
  it('names only operator routes, and pages with distinct paths', () => {
    const names = new Set(adminRouteNames());
    for (const item of MENU) expect(names.has(item.route), item.key).toBe(true);
    expect(new Set(MENU.map((i) => i.path)).size).toBe(MENU.length);
  });

  it('shows admin everything, and a role only the pages whose route it may call', () => {
    expect(visibleMenu({ role: 'admin' })).toHaveLength(MENU.length);
    const finance = visibleMenu({ role: 'finance' }).map((i) => i.key);
    expect(finance).toContain('withdrawals');
    expect(finance).not.toContain('settings');
    const moderator = visibleMenu({ role: 'moderator' }).map((i) => i.key);
    expect(moderator).not.toContain('withdrawals');
    expect(visibleMenu(null)).toEqual([]);
  });

  it('reads a declared permission against the operator’s permissions when both exist', () => {
    const items: MenuItem[] = [{ key: 'x', label: 'x', path: '/x', route: 'adminAudit' }];
    // The route table declares no permission yet: roles decide, whatever the list says.
    expect(visibleMenu({ role: 'moderator', permissions: ['audit.read'] }, items)).toEqual([]);
  });
});
