import { defineRoute } from '../core/route';
import { CsvText } from '../reports/reports.schemas';
import { memberExportsRouteMeta as m } from './member-exports.meta';
import {
  MemberBetsExportQuery,
  MemberDevicesExportQuery,
  MemberLedgerExportQuery,
  MemberLoginsExportQuery,
  MemberNotesExportQuery,
} from './member-exports.schemas';

/** The member detail sub-list exports with their schemas; `../routes.ts` joins them. */
export const memberExportsRoutes = {
  adminExportMemberLedger: defineRoute(m.adminExportMemberLedger, {
    query: MemberLedgerExportQuery,
    response: CsvText,
  }),
  adminExportMemberBets: defineRoute(m.adminExportMemberBets, {
    query: MemberBetsExportQuery,
    response: CsvText,
  }),
  adminExportMemberLogins: defineRoute(m.adminExportMemberLogins, {
    query: MemberLoginsExportQuery,
    response: CsvText,
  }),
  adminExportMemberDevices: defineRoute(m.adminExportMemberDevices, {
    query: MemberDevicesExportQuery,
    response: CsvText,
  }),
  adminExportMemberNotes: defineRoute(m.adminExportMemberNotes, {
    query: MemberNotesExportQuery,
    response: CsvText,
  }),
};
