import { emptyObject } from '../core/common';
import { defineRoute } from '../core/route';
import { CsvText } from '../reports/reports.schemas';
import { contentRouteMeta as m } from './content.meta';
import {
  AdminContentEnableRequest,
  AdminNotice,
  AdminNoticeList,
  AdminNoticeSaveRequest,
  AdminPopActivity,
  AdminPopActivityList,
  AdminPopActivitySaveRequest,
  AdminStationAd,
  AdminStationAdList,
  AdminStationAdSaveRequest,
  AdminSuspensionIcon,
  AdminSuspensionIconList,
  AdminSuspensionIconSaveRequest,
} from './content.schemas';

const csv = { query: emptyObject, response: CsvText } as const;

/** The operators' home-content calls with their schemas; `../routes.ts` joins them. */
export const contentRoutes = {
  adminNotices: defineRoute(m.adminNotices, { response: AdminNoticeList }),
  adminNoticeSave: defineRoute(m.adminNoticeSave, {
    body: AdminNoticeSaveRequest,
    response: AdminNotice,
  }),
  adminNoticeEnable: defineRoute(m.adminNoticeEnable, {
    body: AdminContentEnableRequest,
    response: AdminNotice,
  }),
  adminStationAds: defineRoute(m.adminStationAds, { response: AdminStationAdList }),
  adminStationAdSave: defineRoute(m.adminStationAdSave, {
    body: AdminStationAdSaveRequest,
    response: AdminStationAd,
  }),
  adminStationAdEnable: defineRoute(m.adminStationAdEnable, {
    body: AdminContentEnableRequest,
    response: AdminStationAd,
  }),
  adminSuspensionIcons: defineRoute(m.adminSuspensionIcons, { response: AdminSuspensionIconList }),
  adminSuspensionIconSave: defineRoute(m.adminSuspensionIconSave, {
    body: AdminSuspensionIconSaveRequest,
    response: AdminSuspensionIcon,
  }),
  adminSuspensionIconEnable: defineRoute(m.adminSuspensionIconEnable, {
    body: AdminContentEnableRequest,
    response: AdminSuspensionIcon,
  }),
  adminPopActivities: defineRoute(m.adminPopActivities, { response: AdminPopActivityList }),
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
