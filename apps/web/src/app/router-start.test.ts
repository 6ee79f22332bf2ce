import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as paths from '../site/paths';
import { FIRST_ROUTE, routeModules } from './route-modules';
import { routerTable, routes } from './router';

const Empty = () => null;

/** The table with every page an empty component: what is matched, without loading any chunk. */
function stubbed(table: RouteObject[]): RouteObject[] {
  return table.map((route): RouteObject =>
    route.index
      ? { ...route, lazy: undefined, Component: Empty }
      : {
          ...route,
          lazy: undefined,
          Component: Empty,
          children: route.children ? stubbed(route.children) : undefined,
        },
  );
}

/** A match chain by what identifies each route (ids other than these two are generated). */
const describeChain = (matches: { route: RouteObject }[]): string[] =>
  matches.map(({ route }) =>
    route.path !== undefined
      ? route.path
      : route.index
        ? '(index)'
        : route.id === 'root' || route.id === 'tabs'
          ? route.id
          : '(layout)',
  );

const named = Object.entries(paths)
  .filter(([name, value]) => name.endsWith('_PATH') && typeof value === 'string')
  .map(([, value]) => (value as string).replace(/:(\w+)/g, 'x'));
const others = ['/mine/nothing-here', '/no-such-page', '/404', '/chat/room-7', '/mine/addBankCard'];

describe('the router on /: home first, the rest on the first navigation', () => {
  it('starts with three routes, the chain FIRST_ROUTE names', () => {
    const { routes: start } = routerTable(routes, '/');
    const count = (t: RouteObject[]): number =>
      t.reduce((n, r) => n + 1 + count(r.children ?? []), 0);
    expect(count(start)).toBe(3);
    const lazies = (matchRoutes(start, '/') ?? []).map((match) => match.route.lazy);
    expect(lazies).toEqual(FIRST_ROUTE.map((key) => routeModules[key]));
  });

  it('starts elsewhere with the whole table', () => {
    expect(routerTable(routes, '/mine').routes).toBe(routes);
  });

  it.each([...named, ...others])(
    'navigates from / to %s as the whole table matches it',
    async (path) => {
      const full = stubbed(routes);
      const table = routerTable(full, '/');
      const router = createMemoryRouter(table.routes, {
        initialEntries: ['/'],
        patchRoutesOnNavigation: table.patchRoutesOnNavigation,
      });
      await router.navigate('/');
      await router.navigate(path);
      expect(describeChain(router.state.matches)).toEqual(
        describeChain(matchRoutes(full, path) ?? []),
      );
      router.dispose();
    },
  );
});
