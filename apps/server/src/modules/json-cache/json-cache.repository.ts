import { ts, type Queryable } from '@nebula/db';

export async function readEntry(
  q: Queryable,
  owner: string,
  key: string,
  now: number,
): Promise<{ value: string; expiresAt: number } | null> {
  const r = await q.query<{ value: string; expires_at: Date }>(
    'SELECT value, expires_at FROM json_cache WHERE owner = $1 AND key = $2 AND expires_at > $3',
    [owner, key, ts(now)],
  );
  const row = r.rows[0];
  return row ? { value: row.value, expiresAt: row.expires_at.getTime() } : null;
}

/**
 * Writes an entry unless the owner already holds `maxKeys` other live keys. The owner's writes
 * are serialized by an advisory lock, so parallel writes cannot pass the cap together.
 */
export async function writeEntry(
  q: Queryable,
  e: { owner: string; key: string; value: string; expiresAt: number; now: number; maxKeys: number },
): Promise<boolean> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`json-cache:${e.owner}`]);
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM json_cache WHERE owner = $1 AND key <> $2 AND expires_at > $3',
    [e.owner, e.key, ts(e.now)],
  );
  if ((r.rows[0]?.n ?? 0) >= e.maxKeys) return false;
  await q.query(
    `INSERT INTO json_cache (owner, key, value, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (owner, key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
    [e.owner, e.key, e.value, ts(e.expiresAt)],
  );
  return true;
}

export async function purgeExpired(q: Queryable, now: number): Promise<number> {
  const r = await q.query('DELETE FROM json_cache WHERE expires_at <= $1', [ts(now)]);
  return r.rowCount ?? 0;
}
