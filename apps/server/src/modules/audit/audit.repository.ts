import type { Queryable } from '@nebula/db';

export async function insertAudit(
  q: Queryable,
  a: { actor: string; action: string; target: string; before: unknown; after: unknown },
): Promise<void> {
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

export async function readAudit(q: Queryable, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    q.query<{
      id: bigint;
      actor: string;
      action: string;
      target: string;
      before: unknown;
      after: unknown;
      at: Date;
    }>(
      'SELECT id, actor, action, target, before, after, at FROM audit_log ORDER BY id DESC LIMIT $1 OFFSET $2',
      [limit, offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'),
  ]);
  return {
    total: total.rows[0]?.n ?? 0,
    list: rows.rows.map((a) => ({
      id: Number(a.id),
      actor: a.actor,
      action: a.action,
      target: a.target,
      before: a.before,
      after: a.after,
      time: a.at.getTime(),
    })),
  };
}
