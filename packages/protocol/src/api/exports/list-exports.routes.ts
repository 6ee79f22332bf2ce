import { emptyObject } from '../core/common';
import { defineRoute } from '../core/route';
import { listExportsRouteMeta as m } from './list-exports.meta';
import {
  ActivityExportQuery,
  AgentApplicationExportQuery,
  ApprovalExportQuery,
  GrantExportQuery,
  RedemptionExportQuery,
  StatementExportQuery,
} from './list-exports.schemas';
import { CsvText } from '../reports/reports.schemas';
import { AdminChatRoomFilter } from '../chat/chat-admin.schemas';
import { GrantReportQuery } from '../rewards/rewards.schemas';

/** The later CSV exports with their schemas; `../routes.ts` joins them into the route table. */
export const listExportsRoutes = {
  adminExportApprovals: defineRoute(m.adminExportApprovals, {
    query: ApprovalExportQuery,
    response: CsvText,
  }),
  adminExportGrants: defineRoute(m.adminExportGrants, {
    query: GrantExportQuery,
    response: CsvText,
  }),
  adminExportAgentStatements: defineRoute(m.adminExportAgentStatements, {
    query: StatementExportQuery,
    response: CsvText,
  }),
  adminExportMallRedemptions: defineRoute(m.adminExportMallRedemptions, {
    query: RedemptionExportQuery,
    response: CsvText,
  }),
  // The rooms with the list's filters; the filter words are one short list: the whole list.
  adminExportChatRooms: defineRoute(m.adminExportChatRooms, {
    query: AdminChatRoomFilter,
    response: CsvText,
  }),
  adminExportChatBlockedWords: defineRoute(m.adminExportChatBlockedWords, {
    query: emptyObject,
    response: CsvText,
  }),
  adminExportActivities: defineRoute(m.adminExportActivities, {
    query: ActivityExportQuery,
    response: CsvText,
  }),
  adminExportAgentApplications: defineRoute(m.adminExportAgentApplications, {
    query: AgentApplicationExportQuery,
    response: CsvText,
  }),
  /** The grants daily report's days and kinds, as the report shows them. */
  adminExportGrantReport: defineRoute(m.adminExportGrantReport, {
    query: GrantReportQuery,
    response: CsvText,
  }),
};
