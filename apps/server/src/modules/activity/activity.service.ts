import {
  ErrorCode,
  type Activity,
  type ActivityKind,
  type ActivityMemberState,
  type ActivityPhase,
  type MemberActivity,
  type MemberActivityList,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { EligibilityService } from '../play-break/eligibility.service';
import * as repo from './activity.repository';
import { readVipLevel } from './activity-entry.repository';

export type { ActivityRow } from './activity.repository';

/** Why the member may not act, answered without throwing (the pages say it). */
export type Gate =
  | { ok: true }
  | {
      ok: false;
      blocker: 'notStarted' | 'ended' | 'ineligible' | 'vipTooLow';
      reason: ActivityMemberState['reason'];
      endsAt: number | null;
    };

/**
 * A kind's part in the member's view of its activity: the actions open now and what blocks
 * them beyond the shared gate. Each kind's service registers one (`registerKind`).
 */
export interface ActivityKindHandler {
  memberState(
    q: Queryable,
    memberId: number,
    a: repo.ActivityRow,
    now: number,
  ): Promise<Pick<ActivityMemberState, 'actions' | 'blocker' | 'applied' | 'claimable'>>;
}

export const phaseOf = (a: repo.ActivityRow, now: number): ActivityPhase =>
  a.status === 'ended' || a.endsAt <= now ? 'ended' : a.startsAt > now ? 'upcoming' : 'running';

export const presentActivity = (a: repo.ActivityRow, now: number): Activity => ({
  id: a.id,
  kind: a.kind,
  title: a.title,
  pictureUrl: a.pictureUrl,
  rulesText: a.rulesText,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  rule: a.rule,
  eligibility: a.eligibility,
  status: a.status,
  phase: phaseOf(a, now),
});

/**
 * The activities framework (contract §5 Activities): which activities run, and whether a
 * member may take part — the activity's dates, the one eligibility gate (purpose `reward`,
 * with the activity's real-name rule) and its VIP minimum. Every activity's reward path calls
 * `assertEligible` before paying; the kinds add their own state through `registerKind`.
 */
export class ActivityService {
  readonly #kinds = new Map<ActivityKind, ActivityKindHandler>();

  constructor(private readonly d: { db: Db; clock: Clock; eligibility: EligibilityService }) {}

  /** A unit of work on the activities' database (a route's one service call). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.d.db.tx(fn);
  }

  registerKind(kinds: readonly ActivityKind[], handler: ActivityKindHandler): void {
    for (const k of kinds) this.#kinds.set(k, handler);
  }

  /** The activities of `kind` running at `now`, oldest first. */
  activeOfKind(q: Queryable, kind: ActivityKind, now: number): Promise<repo.ActivityRow[]> {
    return repo.activeOfKind(q, kind, now);
  }

  /** The activity, or 9410 (a draft is not shown to members). */
  async get(q: Queryable, id: number, opts: { lock?: boolean; drafts?: boolean } = {}) {
    const a = await repo.getActivity(q, id, opts.lock ?? false);
    if (!a || (a.status === 'draft' && !opts.drafts))
      throw new AppError(ErrorCode.ActivityNotFound);
    return a;
  }

  /** The shared gate without throwing: dates, eligibility (purpose `reward`), VIP minimum. */
  async gate(q: Queryable, memberId: number, a: repo.ActivityRow, now: number): Promise<Gate> {
    const phase = phaseOf(a, now);
    if (phase === 'upcoming')
      return { ok: false, blocker: 'notStarted', reason: null, endsAt: null };
    if (phase === 'ended') return { ok: false, blocker: 'ended', reason: null, endsAt: null };
    const v = await this.d.eligibility.check(q, memberId, 'reward', {
      requireRealName: a.eligibility.requireRealName,
    });
    if (!v.eligible)
      return { ok: false, blocker: 'ineligible', reason: v.reason, endsAt: v.endsAt };
    if (
      a.eligibility.minVipLevel > 0 &&
      (await readVipLevel(q, memberId)) < a.eligibility.minVipLevel
    )
      return { ok: false, blocker: 'vipTooLow', reason: null, endsAt: null };
    return { ok: true };
  }

  /**
   * Throws unless the member may take part now: 9413 outside its dates, 9400 (with the gate's
   * reason) when the eligibility gate refuses, 9418 below its VIP minimum.
   */
  async assertEligible(
    q: Queryable,
    memberId: number,
    a: repo.ActivityRow,
    now: number,
  ): Promise<void> {
    const g = await this.gate(q, memberId, a, now);
    if (g.ok) return;
    if (g.blocker === 'ineligible')
      throw new AppError(ErrorCode.RewardIneligible, { reason: g.reason, endsAt: g.endsAt });
    if (g.blocker === 'vipTooLow')
      throw new AppError(ErrorCode.ActivityVipTooLow, { minVipLevel: a.eligibility.minVipLevel });
    throw new AppError(ErrorCode.ActivityNotRunning);
  }

  /** 优惠 list: running and upcoming activities, with the member's state when signed in. */
  async list(memberId: number | null): Promise<MemberActivityList> {
    const now = this.d.clock.now();
    const rows = await repo.listPublic(this.d.db, now);
    const list: MemberActivity[] = [];
    for (const a of rows) list.push(await this.#forMember(this.d.db, memberId, a, now));
    return { list };
  }

  async detail(memberId: number | null, id: number, q: Queryable = this.d.db) {
    const now = this.d.clock.now();
    return this.#forMember(q, memberId, await this.get(q, id), now);
  }

  async #forMember(
    q: Queryable,
    memberId: number | null,
    a: repo.ActivityRow,
    now: number,
  ): Promise<MemberActivity> {
    const base = presentActivity(a, now);
    if (memberId === null) return { ...base, me: null };
    return { ...base, me: await this.memberState(q, memberId, a, now) };
  }

  async memberState(
    q: Queryable,
    memberId: number,
    a: repo.ActivityRow,
    now: number,
  ): Promise<ActivityMemberState> {
    const g = await this.gate(q, memberId, a, now);
    const handler = this.#kinds.get(a.kind);
    const own = handler
      ? await handler.memberState(q, memberId, a, now)
      : { actions: ['open' as const], blocker: null, applied: false, claimable: null };
    if (!g.ok)
      return { ...own, actions: [], blocker: g.blocker, reason: g.reason, endsAt: g.endsAt };
    return { ...own, reason: null, endsAt: null };
  }
}
