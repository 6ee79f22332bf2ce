import {
  ErrorCode,
  LIMIT_CONFIRM_WINDOW_MS,
  LIMIT_KINDS,
  fenToYuanString,
  type AdminMemberLimits,
  type LimitKind,
  type LimitPeriod,
  type LimitRequest,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './limits.repository';

export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];

/** One limit as the member sees it: the amount in force and the request waiting, if any. */
export interface LimitState {
  period: LimitPeriod;
  amount: bigint | null;
  request: repo.RequestRow | null;
}

export interface LimitsDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  members: MemberService;
  audit: AuditService;
  /**
   * A limit in force changed (set, lowered, confirmed raised or removed, an operator's change),
   * after the commit: the venues must hear the new loss and wager allowance at once (contract
   * §5) — a confirmed removal above all, since the 5-minute refresh skips members without
   * limits and a venue would otherwise keep refusing past the old one. Bound late in
   * services.ts (the venues are wired after this service).
   */
  changed?: (memberId: number, kind: LimitKind) => Promise<void>;
}

/**
 * Two-step loosening for every limit a member keeps (contract §5): a first limit, a lower one or
 * withdrawing a waiting request applies at once; a raise or a removal is parked as a request the
 * member may confirm from the cooling-off (`rgCoolingOffHours`) until 7 days later, after which
 * it expires. Only `confirm`, called by the member, ever loosens a limit; any other change to
 * the limit withdraws the waiting request. Operators may create or lower a limit, never raise
 * or remove one (9213). Every change runs under the member's row lock, one after another.
 */
export class LimitsService {
  constructor(private readonly d: LimitsDeps) {}

  /** How long a raise or removal waits before the member may confirm it. */
  async coolingOffHours(): Promise<number> {
    return (await this.d.settings.get()).rgCoolingOffHours;
  }

  /** The limits in force of one kind, by period (absent: no limit). */
  async amounts(
    q: Queryable,
    memberId: number,
    kind: LimitKind,
  ): Promise<Map<LimitPeriod, bigint>> {
    const rows = await repo.readLimits(q, memberId, kind);
    return new Map(rows.map((r) => [r.period, r.amount]));
  }

  /**
   * Every limit in force, by kind and period, in one read: the play checks ask for several
   * kinds on every launch, transfer and bet copy (one read per kind was 16 reads per visit in
   * bench:site, docs/benchmarks.md "## site").
   */
  async allAmounts(
    q: Queryable,
    memberId: number,
  ): Promise<Map<LimitKind, Map<LimitPeriod, bigint>>> {
    const out = new Map<LimitKind, Map<LimitPeriod, bigint>>();
    for (const r of await repo.readLimits(q, memberId)) {
      let byPeriod = out.get(r.kind);
      if (!byPeriod) out.set(r.kind, (byPeriod = new Map<LimitPeriod, bigint>()));
      byPeriod.set(r.period, r.amount);
    }
    return out;
  }

  /** Each period of one kind with its amount and any request still open. */
  async states(q: Queryable, memberId: number, kind: LimitKind): Promise<LimitState[]> {
    const now = this.d.clock.now();
    const amounts = await this.amounts(q, memberId, kind);
    const open = (await repo.readOpenRequests(q, memberId, kind)).filter((r) => r.expiresAt > now);
    return LIMIT_PERIODS.map((period) => ({
      period,
      amount: amounts.get(period) ?? null,
      request: open.find((r) => r.period === period) ?? null,
    }));
  }

  /** The member changes a limit (amount null: remove it); see the class comment. */
  async set(
    memberId: number,
    kind: LimitKind,
    period: LimitPeriod,
    amount: bigint | null,
  ): Promise<void> {
    positive(amount);
    wholeMinutes(kind, amount);
    const coolingOffMs = (await this.d.settings.get()).rgCoolingOffHours * 3600_000;
    const applied = await this.d.db.tx(async (q) => {
      await this.d.members.lock(q, memberId);
      const now = this.d.clock.now();
      const current = (await this.amounts(q, memberId, kind)).get(period) ?? null;
      await this.#closeOpen(q, memberId, kind, period, now);
      const tightens = amount !== null && (current === null || amount <= current);
      if (tightens) {
        await repo.writeLimit(q, memberId, { kind, period, amount }, now);
        return true;
      }
      // Removing a limit that does not exist changes nothing.
      if (amount === null && current === null) return false;
      const confirmableAt = now + coolingOffMs;
      await repo.insertRequest(q, {
        memberId,
        kind,
        period,
        amount,
        requestedAt: now,
        confirmableAt,
        expiresAt: confirmableAt + LIMIT_CONFIRM_WINDOW_MS,
      });
      return false;
    });
    if (applied) await this.d.changed?.(memberId, kind);
  }

  /** The member confirms their own request inside its window: the only way a limit loosens. */
  async confirm(memberId: number, requestId: number): Promise<LimitRequest> {
    const row = await this.d.db.tx(async (q) => {
      await this.d.members.lock(q, memberId);
      const now = this.d.clock.now();
      const r = await this.#own(q, memberId, requestId);
      if (now < r.confirmableAt)
        throw new AppError(ErrorCode.LimitRequestTooEarly, { confirmableAt: r.confirmableAt });
      if (now >= r.expiresAt)
        throw new AppError(ErrorCode.LimitRequestExpired, { expiresAt: r.expiresAt });
      await repo.writeLimit(q, memberId, r, now);
      await repo.resolveRequest(q, r.id, 'confirmed', now);
      return { ...r, state: 'confirmed' as const };
    });
    await this.d.changed?.(memberId, row.kind);
    return presentRequest(row);
  }

  /** The member withdraws a waiting request: nothing loosens. */
  async cancel(memberId: number, requestId: number): Promise<LimitRequest> {
    const row = await this.d.db.tx(async (q) => {
      await this.d.members.lock(q, memberId);
      const now = this.d.clock.now();
      const r = await this.#own(q, memberId, requestId);
      const state = now >= r.expiresAt ? ('expired' as const) : ('cancelled' as const);
      await repo.resolveRequest(q, r.id, state, now);
      return { ...r, state };
    });
    return presentRequest(row);
  }

  /** An operator creates or lowers a member's limit, with a reason, audited; never raises. */
  async operatorSet(
    op: Actor,
    memberId: number,
    input: { kind: LimitKind; period: LimitPeriod; amount: bigint; reason: string },
  ): Promise<AdminMemberLimits> {
    positive(input.amount);
    wholeMinutes(input.kind, input.amount);
    await this.d.db.tx(async (q) => {
      if (!(await this.d.members.exists(q, memberId)))
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'memberId', message: 'unknown member' }],
        });
      await this.d.members.lock(q, memberId);
      const now = this.d.clock.now();
      const current = (await this.amounts(q, memberId, input.kind)).get(input.period) ?? null;
      if (current !== null && input.amount > current)
        throw new AppError(ErrorCode.LimitRaiseByOperator, { current: fenToYuanString(current) });
      // A raise the member asked for against the old limit no longer stands.
      await this.#closeOpen(q, memberId, input.kind, input.period, now);
      await repo.writeLimit(q, memberId, input, now);
      await this.d.audit.record(q, {
        actor: op.userName,
        action: 'limit.set',
        target: `member:${memberId}`,
        before: {
          kind: input.kind,
          period: input.period,
          amount: current === null ? null : fenToYuanString(current),
        },
        after: { amount: fenToYuanString(input.amount), reason: input.reason },
      });
    });
    await this.d.changed?.(memberId, input.kind);
    return this.adminView(memberId);
  }

  async adminView(memberId: number): Promise<AdminMemberLimits> {
    const list = [];
    for (const kind of LIMIT_KINDS) {
      for (const s of await this.states(this.d.db, memberId, kind))
        list.push({
          kind,
          period: s.period,
          amount: s.amount === null ? null : fenToYuanString(s.amount),
          request: s.request && presentRequest(s.request),
        });
    }
    return { list };
  }

  async #own(q: Queryable, memberId: number, requestId: number): Promise<repo.RequestRow> {
    const r = await repo.readRequest(q, requestId);
    // Another member's request answers as a missing one: ids reveal nothing.
    if (!r || r.memberId !== memberId || r.state !== 'pending')
      throw new AppError(ErrorCode.LimitRequestNotFound);
    return r;
  }

  async #closeOpen(
    q: Queryable,
    memberId: number,
    kind: LimitKind,
    period: LimitPeriod,
    now: number,
  ): Promise<void> {
    for (const r of await repo.readOpenRequests(q, memberId, kind)) {
      if (r.period !== period) continue;
      await repo.resolveRequest(q, r.id, r.expiresAt <= now ? 'expired' : 'cancelled', now);
    }
  }
}

function positive(amount: bigint | null): void {
  if (amount !== null && amount <= 0n)
    throw new AppError(ErrorCode.Validation, {
      issues: [{ path: 'amount', message: 'must be positive' }],
    });
}

/** A time limit is in minutes, carried like money: '90.00' is 90 minutes, '90.50' no limit. */
function wholeMinutes(kind: LimitKind, amount: bigint | null): void {
  if (kind === 'time' && amount !== null && amount % 100n !== 0n)
    throw new AppError(ErrorCode.PlayLimitTimeWhole);
}

export function presentRequest(r: repo.RequestRow): LimitRequest {
  return {
    id: r.id,
    kind: r.kind,
    period: r.period,
    amount: r.amount === null ? null : fenToYuanString(r.amount),
    requestedAt: r.requestedAt,
    confirmableAt: r.confirmableAt,
    expiresAt: r.expiresAt,
    state: r.state,
  };
}
