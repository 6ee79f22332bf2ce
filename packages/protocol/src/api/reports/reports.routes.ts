import { defineRoute } from '../core/route';
import { reportsRouteMeta as m } from './reports.meta';
import {
  AuditExportQuery,
  AuditVerifyResult,
  CsvText,
  Dashboard,
  MemberExportQuery,
  OrderExportQuery,
  Report,
  ReportExportQuery,
  ReportQuery,
  TransferExportQuery,
} from './reports.schemas';

/** The console's numbers with their schemas; `../routes.ts` joins them into the route table. */
export const reportsRoutes = {
  adminDashboard: defineRoute(m.adminDashboard, { response: Dashboard }),
  adminReport: defineRoute(m.adminReport, { query: ReportQuery, response: Report }),
  adminAuditVerify: defineRoute(m.adminAuditVerify, { response: AuditVerifyResult }),
  adminExportReport: defineRoute(m.adminExportReport, {
    query: ReportExportQuery,
    response: CsvText,
  }),
  adminExportAudit: defineRoute(m.adminExportAudit, { query: AuditExportQuery, response: CsvText }),
  adminExportMembers: defineRoute(m.adminExportMembers, {
    query: MemberExportQuery,
    response: CsvText,
  }),
  adminExportDeposits: defineRoute(m.adminExportDeposits, {
    query: OrderExportQuery,
    response: CsvText,
  }),
  adminExportWithdrawals: defineRoute(m.adminExportWithdrawals, {
    query: OrderExportQuery,
    response: CsvText,
  }),
  adminExportTransfers: defineRoute(m.adminExportTransfers, {
    query: TransferExportQuery,
    response: CsvText,
  }),
};
