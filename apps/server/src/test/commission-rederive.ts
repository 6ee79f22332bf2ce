import { expect } from 'vitest';
import { derive } from './commission-kit';
import type { TestApp } from './test-app';

/**
 * Re-derives EVERY stored commission statement (contract §5 Agents) from the ledger postings,
 * the bet copies, the closure table and the operator's rules, with none of the production
 * code: each month's inputs by `derive`, the carry-in by re-deriving the agent's months back to
 * their approval, the sub-agent deduction by re-deriving each sub-agent's month. Every stored
 * column must match; every agent approved before a month ended must have that month's row; a
 * paid statement must be one commission grant of its amount.
 */
const BP = 10_000n;

interface Expected {
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
}
type Stored = Expected & { agent_id: number; month: string; amount: bigint; status: string };

/** [start, end) of a Shanghai month `YYYYMM` (UTC+8, no daylight saving), epoch ms. */
function bounds(month: string): [number, number] {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(4, 6));
  const h8 = 8 * 3600_000;
  return [Date.UTC(y, m - 1, 1) - h8, Date.UTC(y, m, 1) - h8];
}
function prev(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(4, 6));
  return m === 1 ? `${y - 1}12` : `${y}${String(m - 1).padStart(2, '0')}`;
}

export async function expectEveryStatementRederives(t: TestApp): Promise<number> {
  const one = async <T>(sql: string) => (await t.db.query<T>(sql)).rows;
  const [settings] = await one<{ fee_rate_bp: number; active_min_turnover: bigint }>(
    'SELECT fee_rate_bp, active_min_turnover FROM agent_settings',
  );
  const feeBp = BigInt(settings!.fee_rate_bp);
  const activeMin = BigInt(settings!.active_min_turnover);
  const tiers = await one<{ min_active: number; min_ngr: bigint; rate_bp: number }>(
    'SELECT min_active, min_ngr, rate_bp FROM agent_tiers',
  );
  const approved = new Map(
    (await one<{ member_id: number; approved_at: Date }>('SELECT * FROM agents')).map((a) => [
      a.member_id,
      a.approved_at.getTime(),
    ]),
  );
  const links = await one<{ ancestor_id: number; descendant_id: number; depth: number }>(
    'SELECT ancestor_id, descendant_id, depth FROM agent_tree WHERE depth > 0',
  );
  const memo = new Map<string, Promise<Expected>>();

  const figure = (agent: number, month: string): Promise<Expected> => {
    const key = `${agent}:${month}`;
    if (!memo.has(key)) memo.set(key, compute(agent, month));
    return memo.get(key)!;
  };
  async function compute(agent: number, month: string): Promise<Expected> {
    const [start, end] = bounds(month);
    const ids = links.filter((l) => l.ancestor_id === agent).map((l) => l.descendant_id);
    const d = await derive(t, ids, month, activeMin);
    const fees = (d.deposits * feeBp) / BP;
    const ngr = d.stakes - d.payouts - d.grants - d.rebates - fees;
    let rate = 0;
    for (const x of tiers)
      if (d.active >= x.min_active && ngr >= BigInt(x.min_ngr)) rate = Math.max(rate, x.rate_bp);
    const carryIn =
      approved.get(agent)! < start ? (await figure(agent, prev(month))).carry_out : 0n;
    const net = ngr + carryIn;
    let sub = 0n;
    let computed = 0n;
    if (net > 0n) {
      const children = links.filter(
        (l) =>
          l.ancestor_id === agent &&
          l.depth === 1 &&
          approved.has(l.descendant_id) &&
          approved.get(l.descendant_id)! < end,
      );
      for (const c of children) {
        const f = await figure(c.descendant_id, month);
        if (f.net > 0n) sub += (f.net * BigInt(Math.min(rate, f.rate_bp))) / BP;
      }
      const gross = (net * BigInt(rate)) / BP;
      computed = gross > sub ? gross - sub : 0n;
    }
    return {
      stakes: d.stakes,
      payouts: d.payouts,
      grants: d.grants,
      rebates: d.rebates,
      deposits: d.deposits,
      fee_rate_bp: Number(feeBp),
      fees,
      ngr,
      members_count: ids.length,
      active_count: d.active,
      active_min_turnover: activeMin,
      carry_in: carryIn,
      net,
      carry_out: net < 0n ? net : 0n,
      rate_bp: rate,
      sub_deduction: net > 0n ? sub : 0n,
      computed,
    };
  }

  const rows = await one<Stored>('SELECT * FROM agent_statements ORDER BY month, agent_id');
  for (const s of rows) {
    const e = await figure(s.agent_id, s.month);
    const stored = Object.fromEntries(
      Object.keys(e).map((k) => [k, s[k as keyof Expected]]),
    ) as unknown as Expected;
    const plain = (x: object) =>
      Object.fromEntries(
        Object.entries(x).map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : v]),
      );
    expect(plain(stored), `statement ${s.agent_id} ${s.month}`).toEqual(plain(e));
    // The amount is the computed one unless an operator's audited override set it.
    const overrides = (
      await t.db.query<{ after: { amount: string } }>(
        `SELECT after FROM audit_log WHERE action = 'agent.statement.override' AND target = $1
          ORDER BY id DESC LIMIT 1`,
        [`statement:${s.agent_id}:${s.month}`],
      )
    ).rows;
    const amount = overrides[0] ? BigInt(overrides[0].after.amount.replace('.', '')) : e.computed;
    expect(BigInt(s.amount), `amount ${s.agent_id} ${s.month}`).toBe(amount);
    const paid = (
      await t.db.query<{ amount: bigint }>(
        `SELECT amount FROM grants WHERE kind = 'commission' AND source_id = $1`,
        [`${s.agent_id}:${s.month}`],
      )
    ).rows.map((g) => BigInt(g.amount));
    expect(paid, `grant ${s.agent_id} ${s.month}`).toEqual(s.status === 'paid' ? [amount] : []);
    expect(s.status === 'nil', `status ${s.agent_id} ${s.month}`).toBe(amount === 0n);
  }
  // The job made a statement for every agent approved before each month it ran ended.
  for (const month of new Set(rows.map((r) => r.month))) {
    const due = [...approved].filter(([, at]) => at < bounds(month)[1]).map(([id]) => id);
    const made = rows.filter((r) => r.month === month).map((r) => r.agent_id);
    expect(
      made.sort((a, b) => a - b),
      `agents of ${month}`,
    ).toEqual(due.sort((a, b) => a - b));
  }
  return rows.length;
}
