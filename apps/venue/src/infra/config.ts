import { z } from 'zod';
import { dialectNames, type Dialect } from '@nebula/protocol/venue/dialects';
import { CRASH_HOOK, crashHooks, type CrashHooks } from './crash-hooks';
import {
  VenueConfigError,
  parseMerchants,
  parseOperators,
  parseOrigins,
  parseTrustProxy,
  type TrustProxy,
  type VenueOperator,
} from './config-parsers';
import { loadSlotConfig, type SlotConfig } from './slot-config';

export { VenueConfigError, type TrustProxy, type VenueOperator } from './config-parsers';

/**
 * The venue's configuration, parsed once at start; a bad value stops the start and names the
 * variable. Merchants and their secrets come from the environment only (never a table, never
 * an answer): `VENUE_MERCHANTS=NEBULA=<secret of 32+ characters>[;OTHER=<secret>]`.
 */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  VENUE_HOST: z.string().default('127.0.0.1'),
  VENUE_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  VENUE_DATABASE_URL: z.string().optional(),
  VENUE_DATA_DIR: z.string().default('./data/venue'),
  VENUE_MERCHANTS: z.string().optional(),
  /**
   * The venue codes this venue serves (each its own wallet, as separate providers would be),
   * each with the dialect its page and the member site's proxy speak and the family it offers
   * (TY: football and basketball, DJ: esports): `CODE[:DIALECT[:FAMILY]]`, FBTY and TY when
   * not named. A house game venue (families CP, ZR, DZ: docs/contract.md §10.11) has no
   * dialect: `CODE::FAMILY`. The default is the demo registry: the house venue under every
   * dialect and its three game venues.
   */
  VENUE_CODES: z
    .string()
    .default(
      'IMTY:IMTY,YBTY:YBTY,FBTY:FBTY,OBTY:OBTY,IMDJ:IMTY:DJ,YBDJ:YBTY:DJ,LHDJ:FBTY:DJ,XYCP::CP,XYZR::ZR,XYDZ::DZ',
    ),
  /**
   * The origins of each merchant's member site (`NEBULA=https://a.example|https://b.example;
   * OTHER=…`): the venue page posts messages only to them and accepts only theirs, and the
   * engine API grants CORS only to them. Embedded, the platform on this machine.
   */
  VENUE_PLATFORM_ORIGINS: z.string().optional(),
  /** The venue's public origin (its own, not the platform's: the frame is cross-site). */
  VENUE_PUBLIC_URL: z.url().optional(),
  /** How much faster than real time the simulator plays (7: a football match in ~15 min). */
  VENUE_CLOCK_SPEED: z.coerce.number().min(1).max(100_000).default(7),
  /** The book's margin in basis points (500: implied probabilities sum to 1.05). */
  VENUE_MARGIN_BP: z.coerce.number().int().min(0).max(3000).default(500),
  /** In play, how long a bet waits before it is accepted or refused. */
  VENUE_ACCEPT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** How long a score event keeps the match's markets suspended. */
  VENUE_SUSPEND_MS: z.coerce.number().int().min(0).max(600_000).default(8000),
  /** Stake limits and the payout limits, in yuan. */
  VENUE_MIN_STAKE: z.coerce.number().int().min(1).default(10),
  VENUE_MAX_STAKE: z.coerce.number().int().min(1).default(50_000),
  VENUE_MAX_PAYOUT: z.coerce.number().int().min(1).default(500_000),
  VENUE_MAX_PLAYER_MARKET_PAYOUT: z.coerce.number().int().min(1).default(1_000_000),
  VENUE_SELECTION_LIABILITY: z.coerce.number().int().min(1).default(5_000_000),
  /** How often the leader plays the feed, accepts in-play bets and settles. */
  VENUE_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /**
   * The venue's operators: `name:role:token[;…]`, roles viewer / trader / admin, tokens of 32+
   * characters (kept hashed in memory). Embedded without it, one admin token is generated into
   * the data directory.
   */
  VENUE_OPERATORS: z.string().optional(),
  /** Bets settled per transaction (a house game round's: the players whose bets are). */
  VENUE_SETTLE_BATCH: z.coerce.number().int().min(1).max(10_000).default(2000),
  /**
   * Test hooks, refused in production: the clock moved by this many milliseconds (a restart
   * "a day later"), and a crash point on a money path (crash-hooks.ts).
   */
  VENUE_TEST_CLOCK_SKEW_MS: z.coerce.number().int().default(0),
  VENUE_TEST_CRASH: z.string().regex(CRASH_HOOK).optional(),
  /**
   * Test hook, refused in production: the house games draw every this many seconds (a divisor
   * of a day) instead of every minute, sealing a fifth of it (at least 1 s) before the draw.
   */
  VENUE_TEST_DRAW_SECONDS: z.coerce.number().int().min(2).max(3600).optional(),
  /**
   * Test hook, refused in production: every live table bets for this many seconds, deals at
   * the seal and opens its next round half a second after the deal (docs/contract.md §10.12).
   */
  VENUE_TEST_TABLE_SECONDS: z.coerce.number().int().min(1).max(600).optional(),
  /**
   * Test hook, refused in production: one more football match besides the calendar's, kicking
   * off at this time (ms since the epoch) — a browser journey bets on a match it knows is on.
   */
  VENUE_TEST_MATCH_AT: z.coerce.number().int().positive().optional(),
  /**
   * Test hook, refused in production: the leader's lease in milliseconds instead of 10 s, so
   * a crash test's restarted node takes over sooner. The leader renews at least every second,
   * so a few seconds still outlast a loaded machine's pauses.
   */
  VENUE_TEST_LEASE_MS: z.coerce.number().int().min(2000).max(60_000).optional(),
  /** Off: this node serves the APIs only and never leads (tests, read replicas). */
  VENUE_LEADER: z.enum(['on', 'off']).default('on'),
  /**
   * The proxies whose `X-Forwarded-For` is believed (the client address the limits count):
   * `true`, a hop count, or addresses/CIDRs; by default none (the socket's peer).
   */
  VENUE_TRUST_PROXY: z.string().default('false'),
  /**
   * The page's engine API, per node: calls per address and per session in each window, and
   * the stricter placement budgets. Above what a page does (a mobile network's shared address
   * carries many members); past them 8065.
   */
  VENUE_RATE_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(10_000),
  VENUE_RATE_PER_ADDRESS: z.coerce.number().int().min(1).default(1500),
  VENUE_RATE_PER_SESSION: z.coerce.number().int().min(1).default(150),
  VENUE_RATE_PLACE_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  VENUE_RATE_PLACE_PER_SESSION: z.coerce.number().int().min(1).default(40),
  /** Live sockets open per address, and those of them not yet authenticated (8066). */
  VENUE_LIVE_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  VENUE_LIVE_UNAUTHED_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
});

export interface BookLimits {
  /** All in fen. */
  minStake: bigint;
  maxStake: bigint;
  maxPayout: bigint;
  maxPlayerMarketPayout: bigint;
  selectionLiability: bigint;
}

/** Limits on the page's engine API and live socket (per node). */
export interface VenueLimits {
  windowMs: number;
  perAddress: number;
  perSession: number;
  placePerAddress: number;
  placePerSession: number;
  livePerAddress: number;
  liveUnauthedPerAddress: number;
}

export interface VenueConfig extends CrashHooks {
  production: boolean;
  host: string;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  merchants: ReadonlyMap<string, string>;
  venueCodes: ReadonlySet<string>;
  /** The sportsbook codes' dialects and families (a game venue is in neither). */
  dialectOf: ReadonlyMap<string, Dialect>;
  familyOf: ReadonlyMap<string, VenueFamily>;
  /** The house game venues' families (docs/contract.md §10.11). */
  gameFamilyOf: ReadonlyMap<string, GameFamily>;
  /** Per merchant, the origins of its member site. */
  platformOrigins: ReadonlyMap<string, readonly string[]>;
  publicUrl: string;
  clockSpeed: number;
  /** First-start values of the book's settings, which operators then change at run time. */
  book: BookLimits & { marginBp: bigint };
  acceptDelayMs: number;
  suspendMs: number;
  tickMs: number;
  leader: boolean;
  /** How long the leader's lease lasts past each renewal (10 s; shorter only in tests). */
  leaseMs: number;
  operators: readonly VenueOperator[];
  settleBatch: number;
  trustProxy: TrustProxy;
  limits: VenueLimits;
  /** Test hooks (never in production). */
  clockSkewMs: number;
  testMatchAt: number | null;
  /** The house games' draw interval and how long before the draw betting seals. */
  gameTiming: { roundSeconds: number; sealBeforeSeconds: number };
  /** Test hook: every live table's betting length in seconds (null: each table's own). */
  tableTestSeconds: number | null;
  slots: SlotConfig;
}

export type VenueFamily = 'TY' | 'DJ';
/** The families of the house game venues. */
export type GameFamily = 'CP' | 'ZR' | 'DZ';
export const gameFamilies: readonly GameFamily[] = ['CP', 'ZR', 'DZ'];

export function loadVenueConfig(env: Record<string, string | undefined>): VenueConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new VenueConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  const e = parsed.data;
  const dialectOf = new Map<string, Dialect>();
  const familyOf = new Map<string, VenueFamily>();
  const gameFamilyOf = new Map<string, GameFamily>();
  for (const entry of e.VENUE_CODES.split(',').map((c) => c.trim())) {
    const [code = '', dialect = 'FBTY', family = 'TY', ...rest] = entry.split(':');
    const game = (gameFamilies as string[]).includes(family);
    if (
      !/^[A-Z][A-Z0-9_]{1,15}$/.test(code) ||
      rest.length > 0 ||
      (game
        ? dialect !== ''
        : !(dialectNames as string[]).includes(dialect) || (family !== 'TY' && family !== 'DJ'))
    ) {
      throw new VenueConfigError(
        `VENUE_CODES: comma-separated CODE[:DIALECT[:FAMILY]] or CODE::FAMILY for a game venue, codes in capitals, dialects ${dialectNames.join('/')}, families TY/DJ (with a dialect) or CP/ZR/DZ (without)`,
      );
    }
    if (game) {
      gameFamilyOf.set(code, family as GameFamily);
    } else {
      dialectOf.set(code, dialect as Dialect);
      familyOf.set(code, family as VenueFamily);
    }
  }
  const codes = [...dialectOf.keys(), ...gameFamilyOf.keys()];
  const production = e.NODE_ENV === 'production';
  if (
    production &&
    (e.VENUE_TEST_CLOCK_SKEW_MS !== 0 ||
      e.VENUE_TEST_CRASH ||
      e.VENUE_TEST_MATCH_AT ||
      e.VENUE_TEST_LEASE_MS ||
      e.VENUE_TEST_DRAW_SECONDS ||
      e.VENUE_TEST_TABLE_SECONDS)
  ) {
    throw new VenueConfigError(
      'VENUE_TEST_CLOCK_SKEW_MS / VENUE_TEST_CRASH / VENUE_TEST_MATCH_AT / VENUE_TEST_LEASE_MS / VENUE_TEST_DRAW_SECONDS / VENUE_TEST_TABLE_SECONDS: refused in production',
    );
  }
  const drawSeconds = e.VENUE_TEST_DRAW_SECONDS ?? 60;
  if (86_400 % drawSeconds !== 0) {
    throw new VenueConfigError('VENUE_TEST_DRAW_SECONDS: a divisor of 86400');
  }
  if (production && !e.VENUE_DATABASE_URL) {
    throw new VenueConfigError('VENUE_DATABASE_URL: required in production');
  }
  const merchants = parseMerchants(e.VENUE_MERCHANTS);
  const platformOrigins = parseOrigins(e.VENUE_PLATFORM_ORIGINS, merchants, production);
  return {
    production,
    host: e.VENUE_HOST,
    port: e.VENUE_PORT,
    databaseUrl: e.VENUE_DATABASE_URL ?? null,
    dataDir: e.VENUE_DATA_DIR,
    merchants,
    venueCodes: new Set(codes),
    dialectOf,
    familyOf,
    gameFamilyOf,
    platformOrigins,
    // Embedded, the venue is on `localhost` while the platform is on 127.0.0.1: another site.
    publicUrl: (e.VENUE_PUBLIC_URL ?? `http://localhost:${e.VENUE_PORT}`).replace(/\/$/, ''),
    clockSpeed: e.VENUE_CLOCK_SPEED,
    acceptDelayMs: e.VENUE_ACCEPT_DELAY_MS,
    suspendMs: e.VENUE_SUSPEND_MS,
    book: {
      marginBp: BigInt(e.VENUE_MARGIN_BP),
      minStake: BigInt(e.VENUE_MIN_STAKE) * 100n,
      maxStake: BigInt(e.VENUE_MAX_STAKE) * 100n,
      maxPayout: BigInt(e.VENUE_MAX_PAYOUT) * 100n,
      maxPlayerMarketPayout: BigInt(e.VENUE_MAX_PLAYER_MARKET_PAYOUT) * 100n,
      selectionLiability: BigInt(e.VENUE_SELECTION_LIABILITY) * 100n,
    },
    tickMs: e.VENUE_TICK_MS,
    leader: e.VENUE_LEADER === 'on',
    leaseMs: e.VENUE_TEST_LEASE_MS ?? 10_000,
    operators: parseOperators(e.VENUE_OPERATORS),
    settleBatch: e.VENUE_SETTLE_BATCH,
    trustProxy: parseTrustProxy(e.VENUE_TRUST_PROXY),
    limits: {
      windowMs: e.VENUE_RATE_WINDOW_MS,
      perAddress: e.VENUE_RATE_PER_ADDRESS,
      perSession: e.VENUE_RATE_PER_SESSION,
      placePerAddress: e.VENUE_RATE_PLACE_PER_ADDRESS,
      placePerSession: e.VENUE_RATE_PLACE_PER_SESSION,
      livePerAddress: e.VENUE_LIVE_PER_ADDRESS,
      liveUnauthedPerAddress: e.VENUE_LIVE_UNAUTHED_PER_ADDRESS,
    },
    clockSkewMs: e.VENUE_TEST_CLOCK_SKEW_MS,
    testMatchAt: e.VENUE_TEST_MATCH_AT ?? null,
    gameTiming: e.VENUE_TEST_DRAW_SECONDS
      ? {
          roundSeconds: drawSeconds,
          sealBeforeSeconds: Math.max(1, Math.floor(drawSeconds / 5)),
        }
      : { roundSeconds: 60, sealBeforeSeconds: 10 },
    tableTestSeconds: e.VENUE_TEST_TABLE_SECONDS ?? null,
    ...crashHooks(e.VENUE_TEST_CRASH),
    slots: loadSlotConfig(env, production, e.VENUE_TEST_CRASH),
  };
}
