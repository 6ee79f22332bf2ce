import type { LoginRecord, LoginResultFilter } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';

interface LoginRow {
  id: number;
  at: Date;
  at_key: string;
  ip: string;
  device_id: string;
  user_agent: string;
  success: boolean;
  risky: boolean;
  risk_reason: string | null;
}

const COLUMNS =
  'id, at, at::text AS at_key, ip, device_id, user_agent, success, risky, risk_reason';

const RESULT: Record<LoginResultFilter, string> = {
  success: ' AND success',
  failed: ' AND NOT success',
  risky: ' AND risky',
};
const whereOf = (result?: LoginResultFilter) => `member_id = $1${result ? RESULT[result] : ''}`;

const toRecord = (l: LoginRow): LoginRecord => ({
  id: l.id,
  time: l.at.getTime(),
  ip: l.ip,
  deviceId: l.device_id,
  device: l.user_agent.slice(0, 120),
  success: l.success,
  risky: l.risky,
  riskReason: l.risk_reason,
});

export async function readLogins(
  q: Queryable,
  memberId: number,
  limit: number,
  offset: number,
  result?: LoginResultFilter,
): Promise<{ list: LoginRecord[]; total: number }> {
  const where = whereOf(result);
  const [rows, total] = await Promise.all([
    q.query<LoginRow>(
      `SELECT ${COLUMNS} FROM login_history
        WHERE ${where} ORDER BY at DESC, id DESC LIMIT $2 OFFSET $3`,
      [memberId, limit, offset],
    ),
    countLogins(q, memberId, result),
  ]);
  return { total, list: rows.rows.map(toRecord) };
}

export async function countLogins(
  q: Queryable,
  memberId: number,
  result?: LoginResultFilter,
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_history WHERE ${whereOf(result)}`,
    [memberId],
  );
  return r.rows[0]?.n ?? 0;
}

/** Where a logins export's page ends: the last row's time (exact, as text) and id. */
export interface LoginKey {
  at: string;
  id: number;
}

/** A keyset page of the member's logins, newest first as the list shows them. */
export async function loginsBefore(
  q: Queryable,
  memberId: number,
  result: LoginResultFilter | undefined,
  k: LoginKey | null,
  limit: number,
): Promise<(LoginRecord & { key: LoginKey })[]> {
  const params: unknown[] = [memberId, limit];
  const keyed = k
    ? ` AND (at, id) < ($${params.push(k.at)}::timestamptz, $${params.push(k.id)})`
    : '';
  const r = await q.query<LoginRow>(
    `SELECT ${COLUMNS} FROM login_history WHERE ${whereOf(result)}${keyed}
      ORDER BY at DESC, id DESC LIMIT $2`,
    params,
  );
  return r.rows.map((l) => ({ ...toRecord(l), key: { at: l.at_key, id: l.id } }));
}

export async function countRiskyLogins(q: Queryable, memberId: number): Promise<number> {
  return countLogins(q, memberId, 'risky');
}
