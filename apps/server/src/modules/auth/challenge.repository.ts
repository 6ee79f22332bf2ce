import { ts, type Queryable } from '@nebula/db';

export interface ChallengeRow {
  id: string;
  memberId: number;
  deviceId: string;
  ip: string;
  network: string;
  userAgent: string;
  reason: string;
  remember: boolean;
  codeHash: string | null;
  codeSentAt: number | null;
  codeExpiresAt: number | null;
  sends: number;
  attempts: number;
  expiresAt: number;
  completedAt: number | null;
}

export async function insertChallenge(
  q: Queryable,
  c: Omit<
    ChallengeRow,
    'codeHash' | 'codeSentAt' | 'codeExpiresAt' | 'sends' | 'attempts' | 'completedAt'
  > & { now: number },
): Promise<void> {
  await q.query(
    `INSERT INTO login_challenges (id, member_id, device_id, ip, network, user_agent, reason, remember, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      c.id,
      c.memberId,
      c.deviceId,
      c.ip,
      c.network,
      c.userAgent,
      c.reason,
      c.remember,
      ts(c.now),
      ts(c.expiresAt),
    ],
  );
}

export async function readChallenge(
  q: Queryable,
  id: string,
  forUpdate = false,
): Promise<ChallengeRow | null> {
  const r = await q.query<{
    id: string;
    member_id: number;
    device_id: string;
    ip: string;
    network: string;
    user_agent: string;
    reason: string;
    remember: boolean;
    code_hash: string | null;
    code_sent_at: Date | null;
    code_expires_at: Date | null;
    sends: number;
    attempts: number;
    expires_at: Date;
    completed_at: Date | null;
  }>(`SELECT * FROM login_challenges WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  const c = r.rows[0];
  if (!c) return null;
  return {
    id: c.id,
    memberId: c.member_id,
    deviceId: c.device_id,
    ip: c.ip,
    network: c.network,
    userAgent: c.user_agent,
    reason: c.reason,
    remember: c.remember,
    codeHash: c.code_hash,
    codeSentAt: c.code_sent_at?.getTime() ?? null,
    codeExpiresAt: c.code_expires_at?.getTime() ?? null,
    sends: c.sends,
    attempts: c.attempts,
    expiresAt: c.expires_at.getTime(),
    completedAt: c.completed_at?.getTime() ?? null,
  };
}

export async function setChallengeCode(
  q: Queryable,
  id: string,
  codeHash: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await q.query(
    'UPDATE login_challenges SET code_hash = $2, code_sent_at = $3, code_expires_at = $4, sends = sends + 1, attempts = 0 WHERE id = $1',
    [id, codeHash, ts(now), ts(expiresAt)],
  );
}

export async function bumpChallengeAttempts(q: Queryable, id: string): Promise<number> {
  const r = await q.query<{ attempts: number }>(
    'UPDATE login_challenges SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
    [id],
  );
  return r.rows[0]?.attempts ?? 0;
}

/** Completes a challenge exactly once. */
export async function completeChallenge(q: Queryable, id: string, now: number): Promise<boolean> {
  return (
    (
      await q.query(
        'UPDATE login_challenges SET completed_at = $2 WHERE id = $1 AND completed_at IS NULL',
        [id, ts(now)],
      )
    ).rowCount === 1
  );
}
