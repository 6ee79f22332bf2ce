import {
  ErrorCode,
  fenToYuanString,
  parseMoney,
  type AdminGrant,
  type GrantKind,
  type GrantStatus,
  type ManualGrantRequest,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { shanghaiDayRange } from '../../lib/shanghai-time';
import type { Actor, AuditService } from '../audit/audit.service';
import * as repo from './grant.repository';
import type { GrantService } from './grant.service';
import type { ExportSource } from '../../lib/export-source';

/** Operators' grant tools (contract §5 Rewards): a member's grants, revocation, the daily report. */
export class GrantAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly grants: GrantService,
    private readonly audit: AuditService,
  ) {}

  async memberGrants(
    memberId: number,
    f: { status?: GrantStatus; kind?: GrantKind; page: number; pageSize: number },
  ) {
    const page = await this.grants.page(memberId, f);
    return { ...page, list: page.list.map((g) => ({ ...g, memberId })) };
  }

  /** Revokes an available grant (audited); a paid grant is never reversed. */
  async revoke(op: Actor, grantId: number, reason: string) {
    return this.db.tx(async (q) => {
      const g = await repo.lockGrant(q, grantId);
      if (!g) throw new AppError(ErrorCode.GrantNotFound);
      if (g.status !== 'available') throw new AppError(ErrorCode.GrantNotAvailable);
      await repo.markRevoked(q, g.id, op.userName, reason, this.clock.now());
      await this.audit.record(q, {
        actor: op.userName,
        action: 'grant.revoke',
        target: `grant:${g.id}`,
        before: { status: g.status, memberId: g.memberId, amount: fenToYuanString(g.amount) },
        after: { status: 'revoked', reason },
      });
      const [shown] = await this.grants.present(q, [(await repo.getGrant(q, g.id))!]);
      return { ...shown!, memberId: g.memberId };
    });
  }

  /**
   * What a manual grant pays (fen), for the four-eyes gate (contract §4.1). A member the reward
   * gate refuses (unknown, blocked, on a break) is 9660 here, before anything is filed.
   */
  async manualValue(memberId: number, input: ManualGrantRequest): Promise<bigint> {
    if (!(await this.grants.mayReceive(this.db, memberId)))
      throw new AppError(ErrorCode.ManualGrantRefused);
    return parseMoney(input.amount);
  }

  /**
   * Pays a manual grant at once inside the caller's money unit (kind `manual`, source
   * `sourceId`: an approval's reference or the call's own id, so it pays once), audited.
   */
  async grantIn(
    q: Queryable,
    op: Actor,
    memberId: number,
    input: ManualGrantRequest,
    sourceId: string,
  ): Promise<AdminGrant> {
    const g = await this.grants.create(q, {
      kind: 'manual',
      sourceId,
      memberId,
      title: input.title,
      amount: parseMoney(input.amount),
      turnoverMultiple: input.turnoverMultiple,
      expiresAt: null,
      auto: true,
    });
    if (!g) throw new AppError(ErrorCode.ManualGrantRefused);
    await this.audit.record(q, {
      actor: op.userName,
      action: 'grant.manual',
      target: `grant:${g.id}`,
      before: null,
      after: { memberId, amount: input.amount, title: input.title, reason: input.reason },
    });
    const [shown] = await this.grants.present(q, [g]);
    return { ...shown!, memberId };
  }

  /** Grants paid per Shanghai day and kind, `from` to `to` inclusive. */
  async report(from: string, to: string) {
    if (from > to)
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'from', message: 'after to' }],
      });
    const rows = await repo.paidReport(this.db, shanghaiDayRange(from)[0], shanghaiDayRange(to)[1]);
    return { list: rows.map((r) => ({ ...r, amount: fenToYuanString(r.amount) })) };
  }

  /** The grants CSV export's rows (reports/list-exports.service.ts): the list's filters. */
  exportSource(f: repo.GrantExportFilter): ExportSource<repo.GrantRow, number> {
    return {
      count: () => repo.countGrants(this.db, f),
      page: (after, limit) => repo.grantsAfter(this.db, f, after, limit),
      first: 0,
      keyOf: (g) => g.id,
    };
  }
}
