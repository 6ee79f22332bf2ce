import { z } from 'zod';
import { SITE_ID } from '../../constants/constants';
import { text } from '../../rules/text';
import { dialectNames } from '../../venue/dialects';
import { betStatuses } from '../../venue/markets';
import { frameRoutes, venueFamilies, venueStatuses } from '../../venue/registry';
import { GameCodeParam } from '../../venue/games/games';
import { dateString, moneyString, paging, pageOf } from '../core/common';
import { WalletBalances } from '../wallet/wallet.schemas';
import {
  JSON_CACHE_KEY_PATTERN,
  JSON_CACHE_MAX_BYTES,
  JSON_CACHE_MAX_TTL_MS,
} from './venues.constants';

export * from './venues.constants';

/**
 * The platform's venue calls (contract §6): the registry as members see it, launch, transfers
 * main ↔ venue, the bet copies, counts and hot matches. Money is wire money; odds are Europe
 * odds in thousandths (`oddsMilli`), shown in each member's own odds type.
 */

export const venueCodeParam = z.string().regex(/^[A-Z][A-Z0-9_]{1,15}$/, 'invalid venue code');
export const VenueFamilyEnum = z.enum(venueFamilies);
export const DialectEnum = z.enum(dialectNames as ['IMTY', 'YBTY', 'FBTY', 'OBTY']);

// --- the registry, as members see it
export const VenueView = z.object({
  code: z.string(),
  family: VenueFamilyEnum,
  name: z.string(),
  logo: z.string(),
  /** The sportsbook dialect it speaks; null for a house game venue (contract §6). */
  dialect: DialectEnum.nullable(),
  status: z.enum(venueStatuses),
  sort: z.number().int(),
  /** The member site's frame route for its page; null: it opens in a new window. */
  frameRoute: z.enum(frameRoutes).nullable(),
});
export type VenueView = z.infer<typeof VenueView>;
export const VenueListQuery = z.object({ family: VenueFamilyEnum.optional() }).strict();
export const VenueList = z.object({ list: z.array(VenueView) });
export type VenueList = z.infer<typeof VenueList>;

// --- launch (the launch fields of contract §6; defaults of contract §8.5)
export const LaunchRequest = z
  .object({
    /** The venue code (IMTY, OBTY, LHDJ, …). */
    enName: venueCodeParam,
    /** 免转: recall the other venues, then move the main balance in (manual launches only). */
    appSendMoney: z.boolean().default(false),
    activity: text().max(80).optional(),
    /** A house game venue: the game to open (contract §6's launch; the merchant's format). */
    gameCode: GameCodeParam.optional(),
    https: z.boolean().optional(),
    isApp: z.boolean().optional(),
    isSure: z.boolean().optional(),
    /** A preload makes no session and moves no money: it only says where the venue lives. */
    isPreload: z.boolean().default(true),
    /** The member tapped 进入 (a counts or expiry relaunch is not manual and moves no money). */
    isManualLaunch: z.boolean().default(false),
    siteId: z.literal(SITE_ID).default(SITE_ID),
    temporaryParam: text().max(200).optional(),
    /** 跟投: selection ids to pre-fill the slip; it shows their current prices. */
    selections: z
      .array(z.string().regex(/^[A-Za-z0-9:_-]{1,80}$/))
      .max(10)
      .optional(),
  })
  .strict();
export type LaunchRequest = z.infer<typeof LaunchRequest>;

export const TransferStatusView = z.enum(['succeeded', 'pending', 'failed']);
export type TransferStatusView = z.infer<typeof TransferStatusView>;
export const transferKinds = ['manual', 'recall', 'auto'] as const;

export const TransferOrder = z.object({
  transferId: z.string(),
  venueCode: z.string(),
  venueName: z.string(),
  /** in: main → venue; out: venue → main. */
  direction: z.enum(['in', 'out']),
  amount: moneyString,
  status: TransferStatusView,
  kind: z.enum(transferKinds),
  /** Why it failed (a venue's definite refusal), null otherwise. */
  failure: z.object({ code: z.number().int(), message: z.string() }).nullable(),
  createdAt: z.number().int(),
  completedAt: z.number().int().nullable(),
});
export type TransferOrder = z.infer<typeof TransferOrder>;

/** A venue a recall could not ask for its balance (down, timed out): its money stays there. */
export const RecallUnreachable = z.object({ venueCode: z.string(), venueName: z.string() });
export type RecallUnreachable = z.infer<typeof RecallUnreachable>;
/**
 * 免转 before a launch: what moved (recalls from the other venues, then in), and the venues the
 * recall could not ask (their money stays there; the member is told).
 */
export const AutoTransfer = z.object({
  transfers: z.array(TransferOrder),
  unreachable: z.array(RecallUnreachable),
});
export type AutoTransfer = z.infer<typeof AutoTransfer>;
export const LaunchResult = z.object({
  venueCode: z.string(),
  /** Who the platform is to the venue (OBTY's counts call names it: contract §6). */
  merchantCode: z.string(),
  frameRoute: z.enum(frameRoutes).nullable(),
  url: z.string(),
  h5Url: z.string(),
  token: z.string(),
  activityUrl: z.string(),
  resource: z.string(),
  apiUrl: z.string(),
  /** The dialect's session parameters (contract §6), stored per venue by the site. */
  session: z.record(z.string(), z.string()),
  /** 免转: what moved before the launch; null otherwise. */
  autoTransfer: AutoTransfer.nullable(),
});
export type LaunchResult = z.infer<typeof LaunchResult>;

// --- transfers
export const TransferOrderRequest = z
  .object({ venueCode: venueCodeParam, direction: z.enum(['in', 'out']), amount: moneyString })
  .strict();
export type TransferOrderRequest = z.infer<typeof TransferOrderRequest>;
export const TransferResult = z.object({
  transferId: z.string(),
  status: TransferStatusView,
  order: TransferOrder,
  balances: WalletBalances,
});
export type TransferResult = z.infer<typeof TransferResult>;
/** 一键回收: every venue holding money, one transfer out each. */
export const RecallRequest = z.object({ venueCode: venueCodeParam.optional() }).strict();
export const RecallResult = z.object({
  transfers: z.array(TransferOrder),
  balances: WalletBalances,
  /** The venues that did not answer: nothing was recalled from them (the member is told). */
  unreachable: z.array(RecallUnreachable),
});
export type RecallResult = z.infer<typeof RecallResult>;
export const TransferOrdersQuery = z
  .object({
    status: TransferStatusView.optional(),
    venueCode: venueCodeParam.optional(),
    from: dateString.optional(),
    to: dateString.optional(),
    ...paging,
  })
  .strict();
export const TransferOrderPage = pageOf(TransferOrder);
export type TransferOrderPage = z.infer<typeof TransferOrderPage>;
/** The member's transfer preferences: 免转 (auto transfer on launch). */
export const TransferPrefs = z.object({ appSendMoney: z.boolean() }).strict();
export type TransferPrefs = z.infer<typeof TransferPrefs>;

// --- bets (the platform's copies, contract §6)
export const BetStatusEnum = z.enum(betStatuses);
export const BetsQuery = z
  .object({
    status: BetStatusEnum.optional(),
    venueCode: venueCodeParam.optional(),
    /** The bets at the venues of one family (the registry's, as it is now). */
    family: VenueFamilyEnum.optional(),
    from: dateString.optional(),
    to: dateString.optional(),
    ...paging,
  })
  .strict();
export const BetLegRecord = z.object({
  matchId: z.string(),
  selectionId: z.string(),
  match: z.string(),
  market: z.string(),
  selection: z.string(),
  oddsMilli: z.number().int(),
  result: z.enum(['open', 'won', 'lost', 'half_won', 'half_lost', 'push', 'void']),
});
export type BetLegRecord = z.infer<typeof BetLegRecord>;
export const BetRecord = z.object({
  betId: z.string(),
  venueCode: z.string(),
  venueName: z.string(),
  family: VenueFamilyEnum,
  placedAt: z.number().int(),
  kind: z.enum(['single', 'parlay']),
  legs: z.array(BetLegRecord),
  stake: moneyString,
  /** The bet's odds: a single's price, a parlay's legs multiplied (thousandths, rounded down). */
  oddsMilli: z.number().int(),
  /** What it wins beyond the stake if every leg wins. */
  potentialWin: moneyString,
  status: BetStatusEnum,
  /** What it paid back in total once settled (0 for a loss), null while open. */
  payout: moneyString.nullable(),
  /** payout − stake, signed ("-100.00"), null while open. */
  winLoss: z.string().nullable(),
  validTurnover: moneyString,
  settledAt: z.number().int().nullable(),
});
export type BetRecord = z.infer<typeof BetRecord>;
export const BetTotals = z.object({
  count: z.number().int(),
  stake: moneyString,
  payout: moneyString,
  /** Signed. */
  winLoss: z.string(),
  validTurnover: moneyString,
});
export const BetDayTotal = BetTotals.extend({ date: z.string() });
export const BetPage = pageOf(BetRecord).extend({
  totals: BetTotals,
  dayTotals: z.array(BetDayTotal),
});
export type BetPage = z.infer<typeof BetPage>;

// --- counts and hot matches
export const FamilyCount = z.object({
  live: z.number().int(),
  today: z.number().int(),
  /** The family's venues open (not in maintenance). */
  open: z.number().int(),
});
/** The platform counts of contract §6, one per family of contract §8. */
export const PlatformCounts = z.object({
  TY: FamilyCount,
  DZ: FamilyCount,
  DJ: FamilyCount,
  ZR: FamilyCount,
  CP: FamilyCount,
  QP: FamilyCount,
});
export type PlatformCounts = z.infer<typeof PlatformCounts>;
export const HotMatch = z.object({
  venueCode: z.string(),
  eventId: z.string(),
  sport: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.number().int(),
  live: z.boolean(),
  score: z.string().nullable(),
  /** The main line, as the venue priced it. */
  prices: z.array(z.object({ selectionId: z.string(), label: z.string(), oddsMilli: z.number() })),
});
export type HotMatch = z.infer<typeof HotMatch>;
export const VenueSummaryQuery = z.object({ family: VenueFamilyEnum.default('TY') }).strict();
export const VenueSummary = z.object({
  counts: PlatformCounts,
  hot: z.array(HotMatch),
  /** When the venues last answered (epoch ms), 0 when never. */
  syncedAt: z.number().int(),
});
export type VenueSummary = z.infer<typeof VenueSummary>;

// --- json-cache (contract §6)
export const JsonCacheParams = z
  .object({ key: z.string().regex(JSON_CACHE_KEY_PATTERN, 'invalid key') })
  .strict();
/** A member's value: ciphertext made on the device with its own key (opaque to the server). */
export const JsonCacheWrite = z
  .object({
    value: z
      .string()
      .min(1)
      .max(JSON_CACHE_MAX_BYTES)
      .regex(/^[A-Za-z0-9+/=._-]+$/, 'must be encoded ciphertext'),
    ttl: z.number().int().min(1000).max(JSON_CACHE_MAX_TTL_MS).optional(),
  })
  .strict();
export const JsonCacheEntry = z.object({
  key: z.string(),
  /** member: the caller's own (ciphertext); shared: plain JSON written by the server. */
  scope: z.enum(['member', 'shared', 'none']),
  value: z.unknown(),
  expiresAt: z.number().int().nullable(),
});
export type JsonCacheEntry = z.infer<typeof JsonCacheEntry>;
