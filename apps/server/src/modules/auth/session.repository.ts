import { ts, type Queryable } from '@nebula/db';

export type EndReason =
  'logout' | 'replaced' | 'password' | 'blocked' | 'logoutAll' | 'expired' | 'locked';

export interface SessionInsert {
  id: string;
  memberId: number;
  tokenHash: Buffer;
  deviceId: string;
  ip: string;
  userAgent: string;
  remember: boolean;
  now: number;
  expiresAt: number;
  idleSeconds: number | null;
}

export async function insertSession(q: Queryable, s: SessionInsert): Promise<void> {
  await q.query(
    `INSERT INTO sessions (id, member_id, token_hash, device_id, ip, user_agent, remember, created_at, last_seen_at, expires_at, idle_seconds)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)`,
    [
      s.id,
      s.memberId,
      s.tokenHash,
      s.deviceId,
      s.ip,
      s.userAgent,
      s.remember,
      ts(s.now),
      ts(s.expiresAt),
      s.idleSeconds,
    ],
  );
}

/** Ends the member's live sessions; returns their ids (for the bus). */
export async function endLiveSessions(
  q: Queryable,
  memberId: number,
  reason: EndReason,
  now: number,
): Promise<string[]> {
  const r = await q.query<{ id: string }>(
    'UPDATE sessions SET ended_at = $3, end_reason = $2 WHERE member_id = $1 AND ended_at IS NULL RETURNING id',
    [memberId, reason, ts(now)],
  );
  return r.rows.map((x) => x.id);
}

export async function endSession(
  q: Queryable,
  id: string,
  reason: EndReason,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    'UPDATE sessions SET ended_at = $3, end_reason = $2 WHERE id = $1 AND ended_at IS NULL',
    [id, reason, ts(now)],
  );
  return r.rowCount > 0;
}

export interface SessionLookup {
  sessionId: string;
  memberId: number;
  deviceId: string;
  expiresAt: number;
  idleSeconds: number | null;
  lastSeenAt: number;
  endedAt: number | null;
  endReason: EndReason | null;
  memberBlocked: boolean;
  deviceBlocked: boolean;
  userName: string;
  vipLevel: number;
}

/** One query answers every session question of a request: the session, its member, the device. */
export async function lookupSession(
  q: Queryable,
  tokenHash: Buffer,
  deviceId: string,
): Promise<SessionLookup | null> {
  const r = await q.query<{
    id: string;
    member_id: number;
    device_id: string;
    expires_at: Date;
    idle_seconds: number | null;
    last_seen_at: Date;
    ended_at: Date | null;
    end_reason: EndReason | null;
    blocked: boolean;
    device_blocked: boolean;
    user_name: string;
    vip_level: number;
  }>(
    `SELECT s.id, s.member_id, s.device_id, s.expires_at, s.idle_seconds, s.last_seen_at, s.ended_at, s.end_reason,
            m.blocked, m.user_name, m.vip_level,
            EXISTS (SELECT 1 FROM blocked_devices b WHERE b.device_id = $2) AS device_blocked
       FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1`,
    [tokenHash, deviceId],
    // Every member call runs it: prepared once per connection.
    'session_lookup',
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    sessionId: row.id,
    memberId: row.member_id,
    deviceId: row.device_id,
    expiresAt: row.expires_at.getTime(),
    idleSeconds: row.idle_seconds,
    lastSeenAt: row.last_seen_at.getTime(),
    endedAt: row.ended_at?.getTime() ?? null,
    endReason: row.end_reason,
    memberBlocked: row.blocked,
    deviceBlocked: row.device_blocked,
    userName: row.user_name,
    vipLevel: row.vip_level,
  };
}

export async function touchSession(q: Queryable, id: string, now: number): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [id, ts(now)]);
}

export async function isSessionLive(q: Queryable, id: string, now: number): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.id = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND NOT m.blocked
        AND (s.idle_seconds IS NULL OR s.last_seen_at + make_interval(secs => s.idle_seconds) > $2)`,
    [id, ts(now)],
  );
  return r.rowCount > 0;
}

/** When a session began (the reality checks' session clock), or null for an unknown id. */
export async function readSessionStart(q: Queryable, id: string): Promise<number | null> {
  const r = await q.query<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id = $1', [
    id,
  ]);
  return r.rows[0]?.created_at.getTime() ?? null;
}
