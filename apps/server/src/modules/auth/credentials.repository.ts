import { ts, type Queryable } from '@nebula/db';

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
