import type { Db } from '@nebula/db';
import {
  FriendPeakBetRule,
  fenToYuanString,
  parseMoney,
  type FriendPeakBetView,
  type PeakBetFriend,
} from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { GrantService } from '../rewards/grant.service';
import type { ActivitySource, KindActivity } from './flip-friends.activity-source';
import { rewardStanding } from './flip-friends.standing';
import { maskUserName } from './friend-name';
import { inviterEarnsFriendRewards } from './invitation.repository';
import { heading } from './lucky-flip.service';
import * as repo from './peak-bet.repository';

export interface PeakBetDeps {
  db: Db;
  clock: Clock;
  grants: GrantService;
  eligibility: EligibilityService;
  activities: ActivitySource;
}

const DAY_MS = 86_400_000;

/** The reward of the highest tier the stake reaches (null: below every tier). */
export function peakBetReward(rule: FriendPeakBetRule, stake: bigint | null): bigint | null {
  if (stake === null) return null;
  let best: bigint | null = null;
  let bestMin = -1n;
  for (const t of rule.tiers) {
    const min = parseMoney(t.minStake);
    if (stake >= min && min > bestMin) {
      best = parseMoney(t.reward);
      bestMin = min;
    }
  }
  return best;
}

/**
 * 好友最高投注 (contract §5 Rewards): for each friend invited in the activity window, the largest
 * settled valid bet of their first `days` days sets the inviter's reward by tier; paid once per
 * friend by the job after those days close, as a grant of kind 'peakBet' (`{activityId}:{friendId}`).
 */
export class PeakBetService {
  constructor(private readonly d: PeakBetDeps) {}

  async view(memberId: number): Promise<FriendPeakBetView> {
    const now = this.d.clock.now();
    const q = this.d.db;
    const activity = await this.d.activities.pick(q, 'friendPeakBet', now);
    const eligibility = await rewardStanding(this.d.eligibility, q, memberId);
    if (!activity)
      return {
        activity: null,
        rule: null,
        eligibility,
        friends: [],
        paidTotal: '0.00',
        state: 'noActivity',
      };
    const rule = FriendPeakBetRule.parse(activity.rule);
    const earns = await inviterEarnsFriendRewards(this.d.db, memberId);
    const rows = earns ? await this.#friends(activity, rule, memberId) : [];
    const rewardable = earns && eligibility.eligible;
    const friends = rows.map((f) => present(rule, f, now, rewardable));
    return {
      activity: heading(activity),
      rule,
      eligibility,
      friends,
      paidTotal: fenToYuanString(rows.reduce((s, f) => s + (f.paid ?? 0n), 0n)),
      state: stateOf(activity, friends, now, rewardable),
    };
  }

  /** The job: pays every friend whose days have closed, once (a re-run creates nothing). */
  async runDue(): Promise<number> {
    const now = this.d.clock.now();
    let made = 0;
    for (const activity of await this.d.activities.started(this.d.db, 'friendPeakBet', now)) {
      const rule = FriendPeakBetRule.parse(activity.rule);
      for (const f of await this.#friends(activity, rule, null)) {
        if (f.hasGrant || closesAt(rule, f) > now) continue;
        const amount = peakBetReward(rule, f.bestStake);
        if (amount === null) continue;
        const grant = await this.d.db.tx(async (q) => {
          if (!(await inviterEarnsFriendRewards(q, f.inviterId))) return null;
          return this.d.grants.create(q, {
            kind: 'peakBet',
            sourceId: `${activity.id}:${f.friendId}`,
            memberId: f.inviterId,
            title: `${activity.title}：${maskUserName(f.userName)}`,
            amount,
            turnoverMultiple: rule.turnoverMultiple,
            expiresAt: null,
            auto: true,
          });
        });
        if (grant) made += 1;
      }
    }
    return made;
  }

  #friends(a: KindActivity, rule: FriendPeakBetRule, inviterId: number | null) {
    return repo.listPeakFriends(this.d.db, {
      inviterId,
      from: a.startsAt,
      to: a.endsAt,
      days: rule.days,
      activityId: a.id,
    });
  }
}

const closesAt = (rule: FriendPeakBetRule, f: repo.PeakFriendRow) =>
  f.registeredAt + rule.days * DAY_MS;

function present(
  rule: FriendPeakBetRule,
  f: repo.PeakFriendRow,
  now: number,
  rewardable: boolean,
): PeakBetFriend {
  const reward = peakBetReward(rule, f.bestStake);
  const closes = closesAt(rule, f);
  const counting = closes > now;
  return {
    friendId: f.friendId,
    name: maskUserName(f.userName),
    registeredAt: f.registeredAt,
    closesAt: closes,
    bestStake: f.bestStake === null ? null : fenToYuanString(f.bestStake),
    reward: reward === null ? null : fenToYuanString(reward),
    // The job pays nobody the gate refuses: while refused, an unpaid reward says so rather
    // than "counting" for ever.
    status:
      f.paid !== null
        ? 'paid'
        : !counting && reward === null
          ? 'none'
          : !rewardable
            ? 'ineligible'
            : counting
              ? 'open'
              : 'due',
  };
}

/** The inviter's standing on the page (FriendPeakBetView.state). */
function stateOf(
  a: KindActivity,
  friends: PeakBetFriend[],
  now: number,
  rewardable: boolean,
): FriendPeakBetView['state'] {
  if (!rewardable) return 'ineligible';
  const ended = now >= a.endsAt;
  if (friends.length === 0) return ended ? 'ended' : 'noFriends';
  if (ended && !friends.some((f) => f.status === 'open' || f.status === 'due')) return 'ended';
  return 'running';
}
