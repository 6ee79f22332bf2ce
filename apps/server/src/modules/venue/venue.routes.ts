import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { BetsService } from '../bets/bets.service';
import type { LaunchService } from './launch.service';
import type { SummaryService } from './summary.service';
import type { VenueRegistry } from '../venue-registry/venue-registry.service';

export interface VenueRouteServices {
  registry: VenueRegistry;
  launch: LaunchService;
  summary: SummaryService;
  bets: BetsService;
}

/** The venue calls of contract §6: registry, launch, counts and hot matches, bets; operators. */
export function registerVenueRoutes(
  app: FastifyInstance,
  s: VenueRouteServices,
  o: BindOptions,
): void {
  const member = (ctx: Parameters<typeof requireMember>[0]) => requireMember(ctx).memberId;
  bindRoute(
    app,
    'venueList',
    async ({ query }) => ({ list: await s.registry.publicList(query.family) }),
    o,
  );
  bindRoute(app, 'venueLaunch', ({ ctx, body }) => s.launch.launch(member(ctx), body), o);
  bindRoute(app, 'venueSummary', ({ query }) => s.summary.summary(query.family), o);
  bindRoute(app, 'bets', ({ ctx, query }) => s.bets.page(member(ctx), query), o);

  bindRoute(app, 'adminVenues', ({ query }) => s.registry.adminPage(query), o);
  bindRoute(
    app,
    'adminVenueCreate',
    ({ req, body }) => {
      const { code, ...input } = body;
      return s.registry.create(requireOperator(req.operator), code, input);
    },
    o,
  );
  bindRoute(
    app,
    'adminVenueUpdate',
    ({ req, params, body }) => s.registry.update(requireOperator(req.operator), params.code, body),
    o,
  );
  bindRoute(
    app,
    'adminVenueSort',
    async ({ req, body }) => ({
      list: await s.registry.sort(requireOperator(req.operator), body.codes),
    }),
    o,
  );
}
