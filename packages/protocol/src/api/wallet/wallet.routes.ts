import { z } from 'zod';
import { defineRoute } from '../core/route';
import { walletRouteMeta as m } from './wallet.meta';
import { MemberIdParams, emptyObject } from '../core/common';
import {
  AdjustRequest,
  AdjustResult,
  AdminDepositOrder,
  AdminDepositPage,
  AdminOrderParams,
  AdminOrderQuery,
  AdminWithdrawOrder,
  AdminWithdrawPage,
  DepositResolveRequest,
  ReasonRequest,
  Reconciliation,
  RequiredReasonRequest,
} from './admin-wallet.schemas';
import {
  BankList,
  PaymentAccount,
  PaymentAccountAddRequest,
  PaymentAccountIdParams,
  PaymentAccountList,
} from './payment-accounts.schemas';
import {
  CoinBuyRequest,
  CoinInfo,
  DepositChannelList,
  DepositLimitSetRequest,
  DepositLimits,
  DepositOrder,
  DepositOrderCreated,
  DepositOrderPage,
  DepositOrderRequest,
  OrderIdParams,
  OrderListQuery,
  PlayBreakSetRequest,
  PlayBreakStatus,
  RecordPage,
  RecordsQuery,
  Turnover,
  WalletBalances,
  WithdrawOrder,
  WithdrawOrderPage,
  WithdrawOrderRequest,
  WithdrawPrecheck,
} from './wallet.schemas';

/** The wallet (members and finance operators) calls with their schemas; `../routes.ts` joins them into the route table. */
export const walletRoutes = {
  // wallet
  walletBalances: defineRoute(m.walletBalances, { response: WalletBalances }),
  depositChannels: defineRoute(m.depositChannels, { response: DepositChannelList }),
  depositOrder: defineRoute(m.depositOrder, {
    body: DepositOrderRequest,
    response: DepositOrderCreated,
  }),
  depositOrders: defineRoute(m.depositOrders, {
    query: OrderListQuery,
    response: DepositOrderPage,
  }),
  depositOrderDetail: defineRoute(m.depositOrderDetail, {
    params: OrderIdParams,
    response: DepositOrder,
  }),
  depositCancel: defineRoute(m.depositCancel, {
    params: OrderIdParams,
    body: emptyObject,
    response: DepositOrder,
  }),
  sandboxOrder: defineRoute(m.sandboxOrder, {
    params: OrderIdParams,
    response: DepositOrder,
  }),
  sandboxPay: defineRoute(m.sandboxPay, {
    params: OrderIdParams,
    body: emptyObject,
    response: DepositOrder,
  }),
  withdrawPrecheck: defineRoute(m.withdrawPrecheck, { response: WithdrawPrecheck }),
  withdrawOrder: defineRoute(m.withdrawOrder, {
    body: WithdrawOrderRequest,
    response: WithdrawOrder,
  }),
  withdrawOrders: defineRoute(m.withdrawOrders, {
    query: OrderListQuery,
    response: WithdrawOrderPage,
  }),
  turnover: defineRoute(m.turnover, { response: Turnover }),
  records: defineRoute(m.records, { query: RecordsQuery, response: RecordPage }),
  coinInfo: defineRoute(m.coinInfo, { response: CoinInfo }),
  coinBuy: defineRoute(m.coinBuy, { body: CoinBuyRequest, response: CoinInfo }),
  depositLimits: defineRoute(m.depositLimits, { response: DepositLimits }),
  depositLimitSet: defineRoute(m.depositLimitSet, {
    body: DepositLimitSetRequest,
    response: DepositLimits,
  }),
  playBreak: defineRoute(m.playBreak, { response: PlayBreakStatus }),
  playBreakSet: defineRoute(m.playBreakSet, {
    body: PlayBreakSetRequest,
    response: PlayBreakStatus,
  }),
  banks: defineRoute(m.banks, { response: BankList }),
  paymentAccounts: defineRoute(m.paymentAccounts, { response: PaymentAccountList }),
  paymentAccountAdd: defineRoute(m.paymentAccountAdd, {
    body: PaymentAccountAddRequest,
    response: PaymentAccount,
  }),
  paymentAccountRemove: defineRoute(m.paymentAccountRemove, {
    params: PaymentAccountIdParams,
    body: emptyObject,
    response: z.null(),
  }),
  // operators: wallet
  adminDeposits: defineRoute(m.adminDeposits, {
    query: AdminOrderQuery,
    response: AdminDepositPage,
  }),
  adminDepositConfirm: defineRoute(m.adminDepositConfirm, {
    params: AdminOrderParams,
    body: ReasonRequest,
    response: AdminDepositOrder,
  }),
  adminDepositReject: defineRoute(m.adminDepositReject, {
    params: AdminOrderParams,
    body: RequiredReasonRequest,
    response: AdminDepositOrder,
  }),
  adminDepositResolve: defineRoute(m.adminDepositResolve, {
    params: AdminOrderParams,
    body: DepositResolveRequest,
    response: AdminDepositOrder,
  }),
  adminWithdrawals: defineRoute(m.adminWithdrawals, {
    query: AdminOrderQuery,
    response: AdminWithdrawPage,
  }),
  adminWithdrawApprove: defineRoute(m.adminWithdrawApprove, {
    params: AdminOrderParams,
    body: ReasonRequest,
    response: AdminWithdrawOrder,
  }),
  adminWithdrawReject: defineRoute(m.adminWithdrawReject, {
    params: AdminOrderParams,
    body: RequiredReasonRequest,
    response: AdminWithdrawOrder,
  }),
  adminAdjust: defineRoute(m.adminAdjust, {
    params: MemberIdParams,
    body: AdjustRequest,
    response: AdjustResult,
  }),
  adminWaiveTurnover: defineRoute(m.adminWaiveTurnover, {
    params: MemberIdParams,
    body: RequiredReasonRequest,
    response: Turnover,
  }),
  adminReconcile: defineRoute(m.adminReconcile, { response: Reconciliation }),
} as const;
