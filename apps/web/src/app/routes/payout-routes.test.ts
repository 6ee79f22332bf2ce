import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAYOUT_ROUTES } from '../../features/wallet/model/payout-types';
import { routeModules } from '../route-modules';
import { routes } from '../router';

describe('payment-account routes', () => {
  it('route every contract §8.1 payment-account path to the add or list page its type table names', () => {
    for (const [path, route] of Object.entries(PAYOUT_ROUTES)) {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect(leaf?.path, path).toBe(path.slice(1));
      expect(leaf?.lazy, path).toBe(
        route.mode === 'add' ? routeModules.payoutAdd : routeModules.payoutList,
      );
    }
  });

  it('route the venue transfer page to its own page', () => {
    const leaf = matchRoutes(routes, '/mine/finance/transfer')?.at(-1)?.route;
    expect(leaf?.lazy).toBe(routeModules.transfer);
  });
});
