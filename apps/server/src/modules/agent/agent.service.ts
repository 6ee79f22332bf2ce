import {
  ErrorCode,
  fenToYuanString,
  type AgentApplication,
  type AgentApplicationStatus,
  type AgentStatus,
  type AgentSummary,
  type AgentApplicationPage,
  type AdminDownlinePage,
  type DownlinePage,
  type CommissionStatementPage,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { ExportSource } from '../../lib/export-source';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import * as repo from './agent.repository';
import { adminDownline, downlineCounts, pageDownline } from './downline.repository';
import { readSettings } from './commission.repository';
import { pageStatements } from './statement.repository';
import { monthOf, monthRange } from './commission-math';
import { presentStatement } from './commission-admin.service';
import type { CommissionService } from './commission.service';

/** One row of an agent's downline as operators see it. */
export type AdminDownlineRow = AdminDownlinePage['list'][number];

/**
 * Agents (contract §5 Agents): a member applies, an operator approves (audited); an approved
 * agent's code is their invite code, and a member registering with it joins the downline. The
 * downline is a closure table; an operator may move a member (and everyone under them) under
 * another agent, never under their own downline.
 */
export class AgentService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      audit: AuditService;
      commission: CommissionService;
    },
  ) {}

  async status(memberId: number): Promise<AgentStatus> {
    const [application, agent] = await Promise.all([
      repo.latestApplication(this.d.db, memberId),
      repo.readAgent(this.d.db, memberId),
    ]);
    return { application: application && present(application), agent };
  }

  /** One pending or approved application per member: a second is refused (9500). */
  async apply(memberId: number, input: { contact: string; note?: string }): Promise<AgentStatus> {
    const id = await repo.insertApplication(this.d.db, {
      memberId,
      contact: input.contact,
      note: input.note ?? '',
      now: this.d.clock.now(),
    });
    if (id === null) throw new AppError(ErrorCode.AgentApplicationExists);
    return this.status(memberId);
  }

  async #agent(memberId: number): Promise<void> {
    if (!(await repo.readAgent(this.d.db, memberId))) throw new AppError(ErrorCode.AgentNotAgent);
  }

  async summary(memberId: number): Promise<AgentSummary> {
    await this.#agent(memberId);
    const [running, rules, counts] = await Promise.all([
      this.d.commission.running(memberId),
      this.d.commission.rules(),
      downlineCounts(this.d.db, memberId),
    ]);
    return { running, rules, directCount: counts.direct, allCount: counts.all };
  }

  async downline(
    memberId: number,
    f: { scope: 'direct' | 'all'; page: number; pageSize: number },
  ): Promise<DownlinePage> {
    await this.#agent(memberId);
    const [from, to] = monthRange(monthOf(this.d.clock.now()));
    const [{ list, total }, settings] = await Promise.all([
      pageDownline(this.d.db, {
        agentId: memberId,
        direct: f.scope === 'direct',
        from,
        to,
        limit: f.pageSize,
        offset: (f.page - 1) * f.pageSize,
      }),
      readSettings(this.d.db),
    ]);
    return {
      list: list.map((r) => ({
        userName: r.userName,
        depth: r.depth,
        isAgent: r.isAgent,
        registeredAt: r.registeredAt,
        deposits: fenToYuanString(r.deposits),
        validTurnover: fenToYuanString(r.validTurnover),
        active: r.validTurnover > 0n && r.validTurnover >= settings.activeMinTurnover,
      })),
      total,
      page: f.page,
      pageSize: f.pageSize,
    };
  }

  /** An agent's downline for operators (paged, by part of a name), with each member's id. */
  async adminDownline(
    agentId: number,
    f: { scope: 'direct' | 'all'; q?: string | undefined; page: number; pageSize: number },
  ) {
    const { list, total } = await this.#adminDownline(agentId, f, {
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return { list, total, page: f.page, pageSize: f.pageSize };
  }

  /** The downline CSV export's rows (reports/list-exports.service.ts), newest first by key. */
  downlineExportSource(
    agentId: number,
    f: { scope: 'direct' | 'all'; q?: string | undefined },
  ): ExportSource<AdminDownlineRow, number> {
    return {
      count: async () => (await this.#adminDownline(agentId, f, { limit: 0 })).total,
      page: async (beforeId, limit) =>
        (await this.#adminDownline(agentId, f, { limit, beforeId })).list,
      first: 2_147_483_647,
      keyOf: (r) => r.memberId,
    };
  }

  async #adminDownline(
    agentId: number,
    f: { scope: 'direct' | 'all'; q?: string | undefined },
    page: { limit: number; offset?: number; beforeId?: number },
  ): Promise<{ list: AdminDownlineRow[]; total: number }> {
    await this.#agent(agentId);
    const [from, to] = monthRange(monthOf(this.d.clock.now()));
    const [{ list, total }, settings] = await Promise.all([
      adminDownline(this.d.db, { agentId, direct: f.scope === 'direct', q: f.q, from, to }, page),
      readSettings(this.d.db),
    ]);
    return {
      list: list.map((r) => ({
        memberId: r.memberId,
        userName: r.userName,
        depth: r.depth,
        isAgent: r.isAgent,
        registeredAt: r.registeredAt,
        deposits: fenToYuanString(r.deposits),
        validTurnover: fenToYuanString(r.validTurnover),
        active: r.validTurnover > 0n && r.validTurnover >= settings.activeMinTurnover,
      })),
      total,
    };
  }

  async statements(
    memberId: number,
    f: { page: number; pageSize: number },
  ): Promise<CommissionStatementPage> {
    await this.#agent(memberId);
    const { list, total } = await pageStatements(this.d.db, {
      agentId: memberId,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return { list: list.map(presentStatement), total, page: f.page, pageSize: f.pageSize };
  }

  // --- registration

  /** The approved agent of an agent code, or null when the code is no agent's. */
  agentOfCode(q: Queryable, code: string): Promise<number | null> {
    return repo.findAgentByCode(q, code);
  }

  /** Puts a newly registered member under their agent, in the registration's transaction. */
  async attach(q: Queryable, memberId: number, agentId: number): Promise<void> {
    await repo.lockTree(q);
    await repo.moveSubtree(q, memberId, agentId);
  }

  // --- operators

  async applications(f: {
    status?: AgentApplicationStatus;
    page: number;
    pageSize: number;
  }): Promise<AgentApplicationPage> {
    const { list, total } = await repo.pageApplications(this.d.db, {
      status: f.status,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return { list: list.map(present), total, page: f.page, pageSize: f.pageSize };
  }

  /** Approves or rejects a pending application (audited); approval makes the member an agent. */
  async decide(
    op: Actor,
    id: number,
    input: { approve: boolean; reason?: string },
  ): Promise<AgentApplication> {
    return this.d.db.tx(async (q) => {
      const a = await repo.lockApplication(q, id);
      if (!a) throw new AppError(ErrorCode.AgentApplicationNotFound);
      if (a.status !== 'pending') throw new AppError(ErrorCode.AgentApplicationDecided);
      const status = input.approve ? 'approved' : 'rejected';
      const now = this.d.clock.now();
      await repo.decideApplication(q, {
        id,
        status,
        by: op.userName,
        reason: input.reason ?? null,
        now,
      });
      if (input.approve) await repo.insertAgent(q, a.memberId, now);
      await this.d.audit.record(q, {
        actor: op.userName,
        action: `agent.application.${status === 'approved' ? 'approve' : 'reject'}`,
        target: `member:${a.memberId}`,
        before: { status: a.status },
        after: { status, reason: input.reason ?? null },
      });
      return present((await repo.lockApplication(q, id))!);
    });
  }

  /** Moves a member with their downline under another agent (audited); a loop is 9505. */
  async move(op: Actor, memberId: number, agentId: number) {
    return this.d.db.tx(async (q) => {
      await repo.lockTree(q);
      if (!(await repo.memberExists(q, memberId)))
        throw new AppError(ErrorCode.AgentMemberNotFound);
      if (!(await repo.readAgent(q, agentId))) throw new AppError(ErrorCode.AgentTargetNotAgent);
      if (memberId === agentId || (await repo.isUnder(q, memberId, agentId)))
        throw new AppError(ErrorCode.AgentMoveLoop);
      const before = await repo.parentOf(q, memberId);
      const moved = await repo.moveSubtree(q, memberId, agentId);
      await this.d.audit.record(q, {
        actor: op.userName,
        action: 'agent.member.move',
        target: `member:${memberId}`,
        before: { agentId: before },
        after: { agentId },
      });
      return { memberId, agentId, moved };
    });
  }

  /** The applications CSV export's rows (reports/list-exports.service.ts), in id order. */
  exportSource(f: { status?: AgentApplicationStatus }): ExportSource<repo.ApplicationRow, number> {
    return {
      count: () => repo.countApplications(this.d.db, f),
      page: (after, limit) => repo.applicationsAfter(this.d.db, f, after, limit),
      first: 0,
      keyOf: (a) => a.id,
    };
  }
}

function present(a: repo.ApplicationRow): AgentApplication {
  return {
    id: a.id,
    memberId: a.memberId,
    userName: a.userName,
    status: a.status,
    contact: a.contact,
    note: a.note,
    createdAt: a.createdAt,
    decidedAt: a.decidedAt,
    reason: a.reason,
  };
}
