import { defineRoute } from '../core/route';
import { MemberIdParams, emptyObject } from '../core/common';
import { rewardsRouteMeta as m } from './rewards.meta';
import {
  AdminGrant,
  AdminGrantPage,
  BirthdaySetRequest,
  Eligibility,
  GiftRecordPage,
  ManualGrantRequest,
  GiftRecordQuery,
  Grant,
  GrantIdParams,
  GrantPage,
  GrantQuery,
  GrantReport,
  GrantReportQuery,
  RebateRateSetRequest,
  RebateRates,
  RebateView,
  RevokeRequest,
  VipLevel,
  VipLevelParams,
  VipLevelSetRequest,
  VipStatus,
  VipTable,
} from './rewards.schemas';

/** The rewards calls with their schemas; `../routes.ts` joins them into the route table. */
export const rewardsRoutes = {
  rewardGrants: defineRoute(m.rewardGrants, { query: GrantQuery, response: GrantPage }),
  rewardGrantClaim: defineRoute(m.rewardGrantClaim, {
    params: GrantIdParams,
    body: emptyObject,
    response: Grant,
  }),
  rewardGrantGiveUp: defineRoute(m.rewardGrantGiveUp, {
    params: GrantIdParams,
    body: emptyObject,
    response: Grant,
  }),
  rewardEligibility: defineRoute(m.rewardEligibility, { response: Eligibility }),
  vipStatus: defineRoute(m.vipStatus, { response: VipStatus }),
  vipTable: defineRoute(m.vipTable, { response: VipTable }),
  vipBirthdaySet: defineRoute(m.vipBirthdaySet, { body: BirthdaySetRequest, response: VipStatus }),
  giftRecords: defineRoute(m.giftRecords, { query: GiftRecordQuery, response: GiftRecordPage }),
  rebateView: defineRoute(m.rebateView, { response: RebateView }),
  rebateClaim: defineRoute(m.rebateClaim, { body: emptyObject, response: RebateView }),
  adminRebateRates: defineRoute(m.adminRebateRates, { response: RebateRates }),
  adminRebateRateSet: defineRoute(m.adminRebateRateSet, {
    body: RebateRateSetRequest,
    response: RebateRates,
  }),
  adminVipLevels: defineRoute(m.adminVipLevels, { response: VipTable }),
  adminVipLevelSet: defineRoute(m.adminVipLevelSet, {
    params: VipLevelParams,
    body: VipLevelSetRequest,
    response: VipLevel,
  }),
  adminMemberGrants: defineRoute(m.adminMemberGrants, {
    params: MemberIdParams,
    query: GrantQuery,
    response: AdminGrantPage,
  }),
  adminGrantRevoke: defineRoute(m.adminGrantRevoke, {
    params: GrantIdParams,
    body: RevokeRequest,
    response: AdminGrant,
  }),
  adminGrantCreate: defineRoute(m.adminGrantCreate, {
    params: MemberIdParams,
    body: ManualGrantRequest,
    response: AdminGrant,
  }),
  adminGrantReport: defineRoute(m.adminGrantReport, {
    query: GrantReportQuery,
    response: GrantReport,
  }),
};
