import type { FastifyInstance } from 'fastify';
import { bindCsvRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { MemberExportService } from './member-exports.service';

/** The member detail sub-lists' CSV exports (member-exports.service.ts). */
export function registerMemberExportRoutes(
  app: FastifyInstance,
  s: MemberExportService,
  o: BindOptions,
): void {
  const op = (req: { operator: Parameters<typeof requireOperator>[0] }) =>
    requireOperator(req.operator);
  bindCsvRoute(app, 'adminExportMemberLedger', ({ req, query }) => s.ledger(op(req), query), o);
  bindCsvRoute(app, 'adminExportMemberBets', ({ req, query }) => s.bets(op(req), query), o);
  bindCsvRoute(app, 'adminExportMemberLogins', ({ req, query }) => s.logins(op(req), query), o);
  bindCsvRoute(app, 'adminExportMemberDevices', ({ req, query }) => s.devices(op(req), query), o);
  bindCsvRoute(app, 'adminExportMemberNotes', ({ req, query }) => s.notes(op(req), query), o);
}
