import type { Queryable } from '@nebula/db';

/** In-play bets whose acceptance delay has run out. */
export async function dueForAcceptance(
  q: Queryable,
  now: number,
  limit: number,
): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    `SELECT id FROM venue_bets WHERE status = 'pending' AND accept_after <= $1
      ORDER BY accept_after LIMIT $2`,
    [new Date(now), limit],
  );
  return r.rows.map((x) => x.id);
}

/** Ends a pending bet: open (accepted) or refused with a code. */
export async function decidePending(
  q: Queryable,
  id: string,
  d: { status: 'open' } | { status: 'refused'; code: number; at: number },
): Promise<number | null> {
  const r = await q.query<{ version: number }>(
    `UPDATE venue_bets SET status = $2, refuse_code = $3, settled_at = $4, version = version + 1
      WHERE id = $1 AND status = 'pending' RETURNING version`,
    [
      id,
      d.status,
      d.status === 'refused' ? d.code : null,
      d.status === 'refused' ? new Date(d.at) : null,
    ],
  );
  return r.rows[0]?.version ?? null;
}
