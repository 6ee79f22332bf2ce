import { defineRoute } from '../core/route';
import { CsvText } from '../reports/reports.schemas';
import { chatAdminRouteMeta as m } from './chat-admin.meta';
import {
  AdminChatGift,
  AdminChatGiftList,
  AdminChatGiftRecordFilter,
  AdminChatGiftRecordPage,
  AdminChatGiftRecordQuery,
  AdminChatGiftSaveRequest,
  AdminChatMuteFilter,
  AdminChatMutePage,
  AdminChatMuteQuery,
  AdminChatShieldFilter,
  AdminChatShieldPage,
  AdminChatShieldQuery,
} from './chat-admin.schemas';

/** The moderators' lists, the gift catalogue and their exports; `../routes.ts` joins them. */
export const chatAdminRoutes = {
  adminChatMutes: defineRoute(m.adminChatMutes, {
    query: AdminChatMuteQuery,
    response: AdminChatMutePage,
  }),
  adminChatShields: defineRoute(m.adminChatShields, {
    query: AdminChatShieldQuery,
    response: AdminChatShieldPage,
  }),
  adminChatGiftRecords: defineRoute(m.adminChatGiftRecords, {
    query: AdminChatGiftRecordQuery,
    response: AdminChatGiftRecordPage,
  }),
  adminChatGifts: defineRoute(m.adminChatGifts, { response: AdminChatGiftList }),
  adminChatGiftSave: defineRoute(m.adminChatGiftSave, {
    body: AdminChatGiftSaveRequest,
    response: AdminChatGift,
  }),
  adminExportChatMutes: defineRoute(m.adminExportChatMutes, {
    query: AdminChatMuteFilter,
    response: CsvText,
  }),
  adminExportChatShields: defineRoute(m.adminExportChatShields, {
    query: AdminChatShieldFilter,
    response: CsvText,
  }),
  adminExportChatGiftRecords: defineRoute(m.adminExportChatGiftRecords, {
    query: AdminChatGiftRecordFilter,
    response: CsvText,
  }),
} as const;
