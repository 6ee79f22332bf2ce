import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, OPERATOR_SELF } from '@nebula/protocol/api/admin/permissions';
import { routeMeta } from '@nebula/protocol/api/route-meta';
import { adminRouteNames } from '../api/admin-routes';
import { canCall, MENU, pageAllowed, visibleMenu } from './permissions';

const everything = { permissions: [...ADMIN_PERMISSIONS] };
const nothing = { permissions: [] };

function permissionOf(name: string): string | undefined {
  return (routeMeta as Record<string, { permission?: string }>)[name]?.permission;
}

describe('who may call a route (the guard’s source: the route table)', () => {
  it('every operator route names a permission the console knows (login alone is public)', () => {
    // The login and its passkey challenge come before there is a session.
    const publicRoutes: string[] = ['adminLogin', 'adminPasskeyLoginOptions'];
    for (const name of adminRouteNames()) {
      const p = permissionOf(name);
      if (publicRoutes.includes(name)) expect(p).toBeUndefined();
      else expect([OPERATOR_SELF, ...ADMIN_PERMISSIONS], name).toContain(p);
    }
  });

  it('for every route and every single permission: callable exactly when the permission matches', () => {
    for (const permission of ADMIN_PERMISSIONS) {
      for (const name of adminRouteNames()) {
        const p = permissionOf(name);
        const expected = p === undefined || p === OPERATOR_SELF || p === permission;
        expect(canCall({ permissions: [permission] }, name), `${permission} ${name}`).toBe(
          expected,
        );
      }
    }
  });

  it('all permissions call every route; nobody signed in calls nothing', () => {
    for (const name of adminRouteNames()) expect(canCall(everything, name)).toBe(true);
    expect(canCall(null, 'adminMembers')).toBe(false);
  });
});

describe('the menu', () => {
  it('names only operator routes, and pages with distinct paths', () => {
    const names = new Set(adminRouteNames());
    for (const item of MENU) expect(names.has(item.route), item.key).toBe(true);
    expect(new Set(MENU.map((i) => i.path)).size).toBe(MENU.length);
  });

  it('shows everything to all permissions and, without any, only the pages every operator has', () => {
    expect(visibleMenu(everything)).toHaveLength(MENU.length);
    expect(visibleMenu(nothing).map((i) => i.key)).toEqual(['dashboard', 'approvals', 'security']);
    expect(visibleMenu(null)).toEqual([]);
  });

  it('a role without withdraw.review sees no withdrawals page; with it, it does', () => {
    const finance = { permissions: ['member.read', 'deposit.review'] };
    expect(visibleMenu(finance).map((i) => i.key)).not.toContain('withdrawals');
    const withWithdrawals = { permissions: [...finance.permissions, 'withdraw.review'] };
    expect(visibleMenu(withWithdrawals).map((i) => i.key)).toContain('withdrawals');
  });

  it('the rewards pages show by the permission of the route they read', () => {
    const promo = visibleMenu({ permissions: ['promo.manage'] }).map((i) => i.key);
    expect(promo).toEqual(
      expect.arrayContaining(['activities', 'vipLevels', 'rebateRates', 'mall']),
    );
    expect(promo).not.toContain('agents');
    expect(visibleMenu({ permissions: ['agent.manage'] }).map((i) => i.key)).toContain('agents');
    expect(visibleMenu({ permissions: ['report.read'] }).map((i) => i.key)).toContain('grants');
  });
});

describe('a page reached by its address', () => {
  const reader = { permissions: ['member.read', 'audit.read'] };

  it('is refused when its menu item is hidden, also below it', () => {
    expect(pageAllowed(reader, '/settings')).toBe(false);
    expect(pageAllowed(reader, '/operators')).toBe(false);
    expect(pageAllowed({ permissions: ['audit.read'] }, '/members/12')).toBe(false);
  });

  it('opens for the permission, the longest matching path deciding', () => {
    expect(pageAllowed(reader, '/members/12')).toBe(true);
    expect(pageAllowed(reader, '/')).toBe(true);
    expect(pageAllowed(reader, '/approvals')).toBe(true);
    expect(pageAllowed({ permissions: ['audit.read'] }, '/audit/verify')).toBe(true);
    expect(pageAllowed({ permissions: [] }, '/audit/verify')).toBe(false);
  });
});

describe('自营场馆, a page of tabs each under its own permission', () => {
  it('opens for any of venue.results, venue.manage and venue.games, and not without them', () => {
    for (const permission of ['venue.results', 'venue.manage', 'venue.games']) {
      const op = { permissions: [permission] };
      expect(
        visibleMenu(op).map((i) => i.key),
        permission,
      ).toContain('houseVenue');
      expect(pageAllowed(op, '/house-venue'), permission).toBe(true);
    }
    expect(pageAllowed({ permissions: ['member.read'] }, '/house-venue')).toBe(false);
  });
});
