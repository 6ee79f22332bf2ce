import { defineRoute } from '../core/route';
import { MemberIdParams, emptyObject } from '../core/common';
import { mallRouteMeta as m } from './mall.meta';
import {
  AdminMallItem,
  AdminMallItems,
  AdminRedemption,
  AdminRedemptionPage,
  MallHome,
  MallItemIdParams,
  MallItemSaveRequest,
  MallRedeemRequest,
  MallRedemption,
  MallRedemptionPage,
  MallRedemptionQuery,
  PointsAdjustRequest,
  PointsAdjustResult,
  PointsLedgerPage,
  PointsLedgerQuery,
  PointsRateSetRequest,
  PointsRates,
  RedemptionCancelRequest,
  RedemptionIdParams,
  RedemptionShipRequest,
} from './mall.schemas';

/** The points mall calls with their schemas; `../routes.ts` joins them into the route table. */
export const mallRoutes = {
  mallHome: defineRoute(m.mallHome, { response: MallHome }),
  mallRedeem: defineRoute(m.mallRedeem, {
    params: MallItemIdParams,
    body: MallRedeemRequest,
    response: MallRedemption,
  }),
  mallRedemptions: defineRoute(m.mallRedemptions, {
    query: MallRedemptionQuery,
    response: MallRedemptionPage,
  }),
  pointsLedger: defineRoute(m.pointsLedger, {
    query: PointsLedgerQuery,
    response: PointsLedgerPage,
  }),
  adminMallItems: defineRoute(m.adminMallItems, { response: AdminMallItems }),
  adminMallItemSave: defineRoute(m.adminMallItemSave, {
    body: MallItemSaveRequest,
    response: AdminMallItem,
  }),
  adminMallRedemptions: defineRoute(m.adminMallRedemptions, {
    query: MallRedemptionQuery,
    response: AdminRedemptionPage,
  }),
  adminMallShip: defineRoute(m.adminMallShip, {
    params: RedemptionIdParams,
    body: RedemptionShipRequest,
    response: AdminRedemption,
  }),
  adminMallDeliver: defineRoute(m.adminMallDeliver, {
    params: RedemptionIdParams,
    body: emptyObject,
    response: AdminRedemption,
  }),
  adminMallCancel: defineRoute(m.adminMallCancel, {
    params: RedemptionIdParams,
    body: RedemptionCancelRequest,
    response: AdminRedemption,
  }),
  adminPointsRates: defineRoute(m.adminPointsRates, { response: PointsRates }),
  adminPointsRateSet: defineRoute(m.adminPointsRateSet, {
    body: PointsRateSetRequest,
    response: PointsRates,
  }),
  adminPointsAdjust: defineRoute(m.adminPointsAdjust, {
    params: MemberIdParams,
    body: PointsAdjustRequest,
    response: PointsAdjustResult,
  }),
};
