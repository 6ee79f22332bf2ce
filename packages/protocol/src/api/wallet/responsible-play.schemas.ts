import { z } from 'zod';
import { PASSWORD_CHECK_MAX } from '../../rules/account-rules';
import { text } from '../../rules/text';
import { moneyString } from '../core/common';
import { LimitPeriod, LimitRequest } from '../responsible-gaming/responsible-gaming.schemas';
import { PLAY_BREAK_HOURS, PLAY_BREAK_KINDS, PLAY_BREAK_LENGTHS } from './wallet.constants';

export { LimitPeriod };

/** Responsible gambling (contract §5): deposit limits, time-outs and self-exclusion. */

// --- deposit limits (responsible gambling; loosening is two-step: ../responsible-gaming/)
export const DepositLimit = z.object({
  period: LimitPeriod,
  amount: moneyString.nullable(),
  used: moneyString,
  /** A raise or removal waiting for the member's confirmation (contract §5), if any. */
  request: LimitRequest.nullable(),
});
export const DepositLimits = z.object({
  list: z.array(DepositLimit),
  /** Hours a raise or removal waits before the member may confirm it (the site's setting). */
  coolingOffHours: z.number().int(),
  /** The server's clock when it answered: the site opens a request's window by it. */
  serverTime: z.number().int(),
});
export type DepositLimits = z.infer<typeof DepositLimits>;
export const DepositLimitSetRequest = z
  .object({ period: LimitPeriod, amount: moneyString.nullable() })
  .strict();

// --- time-out and self-exclusion (responsible gambling, contract §5)
/**
 * A break from play the member takes and cannot lift: a time-out (冷静期) of days, or a
 * self-exclusion (自我排除) of months or years. While it runs the member may log in, recall venue
 * balances and withdraw, but not deposit, launch a venue or transfer in.
 */
export const PlayBreakKind = z.enum(PLAY_BREAK_KINDS);
export type PlayBreakKind = z.infer<typeof PlayBreakKind>;
export const PlayBreakLength = z.enum(PLAY_BREAK_LENGTHS);
export type PlayBreakLength = z.infer<typeof PlayBreakLength>;
export const PlayBreak = z.object({
  kind: PlayBreakKind,
  startedAt: z.number().int(),
  endsAt: z.number().int(),
});
export type PlayBreak = z.infer<typeof PlayBreak>;
export const PlayBreakStatus = z.object({ active: PlayBreak.nullable() });
export type PlayBreakStatus = z.infer<typeof PlayBreakStatus>;
export const PlayBreakSetRequest = z
  .object({
    kind: PlayBreakKind,
    length: PlayBreakLength,
    /** The login password: a break cannot be undone, so it is confirmed as a step-up. */
    password: text().min(1).max(PASSWORD_CHECK_MAX),
  })
  .strict()
  .refine((r) => r.length in PLAY_BREAK_HOURS[r.kind], {
    message: 'length not offered for this kind',
    path: ['length'],
  });
export type PlayBreakSetRequest = z.infer<typeof PlayBreakSetRequest>;
