import type { ComponentType } from 'react';
import { loadFeatureCatalogues } from '../i18n/load-feature-catalogues';

/**
 * Every page and layout as a dynamic import (each becomes its own chunk). The router's `lazy`
 * and the tab bar's prefetch-on-touch both go through here, so a prefetched chunk is the one
 * the router later uses.
 */
type Loaded = { Component: ComponentType };

/**
 * A page's loader. It also waits for the features' catalogues (i18n/i18n.ts keeps only the
 * first route's in the entry), unless `featureCatalogues` is false: the first route's own
 * modules, which must not wait for texts they do not use.
 */
const load =
  <M>(
    importer: () => Promise<M>,
    pick: (module: M) => ComponentType,
    { featureCatalogues = true }: { featureCatalogues?: boolean } = {},
  ) =>
  (): Promise<Loaded> =>
    Promise.all([importer(), featureCatalogues ? loadFeatureCatalogues() : undefined]).then(
      ([module]) => ({ Component: pick(module) }),
    );

export const routeModules = {
  rootLayout: load(
    () => import('./shell/root-layout'),
    (m) => m.RootLayout,
    { featureCatalogues: false },
  ),
  tabLayout: load(
    () => import('./shell/tab-layout'),
    (m) => m.TabLayout,
    { featureCatalogues: false },
  ),
  memberGuard: load(
    () => import('./shell/member-guard'),
    (m) => m.MemberGuard,
  ),
  home: load(
    () => import('./routes/home-route'),
    (m) => m.HomeRoute,
    { featureCatalogues: false },
  ),
  game: load(
    () => import('../features/venues/pages/game.page'),
    (m) => m.GamePage,
  ),
  venueFrame: load(
    () => import('./routes/venue-frame-route'),
    (m) => m.VenueFrameRoute,
  ),
  transfer: load(
    () => import('../features/wallet/pages/transfer.page'),
    (m) => m.TransferPage,
  ),
  vip: load(
    () => import('../features/rewards/pages/vip.page'),
    (m) => m.VipPage,
  ),
  vipDetails: load(
    () => import('../features/rewards/pages/vip-details.page'),
    (m) => m.VipDetailsPage,
  ),
  rebate: load(
    () => import('../features/rewards/pages/rebate.page'),
    (m) => m.RebatePage,
  ),
  luckyFlip: load(
    () => import('../features/flip-friends/pages/lucky-flip.page'),
    (m) => m.LuckyFlipPage,
  ),
  friendInvitation: load(
    () => import('../features/flip-friends/pages/friend-invitation.page'),
    (m) => m.FriendInvitationPage,
  ),
  friendPeakBet: load(
    () => import('../features/flip-friends/pages/friend-peak-bet.page'),
    (m) => m.FriendPeakBetPage,
  ),
  welfareRecord: load(
    () => import('../features/rewards/pages/welfare-record.page'),
    (m) => m.WelfareRecordPage,
  ),
  activityDiscount: load(
    () => import('../features/activities/pages/discount.page'),
    (m) => m.DiscountPage,
  ),
  activityCalendar: load(
    () => import('../features/activities/pages/checkin-calendar.page'),
    (m) => m.CheckinCalendarPage,
  ),
  agent: load(
    () => import('../features/agent/pages/agent.page'),
    (m) => m.AgentPage,
  ),
  giftRecord: load(
    () => import('../features/rewards/pages/gift-record.page'),
    (m) => m.GiftRecordPage,
  ),
  mallRecord: load(
    () => import('../features/mall/pages/mall-record.page'),
    (m) => m.MallRecordPage,
  ),
  mallCoinRecord: load(
    () => import('../features/mall/pages/mall-coin-record.page'),
    (m) => m.MallCoinRecordPage,
  ),
  betRecord: load(
    () => import('./routes/bet-record-route'),
    (m) => m.BetRecordRoute,
  ),
  stopService: load(
    () => import('../features/system/pages/stop-service.page'),
    (m) => m.StopServicePage,
  ),
  maintenance: load(
    () => import('../features/system/pages/maintenance.page'),
    (m) => m.MaintenancePage,
  ),
  restrictionIp: load(
    () => import('../features/system/pages/restriction-ip.page'),
    (m) => m.RestrictionIpPage,
  ),
  login: load(
    () => import('../features/auth/pages/login.page'),
    (m) => m.LoginPage,
  ),
  register: load(
    () => import('../features/auth/pages/register.page'),
    (m) => m.RegisterPage,
  ),
  passwordReset: load(
    () => import('../features/auth/pages/password-reset.page'),
    (m) => m.PasswordResetPage,
  ),
  registerGuide: load(
    () => import('../features/auth/pages/register-guide.page'),
    (m) => m.RegisterGuidePage,
  ),
  mine: load(
    () => import('./routes/mine-route'),
    (m) => m.MineRoute,
  ),
  userInfo: load(
    () => import('../features/member/pages/user-info.page'),
    (m) => m.UserInfoPage,
  ),
  authentication: load(
    () => import('../features/member/pages/authentication.page'),
    (m) => m.AuthenticationPage,
  ),
  infoAudit: load(
    () => import('../features/member/pages/info-audit.page'),
    (m) => m.InfoAuditPage,
  ),
  security: load(
    () => import('../features/member/pages/security.page'),
    (m) => m.SecurityPage,
  ),
  wallet: load(
    () => import('../features/wallet/pages/wallet.page'),
    (m) => m.WalletPage,
  ),
  balance: load(
    () => import('../features/wallet/pages/balance.page'),
    (m) => m.BalancePage,
  ),
  deposit: load(
    () => import('../features/wallet/pages/deposit.page'),
    (m) => m.DepositPage,
  ),
  sandboxPay: load(
    () => import('../features/wallet/pages/sandbox-pay.page'),
    (m) => m.SandboxPayPage,
  ),
  withdrawal: load(
    () => import('../features/wallet/pages/withdrawal.page'),
    (m) => m.WithdrawalPage,
  ),
  audit: load(
    () => import('../features/wallet/pages/audit.page'),
    (m) => m.AuditPage,
  ),
  currency: load(
    () => import('../features/wallet/pages/currency.page'),
    (m) => m.CurrencyPage,
  ),
  depositLimit: load(
    () => import('../features/wallet/pages/deposit-limit.page'),
    (m) => m.DepositLimitPage,
  ),
  playLimits: load(
    () => import('../features/wallet/pages/play-limits.page'),
    (m) => m.PlayLimitsPage,
  ),
  playBreak: load(
    () => import('../features/wallet/pages/play-break.page'),
    (m) => m.PlayBreakPage,
  ),
  statement: load(
    () => import('../features/responsible-gaming/pages/statement.page'),
    (m) => m.StatementPage,
  ),
  payoutAdd: load(
    () => import('./routes/payout-routes'),
    (m) => m.PayoutAddRoute,
  ),
  payoutList: load(
    () => import('./routes/payout-routes'),
    (m) => m.PayoutListRoute,
  ),
  transRecord: load(
    () => import('../features/records/pages/trans-record.page'),
    (m) => m.TransRecordPage,
  ),
  currencyRecord: load(
    () => import('../features/records/pages/currency-record.page'),
    (m) => m.CurrencyRecordPage,
  ),
  introTutorial: load(
    () => import('../features/tutorial/pages/intro-tutorial.page'),
    (m) => m.IntroTutorialPage,
  ),
  platformTutorials: load(
    () => import('../features/tutorial/pages/platform-tutorials.page'),
    (m) => m.PlatformTutorialsPage,
  ),
  chat: load(
    () => import('./routes/chat-route'),
    (m) => m.ChatRoute,
  ),
  // the service side
  helpIndex: load(
    () => import('../features/help/pages/help-index.page'),
    (m) => m.HelpIndexPage,
  ),
  helpDoc: load(
    () => import('../features/help/pages/help-doc.page'),
    (m) => m.HelpDocPage,
  ),
  customerMain: load(
    () => import('../features/customer/pages/customer.page'),
    (m) => m.CustomerMainPage,
  ),
  customerBackup: load(
    () => import('../features/customer/pages/customer.page'),
    (m) => m.CustomerBackupPage,
  ),
  sponsor: load(
    () => import('../features/sponsor/pages/sponsor.page'),
    (m) => m.SponsorPage,
  ),
  mail: load(
    () => import('../features/mail/pages/mail.page'),
    (m) => m.MailPage,
  ),
  feedback: load(
    () => import('../features/feedback/pages/feedback.page'),
    (m) => m.FeedbackPage,
  ),
  download: load(
    () => import('../features/download/pages/download.page'),
    (m) => m.DownloadPage,
  ),
  demo: load(
    () => import('../features/demo/pages/demo.page'),
    (m) => m.DemoPage,
  ),
  demoPlay: load(
    () => import('../features/demo/pages/demo-play.page'),
    (m) => m.DemoPlayPage,
  ),
  notFound: load(
    () => import('../features/system/pages/not-found.page'),
    (m) => m.NotFoundPage,
  ),
} as const;

/**
 * The loaders `/` (the home page, where most visits start) goes through, outermost first.
 * scripts/web-budget.mjs reads this list and each loader's import path to sum the first
 * route's JavaScript from the build manifest; first-route.test.ts checks it against the router.
 */
export const FIRST_ROUTE = [
  'rootLayout',
  'tabLayout',
  'home',
] as const satisfies readonly (keyof typeof routeModules)[];
