import type { RealNameStatus } from '@nebula/protocol';
import { ts, type Queryable } from '@nebula/db';
import { memberBalancesJsonSql } from '../../ledger/ledger.repository';

export interface MemberRow {
  id: number;
  userName: string;
  passwordHash: string;
  nickname: string;
  avatar: string;
  vipLevel: number;
  countryCode: string | null;
  phone: string | null;
  email: string | null;
  fundPasswordHash: string | null;
  inviteCode: string;
  registeredAt: number;
  lastLoginAt: number | null;
  realName: string | null;
  realNameStatus: RealNameStatus;
  realNameReason: string | null;
  realNameSubmittedAt: number | null;
  realNameReviewedAt: number | null;
}

interface MemberDbRow {
  id: number;
  user_name: string;
  password_hash: string;
  nickname: string;
  avatar: string;
  vip_level: number;
  country_code: string | null;
  phone: string | null;
  email: string | null;
  fund_password_hash: string | null;
  invite_code: string;
  registered_at: Date;
  last_login_at: Date | null;
  real_name: string | null;
  rn_status: 'pending' | 'approved' | 'rejected' | null;
  rn_reason: string | null;
  rn_submitted: Date | null;
  rn_reviewed: Date | null;
}

const MEMBER_SELECT = `SELECT m.id, m.user_name, m.password_hash, m.nickname, m.avatar, m.vip_level, m.country_code, m.phone, m.email,
            m.fund_password_hash, m.invite_code, m.registered_at, m.last_login_at,
            r.real_name, r.status AS rn_status, r.reason AS rn_reason, r.submitted_at AS rn_submitted, r.reviewed_at AS rn_reviewed`;
const MEMBER_FROM = `FROM members m LEFT JOIN member_real_names r ON r.member_id = m.id WHERE m.id = $1`;

function toMemberRow(m: MemberDbRow): MemberRow {
  return {
    id: m.id,
    userName: m.user_name,
    passwordHash: m.password_hash,
    nickname: m.nickname,
    avatar: m.avatar,
    vipLevel: m.vip_level,
    countryCode: m.country_code,
    phone: m.phone,
    email: m.email,
    fundPasswordHash: m.fund_password_hash,
    inviteCode: m.invite_code,
    registeredAt: m.registered_at.getTime(),
    lastLoginAt: m.last_login_at?.getTime() ?? null,
    realName: m.real_name,
    realNameStatus: m.rn_status ?? 'none',
    realNameReason: m.rn_reason,
    realNameSubmittedAt: m.rn_submitted?.getTime() ?? null,
    realNameReviewedAt: m.rn_reviewed?.getTime() ?? null,
  };
}

export async function readMember(q: Queryable, id: number): Promise<MemberRow | null> {
  const r = await q.query<MemberDbRow>(`${MEMBER_SELECT} ${MEMBER_FROM}`, [id], 'member_read');
  const m = r.rows[0];
  return m ? toMemberRow(m) : null;
}

/** A member's CNY wallet balances in fen, as member/info shows them. */
export interface MemberBalances {
  main: bigint;
  locked: bigint;
}

/**
 * member/info, asked for on every page load: the member and their balances in one statement,
 * one round trip and one connection (the balances' SQL is the ledger's). Prepared once per
 * connection.
 */
export async function readMemberWithBalances(
  q: Queryable,
  id: number,
): Promise<{ member: MemberRow; balances: MemberBalances } | null> {
  const r = await q.query<MemberDbRow & { balances: Record<string, string> }>(
    `${MEMBER_SELECT}, ${memberBalancesJsonSql('m.id', ['main', 'locked'])} AS balances ${MEMBER_FROM}`,
    [id],
    'member_info_read',
  );
  const m = r.rows[0];
  if (!m) return null;
  return {
    member: toMemberRow(m),
    balances: { main: BigInt(m.balances.main ?? '0'), locked: BigInt(m.balances.locked ?? '0') },
  };
}

/** Submits a real name when none is pending or approved; false otherwise. */
export async function submitRealName(
  q: Queryable,
  id: number,
  realName: string,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO member_real_names (member_id, real_name, status, submitted_at) VALUES ($1, $2, 'pending', $3)
     ON CONFLICT (member_id) DO UPDATE SET real_name = EXCLUDED.real_name, status = 'pending', reason = NULL,
       submitted_at = EXCLUDED.submitted_at, reviewed_at = NULL, reviewed_by = NULL
     WHERE member_real_names.status = 'rejected'`,
    [id, realName, ts(now)],
  );
  return r.rowCount === 1;
}

// --- facts other modules ask of a member (through MemberService)
export async function readUserNames(q: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const r = await q.query<{ id: number; user_name: string }>(
    'SELECT id, user_name FROM members WHERE id = ANY($1)',
    [ids],
  );
  return new Map(r.rows.map((m) => [m.id, m.user_name]));
}

/** VIP level and registration time of members (mail audiences). */
export async function readAudienceFacts(
  q: Queryable,
  ids: number[],
): Promise<Map<number, { vipLevel: number; registeredAt: number }>> {
  if (ids.length === 0) return new Map();
  const r = await q.query<{ id: number; vip_level: number; registered_at: Date }>(
    'SELECT id, vip_level, registered_at FROM members WHERE id = ANY($1)',
    [ids],
  );
  return new Map(
    r.rows.map((m) => [m.id, { vipLevel: m.vip_level, registeredAt: m.registered_at.getTime() }]),
  );
}

export async function memberExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM members WHERE id = $1', [id])).rowCount > 0;
}

/**
 * Takes the member's row lock (FOR NO KEY UPDATE) for the rest of the transaction: rules that
 * count a member's earlier orders or accounts run one after another per member, while inserts
 * that only reference the member (foreign-key KEY SHARE locks) are not blocked.
 */
export async function lockMemberRow(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT 1 FROM members WHERE id = $1 FOR NO KEY UPDATE', [id]);
}

/** What a withdrawal needs to know of the member: an approved real name and the fund password. */
export async function readWithdrawFacts(
  q: Queryable,
  id: number,
): Promise<{
  realNameApproved: boolean;
  realNameStatus: 'none' | 'pending' | 'approved' | 'rejected';
  fundPasswordHash: string | null;
}> {
  const r = await q.query<{ fund_password_hash: string | null; status: string | null }>(
    `SELECT m.fund_password_hash, r.status FROM members m LEFT JOIN member_real_names r ON r.member_id = m.id WHERE m.id = $1`,
    [id],
  );
  const row = r.rows[0];
  return {
    realNameApproved: row?.status === 'approved',
    realNameStatus:
      row?.status === 'pending' || row?.status === 'approved' || row?.status === 'rejected'
        ? row.status
        : 'none',
    fundPasswordHash: row?.fund_password_hash ?? null,
  };
}

/** What the venues need of a member: the name a venue shows, and whether they may play. */
export async function readPlayFacts(
  q: Queryable,
  id: number,
): Promise<{ nickname: string; userName: string; blocked: boolean } | null> {
  const r = await q.query<{ nickname: string; user_name: string; blocked: boolean }>(
    'SELECT nickname, user_name, blocked FROM members WHERE id = $1',
    [id],
  );
  const m = r.rows[0];
  return m ? { nickname: m.nickname, userName: m.user_name, blocked: m.blocked } : null;
}

/** Decides a pending real name; the name, or null when none was pending. */
export async function reviewRealName(
  q: Queryable,
  memberId: number,
  approve: boolean,
  reason: string | null,
  actor: string,
  now: number,
): Promise<string | null> {
  const r = await q.query<{ real_name: string }>(
    `UPDATE member_real_names SET status = $2, reason = $3, reviewed_at = $4, reviewed_by = $5
      WHERE member_id = $1 AND status = 'pending' RETURNING real_name`,
    [memberId, approve ? 'approved' : 'rejected', reason, ts(now), actor],
  );
  return r.rows[0]?.real_name ?? null;
}
