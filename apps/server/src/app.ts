import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Bus } from './bus/bus';
import type { Config } from './config';
import { databaseAnswers } from './db/health';
import type { Db } from '@nebula/db';
import { systemClock, type Clock } from './lib/clock';
import { loggerOptions, type LogStream } from './lib/logger';
import { lazyChildLogger } from './lib/lazy-child-logger';
import { AccessService } from './modules/access/access.service';
import { ContentService } from './modules/content/content.service';
import { registerContentRoutes } from './modules/content/content.routes';
import { SettingsService } from './modules/settings/settings.service';
import { defaultSettings } from './modules/settings/settings.schema';
import { SiteService } from './modules/site/site.service';
import { registerSiteRoutes } from './modules/site/site.routes';
import type { BindOptions } from './http/route-binder';
import { IdempotencyService } from './idempotency/idempotency.service';
import { LedgerService } from './ledger/ledger.service';
import { AdminService } from './modules/admin/admin.service';
import { AuditService } from './modules/audit/audit.service';
import { PaymentAccountService } from './modules/payment/payment-account.service';
import { registerPaymentAccountRoutes } from './modules/payment/payment-account.routes';
import { DepositLimitsService } from './modules/deposit/deposit-limits.service';
import { registerDepositAdminRoutes } from './modules/deposit/deposit-admin.routes';
import { registerDepositRoutes, registerGatewayCallback } from './modules/deposit/deposit.routes';
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
import { registerWalletAdminRoutes } from './modules/wallet/wallet-admin.routes';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { WalletService } from './modules/wallet/wallet.service';
import { registerWithdrawAdminRoutes } from './modules/withdraw/withdraw-admin.routes';
import { registerWithdrawRoutes } from './modules/withdraw/withdraw.routes';
import { WithdrawAdminService } from './modules/withdraw/withdraw-admin.service';
import { WithdrawService } from './modules/withdraw/withdraw.service';
import { ChatService } from './modules/chat/chat.service';
import { registerChatRoutes } from './modules/chat/chat.routes';
import { ChatHub } from './ws/chat-hub';
import { registerChatSocket } from './ws/chat.plugin';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { OperatorService } from './modules/admin/operator.service';
import { AuthService } from './modules/auth/auth.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { CaptchaService } from './modules/auth/captcha.service';
import { SessionService } from './modules/auth/session.service';
import { MemberService } from './modules/member/member.service';
import { registerMemberRoutes } from './modules/member/member.routes';
import { SmsCodeService } from './modules/sms/sms-code.service';
import { OutboxSmsGateway } from './modules/sms/sms.gateway';
import { registerAdminGuard } from './plugins/admin-guard';
import { registerApiGuard } from './plugins/api-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWebStatic } from './plugins/web-static';
import { WebShellService } from './modules/web-shell/web-shell.service';
import { readIndexTemplate } from './modules/web-shell/web-shell.template';
import type { Secrets } from './secrets';

export interface AppDeps {
  config: Config;
  db: Db;
  bus: Bus;
  secrets: Secrets;
  /** Shared rate-limit store for several nodes; null keeps counts in memory. */
  redis?: Redis | null;
  clock?: Clock;
  logger?: boolean;
  /** Log destination other than stdout. */
  logStream?: LogStream;
}

export interface Services {
  settings: SettingsService;
  access: AccessService;
  site: SiteService;
  content: ContentService;
  sessions: SessionService;
  auth: AuthService;
  captcha: CaptchaService;
  sms: SmsCodeService;
  members: MemberService;
  operators: OperatorService;
  admin: AdminService;
  idempotency: IdempotencyService;
  ledger: LedgerService;
  audit: AuditService;
  deposits: DepositService;
  depositAdmin: DepositAdminService;
  depositCallbacks: DepositCallbackService;
  withdrawals: WithdrawService;
  withdrawAdmin: WithdrawAdminService;
  turnover: TurnoverService;
  limits: DepositLimitsService;
  wallet: WalletService;
  coin: CoinService;
  records: RecordsService;
  accounts: PaymentAccountService;
  walletAdmin: WalletAdminService;
  chat: ChatService;
  chatHub: ChatHub;
}

export interface App {
  app: FastifyInstance;
  services: Services;
}

/** A hop count trusts that many proxies nearest to us; fastify takes that as a function. */
function trustProxyOption(
  t: Config['trustProxy'],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_addr, hop) => hop < t : t;
}

/** The composition root: builds services and binds every route. No I/O beyond the deps. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, bus, secrets } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream),
    ...(deps.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    // Fastify's per-request lines are info: at a higher level pino would drop them anyway.
    logController: new LogController({
      disableRequestLogging: !['info', 'debug', 'trace'].includes(config.logLevel),
    }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their schema in the route binder (outside production); the
  // wire form is plain JSON.stringify, which is what a fast API should pay.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const settings = new SettingsService(db, bus, defaultSettings(config), app.log);
  const access = new AccessService(db, bus, settings);
  const site = new SiteService({ db, config, settings, signKey: secrets.SIGN_KEY });
  const content = new ContentService(db, bus);
  const clock = deps.clock ?? systemClock;
  const sessions = new SessionService(db, bus, clock);
  await sessions.start();
  const smsGateway = new OutboxSmsGateway(db, clock);
  const sms = new SmsCodeService(db, smsGateway, clock, secrets.SESSION_SECRET);
  const captcha = new CaptchaService(db, clock);
  const auth = new AuthService({
    db,
    clock,
    settings,
    sessions,
    captcha,
    sms,
    smsGateway,
    codeSecret: secrets.SESSION_SECRET,
    jwtSecret: secrets.JWT_SECRET,
  });
  const members = new MemberService({ db, clock, sms });
  const audit = new AuditService(db);
  const operators = new OperatorService(db, clock, audit);
  const admin = new AdminService({ db, clock, sessions, settings, sms, audit });
  const idempotency = new IdempotencyService(db, clock);
  const ledger = new LedgerService(db, clock);
  const turnover = new TurnoverService(db, clock, settings);
  const limits = new DepositLimitsService(db, clock, members);
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
    audit,
    members,
    timeline,
    gateways,
    sandbox,
    log: app.log,
  });
  const depositCallbacks = new DepositCallbackService(
    { db, clock, gateways, log: app.log, timeline },
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
  });
  const withdrawAdmin = new WithdrawAdminService(
    { db, clock, ledger, accounts, audit, members, timeline },
    withdrawals,
  );
  const coin = new CoinService(db, clock, settings, ledger);
  const records = new RecordsService(db, ledger);
  const wallet = new WalletService(db, ledger);
  const walletAdmin = new WalletAdminService(db, clock, ledger, turnover, audit, members);
  const chat = new ChatService(db, bus, clock, settings, ledger, audit);
  const chatHub = new ChatHub(
    chat,
    sessions,
    bus,
    clock,
    secrets.JWT_SECRET,
    app.log,
    config.chatAnonymousPerIp,
  );
  await chat.start();
  await chatHub.start();
  // The gateway calls back over HTTP like a real one would; in-process, through the real route.
  sandbox?.connect(async (raw, signature) => {
    const r = await app.inject({
      method: 'POST',
      url: '/fd/api/v1/deposit/callback/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      payload: raw,
    });
    return r.body;
  });
  await settings.start();
  await access.start();
  await content.start();
  const webShell = new WebShellService({
    template: readIndexTemplate(config.webDist),
    settings,
    site,
    content,
    access,
    bus,
    log: app.log,
  });
  await webShell.start();

  registerErrorHandler(app);
  await registerSecurity(app, config, deps.redis ?? null);
  await registerOpenApi(app);
  registerApiGuard(app, { config, settings, access, signKey: secrets.SIGN_KEY, sessions });
  registerAdminGuard(app, operators);

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    if (await databaseAnswers(db)) return { status: 'ok', db: db.kind };
    return reply.status(503).send({ status: 'unavailable' });
  });

  const bind: BindOptions = { validateResponse: config.validateResponses, idempotency };
  registerSiteRoutes(app, site, bind);
  registerContentRoutes(app, content, bind);
  registerAuthRoutes(app, auth, captcha, bind);
  registerMemberRoutes(app, members, bind);
  registerAdminRoutes(app, admin, operators, bind);
  registerWalletRoutes(app, { wallet, turnover, records, coin }, bind);
  registerDepositRoutes(app, { deposits, limits }, bind);
  registerWithdrawRoutes(app, withdrawals, bind);
  registerPaymentAccountRoutes(app, accounts, bind);
  registerWalletAdminRoutes(app, walletAdmin, bind);
  registerDepositAdminRoutes(app, depositAdmin, bind);
  registerWithdrawAdminRoutes(app, withdrawAdmin, bind);
  registerChatRoutes(app, chat, bind);
  await registerChatSocket(app, chatHub, config);
  app.addHook('onClose', () => chatHub.stop());
  await registerGatewayCallback(app, depositCallbacks);
  await registerWebStatic(app, config.webDist, webShell);

  return {
    app,
    services: {
      settings,
      access,
      site,
      content,
      sessions,
      auth,
      captcha,
      sms,
      members,
      operators,
      admin,
      idempotency,
      ledger,
      audit,
      deposits,
      depositAdmin,
      depositCallbacks,
      withdrawals,
      withdrawAdmin,
      turnover,
      limits,
      wallet,
      coin,
      records,
      accounts,
      walletAdmin,
      chat,
      chatHub,
    },
  };
}
