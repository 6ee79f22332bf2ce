import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { isProtectedPath } from '../../session/protected-paths';
import { resetSessionStore, useSessionStore } from '../../session/session.store';
import { routeModules } from '../route-modules';
import { routes } from '../router';
import { MemberGuard } from './member-guard';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', Component: () => <p>home</p> },
      { path: '/user/login', Component: () => <p>login</p> },
      {
        Component: MemberGuard,
        children: [{ path: '/mine/userInfo', Component: () => <p>profile</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  resetSessionStore();
});

describe('member guard (contract §8.3)', () => {
  it('takes a visitor without a session to login, with the way back', async () => {
    const router = renderAt('/mine/userInfo?tab=2');
    expect(await screen.findByText('login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/mine/userInfo?tab=2')}`,
    );
  });

  it('lets a member in', () => {
    useSessionStore.setState({ token: 'session', userName: 'alice01' });
    renderAt('/mine/userInfo');
    expect(screen.getByText('profile')).toBeTruthy();
  });

  it('waits while a URL token is exchanged, or while an ended session heads for login', () => {
    useSessionStore.setState({ token: null, exchanging: true });
    const exchanging = renderAt('/mine/userInfo');
    expect(exchanging.state.location.pathname).toBe('/mine/userInfo');
    useSessionStore.setState({ exchanging: false, leavingForLogin: true });
    const leaving = renderAt('/mine/userInfo');
    expect(leaving.state.location.pathname).toBe('/mine/userInfo');
    expect(screen.queryByText('profile')).toBeNull();
  });
});

/** Every concrete path of a route table (`:param` and `*` filled with a sample segment). */
function pathsOf(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.path || route.index ? [here.replace(/:[A-Za-z]+|\*/g, 'x') || '/'] : [];
    return [...own, ...pathsOf(route.children ?? [], here)];
  });
}

const guarded = (path: string) =>
  (matchRoutes(routes, path) ?? []).some((match) => match.route.lazy === routeModules.memberGuard);

describe('the real route table puts every protected page behind the guard', () => {
  it('/registerGuide (a protected page of contract §8.1) is guarded', () => {
    const matched = matchRoutes(routes, '/registerGuide') ?? [];
    expect(matched.at(-1)?.route.lazy).toBe(routeModules.registerGuide);
    expect(guarded('/registerGuide')).toBe(true);
  });

  it('so is every other routed path the session rules call protected (/mine/**)', () => {
    const paths = pathsOf(routes).filter(isProtectedPath);
    expect(paths).toEqual(
      expect.arrayContaining(['/mine', '/mine/x', '/mine/security', '/registerGuide']),
    );
    for (const path of paths) expect([path, guarded(path)]).toEqual([path, true]);
    expect(guarded('/user/register')).toBe(false);
  });
});
