import { z } from 'zod';
import { text } from '../../rules/text';
import { moneyString } from '../core/common';
import { LIMIT_KINDS, PLAY_LIMIT_KINDS } from './responsible-gaming.constants';

/**
 * Responsible gambling (contract §5): two-step loosening of limits, reality checks, monthly
 * statements and the periodic review of limits.
 */

export const LimitPeriod = z.enum(['day', 'week', 'month']);
export type LimitPeriod = z.infer<typeof LimitPeriod>;
export const LimitKind = z.enum(LIMIT_KINDS);
export type LimitKind = z.infer<typeof LimitKind>;

/**
 * A raise or a removal the member asked for: it loosens nothing until the member confirms it
 * between `confirmableAt` (the request plus the cooling-off) and `expiresAt`.
 */
export const LimitRequest = z.object({
  id: z.number().int(),
  kind: LimitKind,
  period: LimitPeriod,
  /** The limit asked for; null asks to remove the limit. */
  amount: moneyString.nullable(),
  requestedAt: z.number().int(),
  confirmableAt: z.number().int(),
  expiresAt: z.number().int(),
  state: z.enum(['pending', 'confirmed', 'cancelled', 'expired']),
});
export type LimitRequest = z.infer<typeof LimitRequest>;
export const LimitRequestParams = z
  .object({
    requestId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 53 - 1),
  })
  .strict();

/** An operator creates or lowers a member's limit (never raises it: 9213), with a reason. */
export const AdminLimitSetRequest = z
  .object({
    kind: LimitKind,
    period: LimitPeriod,
    amount: moneyString,
    reason: text().trim().min(1).max(200),
  })
  .strict();
export type AdminLimitSetRequest = z.infer<typeof AdminLimitSetRequest>;
export const AdminMemberLimits = z.object({
  list: z.array(
    z.object({
      kind: LimitKind,
      period: LimitPeriod,
      amount: moneyString.nullable(),
      request: LimitRequest.nullable(),
    }),
  ),
});
export type AdminMemberLimits = z.infer<typeof AdminMemberLimits>;

// --- loss, wager and time limits (rolling 24 h / 7 d / 30 d windows)
export const PlayLimitKind = z.enum(PLAY_LIMIT_KINDS);
export type PlayLimitKind = z.infer<typeof PlayLimitKind>;
/** One limit with what its window has used; a time limit's amounts are minutes ('120.00'). */
export const PlayLimit = z.object({
  kind: PlayLimitKind,
  period: LimitPeriod,
  amount: moneyString.nullable(),
  used: moneyString,
  request: LimitRequest.nullable(),
});
export type PlayLimit = z.infer<typeof PlayLimit>;
export const PlayLimits = z.object({
  list: z.array(PlayLimit),
  coolingOffHours: z.number().int(),
  serverTime: z.number().int(),
});
export type PlayLimits = z.infer<typeof PlayLimits>;
/** A first limit or a lower one applies at once; a raise or removal (null) waits (two-step). */
export const PlayLimitSetRequest = z
  .object({ kind: PlayLimitKind, period: LimitPeriod, amount: moneyString.nullable() })
  .strict();
export type PlayLimitSetRequest = z.infer<typeof PlayLimitSetRequest>;

// --- reality checks
/** One of REALITY_CHECK_MINUTES (a test keeps the two the same). */
export const RealityCheckMinutes = z.union([
  z.literal(0),
  z.literal(15),
  z.literal(30),
  z.literal(60),
  z.literal(120),
]);
export type RealityCheckMinutes = z.infer<typeof RealityCheckMinutes>;
export const RealityCheckSetRequest = z.object({ minutes: RealityCheckMinutes }).strict();
/** The session clock and this session's figures (from the platform's copies of the bets). */
export const RealityCheck = z.object({
  minutes: RealityCheckMinutes,
  /** Whether the member chose the interval (else the site's default applies). */
  chosen: z.boolean(),
  sessionStartedAt: z.number().int(),
  /** When the next check is due; null when checks are off. */
  dueAt: z.number().int().nullable(),
  due: z.boolean(),
  serverTime: z.number().int(),
  stakes: moneyString,
  payouts: moneyString,
  /** Payouts − stakes of the bets settled this session (negative: a loss). */
  net: z.string().regex(/^-?\d+\.\d{2}$/),
});
export type RealityCheck = z.infer<typeof RealityCheck>;

// --- statements
export const StatementMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
  .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2999, 'year');
export const StatementQuery = z.object({ month: StatementMonth }).strict();
const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);
export const StatementFamily = z.object({
  family: z.string(),
  stakes: moneyString,
  payouts: moneyString,
  net: signedMoney,
  bets: z.number().int(),
});
export const Statement = z.object({
  month: StatementMonth,
  /** Months with any activity, newest first (and the current month). */
  months: z.array(StatementMonth),
  deposits: moneyString,
  withdrawals: moneyString,
  netDeposits: signedMoney,
  families: z.array(StatementFamily),
  stakes: moneyString,
  payouts: moneyString,
  net: signedMoney,
  lifetimeNetDeposits: signedMoney,
});
export type Statement = z.infer<typeof Statement>;

// --- the periodic review of limits
export const LimitsReview = z.object({
  due: z.boolean(),
  reviewedAt: z.number().int().nullable(),
});
export type LimitsReview = z.infer<typeof LimitsReview>;
