import { ErrorCode, PLAY_LIMIT_KINDS } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  readActiveBreak,
  readExcluded,
  readStanding,
  readWithPlayLimits,
} from './play-break.repository';

/**
 * What a member may be given (contract §5 Rewards): `play` — deposits, launches, transfers in;
 * `reward` — any grant created, claimed or given up; `marketing` — pushes about rewards.
 */
export type EligibilityPurpose = 'play' | 'reward' | 'marketing';
export type IneligibleReason =
  | 'playBreak'
  | 'blocked'
  | 'realNameRequired'
  | 'unknownMember'
  | 'selfExclusionRegister'
  | 'limitReached';

export type Verdict =
  { eligible: true } | { eligible: false; reason: IneligibleReason; endsAt: number | null };

/** What the deposit, launch and transfer services ask before money moves towards play. */
export interface PlayGuard {
  /** Throws 9202 (with the break's kind and end) while the member is on a break. */
  assertCanPlay(q: Queryable, memberId: number): Promise<void>;
  /**
   * Where money enters play (launch, transfer in, 免转): 9202 on a break, 9220 when a loss,
   * wager or time limit is reached (contract §5). Deposits ask `assertCanPlay` only.
   */
  assertCanWager(q: Queryable, memberId: number): Promise<void>;
}

/** The loss, wager and time limits, as the gate asks them (play-limits.service.ts). */
export interface PlayLimitsGate {
  assertWithin(q: Queryable, memberId: number): Promise<void>;
  /** Whether a loss, wager or time limit of the member is reached now. */
  isReached(q: Queryable, memberId: number): Promise<boolean>;
}

/** The self-exclusion register, as the gate asks it before a marketing push (contract §5). */
export interface MarketingRegisterGate {
  /** True when the member may get a push: not on the register, and the register answered. */
  mayMarketTo(memberId: number): Promise<boolean>;
}

/**
 * The one eligibility gate (contract §5 Rewards). A time-out or self-exclusion stops every
 * purpose; a blocked member gets no reward or push; a rule may also require the approved real
 * name. Every reward path asks it. A reached loss, wager or time limit stops rewards and pushes
 * as well as wagering: a bonus or an offer is an invitation to play on (contract §5).
 */
export class EligibilityService implements PlayGuard {
  constructor(
    private readonly clock: Clock,
    /** Bound late: the limits and the register are wired after this service. */
    private readonly gates: { limits?: PlayLimitsGate; register?: MarketingRegisterGate } = {},
  ) {}

  async check(
    q: Queryable,
    memberId: number,
    purpose: EligibilityPurpose,
    rule: { requireRealName?: boolean } = {},
  ): Promise<Verdict> {
    const active = await readActiveBreak(q, memberId, this.clock.now());
    if (active) return { eligible: false, reason: 'playBreak', endsAt: active.endsAt };
    // Play keeps its one check: a blocked member has no session to play with anyway.
    if (purpose === 'play') return { eligible: true };
    const standing = await readStanding(q, memberId);
    if (!standing) return { eligible: false, reason: 'unknownMember', endsAt: null };
    if (standing.blocked) return { eligible: false, reason: 'blocked', endsAt: null };
    if (rule.requireRealName && !standing.realNameApproved)
      return { eligible: false, reason: 'realNameRequired', endsAt: null };
    if (this.gates.limits && (await this.gates.limits.isReached(q, memberId)))
      return { eligible: false, reason: 'limitReached', endsAt: null };
    // A push goes to nobody the register names, nor to anybody while it cannot be asked.
    if (
      purpose === 'marketing' &&
      this.gates.register &&
      !(await this.gates.register.mayMarketTo(memberId))
    )
      return { eligible: false, reason: 'selfExclusionRegister', endsAt: null };
    return { eligible: true };
  }

  /** Throws 9400 with the reason (9202 for play, as before) when the member is not eligible. */
  async assert(
    q: Queryable,
    memberId: number,
    purpose: EligibilityPurpose,
    rule: { requireRealName?: boolean } = {},
  ): Promise<void> {
    if (purpose === 'play') return this.assertCanPlay(q, memberId);
    const v = await this.check(q, memberId, purpose, rule);
    if (!v.eligible)
      throw new AppError(ErrorCode.RewardIneligible, { reason: v.reason, endsAt: v.endsAt });
  }

  async assertCanPlay(q: Queryable, memberId: number): Promise<void> {
    const active = await readActiveBreak(q, memberId, this.clock.now());
    if (active)
      throw new AppError(ErrorCode.PlayBreakActive, { kind: active.kind, endsAt: active.endsAt });
  }

  async assertCanWager(q: Queryable, memberId: number): Promise<void> {
    await this.assertCanPlay(q, memberId);
    await this.gates.limits?.assertWithin(q, memberId);
  }

  /** Of these members, those a job may reward (one query for a whole batch). */
  async eligibleAmong(q: Queryable, memberIds: number[]): Promise<Set<number>> {
    const excluded = await readExcluded(q, memberIds, this.clock.now());
    return new Set(memberIds.filter((id) => !excluded.has(id)));
  }

  /**
   * Of these members, those `check(…, 'reward')` lets through (no real-name rule): one read for
   * breaks and blocks, then the limits of the rest — a job's batch asks this once.
   */
  async rewardableAmong(q: Queryable, memberIds: number[]): Promise<Set<number>> {
    const ok = await this.eligibleAmong(q, memberIds);
    if (!this.gates.limits) return ok;
    // Most members keep no play limit: one read for the lot spares them the per-member sums.
    for (const id of await readWithPlayLimits(q, [...ok], PLAY_LIMIT_KINDS))
      if (await this.gates.limits.isReached(q, id)) ok.delete(id);
    return ok;
  }
}
