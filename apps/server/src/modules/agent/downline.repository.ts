import { ts, type Queryable } from '@nebula/db';

export interface DownlineRow {
  userName: string;
  depth: number;
  isAgent: boolean;
  registeredAt: number;
  deposits: bigint;
  validTurnover: bigint;
}

/**
 * A page of the agent's downline, newest first: direct (one level down) or all; each member's
 * deposits to date from the ledger and valid turnover settled in [from, to) from the bet copies.
 */
export async function pageDownline(
  q: Queryable,
  f: { agentId: number; direct: boolean; from: number; to: number; limit: number; offset: number },
): Promise<{ list: DownlineRow[]; total: number }> {
  // The operators' query without a name filter; the member's view does not show member ids.
  const r = await adminDownline(q, f, { limit: f.limit, offset: f.offset });
  return {
    list: r.list.map((row) => ({
      userName: row.userName,
      depth: row.depth,
      isAgent: row.isAgent,
      registeredAt: row.registeredAt,
      deposits: row.deposits,
      validTurnover: row.validTurnover,
    })),
    total: r.total,
  };
}

export async function downlineCounts(
  q: Queryable,
  agentId: number,
): Promise<{ direct: number; all: number }> {
  const r = await q.query<{ direct: number; everyone: number }>(
    `SELECT count(*) FILTER (WHERE depth = 1)::int AS direct, count(*)::int AS everyone
       FROM agent_tree WHERE ancestor_id = $1 AND depth > 0`,
    [agentId],
  );
  return { direct: r.rows[0]?.direct ?? 0, all: r.rows[0]?.everyone ?? 0 };
}

/**
 * Operators' view of an agent's downline (agent.manage): the same rows with the member's id,
 * filtered by part of the account name, newest first; `beforeId` pages the CSV export by key.
 */
export async function adminDownline(
  q: Queryable,
  f: { agentId: number; direct: boolean; q?: string | undefined; from: number; to: number },
  page: { limit: number; offset?: number; beforeId?: number },
): Promise<{ list: (DownlineRow & { memberId: number })[]; total: number }> {
  const args: unknown[] = [f.agentId, f.direct, f.q ?? null];
  const where = `t.ancestor_id = $1 AND (CASE WHEN $2::boolean THEN t.depth = 1 ELSE t.depth > 0 END)
    AND ($3::text IS NULL OR position(lower($3::text) in lower(m.user_name)) > 0)`;
  const key = page.beforeId === undefined ? '' : 'AND m.id < $8';
  const [list, count] = await Promise.all([
    q.query<{
      id: number;
      user_name: string;
      depth: number;
      is_agent: boolean;
      registered_at: Date;
      deposits: string;
      turnover: string;
    }>(
      `SELECT m.id, m.user_name, t.depth, (g.member_id IS NOT NULL) AS is_agent, m.registered_at,
              COALESCE((SELECT sum(p.amount)
                          FROM ledger_transactions lt
                          JOIN ledger_postings p ON p.transaction_id = lt.id
                          JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = lt.member_id
                         WHERE lt.member_id = m.id AND lt.kind = 'deposit'), 0)::text AS deposits,
              COALESCE((SELECT sum(b.valid_turnover) FROM venue_bets b
                         WHERE b.member_id = m.id AND b.status <> 'open'
                           AND b.settled_at >= $4 AND b.settled_at < $5), 0)::text AS turnover
         FROM agent_tree t
         JOIN members m ON m.id = t.descendant_id
         LEFT JOIN agents g ON g.member_id = m.id
        WHERE ${where} ${key}
        ORDER BY m.id DESC LIMIT $6 OFFSET $7`,
      [
        ...args,
        ts(f.from),
        ts(f.to),
        page.limit,
        page.offset ?? 0,
        ...(page.beforeId === undefined ? [] : [page.beforeId]),
      ],
    ),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM agent_tree t JOIN members m ON m.id = t.descendant_id
        WHERE ${where}`,
      args,
    ),
  ]);
  return {
    list: list.rows.map((r) => ({
      memberId: r.id,
      userName: r.user_name,
      depth: r.depth,
      isAgent: r.is_agent,
      registeredAt: r.registered_at.getTime(),
      deposits: BigInt(r.deposits),
      validTurnover: BigInt(r.turnover),
    })),
    total: count.rows[0]?.n ?? 0,
  };
}
