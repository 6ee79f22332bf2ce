import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { SponsorService } from './sponsor.service';

export function registerSponsorRoutes(
  app: FastifyInstance,
  sponsors: SponsorService,
  o: BindOptions,
): void {
  bindRoute(app, 'sponsorList', async () => ({ list: await sponsors.list() }), o);
  bindRoute(app, 'adminSponsors', ({ query }) => sponsors.adminPage(query), o);
  bindRoute(
    app,
    'adminSponsorSave',
    ({ req, body }) => sponsors.save(requireOperator(req.operator).userName, body),
    o,
  );
}
