import type { Queryable } from '@nebula/db';

/** Records a nonce; false when this merchant already used it (a replay). */
export async function useNonce(
  q: Queryable,
  merchant: string,
  nonce: string,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    'INSERT INTO merchant_nonces (merchant, nonce, seen_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [merchant, nonce, new Date(now)],
    'venue_use_nonce',
  );
  return r.rowCount > 0;
}

/** Nonces older than the window can never be replayed (their timestamp is refused first). */
export async function forgetNonces(q: Queryable, before: number): Promise<void> {
  await q.query('DELETE FROM merchant_nonces WHERE seen_at < $1', [new Date(before)]);
}
