import { ts, type Queryable } from '@nebula/db';
import type { AgentApplicationStatus } from '@nebula/protocol';

export interface ApplicationRow {
  id: number;
  memberId: number;
  userName: string;
  status: AgentApplicationStatus;
  contact: string;
  note: string;
  createdAt: number;
  decidedAt: number | null;
  reason: string | null;
}

interface RawApplication {
  id: string | number;
  member_id: number;
  user_name: string;
  status: AgentApplicationStatus;
  contact: string;
  note: string;
  created_at: Date;
  decided_at: Date | null;
  reason: string | null;
}

const application = (r: RawApplication): ApplicationRow => ({
  id: Number(r.id),
  memberId: r.member_id,
  userName: r.user_name,
  status: r.status,
  contact: r.contact,
  note: r.note,
  createdAt: r.created_at.getTime(),
  decidedAt: r.decided_at?.getTime() ?? null,
  reason: r.reason,
});

const APPLICATION = `SELECT a.id, a.member_id, m.user_name, a.status, a.contact, a.note, a.created_at,
       a.decided_at, a.reason
  FROM agent_applications a JOIN members m ON m.id = a.member_id`;

/** Inserts a pending application; null when the member already has a pending or approved one. */
export async function insertApplication(
  q: Queryable,
  a: { memberId: number; contact: string; note: string; now: number },
): Promise<number | null> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO agent_applications (member_id, status, contact, note, created_at)
     VALUES ($1, 'pending', $2, $3, $4)
     ON CONFLICT (member_id) WHERE status IN ('pending', 'approved') DO NOTHING RETURNING id`,
    [a.memberId, a.contact, a.note, ts(a.now)],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function latestApplication(
  q: Queryable,
  memberId: number,
): Promise<ApplicationRow | null> {
  const r = await q.query<RawApplication>(
    `${APPLICATION} WHERE a.member_id = $1 ORDER BY a.id DESC LIMIT 1`,
    [memberId],
  );
  return r.rows[0] ? application(r.rows[0]) : null;
}

export async function lockApplication(q: Queryable, id: number): Promise<ApplicationRow | null> {
  const r = await q.query<RawApplication>(`${APPLICATION} WHERE a.id = $1 FOR UPDATE OF a`, [id]);
  return r.rows[0] ? application(r.rows[0]) : null;
}

export async function decideApplication(
  q: Queryable,
  d: {
    id: number;
    status: 'approved' | 'rejected';
    by: string;
    reason: string | null;
    now: number;
  },
): Promise<void> {
  await q.query(
    `UPDATE agent_applications SET status = $2, decided_by = $3, reason = $4, decided_at = $5
      WHERE id = $1`,
    [d.id, d.status, d.by, d.reason, ts(d.now)],
  );
}

export async function pageApplications(
  q: Queryable,
  f: { status?: AgentApplicationStatus; limit: number; offset: number },
): Promise<{ list: ApplicationRow[]; total: number }> {
  const where = '($1::text IS NULL OR a.status = $1)';
  const [list, count] = await Promise.all([
    q.query<RawApplication>(`${APPLICATION} WHERE ${where} ORDER BY a.id DESC LIMIT $2 OFFSET $3`, [
      f.status ?? null,
      f.limit,
      f.offset,
    ]),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM agent_applications a WHERE ${where}`, [
      f.status ?? null,
    ]),
  ]);
  return { list: list.rows.map(application), total: count.rows[0]?.n ?? 0 };
}

/** Makes the member an agent; their (m, m, 0) row puts them in the tree as a root if new. */
export async function insertAgent(q: Queryable, memberId: number, now: number): Promise<void> {
  await q.query(
    'INSERT INTO agents (member_id, approved_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [memberId, ts(now)],
  );
  await q.query(
    `INSERT INTO agent_tree (ancestor_id, descendant_id, depth) VALUES ($1, $1, 0)
     ON CONFLICT DO NOTHING`,
    [memberId],
  );
}

export async function readAgent(
  q: Queryable,
  memberId: number,
): Promise<{ code: string; approvedAt: number } | null> {
  const r = await q.query<{ invite_code: string; approved_at: Date }>(
    `SELECT m.invite_code, g.approved_at FROM agents g JOIN members m ON m.id = g.member_id
      WHERE g.member_id = $1`,
    [memberId],
  );
  const x = r.rows[0];
  return x ? { code: x.invite_code, approvedAt: x.approved_at.getTime() } : null;
}

/** The approved agent whose agent code (their invite code) this is. */
export async function findAgentByCode(q: Queryable, code: string): Promise<number | null> {
  const r = await q.query<{ member_id: number }>(
    `SELECT g.member_id FROM agents g JOIN members m ON m.id = g.member_id
      WHERE m.invite_code = $1`,
    [code.toUpperCase()],
  );
  return r.rows[0]?.member_id ?? null;
}

export async function memberExists(q: Queryable, memberId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM members WHERE id = $1', [memberId])).rowCount > 0;
}

/** Whether `descendant` is `ancestor` or anywhere under it. */
export async function isUnder(
  q: Queryable,
  ancestor: number,
  descendant: number,
): Promise<boolean> {
  const r = await q.query(
    'SELECT 1 FROM agent_tree WHERE ancestor_id = $1 AND descendant_id = $2',
    [ancestor, descendant],
  );
  return r.rowCount > 0;
}

/**
 * Moves the member (with everything under them) under `parent`: the links from the member's
 * old ancestors into the subtree go, the parent's ancestors (and the parent) link to every
 * node of the subtree. Answers how many nodes moved. The caller has ruled out a loop and holds
 * the tree lock.
 */
export async function moveSubtree(q: Queryable, memberId: number, parent: number): Promise<number> {
  await q.query(
    `INSERT INTO agent_tree (ancestor_id, descendant_id, depth) VALUES ($1, $1, 0)
     ON CONFLICT DO NOTHING`,
    [memberId],
  );
  await q.query(
    `DELETE FROM agent_tree t
      WHERE t.descendant_id IN (SELECT descendant_id FROM agent_tree WHERE ancestor_id = $1)
        AND t.ancestor_id NOT IN (SELECT descendant_id FROM agent_tree WHERE ancestor_id = $1)`,
    [memberId],
  );
  await q.query(
    `INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
     SELECT a.ancestor_id, s.descendant_id, a.depth + s.depth + 1
       FROM agent_tree a, agent_tree s
      WHERE a.descendant_id = $2 AND s.ancestor_id = $1`,
    [memberId, parent],
  );
  return (await q.query('SELECT 1 FROM agent_tree WHERE ancestor_id = $1', [memberId])).rowCount;
}

/** One writer at a time changes the tree's shape, so two moves never build a loop together. */
export async function lockTree(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('agent_tree'))`);
}

/** The member's agent (the ancestor one level up), if any. */
export async function parentOf(q: Queryable, memberId: number): Promise<number | null> {
  const r = await q.query<{ ancestor_id: number }>(
    'SELECT ancestor_id FROM agent_tree WHERE descendant_id = $1 AND depth = 1',
    [memberId],
  );
  return r.rows[0]?.ancestor_id ?? null;
}

/** The console's applications export: the list's status filter, in id order after `afterId`. */
export async function countApplications(
  q: Queryable,
  f: { status?: AgentApplicationStatus },
): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM agent_applications a WHERE ($1::text IS NULL OR a.status = $1)',
    [f.status ?? null],
  );
  return r.rows[0]?.n ?? 0;
}

export async function applicationsAfter(
  q: Queryable,
  f: { status?: AgentApplicationStatus },
  afterId: number,
  limit: number,
): Promise<ApplicationRow[]> {
  const r = await q.query<RawApplication>(
    `${APPLICATION} WHERE ($1::text IS NULL OR a.status = $1) AND a.id > $2 ORDER BY a.id LIMIT $3`,
    [f.status ?? null, afterId, limit],
  );
  return r.rows.map(application);
}
