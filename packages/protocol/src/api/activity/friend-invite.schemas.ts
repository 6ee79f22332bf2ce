import { z } from 'zod';
import { moneyString } from '../core/common';
import { Eligibility } from '../rewards/rewards.schemas';
import { ActivityHeading } from './lucky-flip.schemas';

/**
 * 邀请好友 (contract §5 Rewards, friendInvitation): the rule of an activity of kind
 * 'friendInvite' and the inviter's page. A friend counts when they registered with the member's
 * invite code inside the activity window; the reward is paid once per friend when the friend's
 * first deposit and valid turnover of their first days reach the rule's thresholds.
 */
export const FriendInviteRule = z
  .object({
    minFirstDeposit: moneyString,
    minTurnover: moneyString,
    /** The friend's first days (from registration) whose valid turnover counts. */
    turnoverDays: z.number().int().min(1).max(30),
    reward: moneyString.refine((s) => !/^0(\.0{1,2})?$/.test(s), 'must be positive'),
    turnoverMultiple: z.number().int().min(0).max(10),
  })
  .strict();
export type FriendInviteRule = z.infer<typeof FriendInviteRule>;

export const InvitedFriendStatus = z.enum(['registered', 'deposited', 'active']);
export type InvitedFriendStatus = z.infer<typeof InvitedFriendStatus>;

export const InvitedFriend = z.object({
  friendId: z.number().int(),
  /** The friend's user name, masked. */
  name: z.string(),
  registeredAt: z.number().int(),
  status: InvitedFriendStatus,
  firstDeposit: moneyString.nullable(),
  turnover: moneyString,
  qualified: z.boolean(),
  /** The reward paid for this friend, or null while not paid. */
  paid: moneyString.nullable(),
});
export type InvitedFriend = z.infer<typeof InvitedFriend>;

export const FriendInvitationView = z.object({
  activity: ActivityHeading.nullable(),
  rule: FriendInviteRule.nullable(),
  eligibility: Eligibility,
  inviteCode: z.string(),
  friends: z.array(InvitedFriend),
  /** Qualified friends whose reward is not paid yet (领取 pays them). */
  claimable: z.number().int(),
  paidTotal: moneyString,
});
export type FriendInvitationView = z.infer<typeof FriendInvitationView>;
