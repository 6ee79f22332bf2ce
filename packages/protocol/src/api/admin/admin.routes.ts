import { z } from 'zod';
import { defineRoute } from '../core/route';
import { adminRouteMeta as m } from './admin.meta';
import { MemberIdParams, emptyObject } from '../core/common';
import {
  AdminLoginRequest,
  AdminMemberPage,
  AdminMemberQuery,
  AdminRecoveryCodes,
  AdminSession,
  AdminTotpConfirmRequest,
  AdminTotpEnrolment,
  AdminTotpResetRequest,
  AuditPage,
  AuditQuery,
  BlockRequest,
  DeviceBlockRequest,
  OperatorIdParams,
  RealNameListQuery,
  RealNameReviewPage,
  RealNameReviewRequest,
  SiteSettingsPatchRequest,
  SiteSettingsView,
  SmsOutbox,
} from './admin.schemas';

/** The operator (members, settings, audit) calls with their schemas; `../routes.ts` joins them into the route table. */
export const adminRoutes = {
  // operators
  adminLogin: defineRoute(m.adminLogin, {
    body: AdminLoginRequest,
    response: AdminSession,
  }),
  adminLogout: defineRoute(m.adminLogout, { body: emptyObject, response: z.null() }),
  adminTotpEnrol: defineRoute(m.adminTotpEnrol, {
    body: emptyObject,
    response: AdminTotpEnrolment,
  }),
  adminTotpConfirm: defineRoute(m.adminTotpConfirm, {
    body: AdminTotpConfirmRequest,
    response: AdminRecoveryCodes,
  }),
  adminTotpReset: defineRoute(m.adminTotpReset, {
    params: OperatorIdParams,
    body: AdminTotpResetRequest,
    response: z.null(),
  }),
  adminMembers: defineRoute(m.adminMembers, {
    query: AdminMemberQuery,
    response: AdminMemberPage,
  }),
  adminMemberBlock: defineRoute(m.adminMemberBlock, {
    params: MemberIdParams,
    body: BlockRequest,
    response: z.null(),
  }),
  adminDeviceBlock: defineRoute(m.adminDeviceBlock, {
    body: DeviceBlockRequest,
    response: z.null(),
  }),
  adminRealNamePending: defineRoute(m.adminRealNamePending, {
    query: RealNameListQuery,
    response: RealNameReviewPage,
  }),
  adminRealNameReview: defineRoute(m.adminRealNameReview, {
    params: MemberIdParams,
    body: RealNameReviewRequest,
    response: z.null(),
  }),
  adminSmsOutbox: defineRoute(m.adminSmsOutbox, { response: SmsOutbox }),
  adminSettings: defineRoute(m.adminSettings, { response: SiteSettingsView }),
  adminSettingsUpdate: defineRoute(m.adminSettingsUpdate, {
    body: SiteSettingsPatchRequest,
    response: SiteSettingsView,
  }),
  adminAudit: defineRoute(m.adminAudit, { query: AuditQuery, response: AuditPage }),
} as const;
