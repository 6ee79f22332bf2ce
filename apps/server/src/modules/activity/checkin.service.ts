import {
  ErrorCode,
  fenToYuanString,
  parseMoney,
  type ActivityMemberState,
  type CheckinCalendar,
  type CheckinResult,
  type CheckinRule,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { shanghaiDate, shanghaiDayRange } from '../../lib/shanghai-time';
import type { GrantService } from '../rewards/grant.service';
import type { ActivityKindHandler, ActivityRow, ActivityService } from './activity.service';
import * as entries from './activity-entry.repository';

/** A streak's days count 1…30 and then start again: the 30-day reward comes once a cycle. */
const CYCLE = 30;
export const stepOf = (streak: number) => ((streak - 1) % CYCLE) + 1;
const dayBefore = (day: string) => shanghaiDate(shanghaiDayRange(day)[0] - 1);

/**
 * 签到 (contract §5 Activities): one check-in per member and Shanghai day (the table's unique
 * key decides a race), and only on a day whose valid turnover or credited deposits reach the
 * rule's minimum. The streak is the consecutive days ending today; the rule's rewards at 1, 3,
 * 7 and 30 days are automatic grants of kind 'checkin', source `{activity}:{member}:{day}`.
 */
export class CheckinService implements ActivityKindHandler {
  constructor(
    private readonly d: { db: Db; clock: Clock; activities: ActivityService; grants: GrantService },
  ) {}

  async #activity(q: Queryable, now: number): Promise<ActivityRow | null> {
    return (await this.d.activities.activeOfKind(q, 'checkin', now))[0] ?? null;
  }

  async #today(q: Queryable, memberId: number, a: ActivityRow, day: string) {
    const rule = a.rule as CheckinRule;
    const [from, to] = shanghaiDayRange(day);
    const [turnover, deposits] = await Promise.all([
      entries.validTurnoverIn(q, memberId, from, to),
      entries.creditedIn(q, memberId, from, to),
    ]);
    const deposited = deposits.reduce((s, x) => s + x.amount, 0n);
    const min = parseMoney(rule.minDaily);
    return { turnover, deposited, min, qualified: turnover >= min || deposited >= min };
  }

  async checkin(q: Queryable, memberId: number): Promise<CheckinResult> {
    const now = this.d.clock.now();
    const a = await this.#activity(q, now);
    if (!a) throw new AppError(ErrorCode.ActivityNotRunning);
    await this.d.activities.assertEligible(q, memberId, a, now);
    const day = shanghaiDate(now);
    if ((await entries.checkinsBetween(q, a.id, memberId, day, day)).length > 0)
      throw new AppError(ErrorCode.CheckinAlreadyDone);
    const t = await this.#today(q, memberId, a, day);
    if (!t.qualified)
      throw new AppError(ErrorCode.CheckinNotQualified, {
        turnover: fenToYuanString(t.turnover),
        deposits: fenToYuanString(t.deposited),
        minDaily: fenToYuanString(t.min),
      });
    const yesterday = dayBefore(day);
    const [prev] = await entries.checkinsBetween(q, a.id, memberId, yesterday, yesterday);
    const streak = prev ? prev.streak + 1 : 1;
    const id = await entries.insertCheckin(q, { activityId: a.id, memberId, day, streak, now });
    if (id === null) throw new AppError(ErrorCode.CheckinAlreadyDone);
    const rule = a.rule as CheckinRule;
    const reward = rule.rewards.find((r) => r.days === stepOf(streak));
    const grant = reward
      ? await this.d.grants.create(q, {
          kind: 'checkin',
          sourceId: `${a.id}:${memberId}:${day}`,
          memberId,
          title: `${a.title}（连续 ${streak} 天）`,
          amount: parseMoney(reward.amount),
          turnoverMultiple: rule.turnoverMultiple,
          expiresAt: null,
          auto: true,
          requireRealName: a.eligibility.requireRealName,
        })
      : null;
    if (grant) await entries.setCheckinGrant(q, id, grant.id);
    return {
      day,
      streak,
      reward: grant ? fenToYuanString(grant.amount) : null,
      grantId: grant?.id ?? null,
    };
  }

  /** The month's calendar (default this month), today's state and why not yet. */
  async calendar(memberId: number, month?: string): Promise<CheckinCalendar> {
    const q = this.d.db;
    const now = this.d.clock.now();
    const today = shanghaiDate(now);
    const m = month ?? today.slice(0, 7);
    const a = await this.#activity(q, now);
    const empty = { turnover: '0.00', deposits: '0.00', minDaily: '0.00' };
    if (!a)
      return {
        activity: null,
        month: m,
        days: [],
        today: {
          day: today,
          checkedIn: false,
          canCheckIn: false,
          blocker: 'noActivity',
          reason: null,
          ...empty,
        },
        streak: 0,
      };
    const [y, mo] = m.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
    const rows = await entries.checkinsBetween(
      q,
      a.id,
      memberId,
      `${m}-01`,
      `${m}-${String(last).padStart(2, '0')}`,
    );
    const amounts = await entries.grantAmounts(
      q,
      rows.flatMap((r) => (r.grantId ? [r.grantId] : [])),
    );
    const recent = await entries.checkinsBetween(q, a.id, memberId, dayBefore(today), today);
    const mine = recent.find((r) => r.day === today) ?? null;
    const streak = mine?.streak ?? recent.find((r) => r.day === dayBefore(today))?.streak ?? 0;
    const t = await this.#today(q, memberId, a, today);
    const g = await this.d.activities.gate(q, memberId, a, now);
    const blocker = mine
      ? ('done' as const)
      : !g.ok
        ? g.blocker === 'vipTooLow'
          ? ('vipTooLow' as const)
          : ('ineligible' as const)
        : !t.qualified
          ? ('notQualified' as const)
          : null;
    return {
      activity: await this.d.activities.detail(memberId, a.id, q),
      month: m,
      days: rows.map((r) => ({
        day: r.day,
        streak: r.streak,
        reward:
          r.grantId && amounts.has(r.grantId) ? fenToYuanString(amounts.get(r.grantId)!) : null,
      })),
      today: {
        day: today,
        checkedIn: mine !== null,
        canCheckIn: blocker === null,
        blocker,
        reason: g.ok ? null : g.reason,
        turnover: fenToYuanString(t.turnover),
        deposits: fenToYuanString(t.deposited),
        minDaily: fenToYuanString(t.min),
      },
      streak,
    };
  }

  async memberState(
    q: Queryable,
    memberId: number,
    a: ActivityRow,
    now: number,
  ): Promise<Pick<ActivityMemberState, 'actions' | 'blocker' | 'applied' | 'claimable'>> {
    const day = shanghaiDate(now);
    const done = (await entries.checkinsBetween(q, a.id, memberId, day, day)).length > 0;
    return done
      ? { actions: [], blocker: 'done', applied: false, claimable: null }
      : { actions: ['checkin'], blocker: null, applied: false, claimable: null };
  }
}
