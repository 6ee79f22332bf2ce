import type { PlayBreakKind, RealNameStatus } from '@nebula/protocol';
import { ts, type Queryable } from '@nebula/db';

export async function listMembers(
  q: Queryable,
  search: string | undefined,
  limit: number,
  offset: number,
  now: number,
) {
  const where = search ? 'WHERE m.user_name_lower LIKE $4' : '';
  const params: unknown[] = [limit, offset, ts(now)];
  if (search) params.push(`${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`);
  const [rows, total] = await Promise.all([
    q.query<{
      id: number;
      user_name: string;
      nickname: string;
      blocked: boolean;
      vip_level: number;
      phone: string | null;
      status: RealNameStatus | null;
      registered_at: Date;
      last_login_at: Date | null;
      break_kind: PlayBreakKind | null;
      break_started_at: Date | null;
      break_ends_at: Date | null;
    }>(
      `SELECT m.id, m.user_name, m.nickname, m.blocked, m.vip_level, m.phone, r.status, m.registered_at, m.last_login_at,
              b.kind AS break_kind, b.started_at AS break_started_at, b.ends_at AS break_ends_at
         FROM members m LEFT JOIN member_real_names r ON r.member_id = m.id
         LEFT JOIN LATERAL (SELECT kind, started_at, ends_at FROM member_play_breaks
                             WHERE member_id = m.id AND ends_at > $3
                             ORDER BY ends_at DESC LIMIT 1) b ON true ${where}
        ORDER BY m.id DESC LIMIT $1 OFFSET $2`,
      params,
    ),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM members m ${search ? 'WHERE m.user_name_lower LIKE $1' : ''}`,
      search ? [params[3]] : [],
    ),
  ]);
  return { total: total.rows[0]?.n ?? 0, rows: rows.rows };
}

export async function setDeviceBlocked(
  q: Queryable,
  deviceId: string,
  blocked: boolean,
  reason: string,
  actor: string,
  now: number,
): Promise<boolean> {
  if (blocked) {
    const r = await q.query(
      'INSERT INTO blocked_devices (device_id, reason, blocked_at, blocked_by) VALUES ($1, $2, $3, $4) ON CONFLICT (device_id) DO NOTHING',
      [deviceId, reason, ts(now), actor],
    );
    return r.rowCount > 0;
  }
  return (
    (await q.query('DELETE FROM blocked_devices WHERE device_id = $1', [deviceId])).rowCount > 0
  );
}

export async function liveSessionsOnDevice(
  q: Queryable,
  deviceId: string,
): Promise<{ id: string; memberId: number }[]> {
  const r = await q.query<{ id: string; member_id: number }>(
    'SELECT id, member_id FROM sessions WHERE device_id = $1 AND ended_at IS NULL',
    [deviceId],
  );
  return r.rows.map((s) => ({ id: s.id, memberId: s.member_id }));
}

/** Reviews a pending real name exactly once; null when none is pending. */
