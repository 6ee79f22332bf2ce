import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { SiteService } from './site.service';

export function registerSiteRoutes(app: FastifyInstance, site: SiteService, o: BindOptions): void {
  bindRoute(app, 'preInfo', ({ ctx }) => site.preInfo(ctx.ip), o);
  bindRoute(app, 'vvPretty', ({ ctx }) => site.vvPretty(ctx.deviceId), o);
  bindRoute(app, 'sec', ({ params }) => site.sec(params.id), o);
  bindRoute(app, 'namingList', async () => ({ list: await site.naming() }), o);
}
