import { emptyObject } from '../core/common';
import { defineRoute } from '../core/route';
import { RealNameListFilter } from '../admin/admin.schemas';
import { OperatorListFilter, OperatorRoleFilter } from '../operators/operators.schemas';
import { AdminVenueFilter } from '../venues/admin-venues.schemas';
import { AdminHelpFilter, AdminSponsorFilter } from '../help-and-service/admin-lists.schemas';
import { CsvText } from '../reports/reports.schemas';
import { registryExportsRouteMeta as m } from './registry-exports.meta';
import { FeedbackExportQuery, VenueDebtExportQuery } from './registry-exports.schemas';

/**
 * The registry and service-desk CSV exports with their schemas; `../routes.ts` joins them. A
 * list without filters (the mail list only pages) exports whole.
 */
export const registryExportsRoutes = {
  adminExportOperators: defineRoute(m.adminExportOperators, {
    query: OperatorListFilter,
    response: CsvText,
  }),
  adminExportRoles: defineRoute(m.adminExportRoles, {
    query: OperatorRoleFilter,
    response: CsvText,
  }),
  adminExportMails: defineRoute(m.adminExportMails, { query: emptyObject, response: CsvText }),
  adminExportFeedback: defineRoute(m.adminExportFeedback, {
    query: FeedbackExportQuery,
    response: CsvText,
  }),
  adminExportHelpDocs: defineRoute(m.adminExportHelpDocs, {
    query: AdminHelpFilter,
    response: CsvText,
  }),
  adminExportSponsors: defineRoute(m.adminExportSponsors, {
    query: AdminSponsorFilter,
    response: CsvText,
  }),
  adminExportRealNamePending: defineRoute(m.adminExportRealNamePending, {
    query: RealNameListFilter,
    response: CsvText,
  }),
  adminExportVenues: defineRoute(m.adminExportVenues, {
    query: AdminVenueFilter,
    response: CsvText,
  }),
  adminExportVenueDebts: defineRoute(m.adminExportVenueDebts, {
    query: VenueDebtExportQuery,
    response: CsvText,
  }),
  adminExportSelfExclusion: defineRoute(m.adminExportSelfExclusion, {
    query: emptyObject,
    response: CsvText,
  }),
  adminExportMallItems: defineRoute(m.adminExportMallItems, {
    query: emptyObject,
    response: CsvText,
  }),
  adminExportVipLevels: defineRoute(m.adminExportVipLevels, {
    query: emptyObject,
    response: CsvText,
  }),
  adminExportRebateRates: defineRoute(m.adminExportRebateRates, {
    query: emptyObject,
    response: CsvText,
  }),
  adminExportPointsRates: defineRoute(m.adminExportPointsRates, {
    query: emptyObject,
    response: CsvText,
  }),
};
