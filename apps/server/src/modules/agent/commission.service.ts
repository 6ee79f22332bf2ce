import {
  ErrorCode,
  fenToYuanString,
  type CommissionFigures,
  type CommissionRules,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import * as repo from './commission.repository';
import * as statements from './statement.repository';
import { computeFigures, monthOf, monthRange, previousMonth } from './commission-math';

export interface StatementRun {
  month: string;
  statements: number;
}

/**
 * Commission statements (contract §5 Agents), one per (agent, Shanghai month): computed once
 * from the ledger and the bet copies and stored with their inputs; a re-run finds the row and
 * changes nothing. A statement needs its previous month's (the carry-in) and its sub-agents'
 * (the difference), which are made first.
 */
export class CommissionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The stored statement of (agent, month), made now if missing. The month must be over. */
  async ensure(q: Queryable, agentId: number, month: string): Promise<statements.StatementRow> {
    const existing = await statements.readStatement(q, agentId, month);
    if (existing) return existing;
    const f = await this.#figures(q, agentId, month, true);
    await statements.insertStatement(q, agentId, f, this.clock.now());
    return (await statements.readStatement(q, agentId, month))!;
  }

  /** This month's figures so far, as the statement would read if the month ended now. */
  async running(agentId: number): Promise<CommissionFigures> {
    return presentFigures(await this.#figures(this.db, agentId, monthOf(this.clock.now()), false));
  }

  async #figures(
    q: Queryable,
    agentId: number,
    month: string,
    store: boolean,
  ): Promise<statements.Figures> {
    const [from, to] = monthRange(month);
    const tiers = await repo.readTiers(q);
    const settings = await repo.readSettings(q);
    const sums = await repo.downlineMonth(q, agentId, from, to, settings.activeMinTurnover);
    const carryIn = await this.#carryIn(q, agentId, month, store);
    const children: { net: bigint; rateBp: number }[] = [];
    for (const child of await repo.childAgents(q, agentId)) {
      const approved = await repo.approvedAt(q, child);
      // A sub-agent approved after the month was an ordinary member in it: no difference.
      if (approved === null || approved >= to) continue;
      const c = store
        ? await this.ensure(q, child, month)
        : await this.#figures(q, child, month, false);
      children.push({ net: c.net, rateBp: c.rateBp });
    }
    return computeFigures({
      month,
      sums,
      tiers,
      feeRateBp: settings.feeRateBp,
      activeMinTurnover: settings.activeMinTurnover,
      carryIn,
      children,
    });
  }

  /** The previous month's carry-out, when the agent was an agent then (≤ 0). */
  async #carryIn(q: Queryable, agentId: number, month: string, store: boolean): Promise<bigint> {
    const prev = previousMonth(month);
    const approved = await repo.approvedAt(q, agentId);
    if (approved === null || approved >= monthRange(prev)[1]) return 0n;
    const s = store
      ? await this.ensure(q, agentId, prev)
      : await statements.readStatement(q, agentId, prev);
    return s?.carryOut ?? 0n;
  }

  /**
   * The monthly job for one finished month (default: the last): a statement for every agent
   * approved before the month ended, each in its own transaction; a re-run changes nothing.
   */
  async runMonth(month = previousMonth(monthOf(this.clock.now()))): Promise<StatementRun> {
    const [, end] = monthRange(month);
    if (end > this.clock.now()) throw new AppError(ErrorCode.AgentMonthInvalid);
    let after = 0;
    let count = 0;
    for (;;) {
      const ids = await repo.agentsBefore(this.db, end, after, 200);
      if (ids.length === 0) break;
      for (const id of ids) {
        await this.db.tx((q) => this.ensure(q, id, month));
        count += 1;
      }
      after = ids[ids.length - 1]!;
    }
    return { month, statements: count };
  }

  async rules(q: Queryable = this.db): Promise<CommissionRules> {
    const tiers = await repo.readTiers(q);
    const s = await repo.readSettings(q);
    return {
      tiers: tiers.map((t) => ({
        minActive: t.minActive,
        minNgr: fenToYuanString(t.minNgr),
        ratePercent: bpPercent(t.rateBp),
      })),
      feeRatePercent: bpPercent(s.feeRateBp),
      activeMinTurnover: fenToYuanString(s.activeMinTurnover),
      turnoverMultiple: s.turnoverMultiple,
    };
  }
}

/** Basis points as a percent string with up to two places (1500 → "15", 125 → "1.25"). */
export function bpPercent(bp: number): string {
  const frac = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${Math.floor(bp / 100)}.${frac}` : `${Math.floor(bp / 100)}`;
}

/** A percent string ("1.25") as basis points (125). */
export function percentBp(percent: string): number {
  const [w, f = ''] = percent.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
}

/** Fen that may be negative, as a signed two-place decimal string. */
export function signedYuan(fen: bigint): string {
  return fen < 0n ? `-${fenToYuanString(-fen)}` : fenToYuanString(fen);
}

export function presentFigures(f: statements.Figures): CommissionFigures {
  return {
    month: f.month,
    stakes: fenToYuanString(f.stakes),
    payouts: fenToYuanString(f.payouts),
    grants: signedYuan(f.grants),
    rebates: signedYuan(f.rebates),
    deposits: fenToYuanString(f.deposits),
    feeRatePercent: bpPercent(f.feeRateBp),
    fees: fenToYuanString(f.fees),
    ngr: signedYuan(f.ngr),
    members: f.members,
    active: f.active,
    activeMinTurnover: fenToYuanString(f.activeMinTurnover),
    carryIn: signedYuan(f.carryIn),
    net: signedYuan(f.net),
    carryOut: signedYuan(f.carryOut),
    ratePercent: bpPercent(f.rateBp),
    subDeduction: fenToYuanString(f.subDeduction),
    computed: fenToYuanString(f.computed),
    amount: fenToYuanString(f.amount),
  };
}
