import { defineRoute } from '../core/route';
import { CsvText } from '../reports/reports.schemas';
import { contentRouteMeta as m } from './content.meta';
import {
  AdminContentEnableRequest,
  AdminContentFilter,
  AdminContentQuery,
  AdminNotice,
  AdminNoticePage,
  AdminNoticeSaveRequest,
  AdminPopActivity,
  AdminPopActivityPage,
  AdminPopActivitySaveRequest,
  AdminStationAd,
  AdminStationAdPage,
  AdminStationAdSaveRequest,
  AdminSuspensionIcon,
  AdminSuspensionIconPage,
  AdminSuspensionIconSaveRequest,
} from './content.schemas';

const csv = { query: AdminContentFilter, response: CsvText } as const;

/** The operators' home-content calls with their schemas; `../routes.ts` joins them. */
export const contentRoutes = {
  adminNotices: defineRoute(m.adminNotices, {
    query: AdminContentQuery,
    response: AdminNoticePage,
  }),
  adminNoticeSave: defineRoute(m.adminNoticeSave, {
    body: AdminNoticeSaveRequest,
    response: AdminNotice,
  }),
  adminNoticeEnable: defineRoute(m.adminNoticeEnable, {
    body: AdminContentEnableRequest,
    response: AdminNotice,
  }),
  adminStationAds: defineRoute(m.adminStationAds, {
    query: AdminContentQuery,
    response: AdminStationAdPage,
  }),
  adminStationAdSave: defineRoute(m.adminStationAdSave, {
    body: AdminStationAdSaveRequest,
    response: AdminStationAd,
  }),
  adminStationAdEnable: defineRoute(m.adminStationAdEnable, {
    body: AdminContentEnableRequest,
    response: AdminStationAd,
  }),
  adminSuspensionIcons: defineRoute(m.adminSuspensionIcons, {
    query: AdminContentQuery,
    response: AdminSuspensionIconPage,
  }),
  adminSuspensionIconSave: defineRoute(m.adminSuspensionIconSave, {
    body: AdminSuspensionIconSaveRequest,
    response: AdminSuspensionIcon,
  }),
  adminSuspensionIconEnable: defineRoute(m.adminSuspensionIconEnable, {
    body: AdminContentEnableRequest,
    response: AdminSuspensionIcon,
  }),
  adminPopActivities: defineRoute(m.adminPopActivities, {
    query: AdminContentQuery,
    response: AdminPopActivityPage,
  }),
  adminPopActivitySave: defineRoute(m.adminPopActivitySave, {
    body: AdminPopActivitySaveRequest,
    response: AdminPopActivity,
  }),
  adminPopActivityEnable: defineRoute(m.adminPopActivityEnable, {
    body: AdminContentEnableRequest,
    response: AdminPopActivity,
  }),
  adminExportNotices: defineRoute(m.adminExportNotices, csv),
  adminExportStationAds: defineRoute(m.adminExportStationAds, csv),
  adminExportSuspensionIcons: defineRoute(m.adminExportSuspensionIcons, csv),
  adminExportPopActivities: defineRoute(m.adminExportPopActivities, csv),
};
