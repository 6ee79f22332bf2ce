import { ts, type Queryable } from '@nebula/db';

export async function insertHandover(
  q: Queryable,
  h: { hash: Buffer; memberId: number; now: number; expiresAt: number },
): Promise<void> {
  await q.query(
    'INSERT INTO handover_tokens (token_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [h.hash, h.memberId, ts(h.now), ts(h.expiresAt)],
  );
}

/** Uses a handover token exactly once. */
export async function useHandover(q: Queryable, hash: Buffer, now: number): Promise<number | null> {
  const r = await q.query<{ member_id: number }>(
    'UPDATE handover_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING member_id',
    [hash, ts(now)],
  );
  return r.rows[0]?.member_id ?? null;
}

export async function voidHandovers(q: Queryable, memberId: number, now: number): Promise<void> {
  await q.query(
    'UPDATE handover_tokens SET used_at = $2 WHERE member_id = $1 AND used_at IS NULL',
    [memberId, ts(now)],
  );
}
