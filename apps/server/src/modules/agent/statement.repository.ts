import { ts, type Queryable } from '@nebula/db';
import type { CommissionStatementStatus } from '@nebula/protocol';

/** A commission computation: every input and the result (contract §5 Agents). */
export interface Figures {
  month: string;
  stakes: bigint;
  payouts: bigint;
  grants: bigint;
  rebates: bigint;
  deposits: bigint;
  feeRateBp: number;
  fees: bigint;
  ngr: bigint;
  members: number;
  active: number;
  activeMinTurnover: bigint;
  carryIn: bigint;
  net: bigint;
  carryOut: bigint;
  rateBp: number;
  subDeduction: bigint;
  computed: bigint;
  amount: bigint;
}

export interface StatementRow extends Figures {
  agentId: number;
  agentName: string;
  status: CommissionStatementStatus;
  createdAt: number;
  decidedAt: number | null;
}

const COLUMNS = `s.agent_id, m.user_name, s.month, s.stakes, s.payouts, s.grants, s.rebates,
  s.deposits, s.fee_rate_bp, s.fees, s.ngr, s.members_count, s.active_count, s.active_min_turnover,
  s.carry_in, s.net, s.carry_out, s.rate_bp, s.sub_deduction, s.computed, s.amount, s.status,
  s.created_at, s.decided_at`;
const FROM = 'agent_statements s JOIN members m ON m.id = s.agent_id';

interface Raw {
  agent_id: number;
  user_name: string;
  month: string;
  stakes: bigint;
  payouts: bigint;
  grants: bigint;
  rebates: bigint;
  deposits: bigint;
  fee_rate_bp: number;
  fees: bigint;
  ngr: bigint;
  members_count: number;
  active_count: number;
  active_min_turnover: bigint;
  carry_in: bigint;
  net: bigint;
  carry_out: bigint;
  rate_bp: number;
  sub_deduction: bigint;
  computed: bigint;
  amount: bigint;
  status: CommissionStatementStatus;
  created_at: Date;
  decided_at: Date | null;
}

const row = (r: Raw): StatementRow => ({
  agentId: r.agent_id,
  agentName: r.user_name,
  month: r.month,
  stakes: BigInt(r.stakes),
  payouts: BigInt(r.payouts),
  grants: BigInt(r.grants),
  rebates: BigInt(r.rebates),
  deposits: BigInt(r.deposits),
  feeRateBp: r.fee_rate_bp,
  fees: BigInt(r.fees),
  ngr: BigInt(r.ngr),
  members: r.members_count,
  active: r.active_count,
  activeMinTurnover: BigInt(r.active_min_turnover),
  carryIn: BigInt(r.carry_in),
  net: BigInt(r.net),
  carryOut: BigInt(r.carry_out),
  rateBp: r.rate_bp,
  subDeduction: BigInt(r.sub_deduction),
  computed: BigInt(r.computed),
  amount: BigInt(r.amount),
  status: r.status,
  createdAt: r.created_at.getTime(),
  decidedAt: r.decided_at?.getTime() ?? null,
});

/** Stores a statement unless (agent, month) has one: the first computation stands. */
export async function insertStatement(
  q: Queryable,
  agentId: number,
  f: Figures,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO agent_statements (agent_id, month, stakes, payouts, grants, rebates, deposits,
       fee_rate_bp, fees, ngr, members_count, active_count, active_min_turnover, carry_in, net,
       carry_out, rate_bp, sub_deduction, computed, amount, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
       $20, $21, $22)
     ON CONFLICT (agent_id, month) DO NOTHING`,
    [
      agentId,
      f.month,
      f.stakes,
      f.payouts,
      f.grants,
      f.rebates,
      f.deposits,
      f.feeRateBp,
      f.fees,
      f.ngr,
      f.members,
      f.active,
      f.activeMinTurnover,
      f.carryIn,
      f.net,
      f.carryOut,
      f.rateBp,
      f.subDeduction,
      f.computed,
      f.amount,
      f.amount > 0n ? 'pending' : 'nil',
      ts(now),
    ],
  );
}

export async function readStatement(
  q: Queryable,
  agentId: number,
  month: string,
  lock = false,
): Promise<StatementRow | null> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE s.agent_id = $1 AND s.month = $2${lock ? ' FOR UPDATE OF s' : ''}`,
    [agentId, month],
  );
  return r.rows[0] ? row(r.rows[0]) : null;
}

export async function pageStatements(
  q: Queryable,
  f: {
    agentId?: number;
    month?: string;
    status?: CommissionStatementStatus;
    limit: number;
    offset: number;
  },
): Promise<{ list: StatementRow[]; total: number }> {
  const where = `($1::int IS NULL OR s.agent_id = $1) AND ($2::text IS NULL OR s.month = $2)
    AND ($3::text IS NULL OR s.status = $3)`;
  const params = [f.agentId ?? null, f.month ?? null, f.status ?? null];
  const [list, count] = await Promise.all([
    q.query<Raw>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY s.month DESC, s.agent_id LIMIT $4 OFFSET $5`,
      [...params, f.limit, f.offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`, params),
  ]);
  return { list: list.rows.map(row), total: count.rows[0]?.n ?? 0 };
}

export async function setAmount(
  q: Queryable,
  agentId: number,
  month: string,
  amount: bigint,
): Promise<void> {
  await q.query('UPDATE agent_statements SET amount = $3 WHERE agent_id = $1 AND month = $2', [
    agentId,
    month,
    amount,
  ]);
}

export async function markDecided(
  q: Queryable,
  agentId: number,
  month: string,
  status: 'paid' | 'nil',
  by: string,
  now: number,
): Promise<void> {
  await q.query(
    `UPDATE agent_statements SET status = $3, decided_by = $4, decided_at = $5
      WHERE agent_id = $1 AND month = $2`,
    [agentId, month, status, by, ts(now)],
  );
}

/** The console's statements export: filtered like the list, in (month, agent) key order. */
export interface StatementExportFilter {
  month?: string;
  status?: CommissionStatementStatus;
}
const exportWhere = `($1::text IS NULL OR s.month = $1) AND ($2::text IS NULL OR s.status = $2)`;

export async function countStatements(q: Queryable, f: StatementExportFilter): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${FROM} WHERE ${exportWhere}`,
    [f.month ?? null, f.status ?? null],
  );
  return r.rows[0]?.n ?? 0;
}

export async function statementsAfter(
  q: Queryable,
  f: StatementExportFilter,
  after: { month: string; agentId: number },
  limit: number,
): Promise<StatementRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${exportWhere} AND (s.month, s.agent_id) > ($3, $4)
      ORDER BY s.month, s.agent_id LIMIT $5`,
    [f.month ?? null, f.status ?? null, after.month, after.agentId, limit],
  );
  return r.rows.map(row);
}
