import type { Queryable } from '@nebula/db';

export async function insertAudit(
  q: Queryable,
  a: { actor: string; action: string; target: string; before: unknown; after: unknown },
): Promise<void> {
  // seq, prev_hash and hash are written by the chain trigger (migration 0049) under its lock.
  await q.query(
    'INSERT INTO audit_log (actor, action, target, before, after) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)',
    [
      a.actor,
      a.action,
      a.target,
      JSON.stringify(a.before ?? null),
      JSON.stringify(a.after ?? null),
    ],
  );
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
}

/** The WHERE clause of a filter (exact actor/action, target containing, time inclusive). */
function where(f: AuditFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    parts.push(sql.replace('?', `$${params.length}`));
  };
  if (f.actor) add('actor = ?', f.actor);
  if (f.action) add('action = ?', f.action);
  if (f.target) add('strpos(target, ?) > 0', f.target);
  if (f.from !== undefined) add('at >= ?', new Date(f.from));
  if (f.to !== undefined) add('at <= ?', new Date(f.to));
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

interface AuditRow {
  id: bigint;
  seq: bigint;
  hash: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: Date;
}

const view = (a: AuditRow) => ({
  id: Number(a.id),
  seq: Number(a.seq),
  hash: a.hash,
  actor: a.actor,
  action: a.action,
  target: a.target,
  before: a.before,
  after: a.after,
  time: a.at.getTime(),
});
export type AuditView = ReturnType<typeof view>;

export async function readAudit(q: Queryable, f: AuditFilter, limit: number, offset: number) {
  const w = where(f);
  const n = w.params.length;
  const [rows, total] = await Promise.all([
    q.query<AuditRow>(
      `SELECT id, seq, hash, actor, action, target, before, after, at FROM audit_log ${w.sql}
       ORDER BY seq DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${w.sql}`, w.params),
  ]);
  return { total: total.rows[0]?.n ?? 0, list: rows.rows.map(view) };
}

export async function countAudit(q: Queryable, f: AuditFilter): Promise<number> {
  const w = where(f);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log ${w.sql}`,
    w.params,
  );
  return r.rows[0]?.n ?? 0;
}

/** A page of the filtered log in seq order after `afterSeq` (keyset: exports stream by pages). */
export async function auditAfter(q: Queryable, f: AuditFilter, afterSeq: number, limit: number) {
  const w = where(f);
  const n = w.params.length;
  const cond = w.sql ? `${w.sql} AND seq > $${n + 1}` : `WHERE seq > $${n + 1}`;
  const r = await q.query<AuditRow>(
    `SELECT id, seq, hash, actor, action, target, before, after, at FROM audit_log ${cond}
     ORDER BY seq LIMIT $${n + 2}`,
    [...w.params, afterSeq, limit],
  );
  return r.rows.map(view);
}

export interface ChainLink {
  seq: bigint;
  prevHash: string;
  hash: string;
  /** The hash the row's content gives now (audit_row_hash, migration 0049). */
  computed: string;
}

/** The chain after `afterSeq`, each row with its hash recomputed from its content. */
export async function chainAfter(q: Queryable, afterSeq: bigint, limit: number) {
  const r = await q.query<ChainLink>(
    `SELECT seq, prev_hash AS "prevHash", hash,
       audit_row_hash(seq, at, actor, action, target, before, after, prev_hash) AS computed
     FROM audit_log WHERE seq > $1 ORDER BY seq LIMIT $2`,
    [afterSeq, limit],
  );
  return r.rows;
}

export async function chainHead(q: Queryable): Promise<{ seq: bigint; hash: string } | null> {
  const r = await q.query<{ seq: bigint; hash: string }>(
    'SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1',
  );
  return r.rows[0] ?? null;
}

export async function hashesAt(q: Queryable, seqs: bigint[]): Promise<Map<bigint, string>> {
  if (seqs.length === 0) return new Map();
  const r = await q.query<{ seq: bigint; hash: string }>(
    'SELECT seq, hash FROM audit_log WHERE seq = ANY($1::bigint[])',
    [seqs.map(String)],
  );
  return new Map(r.rows.map((x) => [x.seq, x.hash]));
}
