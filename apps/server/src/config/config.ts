// Over 300 lines: the one place the environment is parsed, variable by variable, with the
// checks that stop a bad start; the console's and passkeys' parts are already their own files.
import path from 'node:path';
import { z } from 'zod';
import { parseMerchantSecrets } from './merchant-secrets';
import { defaultPasswordConcurrency } from '../lib/concurrency-gate';
import { ConfigError } from './config-error';
import { defaultChatMaxSockets, readSoftOpenFiles } from './chat-socket-cap';
import { consoleAppConfig, type ConsoleAppConfig } from './console-app-config';
import { consoleConfig, consoleEnv, type ConsoleConfig } from './console-config';
import { webauthnConfig, webauthnEnv, type WebauthnConfig } from './webauthn-config';

/**
 * The environment, parsed once at start into a typed object (architecture §Where each rule lives). A bad value
 * stops the start with a message naming the variable. Modules receive what they need as
 * arguments and never read process.env themselves.
 */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .min(1)
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL with protocol ${protocols.join(' or ')}`,
    )
    .optional();
const secret = z.string().min(32, 'must be at least 32 characters').optional();
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  /** Prefix of every Redis channel and key, so several deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/)
    .default('nebula:'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SIGN_KEY: secret,
  SESSION_SECRET: secret,
  JWT_SECRET: secret,
  PAYMENT_CALLBACK_SECRET: secret,
  /** false, true (trust every hop), a hop count, or a comma list of addresses/CIDRs. */
  TRUST_PROXY: z.string().default('false'),
  MIN_CLIENT_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, 'must look like 2.0.0')
    .default('2.0.0'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(100).default(60000),
  RESPONSE_SERIALIZER: z.enum(['compiled', 'json']).default('compiled'),
  SEED_DEMO: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** First-start value of the `csUrl` site setting (the online-service page); unset, none. */
  CUSTOMER_SERVICE_URL: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => /^\/(?![/\\])\S*$/.test(v) || /^https?:\/\/\S+$/.test(v),
      'must be an http(s) URL or an in-site path',
    )
    .default(''),
  /** Extra origins allowed to open the chat websocket, comma separated. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Anonymous chat sockets one address may hold (raised for load tests). */
  CHAT_ANON_PER_IP: z.coerce.number().int().min(1).max(100000).default(20),
  /** Chat sockets one node holds at most; unset, its open-files limit less a reserve. */
  CHAT_MAX_SOCKETS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Password hashes (argon2id) at once per node; unset, half the cores; 0, no limit. */
  PASSWORD_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  // Site settings seeded from the environment on first start (contract §1).
  SITE_TITLE: z.string().min(1).max(60).default('星云体育 · Nebula'),
  SITE_STATUS: z.enum(['open', 'maintenance', 'stopped']).default('open'),
  STOP_LOGIN: boolish.default(false),
  STOP_REGISTER: boolish.default(false),
  REGISTER_CAPTCHA: boolish.default(true),
  LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(0).max(100).default(3),
  REGISTER_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(10000).default(10),
  REGISTER_PER_BLOCK_HOUR: z.coerce.number().int().min(1).max(100000).default(60),
  CAPTCHA_PER_ADDRESS_MINUTE: z.coerce.number().int().min(1).max(100000).default(20),
  SANDBOX_PAYMENTS: boolish.optional(),
  SELF_EXCLUSION_LOGIN_OUTAGE: z.enum(['open', 'closed']).default('open'),
  DOCS: boolish.optional(),
  ADMIN_USER: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{2,31}$/, 'must be 3–32 letters, digits or _')
    .optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Each venue merchant's secret: `NEBULA=<secret>;OTHER=<secret>` (32+ characters each). */
  VENUE_MERCHANT_SECRETS: z.string().optional(),
  /** Embedded: the house venue's generated secrets (default `<DATA_DIR>/venue/merchant-secrets.json`). */
  VENUE_SECRETS_FILE: z.string().optional(),
  /** How long a merchant call may take before its outcome counts as unknown. */
  VENUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** Where the demo seed registers the house venue: its public origin and its server-side API. */
  DEMO_VENUE_ORIGIN: optionalUrl(['http:', 'https:']),
  DEMO_VENUE_API_URL: optionalUrl(['http:', 'https:']),
  /** Test-only crash points (`transfer.inflight,transfer.answered,ledger.batch`): refused in production. */
  TEST_CRASH_AT: z
    .string()
    .regex(/^[a-z.,]*$/)
    .optional(),
  /** Test-only: the platform's clock this many ms ahead (browser suites); refused in production. */
  TEST_CLOCK_OFFSET_MS: z.coerce.number().int().min(-31_536_000_000).max(31_536_000_000).optional(),
  ...consoleEnv,
  ...webauthnEnv,
});

export type TrustProxy = boolean | number | string[];
export interface Config extends ConsoleConfig {
  env: 'development' | 'production' | 'test';
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  publicUrl: string | undefined;
  secretsFromEnv: Partial<Record<SecretName, string>>;
  trustProxy: TrustProxy;
  minClientVersion: string;
  rateLimit: { max: number; windowMs: number };
  seedDemo: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  consoleApp: ConsoleAppConfig;
  /** The operator passkeys' relying party. */
  webauthn: WebauthnConfig;
  /** First-start value of the `csUrl` site setting. */
  customerServiceUrl: string;
  allowedOrigins: string[];
  chatAnonymousPerIp: number;
  /** Chat sockets this node holds at most: new ones past it are refused with 503. */
  chatMaxSockets: number;
  /** Password hashes this node runs at once; the rest wait in line (lib/password.ts). */
  passwordConcurrency: number;
  /** Validate every response against its schema (on outside production: catches drift). */
  validateResponses: boolean;
  /** `json` turns the compiled success serializers off (for comparing the two ways). */
  responseSerializer: 'compiled' | 'json';
  siteSeed: {
    title: string;
    status: 'open' | 'maintenance' | 'stopped';
    stopLogin: boolean;
    stopRegister: boolean;
    registerCaptcha: boolean;
    loginCaptchaAfter: number;
    registerPerAddressHour: number;
    registerPerBlockHour: number;
    captchaPerAddressMinute: number;
  };
  /** The built-in sandbox payment gateway: on outside production, refused in production unless enabled. */
  sandboxPayments: boolean;
  /** Login while the self-exclusion register is unreachable: open (operators alerted) or closed. */
  selfExclusionLoginOutage: 'open' | 'closed';
  /** Serve the API docs at /docs: on outside production; in production only with `DOCS=on` (or the operator's `apiDocs` setting). */
  docs: boolean;
  /** The first operator, created on first start when there is none. */
  firstAdmin: { userName: string; password: string } | null;
  venues: {
    secrets: ReadonlyMap<string, string>;
    /** The embedded venue's secrets file; null in production (secrets come from the environment). */
    secretsFile: string | null;
    timeoutMs: number;
    demoOrigin: string;
    demoApiUrl: string;
  };
  /** Test-only: where the process kills itself (refused in production). */
  crashAt: ReadonlySet<string>;
  /** Test-only: how far the platform's clock runs ahead of the system's (0 in production). */
  clockOffsetMs: number;
}
export const secretNames = [
  'SIGN_KEY',
  'SESSION_SECRET',
  'JWT_SECRET',
  'PAYMENT_CALLBACK_SECRET',
] as const;
export type SecretName = (typeof secretNames)[number];
export { ConfigError };

function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const part of parts) {
    if (
      !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(part)
    ) {
      throw new ConfigError([`TRUST_PROXY: "${part}" is not an address, CIDR or hop count`]);
    }
  }
  return parts;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as in most env files.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const secretsFromEnv: Partial<Record<SecretName, string>> = {};
  for (const name of secretNames) {
    const value = e[name];
    if (value) secretsFromEnv[name] = value;
  }
  if ((e.ADMIN_USER === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_USER and ADMIN_PASSWORD: set both or neither']);
  }
  if (production) {
    // Every node must share the secrets, so production never generates its own.
    const missing = secretNames.filter((n) => !secretsFromEnv[n]);
    if (missing.length > 0) {
      throw new ConfigError(missing.map((n) => `${n}: required in production (32+ characters)`));
    }
  }
  if (production && e.TEST_CRASH_AT) {
    throw new ConfigError(['TEST_CRASH_AT: test-only crash points are refused in production']);
  }
  if (production && e.TEST_CLOCK_OFFSET_MS !== undefined) {
    throw new ConfigError(['TEST_CLOCK_OFFSET_MS: a moved clock is refused in production']);
  }
  let venueSecrets: Map<string, string>;
  try {
    venueSecrets = parseMerchantSecrets(e.VENUE_MERCHANT_SECRETS);
  } catch (err) {
    throw new ConfigError([`VENUE_MERCHANT_SECRETS: ${(err as Error).message}`]);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL,
    secretsFromEnv,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    minClientVersion: e.MIN_CLIENT_VERSION,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    // Demo data is on for the embedded default and off for production unless asked.
    seedDemo: e.SEED_DEMO ?? (!production && !e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(here, '../../../web/dist')),
    consoleApp: consoleAppConfig(present, here),
    webauthn: webauthnConfig(e, production, e.PORT),
    customerServiceUrl: e.CUSTOMER_SERVICE_URL,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    chatAnonymousPerIp: e.CHAT_ANON_PER_IP,
    chatMaxSockets: e.CHAT_MAX_SOCKETS ?? defaultChatMaxSockets(readSoftOpenFiles()),
    passwordConcurrency: e.PASSWORD_CONCURRENCY ?? defaultPasswordConcurrency(),
    validateResponses: !production,
    responseSerializer: e.RESPONSE_SERIALIZER,
    siteSeed: {
      title: e.SITE_TITLE,
      status: e.SITE_STATUS,
      stopLogin: e.STOP_LOGIN,
      stopRegister: e.STOP_REGISTER,
      registerCaptcha: e.REGISTER_CAPTCHA,
      loginCaptchaAfter: e.LOGIN_CAPTCHA_AFTER,
      registerPerAddressHour: e.REGISTER_PER_ADDRESS_HOUR,
      registerPerBlockHour: e.REGISTER_PER_BLOCK_HOUR,
      captchaPerAddressMinute: e.CAPTCHA_PER_ADDRESS_MINUTE,
    },
    sandboxPayments: e.SANDBOX_PAYMENTS ?? !production,
    selfExclusionLoginOutage: e.SELF_EXCLUSION_LOGIN_OUTAGE,
    docs: e.DOCS ?? !production,
    firstAdmin:
      e.ADMIN_USER && e.ADMIN_PASSWORD
        ? { userName: e.ADMIN_USER, password: e.ADMIN_PASSWORD }
        : null,
    venues: {
      secrets: venueSecrets,
      secretsFile: production
        ? null
        : path.resolve(
            e.VENUE_SECRETS_FILE ?? path.join(dataDir, 'venue', 'merchant-secrets.json'),
          ),
      timeoutMs: e.VENUE_TIMEOUT_MS,
      // Embedded, the venue's page is on `localhost` while the platform is on 127.0.0.1: the
      // frame is cross-site, as in production.
      demoOrigin: (e.DEMO_VENUE_ORIGIN ?? 'http://localhost:8090').replace(/\/$/, ''),
      demoApiUrl: (e.DEMO_VENUE_API_URL ?? 'http://127.0.0.1:8090').replace(/\/$/, ''),
    },
    ...consoleConfig(e, dataDir, production, e.DEMO_VENUE_API_URL),
    crashAt: new Set((e.TEST_CRASH_AT ?? '').split(',').filter(Boolean)),
    clockOffsetMs: e.TEST_CLOCK_OFFSET_MS ?? 0,
  };
}
