import type { LoginRecord } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';

export async function readLogins(
  q: Queryable,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ list: LoginRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    q.query<{
      id: number;
      at: Date;
      ip: string;
      device_id: string;
      user_agent: string;
      success: boolean;
      risky: boolean;
      risk_reason: string | null;
    }>(
      `SELECT id, at, ip, device_id, user_agent, success, risky, risk_reason FROM login_history
        WHERE member_id = $1 ORDER BY at DESC, id DESC LIMIT $2 OFFSET $3`,
      [memberId, limit, offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM login_history WHERE member_id = $1', [
      memberId,
    ]),
  ]);
  return {
    total: total.rows[0]?.n ?? 0,
    list: rows.rows.map((l) => ({
      id: l.id,
      time: l.at.getTime(),
      ip: l.ip,
      deviceId: l.device_id,
      device: l.user_agent.slice(0, 120),
      success: l.success,
      risky: l.risky,
      riskReason: l.risk_reason,
    })),
  };
}

export async function countRiskyLogins(q: Queryable, memberId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM login_history WHERE member_id = $1 AND risky',
    [memberId],
  );
  return r.rows[0]?.n ?? 0;
}
