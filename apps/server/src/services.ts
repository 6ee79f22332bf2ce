import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus';
import type { Config } from './config';
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
import { PaymentAccountService } from './modules/payment/payment-account.service';
import { DepositLimitsService } from './modules/deposit/deposit-limits.service';
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
import { AuthService } from './modules/auth/auth.service';
import { CaptchaService } from './modules/auth/captcha.service';
import { SessionService } from './modules/auth/session.service';
import { MemberService } from './modules/member/member.service';
import { SmsCodeService } from './modules/sms/sms-code.service';
import { OutboxSmsGateway } from './modules/sms/sms.gateway';
import type { Secrets } from './secrets';

/**
 * The platform's services, wired once per node: the composition root's first half (app.ts binds
 * them to routes). Each service receives what it needs as arguments; nothing reads the
 * environment here.
 */
export interface Services {
  settings: SettingsService;
  access: AccessService;
  site: SiteService;
  content: ContentService;
  // the service side (issue 13)
  help: HelpService;
  customerDesk: CustomerDeskService;
  mail: MailService;
  feedback: FeedbackService;
  sponsors: SponsorService;
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
  /** The sandbox payment gateway, when enabled (it calls the platform back over HTTP). */
  sandbox: SandboxGateway | null;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  bus: Bus;
  secrets: Secrets;
  clock: Clock;
  log: FastifyBaseLogger;
}

export async function createServices(deps: ServiceDeps): Promise<Services> {
  const { config, db, bus, secrets, clock, log } = deps;
  const settings = new SettingsService(db, bus, defaultSettings(config), log);
  const access = new AccessService(db, bus, settings);
  const site = new SiteService({ db, config, settings, signKey: secrets.SIGN_KEY });
  const content = new ContentService(db, bus);
  const sessions = new SessionService(db, bus, clock);
  await sessions.start();
  const smsGateway = new OutboxSmsGateway(db, clock);
  const sms = new SmsCodeService(db, smsGateway, clock, secrets.SESSION_SECRET);
  const captcha = new CaptchaService(db, clock, settings);
  const stepUps = new StepUpGuard({ db, clock, settings, sessions });
  const auth = new AuthService({
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
  });
  const members = new MemberService({ db, clock, sms, stepUps });
  const audit = new AuditService(db);
  const operators = new OperatorService({
    db,
    clock,
    audit,
    settings,
    secret: secrets.SESSION_SECRET,
  });
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
    log: log,
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
  });
  const withdrawAdmin = new WithdrawAdminService(
    { db, clock, ledger, accounts, audit, members, timeline },
    withdrawals,
  );
  const coin = new CoinService(db, clock, settings, ledger);
  const records = new RecordsService(db, ledger, (memberId, ids) =>
    withdrawals.statuses(memberId, ids),
  );
  const wallet = new WalletService(db, ledger);
  const walletAdmin = new WalletAdminService(db, clock, ledger, turnover, audit, members);
  const chat = new ChatService(db, bus, clock, settings, ledger, audit);
  const chatHub = new ChatHub(
    chat,
    sessions,
    bus,
    clock,
    secrets.JWT_SECRET,
    log,
    config.chatAnonymousPerIp,
  );
  await chat.start();
  await chatHub.start();
  // The service side (issue 13): help, customer service, mail (pushed over the chat socket),
  // feedback, sponsorships.
  const help = new HelpService({ db, bus, clock, settings, audit });
  const customerDesk = new CustomerDeskService(settings);
  const mail = new MailService({ db, bus, clock, members, audit });
  const feedback = new FeedbackService({ db, clock, settings, members, mail, audit });
  const sponsors = new SponsorService(db, bus, audit);
  await help.start();
  await sponsors.start();
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
    sandbox,
  };
}
