import { z } from 'zod';
import { moneyString } from '../core/common';
import { Eligibility } from '../rewards/rewards.schemas';
import { ActivityHeading } from './lucky-flip.schemas';

/**
 * 好友最高投注 (contract §5 Rewards, friendPeakBet): the rule of an activity of kind
 * 'friendPeakBet'. The inviter earns by the single largest settled valid bet (stake) of each
 * invited friend within the friend's first `days` days, by the highest tier it reaches; paid
 * once per friend after those days close.
 */
export const PeakBetTier = z
  .object({
    minStake: moneyString,
    reward: moneyString.refine((s) => !/^0(\.0{1,2})?$/.test(s), 'must be positive'),
  })
  .strict();
export type PeakBetTier = z.infer<typeof PeakBetTier>;

export const FriendPeakBetRule = z
  .object({
    days: z.number().int().min(1).max(90),
    tiers: z.array(PeakBetTier).min(1).max(10),
    turnoverMultiple: z.number().int().min(0).max(10),
  })
  .strict();
export type FriendPeakBetRule = z.infer<typeof FriendPeakBetRule>;

export const PeakBetFriend = z.object({
  friendId: z.number().int(),
  name: z.string(),
  registeredAt: z.number().int(),
  /** When the friend's counted days close (the reward is paid after). */
  closesAt: z.number().int(),
  bestStake: moneyString.nullable(),
  /** The reward of the tier reached so far (null: none). */
  reward: moneyString.nullable(),
  /**
   * open: the friend's days run (统计中); due: closed with a tier reached, the job pays it next;
   * paid; none: closed below every tier; ineligible: not paid while the inviter may not be
   * rewarded (the eligibility gate refuses them now).
   */
  status: z.enum(['open', 'due', 'paid', 'none', 'ineligible']),
});
export type PeakBetFriend = z.infer<typeof PeakBetFriend>;

export const FriendPeakBetView = z.object({
  activity: ActivityHeading.nullable(),
  rule: FriendPeakBetRule.nullable(),
  eligibility: Eligibility,
  friends: z.array(PeakBetFriend),
  paidTotal: moneyString,
  /**
   * Where the inviter stands, for the page: noActivity; ineligible (the gate refuses them, or
   * their code earns no friend rewards); noFriends (running, nobody invited yet); ended (the
   * activity is over and no friend's reward is still to come); running.
   */
  state: z.enum(['noActivity', 'ineligible', 'noFriends', 'ended', 'running']),
});
export type FriendPeakBetView = z.infer<typeof FriendPeakBetView>;
