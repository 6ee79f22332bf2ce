import type { FastifyInstance } from 'fastify';
import { houseVenueTargets, type HouseVenueRouteName } from '@nebula/protocol';
import { bindRoute, type BindOptions, type Handler } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { HouseVenueService } from './house-venue.service';

/**
 * Every proxied route of the protocol's table, each to its one venue path: a path not in the
 * table is no route at all (the platform's not-found answer), so the proxy reaches nothing else.
 */
export function registerHouseVenueRoutes(
  app: FastifyInstance,
  venue: HouseVenueService,
  o: BindOptions,
): void {
  for (const name of Object.keys(houseVenueTargets) as HouseVenueRouteName[]) {
    const handler: Handler<HouseVenueRouteName> = async ({ req, body }) =>
      venue.call(houseVenueTargets[name], body, requireOperator(req.operator).userName) as never;
    bindRoute(app, name, handler as never, o);
  }
}
