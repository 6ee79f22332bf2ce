import type { PlayBreakKind, RealNameStatus } from '@nebula/protocol';
import { ts, type Queryable } from '@nebula/db';

/**
 * The member detail page's own reads (the member row as the list has it, devices with their
 * block, live sessions) and the operators' notes on a member, which this module owns.
 */
export interface MemberDetailRow {
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
}

export async function memberById(
  q: Queryable,
  id: number,
  now: number,
): Promise<MemberDetailRow | null> {
  const r = await q.query<MemberDetailRow>(
    `SELECT m.id, m.user_name, m.nickname, m.blocked, m.vip_level, m.phone, r.status,
            m.registered_at, m.last_login_at,
            b.kind AS break_kind, b.started_at AS break_started_at, b.ends_at AS break_ends_at
       FROM members m LEFT JOIN member_real_names r ON r.member_id = m.id
       LEFT JOIN LATERAL (SELECT kind, started_at, ends_at FROM member_play_breaks
                           WHERE member_id = m.id AND ends_at > $2
                           ORDER BY ends_at DESC LIMIT 1) b ON true
      WHERE m.id = $1`,
    [id, ts(now)],
  );
  return r.rows[0] ?? null;
}

export async function memberExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM members WHERE id = $1', [id])).rows.length > 0;
}

export async function countLiveSessions(q: Queryable, memberId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE member_id = $1 AND ended_at IS NULL',
    [memberId],
  );
  return r.rows[0]?.n ?? 0;
}

/** Every device the member signed in from, newest first, with whether it is blocked. */
export async function devicesOf(q: Queryable, memberId: number) {
  const r = await q.query<{
    device_id: string;
    label: string;
    trusted: boolean;
    blocked: boolean;
    first_seen_at: Date;
    last_seen_at: Date;
    last_ip: string;
  }>(
    `SELECT d.device_id, d.label, d.trusted, (b.device_id IS NOT NULL) AS blocked,
            d.first_seen_at, d.last_seen_at, d.last_ip
       FROM member_devices d LEFT JOIN blocked_devices b ON b.device_id = d.device_id
      WHERE d.member_id = $1 ORDER BY d.last_seen_at DESC LIMIT 200`,
    [memberId],
  );
  return r.rows.map((d) => ({
    deviceId: d.device_id,
    label: d.label,
    trusted: d.trusted,
    blocked: d.blocked,
    firstSeenAt: d.first_seen_at.getTime(),
    lastSeenAt: d.last_seen_at.getTime(),
    lastIp: d.last_ip,
  }));
}

interface NoteRow {
  id: string;
  text: string;
  author: string;
  created_at: Date;
}
const toNote = (n: NoteRow) => ({
  id: Number(n.id),
  text: n.text,
  author: n.author,
  createdAt: n.created_at.getTime(),
});

export async function insertNote(
  q: Queryable,
  memberId: number,
  text: string,
  author: string,
  now: number,
) {
  const r = await q.query<NoteRow>(
    `INSERT INTO member_notes (member_id, text, author, created_at) VALUES ($1, $2, $3, $4)
     RETURNING id, text, author, created_at`,
    [memberId, text, author, ts(now)],
  );
  return toNote(r.rows[0]!);
}

export async function notesOf(q: Queryable, memberId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    q.query<NoteRow>(
      `SELECT id, text, author, created_at FROM member_notes WHERE member_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [memberId, limit, offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM member_notes WHERE member_id = $1', [
      memberId,
    ]),
  ]);
  return { list: rows.rows.map(toNote), total: total.rows[0]?.n ?? 0 };
}
