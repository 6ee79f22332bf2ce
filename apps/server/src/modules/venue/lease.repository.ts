import type { Queryable } from '@nebula/db';

/**
 * Takes or renews a named lease for `holder` until `until`; true when this holder has it. A
 * lease whose holder stopped renewing is free once it expired, so a dead node's work moves on.
 */
export async function takeLease(
  q: Queryable,
  name: string,
  holder: string,
  now: number,
  until: number,
): Promise<boolean> {
  const r = await q.query<{ holder: string }>(
    `INSERT INTO worker_leases (name, holder, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE worker_leases.holder = EXCLUDED.holder OR worker_leases.expires_at < $4
     RETURNING holder`,
    [name, holder, new Date(until), new Date(now)],
  );
  return r.rows[0]?.holder === holder;
}

export async function releaseLease(q: Queryable, name: string, holder: string): Promise<void> {
  await q.query('DELETE FROM worker_leases WHERE name = $1 AND holder = $2', [name, holder]);
}
