import type { FastifyInstance } from 'fastify';
import { bindCsvRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { ChatExportService } from './chat-exports.service';

/** The CSV exports of the moderators' lists (mutes, shields, gift records). */
export function registerChatExportRoutes(
  app: FastifyInstance,
  s: { chatExports: ChatExportService },
  o: BindOptions,
): void {
  const x = s.chatExports;
  const op = (req: { operator: Parameters<typeof requireOperator>[0] }) =>
    requireOperator(req.operator);
  bindCsvRoute(app, 'adminExportChatMutes', ({ req, query }) => x.mutes(op(req), query), o);
  bindCsvRoute(app, 'adminExportChatShields', ({ req, query }) => x.shields(op(req), query), o);
  bindCsvRoute(
    app,
    'adminExportChatGiftRecords',
    ({ req, query }) => x.giftRecords(op(req), query),
    o,
  );
}
