import {
  ErrorCode,
  fenToYuanString,
  parseMoney,
  type CommissionRules,
  type CommissionStatement,
  type CommissionStatementPage,
  type CommissionStatementStatus,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import type { GrantService } from '../rewards/grant.service';
import * as repo from './commission.repository';
import * as statements from './statement.repository';
import type { ExportSource } from '../../lib/export-source';
import { percentBp, presentFigures, type CommissionService } from './commission.service';

/**
 * Operators' commission tools (contract §5 Agents): the statements, the monthly run, an audited
 * override of a pending amount, approval that pays the amount once as a grant (kind
 * `commission`, source `{agentId}:{yyyymm}`), and the tier table with the fee rate.
 */
export class CommissionAdminService {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      audit: AuditService;
      grants: GrantService;
      commission: CommissionService;
    },
  ) {}

  async page(f: {
    month?: string;
    status?: CommissionStatementStatus;
    page: number;
    pageSize: number;
  }): Promise<CommissionStatementPage> {
    const { list, total } = await statements.pageStatements(this.d.db, {
      month: f.month,
      status: f.status,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
    return { list: list.map(presentStatement), total, page: f.page, pageSize: f.pageSize };
  }

  run(month: string) {
    return this.d.commission.runMonth(month);
  }

  rules(): Promise<CommissionRules> {
    return this.d.commission.rules();
  }

  async #pending(q: Queryable, agentId: number, month: string) {
    const s = await statements.readStatement(q, agentId, month, true);
    if (!s) throw new AppError(ErrorCode.AgentStatementNotFound);
    if (s.status !== 'pending') throw new AppError(ErrorCode.AgentStatementNotPending);
    return s;
  }

  /**
   * What approving a pending statement would pay, for the four-eyes gate (contract §4.1): an
   * unknown or decided statement is refused here as approval would refuse it, filing nothing.
   */
  async payoutValue(agentId: number, month: string): Promise<bigint> {
    return (await this.#pending(this.d.db, agentId, month)).amount;
  }

  /**
   * Whether the rules raise a reward: any tier's rate above the stored tier of the same
   * position, or more tiers than stored (contract §4.1: a raise waits for a second operator).
   */
  async rulesRaise(input: CommissionRules): Promise<boolean> {
    climbingTiers(input);
    const stored = (await this.d.commission.rules()).tiers.map((t) => percentBp(t.ratePercent));
    return input.tiers.some((t, i) => {
      const before = stored[i];
      return before === undefined || percentBp(t.ratePercent) > before;
    });
  }

  /** Sets the amount a pending statement will pay, audited with the before and after. */
  async override(
    op: Actor,
    agentId: number,
    month: string,
    input: { amount: string; reason: string },
  ): Promise<CommissionStatement> {
    return this.d.db.tx(async (q) => {
      const s = await this.#pending(q, agentId, month);
      const amount = parseMoney(input.amount);
      await statements.setAmount(q, agentId, month, amount);
      await this.d.audit.record(q, {
        actor: op.userName,
        action: 'agent.statement.override',
        target: `statement:${agentId}:${month}`,
        before: { amount: fenToYuanString(s.amount), computed: fenToYuanString(s.computed) },
        after: { amount: fenToYuanString(amount), reason: input.reason },
      });
      return presentStatement((await statements.readStatement(q, agentId, month))!);
    });
  }

  /**
   * Approves a pending statement inside the caller's money unit: its amount is paid once as a
   * grant; an amount of zero closes it unpaid. An agent the eligibility gate refuses is 9510.
   */
  async approve(
    q: Queryable,
    op: Actor,
    agentId: number,
    month: string,
  ): Promise<CommissionStatement> {
    const s = await this.#pending(q, agentId, month);
    const settings = await repo.readSettings(q);
    if (s.amount > 0n) {
      const g = await this.d.grants.create(q, {
        kind: 'commission',
        sourceId: `${agentId}:${month}`,
        memberId: agentId,
        title: `代理佣金 ${month.slice(0, 4)}-${month.slice(4)}`,
        amount: s.amount,
        turnoverMultiple: settings.turnoverMultiple,
        expiresAt: null,
        auto: true,
      });
      if (!g) throw new AppError(ErrorCode.AgentPayoutRefused);
    }
    const status = s.amount > 0n ? 'paid' : 'nil';
    await statements.markDecided(q, agentId, month, status, op.userName, this.d.clock.now());
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'agent.statement.approve',
      target: `statement:${agentId}:${month}`,
      before: { status: s.status },
      after: { status, amount: fenToYuanString(s.amount) },
    });
    return presentStatement((await statements.readStatement(q, agentId, month))!);
  }

  /**
   * Replaces the tier table and settings (audited). Tiers must climb: each next tier asks at
   * least as much of both minimums, more of one, and pays a higher rate (9508 otherwise).
   */
  setRules(op: Actor, input: CommissionRules): Promise<CommissionRules> {
    return this.d.db.tx((q) => this.setRulesIn(q, op, input));
  }

  /** `setRules` inside the caller's transaction (an approved request's). */
  async setRulesIn(q: Queryable, op: Actor, input: CommissionRules): Promise<CommissionRules> {
    const tiers = climbingTiers(input);
    const settings = {
      feeRateBp: percentBp(input.feeRatePercent),
      activeMinTurnover: parseMoney(input.activeMinTurnover),
      turnoverMultiple: input.turnoverMultiple,
    };
    await repo.readSettings(q, true);
    const before = await this.d.commission.rules(q);
    await repo.writeRules(q, tiers, settings);
    const after = await this.d.commission.rules(q);
    await this.d.audit.record(q, {
      actor: op.userName,
      action: 'agent.rules.set',
      target: 'agent:rules',
      before,
      after,
    });
    return after;
  }

  /** The statements CSV export's rows (reports/list-exports.service.ts), in (month, agent) order. */
  exportSource(
    f: statements.StatementExportFilter,
  ): ExportSource<statements.StatementRow, { month: string; agentId: number }> {
    return {
      count: () => statements.countStatements(this.d.db, f),
      page: (after, limit) => statements.statementsAfter(this.d.db, f, after, limit),
      first: { month: '', agentId: 0 },
      keyOf: (s) => ({ month: s.month, agentId: s.agentId }),
    };
  }
}

/** The tiers as stored, refused with 9508 unless each climbs over the one before. */
function climbingTiers(input: CommissionRules) {
  const tiers = input.tiers.map((t, i) => ({
    tier: i + 1,
    minActive: t.minActive,
    minNgr: parseMoney(t.minNgr),
    rateBp: percentBp(t.ratePercent),
  }));
  for (let i = 1; i < tiers.length; i += 1) {
    const a = tiers[i - 1]!;
    const b = tiers[i]!;
    const climbs =
      b.minActive >= a.minActive &&
      b.minNgr >= a.minNgr &&
      (b.minActive > a.minActive || b.minNgr > a.minNgr) &&
      b.rateBp > a.rateBp;
    if (!climbs) throw new AppError(ErrorCode.AgentRulesInvalid, { tier: i + 1 });
  }
  return tiers;
}

export function presentStatement(s: statements.StatementRow): CommissionStatement {
  return {
    ...presentFigures(s),
    agentId: s.agentId,
    agentName: s.agentName,
    status: s.status,
    createdAt: s.createdAt,
    decidedAt: s.decidedAt,
  };
}
