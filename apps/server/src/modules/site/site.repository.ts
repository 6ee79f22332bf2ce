import type { Queryable } from '@nebula/db';

export async function insertVvSecret(
  q: Queryable,
  row: { id: string; key: Buffer; iv: Buffer; ttlMs: number },
): Promise<void> {
  await q.query(
    `INSERT INTO vv_secrets (id, aes_key, iv, expires_at)
     VALUES ($1, $2, $3, now() + ($4::int * interval '1 millisecond'))`,
    [row.id, row.key, row.iv, row.ttlMs],
  );
}

/** Takes a live secret exactly once: the row is deleted as it is read. */
export async function takeVvSecret(
  q: Queryable,
  id: string,
): Promise<{ key: Buffer; iv: Buffer } | null> {
  const r = await q.query<{ aes_key: Uint8Array; iv: Uint8Array; live: boolean }>(
    'DELETE FROM vv_secrets WHERE id = $1 RETURNING aes_key, iv, expires_at > now() AS live',
    [id],
  );
  const row = r.rows[0];
  if (!row || !row.live) return null;
  return { key: Buffer.from(row.aes_key), iv: Buffer.from(row.iv) };
}

export async function purgeExpiredVvSecrets(q: Queryable): Promise<void> {
  await q.query(
    `DELETE FROM vv_secrets WHERE id IN (
       SELECT id FROM vv_secrets WHERE expires_at < now() LIMIT 500)`,
  );
}

export async function readNaming(q: Queryable): Promise<{ key: string; name: string }[]> {
  return (
    await q.query<{ key: string; name: string }>(
      'SELECT key, name FROM site_naming ORDER BY sort, key',
    )
  ).rows;
}
