import { z } from 'zod';
import { moneyString } from '../core/common';
import { FriendInviteRule } from './friend-invite.schemas';
import { FriendPeakBetRule } from './friend-peak-bet.schemas';
import { LuckyFlipRule } from './lucky-flip.schemas';

/**
 * The reward rule of each activity kind (contract §5 Activities), stored as JSON on the
 * activity and checked with its kind's schema whenever an operator saves it. Money in yuan
 * strings (fen in the database), percentages in integer basis points (10000 = 100 %), turnover
 * multiples at most 10× the bonus (the strictest regulators' cap).
 */
export const ACTIVITY_KINDS = [
  'firstDeposit',
  'redeposit',
  'checkin',
  'luckyFlip',
  'friendInvite',
  'friendPeakBet',
] as const;
export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** At most 10× the bonus. */
export const turnoverMultiple = z.number().int().min(0).max(10);
/** Basis points of an amount: 1 = 0.01 %, 10000 = 100 %. */
export const basisPoints = z.number().int().min(1).max(10000);

/** 首存 / 续存: `percentBp` of a qualifying deposit (≥ `minDeposit`) up to `cap`. */
export const DepositBonusRule = z
  .object({
    percentBp: basisPoints,
    minDeposit: moneyString,
    cap: moneyString,
    turnoverMultiple,
    /** How long after the deposit the bonus may still be claimed (领取). */
    claimWindowHours: z.number().int().min(1).max(720),
  })
  .strict();
export type DepositBonusRule = z.infer<typeof DepositBonusRule>;

/** The streak lengths that pay (a streak's days count 1…30, then start again at 1). */
export const CHECKIN_STEPS = [1, 3, 7, 30] as const;
/** 签到: a day counts with that day's valid turnover or credited deposits ≥ `minDaily`. */
export const CheckinRule = z
  .object({
    minDaily: moneyString,
    rewards: z
      .array(
        z.object({ days: z.union(CHECKIN_STEPS.map((d) => z.literal(d))), amount: moneyString }),
      )
      .min(1)
      .max(4),
    turnoverMultiple,
  })
  .strict();
export type CheckinRule = z.infer<typeof CheckinRule>;

/** One schema per kind; the server refuses a rule its kind's schema does not accept. */
export const activityRuleSchemas: Record<ActivityKind, z.ZodType> = {
  firstDeposit: DepositBonusRule,
  redeposit: DepositBonusRule,
  checkin: CheckinRule,
  luckyFlip: LuckyFlipRule,
  friendInvite: FriendInviteRule,
  friendPeakBet: FriendPeakBetRule,
};
