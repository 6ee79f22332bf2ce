import {
  ErrorCode,
  fenToYuanString,
  parseMoney,
  type ActivityClaimResult,
  type ActivityMemberState,
  type DepositBonusRule,
  type MemberActivity,
} from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { shanghaiDate, shanghaiDayRange } from '../../lib/shanghai-time';
import type { GrantService } from '../rewards/grant.service';
import type { ActivityKindHandler, ActivityRow, ActivityService } from './activity.service';
import * as entries from './activity-entry.repository';
import type { CreditedDeposit } from './activity-entry.repository';

const HOUR_MS = 3600_000;
const BP = 10_000n;
type DepositKind = 'firstDeposit' | 'redeposit';
const isDepositKind = (k: string): k is DepositKind => k === 'firstDeposit' || k === 'redeposit';

/** 首存 once per member ('first'); 续存 once per Asia/Shanghai day (yyyymmdd). */
const periodOf = (kind: DepositKind, now: number) =>
  kind === 'firstDeposit' ? 'first' : shanghaiDate(now).replaceAll('-', '');

/** The grant's source: unique per kind, so a re-run or a second claim pays nothing new. */
const sourceOf = (a: ActivityRow, memberId: number, period: string) =>
  a.kind === 'firstDeposit'
    ? `firstDeposit:${a.id}:${memberId}`
    : `redeposit:${a.id}:${memberId}:${period}`;

/** The bonus of a deposit under the rule: `percentBp` of it, at most `cap`; 0 below the minimum. */
export function bonusOf(rule: DepositBonusRule, amount: bigint): bigint {
  if (amount < parseMoney(rule.minDeposit)) return 0n;
  const bonus = (amount * BigInt(rule.percentBp)) / BP;
  const cap = parseMoney(rule.cap);
  return bonus < cap ? bonus : cap;
}

/**
 * 首存 / 续存 deposit bonuses (contract §5 Activities). The member applies (申请) before
 * depositing — the next qualifying deposit pays it, from the deposit's credit — or claims
 * (领取) after, within the rule's claim window. 首存 counts the member's first credited deposit
 * only; 续存 any later one, once per Shanghai day. Paid as an automatic grant of kind
 * 'activity' with the rule's turnover multiple.
 */
export class DepositBonusService implements ActivityKindHandler {
  constructor(
    private readonly d: { clock: Clock; activities: ActivityService; grants: GrantService },
  ) {}

  async #depositActivity(q: Queryable, id: number): Promise<ActivityRow & { kind: DepositKind }> {
    const a = await this.d.activities.get(q, id);
    if (!isDepositKind(a.kind)) throw new AppError(ErrorCode.ActivityWrongKind);
    return a as ActivityRow & { kind: DepositKind };
  }

  /** 申请: an entry waiting for the next qualifying deposit (one per member, or per day). */
  async apply(q: Queryable, memberId: number, activityId: number): Promise<MemberActivity> {
    const a = await this.#depositActivity(q, activityId);
    const now = this.d.clock.now();
    await this.d.activities.assertEligible(q, memberId, a, now);
    const period = periodOf(a.kind, now);
    if (a.kind === 'firstDeposit' && (await entries.creditedDeposits(q, memberId, 1)).length > 0)
      throw new AppError(ErrorCode.ActivityFirstDepositTaken);
    if (!(await entries.insertEntry(q, { activityId: a.id, memberId, period, now }))) {
      const e = await entries.readEntry(q, a.id, memberId, period);
      throw new AppError(
        e?.status === 'applied'
          ? ErrorCode.ActivityAlreadyApplied
          : ErrorCode.ActivityAlreadyClaimed,
      );
    }
    return this.d.activities.detail(memberId, a.id, q);
  }

  /** 领取 after depositing: the qualifying deposit within the claim window pays, once. */
  async claim(q: Queryable, memberId: number, activityId: number): Promise<ActivityClaimResult> {
    const a = await this.#depositActivity(q, activityId);
    const now = this.d.clock.now();
    await this.d.activities.assertEligible(q, memberId, a, now);
    const period = periodOf(a.kind, now);
    await entries.insertEntry(q, { activityId: a.id, memberId, period, now });
    const entry = (await entries.lockEntry(q, a.id, memberId, period))!;
    if (entry.status === 'paid') throw new AppError(ErrorCode.ActivityAlreadyClaimed);
    const dep = await this.#claimable(q, memberId, a, now);
    if (!dep) throw new AppError(ErrorCode.ActivityNoQualifyingDeposit);
    const paid = await this.#pay(q, memberId, a, entry.id, period, dep, now);
    if (!paid) throw new AppError(ErrorCode.RewardIneligible);
    return { activityId: a.id, amount: fenToYuanString(paid.amount), grantId: paid.grantId };
  }

  /**
   * After a deposit's ledger transaction (the deposit service's hook): each running deposit
   * activity the member applied for pays when this deposit qualifies. A 首存 application
   * whose first deposit did not qualify is void. Idempotent through the grant's source.
   */
  async onDepositCredited(q: Queryable, memberId: number, depositId: string): Promise<void> {
    const now = this.d.clock.now();
    for (const kind of ['firstDeposit', 'redeposit'] as const) {
      for (const a of await this.d.activities.activeOfKind(q, kind, now)) {
        const period = periodOf(kind, now);
        const entry = await entries.lockEntry(q, a.id, memberId, period);
        if (!entry || entry.status !== 'applied') continue;
        const deposits = await entries.creditedDeposits(q, memberId, 2);
        const dep = await this.#this(q, memberId, depositId);
        const first = deposits[0]?.id === depositId;
        const rule = a.rule as DepositBonusRule;
        const qualifies =
          dep !== null && (kind === 'firstDeposit') === first && bonusOf(rule, dep.amount) > 0n;
        if (!qualifies) {
          if (kind === 'firstDeposit')
            await entries.markEntry(q, entry.id, { status: 'void', depositId, grantId: null, now });
          continue;
        }
        if ((await this.d.activities.gate(q, memberId, a, now)).ok)
          await this.#pay(q, memberId, a, entry.id, period, dep, now);
      }
    }
  }

  async #this(q: Queryable, memberId: number, depositId: string): Promise<CreditedDeposit | null> {
    const [from, to] = shanghaiDayRange(shanghaiDate(this.d.clock.now()));
    return (
      (await entries.creditedIn(q, memberId, from, to)).find((x) => x.id === depositId) ?? null
    );
  }

  /**
   * The deposit a claim pays on: 首存 — the first credited deposit; 续存 — today's largest
   * later one; credited since the activity began, within the claim window, at least the minimum.
   */
  async #claimable(
    q: Queryable,
    memberId: number,
    a: ActivityRow & { kind: DepositKind },
    now: number,
  ): Promise<CreditedDeposit | null> {
    const rule = a.rule as DepositBonusRule;
    const inWindow = (x: CreditedDeposit) =>
      x.creditedAt >= a.startsAt && x.creditedAt + rule.claimWindowHours * HOUR_MS >= now;
    const [first] = await entries.creditedDeposits(q, memberId, 1);
    if (!first) return null;
    if (a.kind === 'firstDeposit')
      return inWindow(first) && bonusOf(rule, first.amount) > 0n ? first : null;
    const [from, to] = shanghaiDayRange(shanghaiDate(now));
    const today = (await entries.creditedIn(q, memberId, from, to)).filter(
      (x) => x.id !== first.id && inWindow(x) && bonusOf(rule, x.amount) > 0n,
    );
    return today.reduce<CreditedDeposit | null>(
      (b, x) => (!b || x.amount > b.amount ? x : b),
      null,
    );
  }

  async #pay(
    q: Queryable,
    memberId: number,
    a: ActivityRow,
    entryId: number,
    period: string,
    dep: CreditedDeposit,
    now: number,
  ): Promise<{ amount: bigint; grantId: number } | null> {
    const rule = a.rule as DepositBonusRule;
    const amount = bonusOf(rule, dep.amount);
    const grant = await this.d.grants.create(q, {
      kind: 'activity',
      sourceId: sourceOf(a, memberId, period),
      memberId,
      title: a.title,
      amount,
      turnoverMultiple: rule.turnoverMultiple,
      expiresAt: null,
      auto: true,
      requireRealName: a.eligibility.requireRealName,
    });
    if (!grant) return null;
    await entries.markEntry(q, entryId, {
      status: 'paid',
      depositId: dep.id,
      grantId: grant.id,
      now,
    });
    return { amount: grant.amount, grantId: grant.id };
  }

  /** The list's state: 领取 when a deposit qualifies, else 申请 (or done / waiting). */
  async memberState(
    q: Queryable,
    memberId: number,
    a: ActivityRow,
    now: number,
  ): Promise<Pick<ActivityMemberState, 'actions' | 'blocker' | 'applied' | 'claimable'>> {
    if (!isDepositKind(a.kind))
      return { actions: [], blocker: null, applied: false, claimable: null };
    const da = a as ActivityRow & { kind: DepositKind };
    const e = await entries.readEntry(q, a.id, memberId, periodOf(da.kind, now));
    if (e?.status === 'paid')
      return { actions: [], blocker: 'done', applied: false, claimable: null };
    const dep = await this.#claimable(q, memberId, da, now);
    if (dep) {
      const amount = fenToYuanString(bonusOf(a.rule as DepositBonusRule, dep.amount));
      return { actions: ['claim'], blocker: null, applied: false, claimable: amount };
    }
    const applied = e?.status === 'applied';
    if (da.kind === 'firstDeposit' && (await entries.creditedDeposits(q, memberId, 1)).length > 0)
      return { actions: [], blocker: 'noQualifyingDeposit', applied: false, claimable: null };
    return { actions: applied ? [] : ['apply'], blocker: null, applied, claimable: null };
  }
}
