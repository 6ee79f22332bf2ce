import type { Db, Queryable } from '@nebula/db';
import {
  ErrorCode,
  FriendInviteRule,
  fenToYuanString,
  parseMoney,
  type FriendInvitationView,
  type InvitedFriend,
} from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { GrantService } from '../rewards/grant.service';
import type { ActivityService } from './activity.service';
import type { ActivitySource, KindActivity } from './flip-friends.activity-source';
import { rewardStanding } from './flip-friends.standing';
import { maskUserName } from './friend-name';
import * as repo from './invitation.repository';
import { heading } from './lucky-flip.service';

export interface InvitationDeps {
  db: Db;
  clock: Clock;
  grants: GrantService;
  eligibility: EligibilityService;
  activities: ActivitySource;
  framework: ActivityService;
}

/** Whether a friend reached the rule: first deposit and first days' valid turnover. */
export function friendQualifies(rule: FriendInviteRule, f: repo.InvitedFriendRow): boolean {
  return (
    f.firstDeposit !== null &&
    f.firstDeposit >= parseMoney(rule.minFirstDeposit) &&
    f.turnover >= parseMoney(rule.minTurnover)
  );
}

/**
 * 邀请好友 (contract §5 Rewards): the member's invite code, the friends who registered with it
 * in the activity window and their status, and the reward per qualified friend, paid once as a
 * grant of kind 'invite' with source `{activityId}:{friendId}` (the member's 领取, or the job).
 */
export class InvitationService {
  constructor(private readonly d: InvitationDeps) {}

  async view(memberId: number, q: Queryable = this.d.db): Promise<FriendInvitationView> {
    const now = this.d.clock.now();
    const activity = await this.d.activities.pick(q, 'friendInvite', now);
    const eligibility = await rewardStanding(this.d.eligibility, q, memberId);
    const inviteCode = await repo.inviteCodeOf(q, memberId);
    if (!activity)
      return {
        activity: null,
        rule: null,
        eligibility,
        inviteCode,
        friends: [],
        claimable: 0,
        paidTotal: '0.00',
      };
    const rule = FriendInviteRule.parse(activity.rule);
    const rows = await this.#friends(q, activity, rule, memberId);
    const friends = rows.map((f) => present(rule, f));
    const paid = rows.reduce((s, f) => s + (f.paid ?? 0n), 0n);
    return {
      activity: heading(activity),
      rule,
      eligibility,
      inviteCode,
      friends,
      claimable: rows.filter((f) => !f.hasGrant && friendQualifies(rule, f)).length,
      paidTotal: fenToYuanString(paid),
    };
  }

  /** 领取: pays every qualified friend not paid yet, in the caller's transaction. */
  async claim(q: Queryable, memberId: number): Promise<FriendInvitationView> {
    const now = this.d.clock.now();
    const activity = await this.d.activities.pick(q, 'friendInvite', now);
    if (!activity) throw new AppError(ErrorCode.ActivityNotFound);
    await this.d.framework.assertEligible(
      q,
      memberId,
      await this.d.framework.get(q, activity.id),
      now,
    );
    const rule = FriendInviteRule.parse(activity.rule);
    const due = (await this.#friends(q, activity, rule, memberId)).filter(
      (f) => !f.hasGrant && friendQualifies(rule, f),
    );
    if (due.length === 0) throw new AppError(ErrorCode.InvitationNothingToClaim);
    for (const f of due) await this.#pay(q, activity, rule, f);
    return this.view(memberId, q);
  }

  /**
   * The job: pays every qualified friend of every started activity. A re-run finds the grants
   * (unique per kind and source) and pays nothing twice. Answers how many it created.
   */
  async runDue(): Promise<number> {
    const now = this.d.clock.now();
    let made = 0;
    for (const activity of await this.d.activities.started(this.d.db, 'friendInvite', now)) {
      const rule = FriendInviteRule.parse(activity.rule);
      const rows = await this.#friends(this.d.db, activity, rule, null);
      for (const f of rows.filter((x) => !x.hasGrant && friendQualifies(rule, x))) {
        const ok = await this.d.db.tx(async (q) => {
          if (!(await repo.inviterEarnsFriendRewards(q, f.inviterId))) return false;
          return (await this.#pay(q, activity, rule, f)) !== null;
        });
        if (ok) made += 1;
      }
    }
    return made;
  }

  #pay(q: Queryable, a: KindActivity, rule: FriendInviteRule, f: repo.InvitedFriendRow) {
    return this.d.grants.create(q, {
      kind: 'invite',
      sourceId: `${a.id}:${f.friendId}`,
      memberId: f.inviterId,
      title: `${a.title}：${maskUserName(f.userName)}`,
      amount: parseMoney(rule.reward),
      turnoverMultiple: rule.turnoverMultiple,
      expiresAt: null,
      auto: true,
    });
  }

  async #friends(
    q: Queryable,
    a: KindActivity,
    rule: FriendInviteRule,
    inviterId: number | null,
  ): Promise<repo.InvitedFriendRow[]> {
    if (inviterId !== null && !(await repo.inviterEarnsFriendRewards(q, inviterId))) return [];
    return repo.listInvitedFriends(q, {
      inviterId,
      from: a.startsAt,
      to: a.endsAt,
      turnoverDays: rule.turnoverDays,
      activityId: a.id,
    });
  }
}

function present(rule: FriendInviteRule, f: repo.InvitedFriendRow): InvitedFriend {
  return {
    friendId: f.friendId,
    name: maskUserName(f.userName),
    registeredAt: f.registeredAt,
    status: f.firstDeposit === null ? 'registered' : f.turnover > 0n ? 'active' : 'deposited',
    firstDeposit: f.firstDeposit === null ? null : fenToYuanString(f.firstDeposit),
    turnover: fenToYuanString(f.turnover),
    qualified: friendQualifies(rule, f),
    paid: f.paid === null ? null : fenToYuanString(f.paid),
  };
}
