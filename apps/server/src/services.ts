// Over 300 lines on purpose: one scope wires every domain in order, with late bindings across them.
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus';
import type { Config } from './config/config';
import type { Db } from '@nebula/db';
import { type Clock } from './lib/clock';
import { AccessService } from './modules/access/access.service';
import { ContentService } from './modules/content/content.service';
import { SettingsService } from './modules/settings/settings.service';
import { defaultSettings } from './modules/settings/settings.schema';
import { SiteService } from './modules/site/site.service';
import { IdempotencyService } from './idempotency/idempotency.service';
import { LedgerService } from './ledger/ledger.service';
import { AdminService } from './modules/admin/admin.service';
import { AuditService } from './modules/audit/audit.service';
import { MallAdminService } from './modules/mall/mall-admin.service';
import { MallService } from './modules/mall/mall.service';
import { PointsAdminService } from './modules/mall/points-admin.service';
import { PointsService } from './modules/mall/points.service';
import { AuditCheckpointService } from './modules/audit/audit-checkpoint.service';
import { AuditVerifyService } from './modules/audit/audit-verify.service';
import { ReportService } from './modules/reports/reports.service';
import { ExportService } from './modules/reports/exports.service';
import { ListExportService } from './modules/reports/list-exports.service';
import { MemberExportService } from './modules/reports/member-exports.service';
import { DeskExportService } from './modules/reports/desk-exports.service';
import { RegistryExportService } from './modules/reports/registry-exports.service';
import { MemberDetailService } from './modules/admin/member-detail.service';
import { HouseVenueService } from './modules/house-venue/house-venue.service';
import { HouseVenueExportService } from './modules/reports/house-venue-exports.service';
import { PaymentAccountService } from './modules/payment/payment-account.service';
import { DepositLimitsService } from './modules/deposit/deposit-limits.service';
import { PlayBreakService } from './modules/play-break/play-break.service';
import { EligibilityService } from './modules/play-break/eligibility.service';
import { GrantService } from './modules/rewards/grant.service';
import { GrantAdminService } from './modules/rewards/grant-admin.service';
import { VipService } from './modules/rewards/vip.service';
import { VipJobService } from './modules/rewards/vip-job.service';
import { RewardWorker } from './modules/rewards/reward-worker';
import {
  createFlipFriendsServices,
  type FlipFriendsServices,
} from './modules/activity/flip-friends.services';
import { RebateService } from './modules/rewards/rebate.service';
import { RebateAdminService } from './modules/rewards/rebate-admin.service';
import type { ActivityRouteServices } from './modules/activity/activity.routes';
import { createActivityServices } from './modules/activity/activity.wiring';
import { createAgentServices } from './modules/agent/agent-services';
import type { AgentService } from './modules/agent/agent.service';
import type { CommissionAdminService } from './modules/agent/commission-admin.service';
import type { AgentWorker } from './modules/agent/agent-worker';
import { LimitsService } from './modules/responsible-gaming/limits.service';
import { LimitsReviewService } from './modules/responsible-gaming/limits-review.service';
import { RealityCheckService } from './modules/responsible-gaming/reality-check.service';
import { PlayLimitsService } from './modules/responsible-gaming/play-limits.service';
import { ListedRegister } from './modules/self-exclusion/listed-register.service';
import { SelfExclusionGate } from './modules/self-exclusion/self-exclusion-gate.service';
import { StatementService } from './modules/responsible-gaming/statement.service';
import type { ResponsibleGamingRouteServices } from './modules/responsible-gaming/responsible-gaming.routes';
import { BetTotalsService } from './modules/bets/bet-totals.service';
import { DepositAdminService } from './modules/deposit/deposit-admin.service';
import { DepositCallbackService } from './modules/deposit/deposit-callback.service';
import { DepositService } from './modules/deposit/deposit.service';
import { PaymentGateways } from './modules/deposit/payment-gateway';
import { SANDBOX_CHANNEL_TYPES, SandboxGateway } from './modules/deposit/sandbox-gateway';
import { CoinService } from './modules/wallet/coin.service';
import { OrderTimelineService } from './modules/wallet/order-timeline.service';
import { RecordsService } from './modules/wallet/records.service';
import { TurnoverService } from './modules/wallet/turnover.service';
import { WalletAdminService } from './modules/wallet/wallet-admin.service';
import { WalletService } from './modules/wallet/wallet.service';
import { WithdrawAdminService } from './modules/withdraw/withdraw-admin.service';
import { WithdrawService } from './modules/withdraw/withdraw.service';
import { ChatService } from './modules/chat/chat.service';
import { ChatHub } from './ws/chat-hub';
import { MailNotifier } from './ws/mail-notifier';
import { HelpService } from './modules/help/help.service';
import { CustomerDeskService } from './modules/customer/customer.service';
import { MailService } from './modules/mail/mail.service';
import { FeedbackService } from './modules/feedback/feedback.service';
import { SponsorService } from './modules/sponsor/sponsor.service';
import { OperatorService } from './modules/admin/operator.service';
import { StepUpGuard } from './modules/auth/step-up-guard';
import { createAuthServices, type AuthServices } from './modules/auth/auth-services';
import { CaptchaService } from './modules/auth/captcha.service';
import { SessionService } from './modules/auth/session.service';
import { MemberService } from './modules/member/member.service';
import { SmsCodeService } from './modules/sms/sms-code.service';
import { OutboxSmsGateway } from './modules/sms/sms.gateway';
import type { Secrets } from './config/secrets';
import type { Redis } from 'ioredis';
import { BetFeedCursors } from './modules/bets/bet-cursors';
import { BetGroupsService } from './modules/bets/bet-groups.service';
import { BetSyncService } from './modules/bets/bet-sync.service';
import { BetsService } from './modules/bets/bets.service';
import { JsonCacheService } from './modules/json-cache/json-cache.service';
import { RedisJsonCacheStore, TableJsonCacheStore } from './modules/json-cache/json-cache.store';
import { TransferEngine } from './modules/transfer/transfer-engine';
import { TransferResolverService } from './modules/transfer/transfer-resolver.service';
import { TransferService } from './modules/transfer/transfer.service';
import { TransferThrottle } from './modules/transfer/transfer-throttle';
import { RecallThrottle } from './modules/transfer/recall-throttle';
import { VenueDebtService } from './modules/transfer/venue-debt.service';
import { LaunchService } from './modules/venue/launch.service';
import { MerchantClient } from './modules/venue-registry/merchant-client';
import { MerchantSecrets } from './config/merchant-secrets';
import { ScoreFeedService } from './modules/venue/score-feed.service';
import { SummaryService } from './modules/venue/summary.service';
import { VenueRegistry } from './modules/venue-registry/venue-registry.service';
import { VenueWorker } from './modules/venue/venue-worker';
import { DemoService } from './modules/demo/demo.service';
import { RolesService } from './modules/admin/roles.service';
import { StepUpService } from './modules/admin/step-up.service';
import { PasskeyService } from './modules/admin/passkey.service';
import { ApprovalService } from './modules/approvals/approvals.service';
import { registerApprovalExecutors } from './modules/approvals/approval-executors';
import { ContentAdminService } from './modules/content/content-admin.service';
import { ContentExportService } from './modules/content/content-exports.service';
import { ChatAdminService } from './modules/chat/chat-admin.service';
import { ChatExportService } from './modules/reports/chat-exports.service';

/**
 * The platform's services, wired once per node: the composition root's first half (app.ts binds
 * them to routes). Each service receives what it needs as arguments; nothing reads the
 * environment here.
 */
/** The activities (contract §5 Activities): framework, deposit bonuses, check-in. */
export interface Services extends ActivityRouteServices {
  settings: SettingsService;
  access: AccessService;
  site: SiteService;
  content: ContentService;
  // the service side
  help: HelpService;
  customerDesk: CustomerDeskService;
  mail: MailService;
  feedback: FeedbackService;
  sponsors: SponsorService;
  sessions: SessionService;
  auth: AuthServices;
  captcha: CaptchaService;
  sms: SmsCodeService;
  members: MemberService;
  operators: OperatorService;
  operatorStepUps: StepUpService;
  passkeys: PasskeyService;
  roles: RolesService;
  approvals: ApprovalService;
  admin: AdminService;
  idempotency: IdempotencyService;
  ledger: LedgerService;
  audit: AuditService;
  auditCheckpoints: AuditCheckpointService;
  auditVerify: AuditVerifyService;
  reports: ReportService;
  exports: ExportService;
  listExports: ListExportService;
  /** The member detail sub-lists' CSV exports. */
  memberExports: MemberExportService;
  deskExports: DeskExportService;
  registryExports: RegistryExportService;
  /** The console's member detail: every part read from its own module. */
  memberDetail: MemberDetailService;
  houseVenue: HouseVenueService;
  houseVenueExports: HouseVenueExportService;
  deposits: DepositService;
  depositAdmin: DepositAdminService;
  depositCallbacks: DepositCallbackService;
  withdrawals: WithdrawService;
  withdrawAdmin: WithdrawAdminService;
  turnover: TurnoverService;
  limits: DepositLimitsService;
  playBreaks: PlayBreakService;
  /** The one eligibility gate: play, reward, marketing (contract §5 Rewards). */
  eligibility: EligibilityService;
  /** The self-exclusion register: the operators' list and the gate that asks it (contract §5). */
  selfExclusionList: ListedRegister;
  selfExclusion: SelfExclusionGate;
  grants: GrantService;
  grantAdmin: GrantAdminService;
  vip: VipService;
  vipJob: VipJobService;
  rebate: RebateService;
  rebateAdmin: RebateAdminService;
  /** 积分商城: points earned by the daily job, items, redemptions (contract §5 Points mall). */
  points: PointsService;
  mall: MallService;
  mallAdmin: MallAdminService;
  pointsAdmin: PointsAdminService;
  /** Starts the daily reward jobs at their hour; main.ts starts it. */
  rewardWorker: RewardWorker;
  /** 幸运翻牌, 邀请好友, 好友最高投注 (contract §5 Rewards). */
  flipFriends: FlipFriendsServices;
  /** Agents, downlines and commission statements (contract §5 Agents). */
  agents: AgentService;
  commissionAdmin: CommissionAdminService;
  /** Starts the monthly commission job; main.ts starts it. */
  agentWorker: AgentWorker;
  /** Limits of every kind (two-step loosening), reality checks, statements (contract §5). */
  responsibleGaming: ResponsibleGamingRouteServices;
  wallet: WalletService;
  coin: CoinService;
  records: RecordsService;
  accounts: PaymentAccountService;
  walletAdmin: WalletAdminService;
  chat: ChatService;
  chatHub: ChatHub;
  /** The sandbox payment gateway, when enabled (it calls the platform back over HTTP). */
  sandbox: SandboxGateway | null;
  venues: VenueRegistry;
  merchant: MerchantClient;
  transferEngine: TransferEngine;
  transfers: TransferService;
  transferResolver: TransferResolverService;
  venueDebts: VenueDebtService;
  launch: LaunchService;
  summary: SummaryService;
  scores: ScoreFeedService;
  betSync: BetSyncService;
  bets: BetsService;
  jsonCache: JsonCacheService;
  /** 试玩 at the house venue's DEMO merchant (contract §6 Demo play). */
  demo: DemoService;
  /** The venues' background work (resolver, feeds, counts); main.ts starts it. */
  venueWorker: VenueWorker;
  /** The operators' home content (公告, 轮播图, 悬浮图标, 首页弹窗) and its exports. */
  contentAdmin: ContentAdminService;
  contentExports: ContentExportService;
  /** The moderators' chat lists (mutes, shields, gift records), the gift catalogue, exports. */
  chatAdmin: ChatAdminService;
  chatExports: ChatExportService;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  bus: Bus;
  secrets: Secrets;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Redis in production: the json-cache lives there (a table embedded). */
  redis?: Redis | null;
}

/** Test-only crash points (config refuses them in production): the process dies, as kill -9. */
function crashHook(points: ReadonlySet<string>): ((point: string) => void) | undefined {
  if (points.size === 0) return undefined;
  return (point) => {
    if (points.has(point)) process.kill(process.pid, 'SIGKILL');
  };
}

export async function createServices(deps: ServiceDeps): Promise<Services> {
  const { config, db, bus, secrets, clock, log } = deps;
  const settings = new SettingsService(db, bus, defaultSettings(config), log);
  const access = new AccessService(db, bus, settings);
  const site = new SiteService({
    db,
    config,
    settings,
    signKey: secrets.SIGN_KEY,
    // Bound late: the registry is built below, and asked only when a device configures.
    venueOrigins: () => venues.origins(),
  });
  const content = new ContentService(db, bus, clock);
  const sessions = new SessionService(db, bus, clock);
  await sessions.start();
  const smsGateway = new OutboxSmsGateway(db, clock);
  const sms = new SmsCodeService(db, smsGateway, clock, secrets.SESSION_SECRET);
  const captcha = new CaptchaService(db, clock, settings);
  const stepUps = new StepUpGuard({ db, clock, settings, sessions });
  const auth = createAuthServices({
    stepUps,
    db,
    clock,
    settings,
    sessions,
    captcha,
    sms,
    smsGateway,
    codeSecret: secrets.SESSION_SECRET,
    jwtSecret: secrets.JWT_SECRET,
    // Bound late: the register's gate needs the audit log, wired below.
    selfExclusion: {
      assertMayRegister: (identity): Promise<void> => selfExclusion.assertMayRegister(identity),
      assertMayLogin: (memberId): Promise<void> => selfExclusion.assertMayLogin(memberId),
    },
    // Bound late: the agents module is wired below, after the grants it pays commission with.
    agents: {
      agentOfCode: (q, code) => agents.agentOfCode(q, code),
      attach: (q, memberId, agentId) => agents.attach(q, memberId, agentId),
    },
  });
  const members = new MemberService({
    db,
    clock,
    sms,
    stepUps,
    accounts: auth.accounts,
    devices: auth.devices,
  });
  const audit = new AuditService(db);
  const auditCheckpoints = new AuditCheckpointService(db, clock, {
    file: config.audit.checkpointFile,
    key: config.audit.checkpointKey,
  });
  const auditVerify = new AuditVerifyService(db, clock, auditCheckpoints);
  const reports = new ReportService(db, clock);
  const exports = new ExportService({ db, clock, audit, reports });
  const houseVenue = new HouseVenueService({
    ...config.houseVenue,
    timeoutMs: config.venues.timeoutMs,
  });
  const houseVenueExports = new HouseVenueExportService({ db, clock, audit, venue: houseVenue });
  const selfExclusionList = new ListedRegister(db, clock, audit);
  const selfExclusion = new SelfExclusionGate({
    db,
    register: selfExclusionList,
    loginOnOutage: config.selfExclusionLoginOutage,
    audit,
    log,
  });
  const passkeys = new PasskeyService({ db, clock, audit, rp: config.webauthn });
  const operators = new OperatorService({
    db,
    clock,
    audit,
    settings,
    secret: secrets.SESSION_SECRET,
    passkeys,
    idleMinutes: config.consoleApp.idleMinutes,
  });
  const operatorStepUps = new StepUpService({ db, clock, audit, operators, passkeys });
  const roles = new RolesService({ db, clock, audit, operators });
  const admin = new AdminService({
    db,
    clock,
    sessions,
    settings,
    sms,
    audit,
    accounts: auth.accounts,
    members,
    // Bound late (the venues are wired below): a blocked member's venue sessions end too.
    onBlocked: (memberId) => launch.endSessions(memberId, 'blocked'),
    consoleIdleCeiling: config.consoleApp.idleMinutes,
  });
  const idempotency = new IdempotencyService(db, clock);
  const ledger = new LedgerService(db, clock, crashHook(config.crashAt));
  const turnover = new TurnoverService(db, clock, settings);
  const memberLimits = new LimitsService({
    db,
    clock,
    settings,
    members,
    audit,
    // Bound late (the limits' venues are wired below): a changed limit moves the allowance.
    changed: (memberId, kind): Promise<void> => playLimits.limitChanged(memberId, kind),
  });
  const limits = new DepositLimitsService(db, clock, members, memberLimits);
  const playBreaks = new PlayBreakService({
    db,
    clock,
    members,
    log,
    // Bound late (the venues are wired below): the member leaves every venue, money comes home.
    onStart: async (memberId, breakId) => {
      await launch.endSessions(memberId, 'selfExcluded');
      await transfers.recall(memberId, `break:${breakId}`);
    },
  });
  // Bound late: the loss, wager and time limits read the bet copies, wired below.
  const eligibility = new EligibilityService(clock, {
    limits: {
      assertWithin: (q, memberId): Promise<void> => playLimits.assertWithin(q, memberId),
      isReached: async (q, memberId): Promise<boolean> =>
        (await playLimits.reached(q, memberId)) !== null,
    },
    register: selfExclusion,
  });
  const grants = new GrantService({ db, clock, ledger, turnover, eligibility });
  const grantAdmin = new GrantAdminService(db, clock, grants, audit);
  const vip = new VipService(db, clock, audit);
  const vipJob = new VipJobService({ db, clock, grants, accounts: auth.accounts });
  const rebate = new RebateService({ db, clock, grants, eligibility });
  const rebateAdmin = new RebateAdminService(db, audit);
  const activityServices = createActivityServices({ db, clock, eligibility, grants, audit });
  const points = new PointsService({ db, clock, ledger, eligibility });
  const mall = new MallService({ db, clock, ledger, grants, eligibility });
  const mallAdmin = new MallAdminService({ db, clock, ledger, audit });
  const pointsAdmin = new PointsAdminService({ db, clock, ledger, audit, members });
  const flipFriends = createFlipFriendsServices({
    db,
    clock,
    eligibility,
    grants,
    framework: activityServices.activities,
  });
  const rewardWorker = new RewardWorker(clock, vipJob, rebate, log, points, flipFriends);
  const { agents, commissionAdmin, agentWorker } = createAgentServices({
    db,
    clock,
    audit,
    grants,
    log,
  });
  const timeline = new OrderTimelineService();
  // The sandbox gateway is off in production unless SANDBOX_PAYMENTS enables it (config.ts).
  const sandbox = config.sandboxPayments
    ? new SandboxGateway(secrets.PAYMENT_CALLBACK_SECRET)
    : null;
  const gateways = new PaymentGateways();
  if (sandbox) gateways.register(sandbox, SANDBOX_CHANNEL_TYPES);
  const deposits = new DepositService({
    db,
    clock,
    settings,
    ledger,
    turnover,
    limits,
    play: eligibility,
    audit,
    members,
    timeline,
    gateways,
    sandbox,
    log: log,
    // A deposit applied for a deposit bonus pays it after the credit (contract §5 Activities).
    afterCredit: (q, memberId, depositId) =>
      activityServices.depositBonus.onDepositCredited(q, memberId, depositId),
  });
  const depositCallbacks = new DepositCallbackService(
    { db, clock, gateways, log: log, timeline },
    deposits,
  );
  const depositAdmin = new DepositAdminService({ db, clock, audit, members, timeline }, deposits);
  const accounts = new PaymentAccountService(db, clock, settings, members);
  const withdrawals = new WithdrawService({
    db,
    clock,
    settings,
    ledger,
    turnover,
    accounts,
    audit,
    members,
    timeline,
    // Bound late (the venues are wired below): venue debts are held back from withdrawal.
    debts: {
      refresh: (memberId) => venueDebts.refresh(memberId),
      assertWithdrawable: (q, memberId, amount) =>
        venueDebts.assertWithdrawable(q, memberId, amount),
    },
  });
  const withdrawAdmin = new WithdrawAdminService(
    { db, clock, ledger, accounts, audit, members, timeline },
    withdrawals,
  );
  const coin = new CoinService(db, clock, settings, ledger);
  const records = new RecordsService(db, ledger, (memberId, ids) =>
    withdrawals.statuses(memberId, ids),
  );
  const merchantSecrets = new MerchantSecrets(config.venues.secrets, config.venues.secretsFile);
  const venues = new VenueRegistry(db, bus, clock, audit, merchantSecrets);
  await venues.start();
  const merchant = new MerchantClient({
    secrets: merchantSecrets,
    timeoutMs: config.venues.timeoutMs,
  });
  const transferEngine = new TransferEngine({
    db,
    clock,
    ledger,
    registry: venues,
    merchant,
    log,
    crash: crashHook(config.crashAt),
  });
  const transfers = new TransferService({
    db,
    clock,
    ledger,
    registry: venues,
    merchant,
    settings,
    members,
    play: eligibility,
    engine: transferEngine,
    idempotency,
    throttle: new TransferThrottle(
      { redis: deps.redis ?? null, redisPrefix: config.redisPrefix },
      () => clock.now(),
    ),
    recallThrottle: new RecallThrottle(
      { redis: deps.redis ?? null, redisPrefix: config.redisPrefix },
      () => clock.now(),
    ),
  });
  const venueDebts = new VenueDebtService({
    db,
    clock,
    ledger,
    registry: venues,
    audit,
    members,
    ask: (memberId, codes) => transfers.askVenues(memberId, codes),
  });
  const transferResolver = new TransferResolverService({
    db,
    clock,
    engine: transferEngine,
    transfers,
    audit,
    members,
    log,
  });
  const wallet = new WalletService(transfers);
  const launch = new LaunchService({
    db,
    registry: venues,
    merchant,
    settings,
    members,
    play: eligibility,
    transfers,
    log,
    publicUrl: config.publicUrl,
    onLaunched: (memberId): Promise<void> => playLimits.launched(memberId),
  });
  // Whatever ends a member's session ends their venue sessions too, after the member's answer
  // (contract §4); a block ends them itself, before the operator's answer (onBlocked above).
  sessions.onEnded((memberId, reason) =>
    reason === 'blocked' ? Promise.resolve() : launch.endSessionsSoon(memberId),
  );
  const jsonCache = new JsonCacheService(
    deps.redis
      ? new RedisJsonCacheStore(deps.redis, config.redisPrefix)
      : new TableJsonCacheStore(db),
    clock,
  );
  const cursors = new BetFeedCursors(db, clock);
  const scores = new ScoreFeedService({ db, clock, bus, registry: venues, merchant, cursors, log });
  const summary = new SummaryService({
    registry: venues,
    merchant,
    settings,
    clock,
    log,
    writeShared: (key, value, ttl) => jsonCache.writeShared(key, value, ttl),
    onMatches: (names) => scores.learn(names),
  });
  const betSync = new BetSyncService({
    db,
    clock,
    registry: venues,
    merchant,
    settings,
    turnover,
    groups: new BetGroupsService(turnover, clock),
    members,
    debts: venueDebts,
    log,
    onMatches: (names) => scores.learn(names),
    onBets: (placed) => playLimits.afterBets(placed),
  });
  const bets = new BetsService(db, venues);
  const memberDetail = new MemberDetailService({
    db,
    clock,
    audit,
    sessions,
    members,
    vip,
    wallet,
    records,
    bets,
  });
  const memberExports = new MemberExportService({
    db,
    clock,
    audit,
    records,
    bets,
    members,
    memberDetail,
  });
  const betTotals = new BetTotalsService(db, venues);
  const playLimits = new PlayLimitsService({
    db,
    clock,
    limits: memberLimits,
    bets: betTotals,
    log,
    // A limit reached during play ends the venue sessions and brings the money home, as a break.
    stop: async (memberId, key) => {
      await launch.endSessions(memberId, 'limit');
      await transfers.recall(memberId, key);
    },
    push: (memberId, a): Promise<void> => launch.pushAllowance(memberId, a),
    notify: async (memberId, title, body) => {
      const row = await db.tx((q) => mail.sendSystem(q, memberId, title, body));
      await mail.announce(row);
    },
  });
  const responsibleGaming: ResponsibleGamingRouteServices = {
    limits: memberLimits,
    playLimits,
    review: new LimitsReviewService(db, clock, members),
    realityChecks: new RealityCheckService({
      db,
      clock,
      settings,
      sessions,
      bets: betTotals,
      // 退出 ends the member's venue sessions as a break does (the venue pages then expire).
      leaveVenues: (memberId) => launch.endSessions(memberId, 'logout'),
      onSeen: (memberId) => playLimits.seen(memberId),
    }),
    statements: new StatementService({
      db,
      clock,
      members,
      bets: betTotals,
      credited: (memberId, from, to) => deposits.creditedBetween(memberId, from, to),
      paid: (memberId, from, to) => withdrawals.paidBetween(memberId, from, to),
    }),
  };
  const demo = new DemoService({
    db,
    clock,
    settings,
    registry: venues,
    merchant,
    secrets: merchantSecrets,
    eligibility,
    log,
  });
  const venueWorker = new VenueWorker({
    db,
    clock,
    resolver: transferResolver,
    bets: betSync,
    scores,
    summary,
    jsonCache,
    demo,
    auditCheckpoints,
    log,
  });
  const walletAdmin = new WalletAdminService(db, clock, ledger, turnover, audit, members);
  const approvals = new ApprovalService({
    db,
    clock,
    audit,
    settings,
    stepUps: operatorStepUps,
  });
  registerApprovalExecutors(approvals, {
    walletAdmin,
    withdrawAdmin,
    commissionAdmin,
    rebateAdmin,
    grantAdmin,
    pointsAdmin,
    houseVenue,
    vip,
    activityAdmin: activityServices.activityAdmin,
    mallAdmin,
    venueDebts,
  });
  const chat = new ChatService(db, bus, clock, settings, ledger, audit);
  const listExports = new ListExportService({
    db,
    clock,
    audit,
    approvals,
    grantAdmin,
    commissionAdmin,
    mallAdmin,
    activityAdmin: activityServices.activityAdmin,
    agents,
    chat,
  });
  const chatHub = new ChatHub(
    chat,
    sessions,
    bus,
    clock,
    secrets.JWT_SECRET,
    log,
    config.chatAnonymousPerIp,
    (memberId, roomId, betId) => bets.shareCard(memberId, roomId, betId),
  );
  await chat.start();
  await chatHub.start();
  // The service side: help, customer service, mail (pushed over the chat socket),
  // feedback, sponsorships.
  const help = new HelpService({ db, bus, clock, settings, audit });
  const customerDesk = new CustomerDeskService(settings);
  const mail = new MailService({ db, bus, clock, members, audit, eligibility });
  const feedback = new FeedbackService({ db, clock, settings, members, mail, audit });
  const sponsors = new SponsorService(db, bus, audit, clock);
  await help.start();
  await sponsors.start();
  const contentAdmin = new ContentAdminService(db, audit, content);
  const contentExports = new ContentExportService({ db, clock, audit, admin: contentAdmin });
  const chatAdmin = new ChatAdminService({ db, clock, audit });
  const chatExports = new ChatExportService({ db, clock, audit, admin: chatAdmin });
  const deskExports = new DeskExportService({
    db,
    clock,
    audit,
    roles,
    mail,
    feedback,
    venueDebts,
  });
  const registryExports = new RegistryExportService({
    db,
    clock,
    audit,
    roles,
    help,
    sponsors,
    admin,
    venues,
    selfExclusionList,
    mallAdmin,
    vip,
    rebateAdmin,
    pointsAdmin,
  });
  await new MailNotifier(bus, mail, chatHub, log).start();
  return {
    settings,
    access,
    site,
    content,
    help,
    customerDesk,
    mail,
    feedback,
    sponsors,
    sessions,
    auth,
    captcha,
    sms,
    members,
    operators,
    operatorStepUps,
    passkeys,
    roles,
    approvals,
    admin,
    idempotency,
    ledger,
    audit,
    auditCheckpoints,
    auditVerify,
    reports,
    exports,
    listExports,
    memberExports,
    deskExports,
    registryExports,
    houseVenue,
    houseVenueExports,
    deposits,
    depositAdmin,
    depositCallbacks,
    withdrawals,
    withdrawAdmin,
    turnover,
    limits,
    playBreaks,
    eligibility,
    selfExclusionList,
    selfExclusion,
    grants,
    grantAdmin,
    vip,
    vipJob,
    rebate,
    rebateAdmin,
    ...activityServices,
    points,
    mall,
    mallAdmin,
    pointsAdmin,
    rewardWorker,
    flipFriends,
    agents,
    commissionAdmin,
    agentWorker,
    responsibleGaming,
    wallet,
    coin,
    records,
    accounts,
    walletAdmin,
    chat,
    chatHub,
    sandbox,
    venues,
    merchant,
    transferEngine,
    transfers,
    transferResolver,
    venueDebts,
    launch,
    summary,
    scores,
    betSync,
    bets,
    memberDetail,
    jsonCache,
    demo,
    venueWorker,
    contentAdmin,
    contentExports,
    chatAdmin,
    chatExports,
  };
}
