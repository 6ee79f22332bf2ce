import { z } from 'zod';
import { moneyString } from '../api/core/common';
import { text } from '../rules/text';
import { legResults, sports } from './markets';
import { BetView } from './bets';
import { playerId, venueCode } from './merchant';
import type { VenueOperatorRole } from './roles/operator-roles';

/**
 * The venue's operator API (contract §6): the house venue's own back office, reached with an
 * operator token (`x-venue-operator-token`), each call allowed to a role and every change
 * audited. Money crosses as decimal strings; the margin in basis points.
 */
export const VENUE_OPERATOR_HEADER = 'x-venue-operator-token';
/**
 * A platform calling for one of its console operators names them here; the venue's audit then
 * names `<token's operator>/<console operator>` (the platform's house-venue proxy, contract §6).
 */
export const VENUE_OPERATOR_NAME_HEADER = 'x-operator-name';
export const OPERATOR_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export { venueOperatorRoles, type VenueOperatorRole } from './roles/operator-roles';

export const venueOperatorPaths = {
  settings: '/operator/v1/settings',
  updateSettings: '/operator/v1/settings/update',
  holdEvent: '/operator/v1/events/hold',
  holdMarket: '/operator/v1/markets/hold',
  result: '/operator/v1/events/result',
  liability: '/operator/v1/events/liability',
  voidBet: '/operator/v1/bets/void',
  resettleBet: '/operator/v1/bets/resettle',
  voidMarket: '/operator/v1/markets/void',
  player: '/operator/v1/players/view',
  writeOffDebt: '/operator/v1/players/debt/write-off',
  dailyReport: '/operator/v1/reports/daily',
  audit: '/operator/v1/audit',
} as const;
export type VenueOperatorCall = keyof typeof venueOperatorPaths;

const eventId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** A bet number: letters, digits, `_` and `-` (no control characters reach the audit). */
const betId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** A market id (`1042:ft:ah:-25`) or every line of a kind (`1042:ft:ah`). */
const marketKey = z.string().regex(/^[A-Za-z0-9_-]{1,40}:(ft|1h):(1x2|ml|ah|ou|oe)(:-?\d{1,6})?$/);
const reason = text().min(2).max(200);
const score = z
  .object({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) })
  .strict();

export const BookSettingsView = z.object({
  marginBp: z.number().int(),
  minStake: moneyString,
  maxStake: moneyString,
  maxPayout: moneyString,
  maxPlayerMarketPayout: moneyString,
  selectionLiability: moneyString,
});

export const UpdateSettingsRequest = z
  .object({
    marginBp: z.number().int().min(0).max(3000).optional(),
    minStake: moneyString.optional(),
    maxStake: moneyString.optional(),
    maxPayout: moneyString.optional(),
    maxPlayerMarketPayout: moneyString.optional(),
    selectionLiability: moneyString.optional(),
  })
  .strict();
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequest>;

export const HoldEventRequest = z.object({ eventId, held: z.boolean() }).strict();
export const HoldMarketRequest = z.object({ eventId, marketKey, held: z.boolean() }).strict();

/** Enter or correct a result: the feed no longer writes this event. */
export const ResultRequest = z
  .object({
    eventId,
    status: z.enum(['finished', 'cancelled']),
    score: score.optional(),
    halfTime: score.nullable().optional(),
    reason,
  })
  .strict();
export type ResultRequest = z.infer<typeof ResultRequest>;

export const EventRequest = z.object({ eventId }).strict();
export const LiabilityView = z.object({
  eventId: z.string(),
  selections: z.array(
    z.object({ selectionId: z.string(), venueCode: z.string(), amount: moneyString }),
  ),
  total: moneyString,
});

export const VoidBetRequest = z.object({ betId, reason }).strict();
export const ResettleBetRequest = z
  .object({
    betId,
    legs: z
      .array(
        z.object({ leg: z.number().int().min(1).max(10), result: z.enum(legResults) }).strict(),
      )
      .min(1)
      .max(10),
    reason,
  })
  .strict();
export const VoidMarketRequest = z.object({ eventId, marketKey, reason }).strict();

export const PlayerRequest = z
  .object({ merchant: z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/), venueCode, playerId })
  .strict();
export const PlayerView = z.object({
  balance: moneyString,
  debt: moneyString,
  bets: z.array(BetView),
});

/**
 * The venue forgives a player's debt (contract §6): the book pays it in one entry, the debt is
 * gone and the merchant's platform learns it from its next balance or transfer answer.
 */
export const WriteOffDebtRequest = PlayerRequest.extend({ reason }).strict();
export const WriteOffDebtResult = z.object({
  balance: moneyString,
  debt: moneyString,
  writtenOff: moneyString,
});

export const DailyReportRequest = z
  .object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
  .strict();
/** One row per sport (parlays on their own row): bets settled that Shanghai day. */
export const DailyReport = z.object({
  date: z.string(),
  rows: z.array(
    z.object({
      sport: z.enum([...sports, 'parlay']),
      bets: z.number().int(),
      stakes: moneyString,
      payouts: moneyString,
      /** Gross gaming revenue: stakes − payouts. */
      ggr: z.string().regex(/^-?\d+\.\d{2}$/),
    }),
  ),
});

export const AuditRequest = z
  .object({ limit: z.number().int().min(1).max(200).default(50) })
  .strict();
export const AuditView = z.object({
  entries: z.array(
    z.object({
      operator: z.string(),
      action: z.string(),
      target: z.string(),
      detail: z.record(z.string(), z.unknown()),
      at: z.number().int(),
    }),
  ),
});

/** Each call: its schema and the least role allowed to make it. */
export const venueOperatorCalls = {
  settings: { request: z.object({}).strict(), role: 'viewer' },
  updateSettings: { request: UpdateSettingsRequest, role: 'admin' },
  holdEvent: { request: HoldEventRequest, role: 'trader' },
  holdMarket: { request: HoldMarketRequest, role: 'trader' },
  result: { request: ResultRequest, role: 'trader' },
  liability: { request: EventRequest, role: 'viewer' },
  voidBet: { request: VoidBetRequest, role: 'trader' },
  resettleBet: { request: ResettleBetRequest, role: 'trader' },
  voidMarket: { request: VoidMarketRequest, role: 'trader' },
  player: { request: PlayerRequest, role: 'viewer' },
  writeOffDebt: { request: WriteOffDebtRequest, role: 'admin' },
  dailyReport: { request: DailyReportRequest, role: 'viewer' },
  audit: { request: AuditRequest, role: 'admin' },
} as const satisfies Record<VenueOperatorCall, { request: z.ZodType; role: VenueOperatorRole }>;
