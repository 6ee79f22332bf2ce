import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FIRST_ROUTE, routeModules } from './route-modules';
import { routes } from './router';

describe('FIRST_ROUTE (what the first-route budget sums)', () => {
  it('is the chain of loaders the router goes through for /', () => {
    const lazies = (matchRoutes(routes, '/') ?? []).map((match) => match.route.lazy);
    expect(lazies).toEqual(FIRST_ROUTE.map((key) => routeModules[key]));
  });
});
