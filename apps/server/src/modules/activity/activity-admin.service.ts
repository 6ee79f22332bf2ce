import {
  activityRuleSchemas,
  ErrorCode,
  type ActivityCreateRequest,
  type ActivityKind,
  type ActivityStatus,
  type ActivityUpdateRequest,
  type AdminActivity,
  type AdminActivityPage,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { ExportSource } from '../../lib/export-source';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import * as repo from './activity.repository';
import { presentActivity } from './activity.service';
import { ruleRaises } from './activity-raise';

/**
 * Operators define activities (contract §5 Activities): dates ordered, the rule checked by its
 * kind's schema (rates in basis points, caps in fen, turnover at most 10× the bonus); every
 * change is audited. An ended activity stays as it ended.
 */
export class ActivityAdminService {
  constructor(private readonly d: { db: Db; clock: Clock; audit: AuditService }) {}

  async page(f: {
    kind?: ActivityKind;
    status?: ActivityStatus;
    page: number;
    pageSize: number;
  }): Promise<AdminActivityPage> {
    const { list, total } = await repo.pageActivities(this.d.db, {
      kind: f.kind,
      status: f.status,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    const now = this.d.clock.now();
    return { list: list.map((a) => present(a, now)), total, page: f.page, pageSize: f.pageSize };
  }

  async create(op: Actor, input: ActivityCreateRequest): Promise<AdminActivity> {
    return this.d.db.tx((q) => this.createIn(q, op, input));
  }

  /** `create` inside the caller's transaction (an approved request's). */
  async createIn(q: Queryable, op: Actor, input: ActivityCreateRequest): Promise<AdminActivity> {
    const rule = checked(input.kind, input);
    const now = this.d.clock.now();
    const a = await repo.insertActivity(q, { ...input, rule, createdBy: op.userName, now });
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'activity.create',
      target: `activity:${a.id}`,
      before: null,
      after: snapshot(a),
    });
    return present(a, now);
  }

  /**
   * Whether a new activity pays anything at once: one that starts active is a raise from
   * nothing (contract §4.1); a draft pays nobody until it is activated, which is checked then.
   * Checked as creating would (9411, 9412) so a bad one is refused before anything is filed.
   */
  createRaises(input: ActivityCreateRequest): boolean {
    const rule = checked(input.kind, input);
    return input.status === 'active' && ruleRaises({}, rule);
  }

  /** Demo data (the embedded demo's seed): checked like an operator's, written by 'system'. */
  async seed(q: Queryable, input: ActivityCreateRequest): Promise<void> {
    const rule = checked(input.kind, input);
    await repo.insertActivity(q, { ...input, rule, createdBy: 'system', now: this.d.clock.now() });
  }

  async update(op: Actor, id: number, input: ActivityUpdateRequest): Promise<AdminActivity> {
    return this.d.db.tx((q) => this.updateIn(q, op, id, input));
  }

  /** `update` inside the caller's transaction (an approved request's). */
  async updateIn(
    q: Queryable,
    op: Actor,
    id: number,
    input: ActivityUpdateRequest,
  ): Promise<AdminActivity> {
    const now = this.d.clock.now();
    const before = await this.#open(q, id, true);
    const rule = checked(before.kind, input);
    const a = await repo.updateActivity(q, id, { ...input, rule, now });
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'activity.update',
      target: `activity:${id}`,
      before: snapshot(before),
      after: snapshot(a),
    });
    return present(a, now);
  }

  /**
   * Whether the update raises a reward's rate or cap over the stored rule (contract §4.1, rules
   * in `activity-raise.ts`). Checked as updating would (9414, 9411, 9412) so a bad change is
   * refused before anything is filed.
   */
  async raises(id: number, input: ActivityUpdateRequest): Promise<boolean> {
    const before = await this.#open(this.d.db, id, false);
    // A draft pays nobody: activating it raises from nothing, whatever its stored rule.
    const paying = before.status === 'active' ? before.rule : {};
    const after = checked(before.kind, input);
    return input.status === 'active' && ruleRaises(paying, after);
  }

  async #open(q: Queryable, id: number, lock: boolean): Promise<repo.ActivityRow> {
    const before = await repo.getActivity(q, id, lock);
    if (!before) throw new AppError(ErrorCode.ActivityNotFound);
    if (before.status === 'ended') throw new AppError(ErrorCode.ActivityClosed);
    return before;
  }

  async end(op: Actor, id: number): Promise<AdminActivity> {
    const now = this.d.clock.now();
    return this.d.db.tx(async (q) => {
      const before = await repo.getActivity(q, id, true);
      if (!before) throw new AppError(ErrorCode.ActivityNotFound);
      if (before.status === 'ended') throw new AppError(ErrorCode.ActivityClosed);
      const a = await repo.endActivity(q, id, now);
      await this.d.audit.record(q, {
        actor: op.userName,
        action: 'activity.end',
        target: `activity:${id}`,
        before: snapshot(before),
        after: snapshot(a),
      });
      return present(a, now);
    });
  }

  /** The activities CSV export's rows (reports/list-exports.service.ts): the list's filters. */
  exportSource(f: {
    kind?: ActivityKind;
    status?: ActivityStatus;
  }): ExportSource<repo.ActivityRow, number> {
    return {
      count: () => repo.countActivities(this.d.db, f),
      page: (after, limit) => repo.activitiesAfter(this.d.db, f, after, limit),
      first: 0,
      keyOf: (a) => a.id,
    };
  }
}

/** Dates ordered (9411) and the rule valid for its kind (9412, with the issues). */
function checked(
  kind: ActivityKind,
  input: { startsAt: number; endsAt: number; rule: Record<string, unknown> },
): Record<string, unknown> {
  if (input.endsAt <= input.startsAt) throw new AppError(ErrorCode.ActivityDatesInvalid);
  const r = activityRuleSchemas[kind].safeParse(input.rule);
  if (!r.success)
    throw new AppError(ErrorCode.ActivityRuleInvalid, {
      issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  return r.data as Record<string, unknown>;
}

const snapshot = (a: repo.ActivityRow) => ({
  kind: a.kind,
  title: a.title,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  rule: a.rule,
  eligibility: a.eligibility,
  status: a.status,
});

const present = (a: repo.ActivityRow, now: number): AdminActivity => ({
  ...presentActivity(a, now),
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  createdBy: a.createdBy,
});
