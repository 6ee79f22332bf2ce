import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { ChatAdminService } from './chat-admin.service';

/** The moderators' lists and the gift catalogue (exports: reports/chat-exports.routes.ts). */
export function registerChatAdminRoutes(
  app: FastifyInstance,
  s: { chatAdmin: ChatAdminService },
  o: BindOptions,
): void {
  const c = s.chatAdmin;
  const op = (req: { operator: Parameters<typeof requireOperator>[0] }) =>
    requireOperator(req.operator);
  bindRoute(app, 'adminChatRooms', ({ query }) => c.rooms(query), o);
  bindRoute(app, 'adminChatMutes', ({ query }) => c.mutes(query), o);
  bindRoute(app, 'adminChatShields', ({ query }) => c.shields(query), o);
  bindRoute(app, 'adminChatGiftRecords', ({ query }) => c.giftRecords(query), o);
  bindRoute(app, 'adminChatGifts', async () => ({ list: await c.gifts() }), o);
  bindRoute(app, 'adminChatGiftSave', ({ req, body }) => c.saveGift(op(req).userName, body), o);
}
