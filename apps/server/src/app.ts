import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Bus } from './bus/bus';
import type { Config } from './config/config';
import { databaseAnswers } from './db/health';
import type { Db } from '@nebula/db';
import { systemClock, type Clock } from './lib/clock';
import { loggerOptions, type LogStream } from './lib/logger';
import { lazyChildLogger } from './lib/lazy-child-logger';
import { registerContentRoutes } from './modules/content/content.routes';
import { registerContentAdminRoutes } from './modules/content/content-admin.routes';
import { registerSiteRoutes } from './modules/site/site.routes';
import type { BindOptions } from './http/route-binder';
import { registerPaymentAccountRoutes } from './modules/payment/payment-account.routes';
import { registerDepositAdminRoutes } from './modules/deposit/deposit-admin.routes';
import { registerDepositRoutes, registerGatewayCallback } from './modules/deposit/deposit.routes';
import { registerPlayBreakRoutes } from './modules/play-break/play-break.routes';
import { registerMallRoutes } from './modules/mall/mall.routes';
import { registerRewardsRoutes } from './modules/rewards/rewards.routes';
import { registerActivityRoutes } from './modules/activity/activity.routes';
import { registerFlipFriendsRoutes } from './modules/activity/flip-friends.routes';
import { registerAgentRoutes } from './modules/agent/agent.routes';
import { registerResponsibleGamingRoutes } from './modules/responsible-gaming/responsible-gaming.routes';
import { registerSelfExclusionRoutes } from './modules/self-exclusion/self-exclusion.routes';
import { registerWalletAdminRoutes } from './modules/wallet/wallet-admin.routes';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { registerWithdrawAdminRoutes } from './modules/withdraw/withdraw-admin.routes';
import { registerWithdrawRoutes } from './modules/withdraw/withdraw.routes';
import { registerChatRoutes } from './modules/chat/chat.routes';
import { registerChatSocket } from './ws/chat.plugin';
import { registerHelpRoutes } from './modules/help/help.routes';
import { registerCustomerRoutes } from './modules/customer/customer.routes';
import { registerMailRoutes } from './modules/mail/mail.routes';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes';
import { registerSponsorRoutes } from './modules/sponsor/sponsor.routes';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerMemberExportRoutes } from './modules/reports/member-exports.routes';
import { registerRegistryExportRoutes } from './modules/reports/registry-exports.routes';
import { registerHouseVenueRoutes } from './modules/house-venue/house-venue.routes';
import { registerHouseVenueExportRoutes } from './modules/reports/house-venue-exports.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerMemberRoutes } from './modules/member/member.routes';
import { registerAdminCors } from './plugins/admin-cors';
import { registerAdminGuard } from './plugins/admin-guard';
import { registerAccessRoutes } from './modules/admin/access.routes';
import { registerMemberDetailRoutes } from './modules/admin/member-detail.routes';
import { registerPasskeyRoutes } from './modules/admin/passkey.routes';
import { registerApprovalRoutes } from './modules/approvals/approvals.routes';
import { registerApiGuard } from './plugins/api-guard';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { customerServiceOrigins, registerSecurity } from './plugins/security';
import { registerWebStatic } from './plugins/web-static';
import { registerConsoleStatic } from './plugins/console-static';
import { registerPwaManifest } from './plugins/pwa-manifest';
import { WebShellService } from './modules/web-shell/web-shell.service';
import { readIndexTemplate } from './modules/web-shell/web-shell.template';
import type { Secrets } from './config/secrets';
import { createServices, type Services } from './services';
import { registerJsonCacheRoutes } from './modules/json-cache/json-cache.routes';
import { registerTransferRoutes } from './modules/transfer/transfer.routes';
import { registerVenueRoutes } from './modules/venue/venue.routes';
import { registerDemoRoutes } from './modules/demo/demo.routes';
import { registerChatAdminRoutes } from './modules/chat/chat-admin.routes';
import { registerChatExportRoutes } from './modules/reports/chat-exports.routes';

export type { Services } from './services';

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
    // A URL the router cannot read (`/%`, an over-long parameter) gets the envelope too.
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Table routes bring their own compiled serializer (http/response-serializer.ts); anything
  // else (pages, not-found answers) is plain JSON.stringify.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const clock = deps.clock ?? systemClock;
  const services = await createServices({
    config,
    db,
    bus,
    secrets,
    clock,
    log: app.log,
    redis: deps.redis ?? null,
  });
  const {
    settings,
    access,
    site,
    content,
    sessions,
    auth,
    captcha,
    members,
    operators,
    admin,
    idempotency,
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
    sandbox,
  } = services;
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
    clock,
  });
  await webShell.start();

  registerErrorHandler(app);
  // The registry's origins are loaded before the first page is served, then kept current.
  await services.venues.all();
  await registerSecurity(
    app,
    config,
    deps.redis ?? null,
    () => customerServiceOrigins(settings),
    () => services.venues.cachedOrigins(),
  );
  await registerOpenApi(app, {
    production: config.production,
    enabled: () => config.docs || settings.cached()?.apiDocs === true,
  });
  registerApiGuard(app, { config, settings, access, signKey: secrets.SIGN_KEY, sessions });
  // Before the operator guard: a refusal to a listed console origin must still be readable.
  registerAdminCors(app, config.consoleApp.origins);
  registerAdminGuard(app, { operators, stepUps: services.operatorStepUps });

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    if (await databaseAnswers(db)) return { status: 'ok', db: db.kind };
    return reply.status(503).send({ status: 'unavailable' });
  });

  const bind: BindOptions = {
    validateResponse: config.validateResponses,
    serializer: config.responseSerializer,
    idempotency,
  };
  registerSiteRoutes(app, site, bind);
  registerContentRoutes(app, content, bind);
  registerContentAdminRoutes(app, services, bind);
  registerHelpRoutes(app, services.help, bind);
  registerCustomerRoutes(app, services.customerDesk, bind);
  registerMailRoutes(app, services.mail, bind);
  registerFeedbackRoutes(app, services.feedback, bind);
  registerSponsorRoutes(app, services.sponsors, bind);
  registerAuthRoutes(app, auth, captcha, bind);
  registerMemberRoutes(app, members, bind);
  registerAdminRoutes(app, admin, operators, bind);
  registerReportRoutes(app, services, bind);
  registerRegistryExportRoutes(app, services, bind);
  registerHouseVenueRoutes(app, services.houseVenue, bind, services);
  registerHouseVenueExportRoutes(app, services.houseVenueExports, bind);
  registerAccessRoutes(app, { roles: services.roles, stepUps: services.operatorStepUps }, bind);
  registerMemberDetailRoutes(app, services.memberDetail, bind);
  registerMemberExportRoutes(app, services.memberExports, bind);
  registerPasskeyRoutes(
    app,
    { passkeys: services.passkeys, stepUps: services.operatorStepUps },
    bind,
  );
  registerWalletRoutes(app, { wallet, turnover, records, coin }, bind);
  registerDepositRoutes(app, { deposits, limits }, bind);
  registerPlayBreakRoutes(app, services.playBreaks, bind);
  registerRewardsRoutes(app, services, bind);
  registerActivityRoutes(app, services, bind);
  registerMallRoutes(app, services, bind);
  registerFlipFriendsRoutes(app, services.flipFriends, bind);
  registerAgentRoutes(app, services, bind);
  registerResponsibleGamingRoutes(app, services.responsibleGaming, bind);
  registerSelfExclusionRoutes(app, services.selfExclusionList, bind);
  registerWithdrawRoutes(app, withdrawals, bind);
  registerPaymentAccountRoutes(app, accounts, bind);
  registerWalletAdminRoutes(app, walletAdmin, services.approvals, bind);
  registerDepositAdminRoutes(app, depositAdmin, bind);
  registerWithdrawAdminRoutes(app, withdrawAdmin, services.approvals, bind);
  registerApprovalRoutes(app, services.approvals, bind);
  registerChatRoutes(app, chat, bind);
  registerChatAdminRoutes(app, services, bind);
  registerChatExportRoutes(app, services, bind);
  registerVenueRoutes(
    app,
    {
      registry: services.venues,
      launch: services.launch,
      summary: services.summary,
      bets: services.bets,
    },
    bind,
  );
  registerTransferRoutes(
    app,
    {
      transfers: services.transfers,
      resolver: services.transferResolver,
      debts: services.venueDebts,
      approvals: services.approvals,
    },
    bind,
  );
  registerJsonCacheRoutes(app, services.jsonCache, bind);
  registerDemoRoutes(app, services.demo, bind);
  await registerChatSocket(app, chatHub, config);
  app.addHook('onClose', () => chatHub.stop());
  app.addHook('onClose', () => services.venueWorker.stop());
  app.addHook('onClose', () => services.rewardWorker.stop());
  app.addHook('onClose', () => services.agentWorker.stop());
  // Venue session ends still on their way arrive (or time out) before the database closes.
  app.addHook('onClose', () => services.launch.settled());
  await registerGatewayCallback(app, depositCallbacks);
  registerPwaManifest(app, settings);
  // Before the member site: its not-found handler answers every other page path.
  await registerConsoleStatic(app, config.consoleApp);
  await registerWebStatic(app, config.webDist, webShell, (pathname, query) =>
    services.venues.framePageFound(pathname, query.get('venue'), query.get('url')),
  );

  return {
    app,
    services,
  };
}
