import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { ContentService } from './content.service';

export function registerContentRoutes(
  app: FastifyInstance,
  content: ContentService,
  o: BindOptions,
): void {
  bindRoute(
    app,
    'noticeList',
    async ({ body }) => ({ list: await content.notices(body.category) }),
    o,
  );
  bindRoute(app, 'stationAdList', async () => ({ list: await content.stationAds() }), o);
  bindRoute(
    app,
    'suspensionIcon',
    async ({ body }) => ({ list: await content.suspensionIcons(body.displayEquipment) }),
    o,
  );
  bindRoute(app, 'popInfo', async () => ({ list: await content.popInfo() }), o);
}
