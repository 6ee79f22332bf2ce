import { ts, type Queryable } from '@nebula/db';

/** Everyone under the agent (not the agent): one range of the closure table's key. */
const DOWNLINE = 'SELECT descendant_id FROM agent_tree WHERE ancestor_id = $1 AND depth > 0';

/** A downline's month as the ledger and the bet copies tell it (contract §5 Agents). */
export interface DownlineMonth {
  stakes: bigint;
  payouts: bigint;
  /** Grants paid less what was forfeited, rebates and commission apart. */
  grants: bigint;
  rebates: bigint;
  deposits: bigint;
  members: number;
  active: number;
}

/** Sums the agent's downline over [from, to); `activeMin` is the valid turnover an active member needs. */
export async function downlineMonth(
  q: Queryable,
  agentId: number,
  from: number,
  to: number,
  activeMin: bigint,
): Promise<DownlineMonth> {
  const range = [agentId, ts(from), ts(to)];
  // One after another: inside a transaction the queries share one connection.
  const [bets, active, ledger, members] = [
    await q.query<{ stakes: string; payouts: string }>(
      `SELECT COALESCE(sum(stake), 0)::text AS stakes, COALESCE(sum(payout), 0)::text AS payouts
         FROM venue_bets
        WHERE member_id IN (${DOWNLINE}) AND status <> 'open'
          AND settled_at >= $2 AND settled_at < $3`,
      range,
    ),
    await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT member_id FROM venue_bets
          WHERE member_id IN (${DOWNLINE}) AND status <> 'open'
            AND settled_at >= $2 AND settled_at < $3
          GROUP BY member_id HAVING sum(valid_turnover) >= $4) x`,
      [...range, activeMin],
    ),
    await q.query<{ kind: string; amount: string }>(
      `SELECT CASE WHEN t.kind = 'deposit' THEN 'deposit' ELSE split_part(t.reference, ':', 2) END AS kind,
              COALESCE(sum(p.amount), 0)::text AS amount
         FROM ledger_transactions t
         JOIN ledger_postings p ON p.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = t.member_id
        WHERE t.member_id IN (${DOWNLINE}) AND t.created_at >= $2 AND t.created_at < $3
          AND (t.kind = 'deposit' OR t.reference LIKE 'grant:%' OR t.reference LIKE 'grant-forfeit:%')
        GROUP BY 1`,
      range,
    ),
    await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${DOWNLINE}) x`, [agentId]),
  ];
  let grants = 0n;
  let rebates = 0n;
  let deposits = 0n;
  for (const r of ledger.rows) {
    const amount = BigInt(r.amount);
    if (r.kind === 'deposit') deposits += amount;
    else if (r.kind === 'rebate') rebates += amount;
    else if (r.kind !== 'commission') grants += amount;
  }
  return {
    stakes: BigInt(bets.rows[0]!.stakes),
    payouts: BigInt(bets.rows[0]!.payouts),
    grants,
    rebates,
    deposits,
    members: members.rows[0]!.n,
    active: active.rows[0]!.n,
  };
}

/** The agent's sub-agents one level down (every member with a downline is an agent). */
export async function childAgents(q: Queryable, agentId: number): Promise<number[]> {
  const r = await q.query<{ member_id: number }>(
    `SELECT g.member_id FROM agent_tree t JOIN agents g ON g.member_id = t.descendant_id
      WHERE t.ancestor_id = $1 AND t.depth = 1 ORDER BY g.member_id`,
    [agentId],
  );
  return r.rows.map((x) => x.member_id);
}

/** Agents approved before `before`, in id order from `after`. */
export async function agentsBefore(
  q: Queryable,
  before: number,
  after: number,
  limit: number,
): Promise<number[]> {
  const r = await q.query<{ member_id: number }>(
    `SELECT member_id FROM agents WHERE approved_at < $1 AND member_id > $2
      ORDER BY member_id LIMIT $3`,
    [ts(before), after, limit],
  );
  return r.rows.map((x) => x.member_id);
}

export async function approvedAt(q: Queryable, agentId: number): Promise<number | null> {
  const r = await q.query<{ approved_at: Date }>(
    'SELECT approved_at FROM agents WHERE member_id = $1',
    [agentId],
  );
  return r.rows[0]?.approved_at.getTime() ?? null;
}

export interface Tier {
  tier: number;
  minActive: number;
  minNgr: bigint;
  rateBp: number;
}
export interface AgentSettings {
  feeRateBp: number;
  activeMinTurnover: bigint;
  turnoverMultiple: number;
}

export async function readTiers(q: Queryable): Promise<Tier[]> {
  const r = await q.query<{ tier: number; min_active: number; min_ngr: bigint; rate_bp: number }>(
    'SELECT tier, min_active, min_ngr, rate_bp FROM agent_tiers ORDER BY tier',
  );
  return r.rows.map((x) => ({
    tier: x.tier,
    minActive: x.min_active,
    minNgr: BigInt(x.min_ngr),
    rateBp: x.rate_bp,
  }));
}

export async function readSettings(q: Queryable, lock = false): Promise<AgentSettings> {
  const r = await q.query<{
    fee_rate_bp: number;
    active_min_turnover: bigint;
    turnover_multiple: number;
  }>(
    `SELECT fee_rate_bp, active_min_turnover, turnover_multiple FROM agent_settings WHERE id = 1${lock ? ' FOR UPDATE' : ''}`,
  );
  const x = r.rows[0]!;
  return {
    feeRateBp: x.fee_rate_bp,
    activeMinTurnover: BigInt(x.active_min_turnover),
    turnoverMultiple: x.turnover_multiple,
  };
}

/** Replaces the tier table and the settings (the caller validated them). */
export async function writeRules(q: Queryable, tiers: Tier[], s: AgentSettings): Promise<void> {
  await q.query('DELETE FROM agent_tiers');
  for (const t of tiers)
    await q.query(
      'INSERT INTO agent_tiers (tier, min_active, min_ngr, rate_bp) VALUES ($1, $2, $3, $4)',
      [t.tier, t.minActive, t.minNgr, t.rateBp],
    );
  await q.query(
    `UPDATE agent_settings SET fee_rate_bp = $1, active_min_turnover = $2, turnover_multiple = $3
      WHERE id = 1`,
    [s.feeRateBp, s.activeMinTurnover, s.turnoverMultiple],
  );
}
