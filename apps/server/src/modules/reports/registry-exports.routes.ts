import type { FastifyInstance } from 'fastify';
import { bindCsvRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { DeskExportService } from './desk-exports.service';
import type { RegistryExportService } from './registry-exports.service';

/** The registry and service-desk CSV exports (`/admin/api/v1/exports/…`). */
export function registerRegistryExportRoutes(
  app: FastifyInstance,
  s: { deskExports: DeskExportService; registryExports: RegistryExportService },
  o: BindOptions,
): void {
  const op = (req: { operator: Parameters<typeof requireOperator>[0] }) =>
    requireOperator(req.operator);
  const desk = s.deskExports;
  const reg = s.registryExports;
  bindCsvRoute(app, 'adminExportOperators', ({ req, query }) => desk.operators(op(req), query), o);
  bindCsvRoute(app, 'adminExportMails', ({ req }) => desk.mails(op(req)), o);
  bindCsvRoute(app, 'adminExportFeedback', ({ req, query }) => desk.feedback(op(req), query), o);
  bindCsvRoute(
    app,
    'adminExportVenueDebts',
    ({ req, query }) => desk.venueDebts(op(req), query),
    o,
  );
  bindCsvRoute(app, 'adminExportRoles', ({ req, query }) => reg.roles(op(req), query), o);
  bindCsvRoute(app, 'adminExportHelpDocs', ({ req, query }) => reg.helpDocs(op(req), query), o);
  bindCsvRoute(app, 'adminExportSponsors', ({ req, query }) => reg.sponsors(op(req), query), o);
  bindCsvRoute(
    app,
    'adminExportRealNamePending',
    ({ req, query }) => reg.realNamePending(op(req), query),
    o,
  );
  bindCsvRoute(app, 'adminExportVenues', ({ req, query }) => reg.venues(op(req), query), o);
  bindCsvRoute(app, 'adminExportSelfExclusion', ({ req }) => reg.selfExclusion(op(req)), o);
  bindCsvRoute(app, 'adminExportMallItems', ({ req }) => reg.mallItems(op(req)), o);
  bindCsvRoute(app, 'adminExportVipLevels', ({ req }) => reg.vipLevels(op(req)), o);
  bindCsvRoute(app, 'adminExportRebateRates', ({ req }) => reg.rebateRates(op(req)), o);
  bindCsvRoute(app, 'adminExportPointsRates', ({ req }) => reg.pointsRates(op(req)), o);
}
