import { z } from 'zod';
import { moneyString } from '../api/core/common';
import { ErrorCode } from '../errors/codes';
import { OddsType } from '../odds/odds';
import { text } from '../rules/text';
import { oddsChangePolicies } from './markets';

/**
 * The merchant API: how a platform (ours or any operator's) reaches a venue over HTTP, as it
 * would reach IM, OB or Saba. Every call names the venue code (one merchant may hold several
 * venues of one provider, each its own wallet), is signed with the merchant secret and is
 * answered signed the same way. Money crosses as decimal strings of at most two places.
 */

/** Header names of a signed merchant call and of its signed answer. */
export const MERCHANT_HEADERS = {
  merchant: 'x-merchant-code',
  timestamp: 'x-merchant-timestamp',
  nonce: 'x-merchant-nonce',
  signature: 'x-merchant-signature',
} as const;

/** A request older or newer than this is refused (8001); nonces are kept at least this long. */
export const MERCHANT_SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The string a merchant call signs (HMAC-SHA256 with the merchant secret, lower-case hex):
 * `METHOD\npath?query\ntimestamp\nnonce\nsha256hex(raw body)`. The answer signs the same shape
 * with the status line's method `RESPONSE` and the request's path, so an answer cannot be
 * replayed to another call. Pure: each side hashes with its own crypto.
 */
export function merchantCanonical(parts: {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  bodySha256Hex: string;
}): string {
  return [
    parts.method.toUpperCase(),
    parts.pathWithQuery,
    parts.timestamp,
    parts.nonce,
    parts.bodySha256Hex.toLowerCase(),
  ].join('\n');
}

/** Whether a timestamp (ms since the epoch, as sent) is inside the window around `now`. */
export function isFreshTimestamp(timestamp: string, now: number): boolean {
  if (!/^\d{10,16}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - now) <= MERCHANT_SIGNATURE_WINDOW_MS;
}

/** The merchant API's paths, under the venue's server-side `apiUrl`. */
export const merchantPaths = {
  launch: '/merchant/v1/launch',
  transfer: '/merchant/v1/transfer',
  transferStatus: '/merchant/v1/transfer/status',
  balance: '/merchant/v1/balance',
  endSessions: '/merchant/v1/sessions/end',
  betChanges: '/merchant/v1/bets/changes',
  summary: '/merchant/v1/summary',
  scoreChanges: '/merchant/v1/scores/changes',
  allowance: '/merchant/v1/players/allowance',
  demoReset: '/merchant/v1/demo/reset',
} as const;
export type MerchantCall = keyof typeof merchantPaths;

export const venueCode = z.string().regex(/^[A-Z][A-Z0-9_]{1,15}$/);
/** The platform's id of its member: opaque to the venue. */
export const playerId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const transferId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/** A position in a change feed: opaque to the caller, `''` for the start. */
export const cursor = z.string().max(200);

export const LaunchRequest = z
  .object({
    venueCode,
    playerId,
    /** The member's name as the venue shows it. */
    nickname: text().max(32),
    oddsType: z.enum(OddsType).optional(),
    /** Selection ids to pre-fill the slip (跟投); the slip shows their current prices. */
    selections: z.array(z.string().max(80)).max(10).optional(),
    /** A preload creates no session and ends none: it only answers where the venue lives. */
    preload: z.boolean().default(false),
    /** Where the venue page sends the member back (the platform's frame route). */
    returnUrl: text().max(300).optional(),
    /** A house game venue (families CP, ZR, DZ): the game to open (docs/contract.md §10.11). */
    gameCode: z
      .string()
      .regex(/^[A-Z][A-Z0-9]{1,15}$/)
      .optional(),
  })
  .strict();
export type LaunchRequest = z.infer<typeof LaunchRequest>;

export const LaunchResult = z.object({
  /** The page to open; its single-use token is good for 60 s. */
  url: z.string(),
  h5Url: z.string(),
  token: z.string(),
  activityUrl: z.string(),
  resource: z.string(),
  apiUrl: z.string(),
  /** The dialect's session parameters, stored by the platform per venue (contract §6). */
  session: z.record(z.string(), z.string()),
});
export type LaunchResult = z.infer<typeof LaunchResult>;

export const transferDirections = ['in', 'out'] as const;
export type TransferDirection = (typeof transferDirections)[number];

export const TransferRequest = z
  .object({
    venueCode,
    playerId,
    transferId,
    direction: z.enum(transferDirections),
    amount: moneyString,
  })
  .strict();
export type TransferRequest = z.infer<typeof TransferRequest>;

/**
 * A transfer id's fate: `applied` (once, whatever the retries), `refused` with the code of a
 * definite failure, or `not_found` — final once answered: the venue records a tombstone, so a
 * late request with that id is refused for ever and the platform may refund.
 */
/**
 * What a player owes the venue: a correction took back a win the wallet no longer held (the
 * money left by a transfer out). The venue's later credits repay it first; the platform holds
 * it back from withdrawal until the venue reports it repaid. Optional: a venue that keeps no
 * debt (or does not tell) leaves it out, and `'0.00'` means none.
 */
export const playerDebt = moneyString;

export const TransferStatus = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('applied'),
    transferId,
    balance: moneyString,
    /** The player's debt at the venue as this answer is given. */
    debt: playerDebt.optional(),
  }),
  z.object({ status: z.literal('refused'), transferId, code: z.number().int() }),
  z.object({ status: z.literal('not_found'), transferId }),
]);
export type TransferStatus = z.infer<typeof TransferStatus>;

export const TransferStatusRequest = z.object({ venueCode, transferId }).strict();
export const BalanceRequest = z.object({ venueCode, playerId }).strict();
export const BalanceResult = z.object({ balance: moneyString, debt: playerDebt.optional() });
/** Why the platform ends a player's sessions; `limit`: a loss, wager or time limit reached. */
export const EndSessionsRequest = z
  .object({
    venueCode,
    playerId,
    reason: z.enum(['blocked', 'selfExcluded', 'logout', 'limit']),
  })
  .strict();

/**
 * What a player may still lose and stake under their loss and wager limits (contract §5), as
 * the platform computed it at `computedAt` (null: no such limit). The venue subtracts the
 * stakes placed since then and refuses a bet past zero; the latest push replaces the last.
 */
export const AllowanceRequest = z
  .object({
    venueCode,
    playerId,
    loss: moneyString.nullable(),
    wager: moneyString.nullable(),
    computedAt: z.number().int().nonnegative(),
  })
  .strict();
export type AllowanceRequest = z.infer<typeof AllowanceRequest>;

/** The demo merchant (试玩, contract §6): play money funded and reset by the venue, no transfers. */
export const DEMO_MERCHANT = 'DEMO';
export const DEMO_PLAY_AMOUNT = '2000.00';
export const DemoResetRequest = z.object({ venueCode, playerId }).strict();

/**
 * Codes after which the platform knows the transfer did not and will not apply. Anything else —
 * a signature refusal, a 5xx, a timeout, a conflict — is an unknown outcome: ask the status.
 */
export const merchantDefiniteFailures: readonly number[] = [
  ErrorCode.VenueUnknown,
  ErrorCode.VenuePlayerBlocked,
  ErrorCode.VenueBalanceInsufficient,
  ErrorCode.VenueTransferAmountInvalid,
];

export const betChangeKinds = [
  'placed',
  'accepted',
  'refused',
  'settled',
  'voided',
  'resettled',
] as const;
export type BetChangeKind = (typeof betChangeKinds)[number];

export const BetLegView = z.object({
  selectionId: z.string(),
  eventName: z.string(),
  marketLabel: z.string(),
  outcomeLabel: z.string(),
  /** Decimal odds in thousandths (1.950 → 1950). */
  oddsMilli: z.number().int(),
  result: z.enum(['open', 'won', 'lost', 'half_won', 'half_lost', 'push', 'void']),
});

/** One version of a bet: (betId, version) is delivered exactly once by the change feed. */
export const BetVersion = z.object({
  betId: z.string(),
  version: z.number().int().positive(),
  playerId,
  kind: z.enum(betChangeKinds),
  stake: moneyString,
  /** What the bet pays back in total once settled ('0.00' for a loss); null while open. */
  payout: moneyString.nullable(),
  oddsChangePolicy: z.enum(oddsChangePolicies),
  legs: z.array(BetLegView).min(1).max(10),
  placedAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  /**
   * On a correction that took money back (a resettle, a void of a settled bet): the player's
   * debt at the venue right after it. Absent elsewhere: the balance answers carry it.
   */
  debt: playerDebt.optional(),
  /**
   * A house game bet's valid stake (有效投注), computed by the venue when its round settles,
   * where all the player's bets of that round are seen (contract §6); null or absent for
   * sportsbook bets, which the platform judges by its own rules.
   */
  validStake: moneyString.nullable().optional(),
});
export type BetVersion = z.infer<typeof BetVersion>;

export const ChangesRequest = z
  .object({ venueCode, cursor, limit: z.number().int().min(1).max(1000).default(200) })
  .strict();
export const BetChanges = z.object({ changes: z.array(BetVersion), cursor });

export const FamilyCounts = z.object({ live: z.number().int(), today: z.number().int() });
export const HotEvent = z.object({
  eventId: z.string(),
  sport: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.number().int(),
  live: z.boolean(),
  score: z.string().nullable(),
  /** The main line: 独赢 or 让球 prices in thousandths, keyed by selection id. */
  prices: z.record(z.string(), z.number().int()),
});
export const SummaryRequest = z.object({ venueCode }).strict();
export const Summary = z.object({
  families: z.record(z.string(), FamilyCounts),
  hot: z.array(HotEvent).max(20),
});

export const ScoreChange = z.object({
  eventId: z.string(),
  version: z.number().int().positive(),
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  score: z.string().nullable(),
  clock: z.string().nullable(),
});
export const ScoreChanges = z.object({ changes: z.array(ScoreChange), cursor });

/** Request and answer schemas of each merchant call, for both sides and the conformance suite. */
export const merchantCalls = {
  launch: { request: LaunchRequest, response: LaunchResult },
  transfer: { request: TransferRequest, response: TransferStatus },
  transferStatus: { request: TransferStatusRequest, response: TransferStatus },
  balance: { request: BalanceRequest, response: BalanceResult },
  endSessions: { request: EndSessionsRequest, response: z.null() },
  betChanges: { request: ChangesRequest, response: BetChanges },
  summary: { request: SummaryRequest, response: Summary },
  scoreChanges: { request: ChangesRequest, response: ScoreChanges },
  allowance: { request: AllowanceRequest, response: z.null() },
  demoReset: { request: DemoResetRequest, response: BalanceResult },
} as const satisfies Record<MerchantCall, { request: z.ZodType; response: z.ZodType }>;

/** Every merchant answer: `code` 0 with `data`, or a venue code (80xx) with a message. */
export const MerchantEnvelope = <T extends z.ZodType>(data: T) =>
  z.union([
    z.object({ code: z.literal(0), data }),
    z.object({ code: z.number().int().min(8000).max(8999), message: z.string() }),
  ]);
