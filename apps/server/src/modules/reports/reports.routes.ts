import type { FastifyInstance } from 'fastify';
import { bindCsvRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { AuditVerifyService } from '../audit/audit-verify.service';
import type { ExportService } from './exports.service';
import type { ListExportService } from './list-exports.service';
import type { ReportService } from './reports.service';

/** The console's numbers: dashboard, reports, audit verification, CSV exports. */
export function registerReportRoutes(
  app: FastifyInstance,
  s: {
    reports: ReportService;
    exports: ExportService;
    listExports: ListExportService;
    auditVerify: AuditVerifyService;
  },
  o: BindOptions,
): void {
  bindRoute(app, 'adminDashboard', () => s.reports.dashboard(), o);
  bindRoute(app, 'adminReport', ({ query }) => s.reports.report(query), o);
  bindRoute(app, 'adminAuditVerify', () => s.auditVerify.verify(), o);
  const op = (req: { operator: Parameters<typeof requireOperator>[0] }) =>
    requireOperator(req.operator);
  bindCsvRoute(app, 'adminExportReport', ({ req, query }) => s.exports.report(op(req), query), o);
  bindCsvRoute(app, 'adminExportAudit', ({ req, query }) => s.exports.audit(op(req), query), o);
  bindCsvRoute(app, 'adminExportMembers', ({ req, query }) => s.exports.members(op(req), query), o);
  bindCsvRoute(
    app,
    'adminExportDeposits',
    ({ req, query }) => s.exports.deposits(op(req), query),
    o,
  );
  bindCsvRoute(
    app,
    'adminExportWithdrawals',
    ({ req, query }) => s.exports.withdrawals(op(req), query),
    o,
  );
  bindCsvRoute(
    app,
    'adminExportTransfers',
    ({ req, query }) => s.exports.transfers(op(req), query),
    o,
  );
  const list = s.listExports;
  bindCsvRoute(app, 'adminExportApprovals', ({ req, query }) => list.approvals(op(req), query), o);
  bindCsvRoute(app, 'adminExportGrants', ({ req, query }) => list.grants(op(req), query), o);
  bindCsvRoute(
    app,
    'adminExportAgentStatements',
    ({ req, query }) => list.agentStatements(op(req), query),
    o,
  );
  bindCsvRoute(
    app,
    'adminExportMallRedemptions',
    ({ req, query }) => list.mallRedemptions(op(req), query),
    o,
  );
  bindCsvRoute(
    app,
    'adminExportActivities',
    ({ req, query }) => list.activities(op(req), query),
    o,
  );
  bindCsvRoute(
    app,
    'adminExportAgentApplications',
    ({ req, query }) => list.agentApplications(op(req), query),
    o,
  );
  bindCsvRoute(app, 'adminExportChatRooms', ({ req, query }) => list.chatRooms(op(req), query), o);
  bindCsvRoute(app, 'adminExportChatBlockedWords', ({ req }) => list.chatBlockedWords(op(req)), o);
  bindCsvRoute(
    app,
    'adminExportGrantReport',
    ({ req, query }) => list.grantReport(op(req), query),
    o,
  );
  bindCsvRoute(
    app,
    'adminExportAgentDownline',
    ({ req, query }) => list.agentDownline(op(req), query),
    o,
  );
}
