import type { Queryable } from '@nebula/db';

const ts = (ms: number) => new Date(ms);

// --- captchas
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

// --- members
export interface MemberAuthRow {
  id: number;
  userName: string;
  passwordHash: string;
  blocked: boolean;
  phone: string | null;
  countryCode: string | null;
  vipLevel: number;
  lastLoginAt: number | null;
}
interface MemberAuthDb {
  id: number;
  user_name: string;
  password_hash: string;
  blocked: boolean;
  phone: string | null;
  country_code: string | null;
  vip_level: number;
  last_login_at: Date | null;
}
const memberAuth = (r: MemberAuthDb): MemberAuthRow => ({
  id: r.id,
  userName: r.user_name,
  passwordHash: r.password_hash,
  blocked: r.blocked,
  phone: r.phone,
  countryCode: r.country_code,
  vipLevel: r.vip_level,
  lastLoginAt: r.last_login_at?.getTime() ?? null,
});
const MEMBER_AUTH_COLS =
  'id, user_name, password_hash, blocked, phone, country_code, vip_level, last_login_at';

export async function findMemberByName(
  q: Queryable,
  userNameLower: string,
): Promise<MemberAuthRow | null> {
  const r = await q.query<MemberAuthDb>(
    `SELECT ${MEMBER_AUTH_COLS} FROM members WHERE user_name_lower = $1`,
    [userNameLower],
  );
  return r.rows[0] ? memberAuth(r.rows[0]) : null;
}
export async function findMemberById(
  q: Queryable,
  id: number,
  forUpdate = false,
): Promise<MemberAuthRow | null> {
  const r = await q.query<MemberAuthDb>(
    `SELECT ${MEMBER_AUTH_COLS} FROM members WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? memberAuth(r.rows[0]) : null;
}
export async function findMemberIdByInviteCode(q: Queryable, code: string): Promise<number | null> {
  const r = await q.query<{ id: number }>('SELECT id FROM members WHERE invite_code = $1', [
    code.toUpperCase(),
  ]);
  return r.rows[0]?.id ?? null;
}
export async function inviteCodeExists(q: Queryable, code: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM members WHERE invite_code = $1', [code])).rowCount > 0;
}

export interface NewMember {
  userName: string;
  passwordHash: string;
  nickname: string;
  avatar: string;
  inviteCode: string;
  inviterId: number | null;
  ip: string;
  deviceId: string;
  now: number;
}
/** Inserts a member; null when the name is taken (unique violation), race-free. */
export async function insertMember(q: Queryable, m: NewMember): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO members (user_name, user_name_lower, password_hash, nickname, avatar, invite_code, inviter_id,
       registered_at, registered_ip, registered_device, age_confirmed_at)
     VALUES ($1, lower($1), $2, $3, $4, $5, $6, $7, $8, $9, $7)
     ON CONFLICT (user_name_lower) DO NOTHING RETURNING id`,
    [
      m.userName,
      m.passwordHash,
      m.nickname,
      m.avatar,
      m.inviteCode,
      m.inviterId,
      ts(m.now),
      m.ip,
      m.deviceId,
    ],
  );
  return r.rows[0]?.id ?? null;
}
export async function setMemberPassword(q: Queryable, id: number, hash: string): Promise<void> {
  await q.query('UPDATE members SET password_hash = $2 WHERE id = $1', [id, hash]);
}
export async function setLastLogin(q: Queryable, id: number, now: number): Promise<void> {
  await q.query('UPDATE members SET last_login_at = $2 WHERE id = $1', [id, ts(now)]);
}

// --- sessions
export type EndReason = 'logout' | 'replaced' | 'password' | 'blocked' | 'logoutAll' | 'expired';

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
/** Whether an operator blocked this device id (10102 on every call and every way in). */
export async function isDeviceBlocked(q: Queryable, deviceId: string): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM blocked_devices WHERE device_id = $1', [deviceId])).rowCount > 0
  );
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

// --- throttle
/**
 * Counts one failure under `key` atomically: a window older than `windowStart` restarts at 1.
 * Returns the count and any lock.
 */
export async function bumpThrottle(
  q: Queryable,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ failures: number; lockedUntil: number | null }> {
  const r = await q.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO login_throttle (key, failures, window_start, locked_until) VALUES ($1, 1, $2, NULL)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_start < $3 THEN 1 ELSE login_throttle.failures + 1 END,
       window_start = CASE WHEN login_throttle.window_start < $3 THEN EXCLUDED.window_start ELSE login_throttle.window_start END,
       locked_until = CASE WHEN login_throttle.locked_until < EXCLUDED.window_start THEN NULL ELSE login_throttle.locked_until END
     RETURNING failures, locked_until`,
    [key, ts(now), ts(now - windowMs)],
  );
  const row = r.rows[0]!;
  return { failures: row.failures, lockedUntil: row.locked_until?.getTime() ?? null };
}
export async function lockThrottle(q: Queryable, key: string, until: number): Promise<void> {
  await q.query('UPDATE login_throttle SET locked_until = $2 WHERE key = $1', [key, ts(until)]);
}
export async function readThrottle(
  q: Queryable,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ failures: number; lockedUntil: number | null }> {
  const r = await q.query<{ failures: number; window_start: Date; locked_until: Date | null }>(
    'SELECT failures, window_start, locked_until FROM login_throttle WHERE key = $1',
    [key],
  );
  const row = r.rows[0];
  if (!row) return { failures: 0, lockedUntil: null };
  const lockedUntil =
    row.locked_until && row.locked_until.getTime() > now ? row.locked_until.getTime() : null;
  const failures = row.window_start.getTime() >= now - windowMs ? row.failures : 0;
  return { failures, lockedUntil };
}
export async function clearThrottle(q: Queryable, keys: string[]): Promise<void> {
  await q.query('DELETE FROM login_throttle WHERE key = ANY($1)', [keys]);
}

// --- login history and devices
export interface LoginRecordInsert {
  memberId: number | null;
  userNameLower: string;
  ip: string;
  network: string;
  deviceId: string;
  userAgent: string;
  success: boolean;
  risky: boolean;
  riskReason: string | null;
  now: number;
}
export async function insertLoginRecord(q: Queryable, r: LoginRecordInsert): Promise<void> {
  await q.query(
    `INSERT INTO login_history (member_id, user_name_lower, ip, network, device_id, user_agent, success, risky, risk_reason, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      r.memberId,
      r.userNameLower,
      r.ip,
      r.network,
      r.deviceId,
      r.userAgent,
      r.success,
      r.risky,
      r.riskReason,
      ts(r.now),
    ],
  );
}
export async function isTrustedDevice(
  q: Queryable,
  memberId: number,
  deviceId: string,
): Promise<boolean> {
  return (
    (
      await q.query(
        'SELECT 1 FROM member_devices WHERE member_id = $1 AND device_id = $2 AND trusted',
        [memberId, deviceId],
      )
    ).rowCount > 0
  );
}
export async function networkSeenSince(
  q: Queryable,
  memberId: number,
  network: string,
  since: number,
): Promise<boolean> {
  const r = await q.query(
    'SELECT 1 FROM login_history WHERE member_id = $1 AND network = $2 AND success AND at > $3 LIMIT 1',
    [memberId, network, ts(since)],
  );
  return r.rowCount > 0;
}
/** Failed logins for this member since its last success, from networks other than this one. */
export async function foreignFailuresSinceLastSuccess(
  q: Queryable,
  memberId: number,
  network: string,
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_history
      WHERE member_id = $1 AND NOT success AND network <> $2
        AND at > COALESCE((SELECT max(at) FROM login_history WHERE member_id = $1 AND success), '-infinity'::timestamptz)`,
    [memberId, network],
  );
  return r.rows[0]?.n ?? 0;
}
export async function upsertDevice(
  q: Queryable,
  d: {
    memberId: number;
    deviceId: string;
    label: string;
    trusted: boolean;
    ip: string;
    now: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO member_devices (member_id, device_id, label, trusted, first_seen_at, last_seen_at, last_ip)
     VALUES ($1, $2, $3, $4, $5, $5, $6)
     ON CONFLICT (member_id, device_id) DO UPDATE SET
       trusted = member_devices.trusted OR EXCLUDED.trusted, last_seen_at = EXCLUDED.last_seen_at,
       last_ip = EXCLUDED.last_ip, label = CASE WHEN EXCLUDED.label <> '' THEN EXCLUDED.label ELSE member_devices.label END`,
    [d.memberId, d.deviceId, d.label, d.trusted, ts(d.now), d.ip],
  );
}

// --- device-authorization challenges
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

// --- handover tokens
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
