import { ts, type Queryable } from '@nebula/db';

export async function insertCaptcha(
  q: Queryable,
  c: { id: string; answer: string; purpose: string; expiresAt: number },
): Promise<void> {
  await q.query('INSERT INTO captchas (id, answer, purpose, expires_at) VALUES ($1, $2, $3, $4)', [
    c.id,
    c.answer,
    c.purpose,
    ts(c.expiresAt),
  ]);
}

export async function takeCaptcha(
  q: Queryable,
  id: string,
): Promise<{ answer: string; expiresAt: number } | null> {
  const r = await q.query<{ answer: string; expires_at: Date }>(
    'DELETE FROM captchas WHERE id = $1 RETURNING answer, expires_at',
    [id],
  );
  const row = r.rows[0];
  return row ? { answer: row.answer, expiresAt: row.expires_at.getTime() } : null;
}

export async function deleteExpiredCaptchas(q: Queryable, now: number): Promise<void> {
  await q.query(
    'DELETE FROM captchas WHERE id IN (SELECT id FROM captchas WHERE expires_at < $1 LIMIT 500)',
    [ts(now)],
  );
}
