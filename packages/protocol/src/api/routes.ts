/*
 * Over 300 lines on purpose: the route table (meta + schemas per call) is one map, the single
 * source of the HTTP contract.
 */
import { defineRoute } from './route';
import { venueRoutes } from './routes-venues';
import { deskRoutes } from './routes-desk';
import { routeMeta } from './route-meta';
import { emptyObject, paging, pageOf } from './common';
import {
  Captcha,
  CaptchaRequest,
  CodeSent,
  DeviceCodeSendRequest,
  DeviceVerifyRequest,
  HandoverToken,
  LoginRequest,
  LoginResult,
  MemberJwt,
  PasswordChangeRequest,
  PasswordResetCodeRequest,
  PasswordResetCodeSent,
  PasswordResetRequest,
  RegisterRequest,
  TokenExchangeRequest,
  WebTerminalRequest,
} from './auth';
import {
  DeviceRemoveRequest,
  FundPasswordSetRequest,
  LoginRecord,
  MemberInfo,
  MemberInfoRequest,
  PhoneBindRequest,
  ProfileUpdateRequest,
  RealNameInfo,
  RealNameSubmitRequest,
  SecurityOverview,
  SmsSendRequest,
} from './member';
import {
  AdminLoginRequest,
  AdminRecoveryCodes,
  AdminTotpConfirmRequest,
  AdminTotpEnrolment,
  AdminTotpResetRequest,
  OperatorIdParams,
  AdminMemberPage,
  AdminMemberQuery,
  AdminSession,
  AuditPage,
  AuditQuery,
  BlockRequest,
  DeviceBlockRequest,
  MemberIdParams,
  RealNameReviewList,
  RealNameReviewRequest,
  SiteSettingsPatchRequest,
  SiteSettingsView,
  SmsOutbox,
} from './admin';
import { z } from 'zod';
import {
  BlockedWords,
  BlockedWordsRequest,
  ChatHistoryHttp,
  ChatHistoryHttpRequest,
  ChatMaintainRequest,
  ChatMe,
  ChatRoomInfo,
  ChatRoomList,
  GiftList,
  MessageIdParams,
  MuteRequest,
  RoomCreateRequest,
  RoomIdParams,
  RoomUpdateRequest,
  StaffRequest,
} from './chat';
import {
  CoinBuyRequest,
  CoinInfo,
  DepositChannelList,
  DepositLimitSetRequest,
  DepositLimits,
  PlayBreakSetRequest,
  PlayBreakStatus,
  DepositOrder,
  DepositOrderCreated,
  DepositOrderPage,
  DepositOrderRequest,
  OrderIdParams,
  OrderListQuery,
  RecordPage,
  RecordsQuery,
  Turnover,
  WalletBalances,
  WithdrawOrder,
  WithdrawOrderPage,
  WithdrawOrderRequest,
  WithdrawPrecheck,
} from './wallet';
import {
  BankList,
  PaymentAccount,
  PaymentAccountAddRequest,
  PaymentAccountIdParams,
  PaymentAccountList,
} from './payment-accounts';
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
  Reconciliation,
  ReasonRequest,
  RequiredReasonRequest,
} from './admin-wallet';
import { NamingList, PreInfo, PreInfoRequest, SecKey, SecParams, VvPretty } from './site';
import {
  NoticeList,
  NoticeListRequest,
  PopInfo,
  StationAdList,
  SuspensionIconList,
  SuspensionIconRequest,
} from './content';

/**
 * The API route table: every call with its request and response schemas. The server
 * validates with it and generates the OpenAPI document from it; the web is typed from it.
 */
export const routes = {
  preInfo: defineRoute(routeMeta.preInfo, { body: PreInfoRequest, response: PreInfo }),
  vvPretty: defineRoute(routeMeta.vvPretty, { response: VvPretty }),
  sec: defineRoute(routeMeta.sec, { params: SecParams, response: SecKey }),
  noticeList: defineRoute(routeMeta.noticeList, { body: NoticeListRequest, response: NoticeList }),
  stationAdList: defineRoute(routeMeta.stationAdList, { response: StationAdList }),
  suspensionIcon: defineRoute(routeMeta.suspensionIcon, {
    body: SuspensionIconRequest,
    response: SuspensionIconList,
  }),
  popInfo: defineRoute(routeMeta.popInfo, { response: PopInfo }),
  namingList: defineRoute(routeMeta.namingList, { response: NamingList }),
  // accounts and sessions
  captcha: defineRoute(routeMeta.captcha, { body: CaptchaRequest, response: Captcha }),
  register: defineRoute(routeMeta.register, { body: RegisterRequest, response: LoginResult }),
  login: defineRoute(routeMeta.login, { body: LoginRequest, response: LoginResult }),
  deviceSendCode: defineRoute(routeMeta.deviceSendCode, {
    body: DeviceCodeSendRequest,
    response: CodeSent,
  }),
  deviceVerify: defineRoute(routeMeta.deviceVerify, {
    body: DeviceVerifyRequest,
    response: LoginResult,
  }),
  logout: defineRoute(routeMeta.logout, { body: emptyObject, response: z.null() }),
  passwordChange: defineRoute(routeMeta.passwordChange, {
    body: PasswordChangeRequest,
    response: z.null(),
  }),
  passwordResetCode: defineRoute(routeMeta.passwordResetCode, {
    body: PasswordResetCodeRequest,
    response: PasswordResetCodeSent,
  }),
  passwordReset: defineRoute(routeMeta.passwordReset, {
    body: PasswordResetRequest,
    response: z.null(),
  }),
  tokenExchange: defineRoute(routeMeta.tokenExchange, {
    body: TokenExchangeRequest,
    response: LoginResult,
  }),
  tokenHandover: defineRoute(routeMeta.tokenHandover, {
    body: emptyObject,
    response: HandoverToken,
  }),
  memberInfo: defineRoute(routeMeta.memberInfo, { body: MemberInfoRequest, response: MemberInfo }),
  memberJwt: defineRoute(routeMeta.memberJwt, { response: MemberJwt }),
  webTerminal: defineRoute(routeMeta.webTerminal, { body: WebTerminalRequest, response: z.null() }),
  // profile and security centre
  profileUpdate: defineRoute(routeMeta.profileUpdate, {
    body: ProfileUpdateRequest,
    response: MemberInfo,
  }),
  smsSend: defineRoute(routeMeta.smsSend, { body: SmsSendRequest, response: CodeSent }),
  phoneBind: defineRoute(routeMeta.phoneBind, { body: PhoneBindRequest, response: MemberInfo }),
  realNameSubmit: defineRoute(routeMeta.realNameSubmit, {
    body: RealNameSubmitRequest,
    response: RealNameInfo,
  }),
  realNameStatus: defineRoute(routeMeta.realNameStatus, { response: RealNameInfo }),
  fundPasswordSet: defineRoute(routeMeta.fundPasswordSet, {
    body: FundPasswordSetRequest,
    response: z.null(),
  }),
  securityOverview: defineRoute(routeMeta.securityOverview, { response: SecurityOverview }),
  loginHistory: defineRoute(routeMeta.loginHistory, {
    query: z.object({ ...paging }).strict(),
    response: pageOf(LoginRecord),
  }),
  deviceRemove: defineRoute(routeMeta.deviceRemove, {
    body: DeviceRemoveRequest,
    response: z.null(),
  }),
  logoutAll: defineRoute(routeMeta.logoutAll, { body: emptyObject, response: z.null() }),
  // operators
  adminLogin: defineRoute(routeMeta.adminLogin, {
    body: AdminLoginRequest,
    response: AdminSession,
  }),
  adminLogout: defineRoute(routeMeta.adminLogout, { body: emptyObject, response: z.null() }),
  adminTotpEnrol: defineRoute(routeMeta.adminTotpEnrol, {
    body: emptyObject,
    response: AdminTotpEnrolment,
  }),
  adminTotpConfirm: defineRoute(routeMeta.adminTotpConfirm, {
    body: AdminTotpConfirmRequest,
    response: AdminRecoveryCodes,
  }),
  adminTotpReset: defineRoute(routeMeta.adminTotpReset, {
    params: OperatorIdParams,
    body: AdminTotpResetRequest,
    response: z.null(),
  }),
  adminMembers: defineRoute(routeMeta.adminMembers, {
    query: AdminMemberQuery,
    response: AdminMemberPage,
  }),
  adminMemberBlock: defineRoute(routeMeta.adminMemberBlock, {
    params: MemberIdParams,
    body: BlockRequest,
    response: z.null(),
  }),
  adminDeviceBlock: defineRoute(routeMeta.adminDeviceBlock, {
    body: DeviceBlockRequest,
    response: z.null(),
  }),
  adminRealNamePending: defineRoute(routeMeta.adminRealNamePending, {
    response: RealNameReviewList,
  }),
  adminRealNameReview: defineRoute(routeMeta.adminRealNameReview, {
    params: MemberIdParams,
    body: RealNameReviewRequest,
    response: z.null(),
  }),
  adminSmsOutbox: defineRoute(routeMeta.adminSmsOutbox, { response: SmsOutbox }),
  adminSettings: defineRoute(routeMeta.adminSettings, { response: SiteSettingsView }),
  adminSettingsUpdate: defineRoute(routeMeta.adminSettingsUpdate, {
    body: SiteSettingsPatchRequest,
    response: SiteSettingsView,
  }),
  adminAudit: defineRoute(routeMeta.adminAudit, { query: AuditQuery, response: AuditPage }),
  // wallet
  walletBalances: defineRoute(routeMeta.walletBalances, { response: WalletBalances }),
  depositChannels: defineRoute(routeMeta.depositChannels, { response: DepositChannelList }),
  depositOrder: defineRoute(routeMeta.depositOrder, {
    body: DepositOrderRequest,
    response: DepositOrderCreated,
  }),
  depositOrders: defineRoute(routeMeta.depositOrders, {
    query: OrderListQuery,
    response: DepositOrderPage,
  }),
  depositOrderDetail: defineRoute(routeMeta.depositOrderDetail, {
    params: OrderIdParams,
    response: DepositOrder,
  }),
  depositCancel: defineRoute(routeMeta.depositCancel, {
    params: OrderIdParams,
    body: emptyObject,
    response: DepositOrder,
  }),
  sandboxOrder: defineRoute(routeMeta.sandboxOrder, {
    params: OrderIdParams,
    response: DepositOrder,
  }),
  sandboxPay: defineRoute(routeMeta.sandboxPay, {
    params: OrderIdParams,
    body: emptyObject,
    response: DepositOrder,
  }),
  withdrawPrecheck: defineRoute(routeMeta.withdrawPrecheck, { response: WithdrawPrecheck }),
  withdrawOrder: defineRoute(routeMeta.withdrawOrder, {
    body: WithdrawOrderRequest,
    response: WithdrawOrder,
  }),
  withdrawOrders: defineRoute(routeMeta.withdrawOrders, {
    query: OrderListQuery,
    response: WithdrawOrderPage,
  }),
  turnover: defineRoute(routeMeta.turnover, { response: Turnover }),
  records: defineRoute(routeMeta.records, { query: RecordsQuery, response: RecordPage }),
  coinInfo: defineRoute(routeMeta.coinInfo, { response: CoinInfo }),
  coinBuy: defineRoute(routeMeta.coinBuy, { body: CoinBuyRequest, response: CoinInfo }),
  depositLimits: defineRoute(routeMeta.depositLimits, { response: DepositLimits }),
  depositLimitSet: defineRoute(routeMeta.depositLimitSet, {
    body: DepositLimitSetRequest,
    response: DepositLimits,
  }),
  playBreak: defineRoute(routeMeta.playBreak, { response: PlayBreakStatus }),
  playBreakSet: defineRoute(routeMeta.playBreakSet, {
    body: PlayBreakSetRequest,
    response: PlayBreakStatus,
  }),
  banks: defineRoute(routeMeta.banks, { response: BankList }),
  paymentAccounts: defineRoute(routeMeta.paymentAccounts, { response: PaymentAccountList }),
  paymentAccountAdd: defineRoute(routeMeta.paymentAccountAdd, {
    body: PaymentAccountAddRequest,
    response: PaymentAccount,
  }),
  paymentAccountRemove: defineRoute(routeMeta.paymentAccountRemove, {
    params: PaymentAccountIdParams,
    body: emptyObject,
    response: z.null(),
  }),
  // operators: wallet
  adminDeposits: defineRoute(routeMeta.adminDeposits, {
    query: AdminOrderQuery,
    response: AdminDepositPage,
  }),
  adminDepositConfirm: defineRoute(routeMeta.adminDepositConfirm, {
    params: AdminOrderParams,
    body: ReasonRequest,
    response: AdminDepositOrder,
  }),
  adminDepositReject: defineRoute(routeMeta.adminDepositReject, {
    params: AdminOrderParams,
    body: RequiredReasonRequest,
    response: AdminDepositOrder,
  }),
  adminDepositResolve: defineRoute(routeMeta.adminDepositResolve, {
    params: AdminOrderParams,
    body: DepositResolveRequest,
    response: AdminDepositOrder,
  }),
  adminWithdrawals: defineRoute(routeMeta.adminWithdrawals, {
    query: AdminOrderQuery,
    response: AdminWithdrawPage,
  }),
  adminWithdrawApprove: defineRoute(routeMeta.adminWithdrawApprove, {
    params: AdminOrderParams,
    body: ReasonRequest,
    response: AdminWithdrawOrder,
  }),
  adminWithdrawReject: defineRoute(routeMeta.adminWithdrawReject, {
    params: AdminOrderParams,
    body: RequiredReasonRequest,
    response: AdminWithdrawOrder,
  }),
  adminAdjust: defineRoute(routeMeta.adminAdjust, {
    params: MemberIdParams,
    body: AdjustRequest,
    response: AdjustResult,
  }),
  adminWaiveTurnover: defineRoute(routeMeta.adminWaiveTurnover, {
    params: MemberIdParams,
    body: RequiredReasonRequest,
    response: Turnover,
  }),
  adminReconcile: defineRoute(routeMeta.adminReconcile, { response: Reconciliation }),
  // chat
  chatHistory: defineRoute(routeMeta.chatHistory, {
    body: ChatHistoryHttpRequest,
    response: ChatHistoryHttp,
  }),
  chatRooms: defineRoute(routeMeta.chatRooms, { response: ChatRoomList }),
  chatGifts: defineRoute(routeMeta.chatGifts, { response: GiftList }),
  chatMe: defineRoute(routeMeta.chatMe, { response: ChatMe }),
  adminChatRooms: defineRoute(routeMeta.adminChatRooms, { response: ChatRoomList }),
  adminChatRoomCreate: defineRoute(routeMeta.adminChatRoomCreate, {
    body: RoomCreateRequest,
    response: ChatRoomInfo,
  }),
  adminChatRoomUpdate: defineRoute(routeMeta.adminChatRoomUpdate, {
    params: RoomIdParams,
    body: RoomUpdateRequest,
    response: ChatRoomInfo,
  }),
  adminChatMute: defineRoute(routeMeta.adminChatMute, {
    params: MemberIdParams,
    body: MuteRequest,
    response: z.null(),
  }),
  adminChatDelete: defineRoute(routeMeta.adminChatDelete, {
    params: MessageIdParams,
    body: emptyObject,
    response: z.null(),
  }),
  adminChatBlockedWords: defineRoute(routeMeta.adminChatBlockedWords, { response: BlockedWords }),
  adminChatBlockedWordsSet: defineRoute(routeMeta.adminChatBlockedWordsSet, {
    body: BlockedWordsRequest,
    response: BlockedWords,
  }),
  adminChatStaff: defineRoute(routeMeta.adminChatStaff, {
    params: MemberIdParams,
    body: StaffRequest,
    response: z.null(),
  }),
  adminChatMaintain: defineRoute(routeMeta.adminChatMaintain, {
    body: ChatMaintainRequest,
    response: z.null(),
  }),
  // venues, transfers, bets, json-cache
  ...venueRoutes,
  // the service side: help, customer service, mail, feedback, sponsorships, download
  ...deskRoutes,
} as const satisfies { [K in keyof typeof routeMeta]: unknown };

export type Routes = typeof routes;
export { emptyObject };
