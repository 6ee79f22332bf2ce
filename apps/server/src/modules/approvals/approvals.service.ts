import {
  ErrorCode,
  fenToYuanString,
  routes,
  type AdminRouteMeta,
  type ApprovalView,
  type FourEyesMarker,
  type RouteName,
  type StepUpClass,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Operator } from '../../http/operator-context';
import type { AuditService } from '../audit/audit.service';
import type { SettingsService } from '../settings/settings.service';
import type { StepUpService } from '../admin/step-up.service';
import * as repo from './approvals.repository';
import type { ExportSource } from '../../lib/export-source';
import { valueAndThreshold, type ActionValue } from './four-eyes-value';

/** A pending request lives this long, then counts as expired (docs/contract.md §4.1). */
export const APPROVAL_TTL_MS = 24 * 3600 * 1000;

/** Who asked, who approved, and the reference that makes the action's money move once. */
export interface ApprovalContext {
  requestedBy: string;
  approvedBy: string;
  reference: string;
}

/** Runs an approved action inside the approval's transaction; answers what it did. */
export type ApprovalExecutor = (
  q: Queryable,
  ctx: ApprovalContext,
  payload: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

export interface ApprovalServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  settings: SettingsService;
  /** Approving runs the action: its step-up class binds the approver too. */
  stepUps?: Pick<StepUpService, 'require'>;
}

/**
 * The step-up an approval of this action needs: the action route's own class, else `money`
 * for a money four-eyes class (an approval moves the money the request holds).
 */
export function approvalStepUp(action: string): StepUpClass | undefined {
  const meta = routes[action as RouteName] as AdminRouteMeta | undefined;
  return meta?.stepUp ?? (meta?.fourEyes?.class === 'money' ? 'money' : undefined);
}

function markerOf(action: string): FourEyesMarker {
  const marker = (routes[action as RouteName] as AdminRouteMeta | undefined)?.fourEyes;
  if (!marker) throw new Error(`${action} is not a four-eyes route`);
  return marker;
}

/**
 * Four eyes: a route the route table marks `fourEyes` files a pending request when its value
 * is above the class's threshold (a site setting), and a different operator holding the
 * marker's approving permission runs it — once: the request row is locked, its status moves
 * from pending in the same transaction as the action, whose money carries `approval:{id}`.
 */
export class ApprovalService {
  readonly #executors = new Map<string, ApprovalExecutor>();

  constructor(private readonly d: ApprovalServiceDeps) {}

  /** A module that owns a four-eyes route says how to run it once approved. */
  register(action: RouteName, executor: ApprovalExecutor): void {
    markerOf(action);
    this.#executors.set(action, executor);
  }

  /** Whether an approved request of this action can run (every four-eyes route must). */
  executes(action: RouteName): boolean {
    return this.#executors.has(action);
  }

  /**
   * Lets the call through at or below the threshold; above it files a pending request and
   * refuses with 9602 (the request's id in `data`), or 9603 when one is pending already.
   */
  async gate(
    op: Operator,
    action: RouteName,
    target: string,
    value: ActionValue,
    payload: Record<string, unknown>,
  ): Promise<void> {
    const marker = markerOf(action);
    const [fen, threshold] = valueAndThreshold(await this.d.settings.get(), marker, value);
    if (fen <= threshold) return;
    // The stored amount is yuan on the list; points show in the payload instead.
    await this.#file(op, action, target, marker.class === 'points' ? null : fen, payload);
  }

  /**
   * A change that raises a reward's rate or cap (`raises`, the owning service's comparison
   * with the stored values) files a pending request whatever its size; one that lowers or
   * keeps them passes at once (docs/contract.md §4.1).
   */
  async gateRaise(
    op: Operator,
    action: RouteName,
    target: string,
    raises: boolean,
    payload: Record<string, unknown>,
  ): Promise<void> {
    markerOf(action);
    if (!raises) return;
    await this.#file(op, action, target, null, payload);
  }

  async #file(
    op: Operator,
    action: RouteName,
    target: string,
    fen: bigint | null,
    payload: Record<string, unknown>,
  ): Promise<never> {
    const now = this.d.clock.now();
    const expiresAt = now + APPROVAL_TTL_MS;
    const id = await this.d.db.tx(async (q) => {
      await repo.expireStale(q, now);
      const created = await repo.insertRequest(q, {
        action,
        target,
        payload,
        amount: fen,
        requestedBy: op.operatorId,
        now,
        expiresAt,
      });
      if (created)
        await this.#audit(q, op, 'approval.request', created, null, { action, target, payload });
      return created;
    });
    if (!id) throw new AppError(ErrorCode.ApprovalDuplicate, { action, target });
    throw new AppError(ErrorCode.ApprovalPending, { approvalId: id, expiresAt });
  }

  /**
   * The requests this operator's list shows (those they may decide, and their own) for its CSV
   * export (reports/list-exports.service.ts), in id order; stale ones marked expired first.
   */
  async exportSource(
    op: Operator,
    status: repo.ApprovalStatus | undefined,
  ): Promise<ExportSource<repo.ApprovalRow, number>> {
    await repo.expireStale(this.d.db, this.d.clock.now());
    const actions = [...this.#executors.keys()].filter((a) =>
      op.permissions.has(markerOf(a).approve),
    );
    const f = { status, actions, operatorId: op.operatorId };
    return {
      count: () => repo.countRequests(this.d.db, f),
      page: (after, limit) => repo.requestsAfter(this.d.db, f, after, limit),
      first: 0,
      keyOf: (a) => a.id,
    };
  }

  /** The requests this operator may decide (by permission) or filed themself. */
  async list(
    op: Operator,
    status: repo.ApprovalStatus | undefined,
    page: number,
    pageSize: number,
  ) {
    await repo.expireStale(this.d.db, this.d.clock.now());
    const actions = [...this.#executors.keys()].filter((a) =>
      op.permissions.has(markerOf(a).approve),
    );
    const r = await repo.listRequests(
      this.d.db,
      { status, actions, operatorId: op.operatorId },
      pageSize,
      (page - 1) * pageSize,
    );
    return { list: r.list.map(view), total: r.total, page, pageSize };
  }

  async approve(op: Operator, id: number): Promise<ApprovalView> {
    // The approver who may decide it steps up first (9600); the other refusals stay #decide's.
    const row = await repo.findRequest(this.d.db, id);
    const cls = row && approvalStepUp(row.action);
    if (
      cls &&
      this.d.stepUps &&
      row.status === 'pending' &&
      row.requestedById !== op.operatorId &&
      op.permissions.has(markerOf(row.action).approve)
    )
      await this.d.stepUps.require(op, cls);
    return this.#decide(op, id, async (q, row) => {
      const executor = this.#executors.get(row.action);
      if (!executor) throw new Error(`no executor for ${row.action}`);
      const ctx = {
        requestedBy: row.requestedBy,
        approvedBy: op.userName,
        reference: `approval:${row.id}`,
      };
      return { status: 'approved', result: await executor(q, ctx, row.payload) };
    });
  }

  async reject(op: Operator, id: number, reason: string): Promise<ApprovalView> {
    return this.#decide(op, id, () => Promise.resolve({ status: 'rejected', result: { reason } }));
  }

  async #decide(
    op: Operator,
    id: number,
    act: (
      q: Queryable,
      row: repo.ApprovalRow,
    ) => Promise<{ status: 'approved' | 'rejected'; result: Record<string, unknown> }>,
  ): Promise<ApprovalView> {
    const now = this.d.clock.now();
    await repo.expireStale(this.d.db, now);
    const outcome = await this.d.db.tx(async (q) => {
      // The lock serialises deciders: the first moves the status, the rest see it moved.
      const row = await repo.findRequest(q, id, true);
      if (!row) throw new AppError(ErrorCode.ApprovalNotFound);
      if (row.status === 'expired') throw new AppError(ErrorCode.ApprovalExpired);
      if (row.status !== 'pending') throw new AppError(ErrorCode.ApprovalDecided);
      if (row.requestedById === op.operatorId) throw new AppError(ErrorCode.ApprovalOwnRequest);
      const marker = markerOf(row.action);
      if (!op.permissions.has(marker.approve)) return { denied: marker.approve };
      const done = await act(q, row);
      await repo.decide(q, id, { ...done, decidedBy: op.operatorId, now });
      await this.#audit(q, op, `approval.${done.status}`, id, { status: 'pending' }, done);
      return { row: (await repo.findRequest(q, id))! };
    });
    if ('denied' in outcome) {
      await this.#audit(this.d.db, op, 'operator.denied', id, null, {
        permission: outcome.denied,
      });
      throw new AppError(ErrorCode.AdminForbidden);
    }
    return view(outcome.row);
  }

  async #audit(
    q: Queryable,
    op: Operator,
    action: string,
    id: number,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await this.d.audit.record(q, {
      actor: op.userName,
      action,
      target: `approval:${id}`,
      before,
      after,
    });
  }
}

function view(row: repo.ApprovalRow): ApprovalView {
  return {
    id: row.id,
    action: row.action,
    target: row.target,
    payload: row.payload,
    amount: row.amount === null ? null : fenToYuanString(row.amount),
    requestedBy: row.requestedBy,
    status: row.status,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    decidedAt: row.decidedAt,
    result: row.result,
    approve: markerOf(row.action).approve,
  };
}
