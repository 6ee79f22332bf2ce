import { defineRoute } from '../core/route';
import { venueRouteMeta as m } from './venues.meta';
import { MemberIdParams, emptyObject } from '../core/common';
import { RequiredReasonRequest } from '../wallet/admin-wallet.schemas';
import { WalletBalances } from '../wallet/wallet.schemas';
import {
  BetPage,
  BetsQuery,
  JsonCacheEntry,
  JsonCacheParams,
  JsonCacheWrite,
  LaunchRequest,
  LaunchResult,
  RecallRequest,
  RecallResult,
  TransferOrderPage,
  TransferOrderRequest,
  TransferOrdersQuery,
  TransferPrefs,
  TransferResult,
  VenueList,
  VenueListQuery,
  VenueSummary,
  VenueSummaryQuery,
} from './venues.schemas';
import {
  AdminRecallResult,
  AdminTransfer,
  AdminTransferPage,
  AdminTransferParams,
  AdminTransferQuery,
  AdminVenue,
  AdminVenueDebt,
  AdminVenueDebtPage,
  AdminVenueDebtParams,
  AdminVenueDebtQuery,
  AdminVenueCreate,
  AdminVenueList,
  AdminVenuePage,
  AdminVenueQuery,
  AdminVenueParams,
  AdminVenueSort,
  AdminVenueUpdate,
} from './admin-venues.schemas';

/** The venue calls' schemas (contract §6), spread into the route table (`routes.ts`). */
export const venueRoutes = {
  venueList: defineRoute(m.venueList, { query: VenueListQuery, response: VenueList }),
  venueLaunch: defineRoute(m.venueLaunch, { body: LaunchRequest, response: LaunchResult }),
  venueSummary: defineRoute(m.venueSummary, { query: VenueSummaryQuery, response: VenueSummary }),
  bets: defineRoute(m.bets, { query: BetsQuery, response: BetPage }),
  transferOrder: defineRoute(m.transferOrder, {
    body: TransferOrderRequest,
    response: TransferResult,
  }),
  transferRecall: defineRoute(m.transferRecall, { body: RecallRequest, response: RecallResult }),
  transferOrders: defineRoute(m.transferOrders, {
    query: TransferOrdersQuery,
    response: TransferOrderPage,
  }),
  transferPrefs: defineRoute(m.transferPrefs, { response: TransferPrefs }),
  transferPrefsSet: defineRoute(m.transferPrefsSet, {
    body: TransferPrefs,
    response: TransferPrefs,
  }),
  walletSync: defineRoute(m.walletSync, { body: emptyObject, response: WalletBalances }),
  jsonCacheGet: defineRoute(m.jsonCacheGet, { params: JsonCacheParams, response: JsonCacheEntry }),
  jsonCacheSet: defineRoute(m.jsonCacheSet, {
    params: JsonCacheParams,
    body: JsonCacheWrite,
    response: JsonCacheEntry,
  }),
  adminVenues: defineRoute(m.adminVenues, {
    query: AdminVenueQuery,
    response: AdminVenuePage,
  }),
  adminVenueCreate: defineRoute(m.adminVenueCreate, {
    body: AdminVenueCreate,
    response: AdminVenue,
  }),
  adminVenueSort: defineRoute(m.adminVenueSort, { body: AdminVenueSort, response: AdminVenueList }),
  adminVenueUpdate: defineRoute(m.adminVenueUpdate, {
    params: AdminVenueParams,
    body: AdminVenueUpdate,
    response: AdminVenue,
  }),
  adminTransfers: defineRoute(m.adminTransfers, {
    query: AdminTransferQuery,
    response: AdminTransferPage,
  }),
  adminTransferResolve: defineRoute(m.adminTransferResolve, {
    params: AdminTransferParams,
    body: RequiredReasonRequest,
    response: AdminTransfer,
  }),
  adminMemberRecall: defineRoute(m.adminMemberRecall, {
    params: MemberIdParams,
    body: RequiredReasonRequest,
    response: AdminRecallResult,
  }),
  adminVenueDebts: defineRoute(m.adminVenueDebts, {
    query: AdminVenueDebtQuery,
    response: AdminVenueDebtPage,
  }),
  adminVenueDebtWriteOff: defineRoute(m.adminVenueDebtWriteOff, {
    params: AdminVenueDebtParams,
    body: RequiredReasonRequest,
    response: AdminVenueDebt,
  }),
} as const satisfies { [K in keyof typeof m]: unknown };
