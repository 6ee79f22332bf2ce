import type { DeviceStatusFilter, PlayBreakKind, RealNameStatus } from '@nebula/protocol';
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

interface DeviceRow {
  device_id: string;
  label: string;
  trusted: boolean;
  blocked: boolean;
  first_seen_at: Date;
  last_seen_at: Date;
  seen_key: string;
  last_ip: string;
}
const DEVICE_STATUS: Record<DeviceStatusFilter, string> = {
  trusted: ' AND d.trusted',
  untrusted: ' AND NOT d.trusted',
  blocked: ' AND b.device_id IS NOT NULL',
};
const deviceBase = (status?: DeviceStatusFilter) =>
  `FROM member_devices d LEFT JOIN blocked_devices b ON b.device_id = d.device_id
    WHERE d.member_id = $1${status ? DEVICE_STATUS[status] : ''}`;
const DEVICE_COLUMNS = `d.device_id, d.label, d.trusted, (b.device_id IS NOT NULL) AS blocked,
  d.first_seen_at, d.last_seen_at, d.last_seen_at::text AS seen_key, d.last_ip`;
const toDevice = (d: DeviceRow) => ({
  deviceId: d.device_id,
  label: d.label,
  trusted: d.trusted,
  blocked: d.blocked,
  firstSeenAt: d.first_seen_at.getTime(),
  lastSeenAt: d.last_seen_at.getTime(),
  lastIp: d.last_ip,
});

/** A page of the devices the member signed in from, newest first, with whether each is blocked. */
export async function devicesOf(
  q: Queryable,
  memberId: number,
  status: DeviceStatusFilter | undefined,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    q.query<DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} ${deviceBase(status)}
        ORDER BY d.last_seen_at DESC, d.device_id DESC LIMIT $2 OFFSET $3`,
      [memberId, limit, offset],
    ),
    countDevices(q, memberId, status),
  ]);
  return { list: rows.rows.map(toDevice), total };
}

export async function countDevices(
  q: Queryable,
  memberId: number,
  status?: DeviceStatusFilter,
): Promise<number> {
  const r = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${deviceBase(status)}`, [
    memberId,
  ]);
  return r.rows[0]?.n ?? 0;
}

/** Where an export's page ends: the last row's time (exact, as text) and its id. */
export interface TimeKey {
  at: string;
  id: string;
}

/** A keyset page of the member's devices, in the list's order (a CSV export's). */
export async function devicesBefore(
  q: Queryable,
  memberId: number,
  status: DeviceStatusFilter | undefined,
  k: TimeKey | null,
  limit: number,
) {
  const params: unknown[] = [memberId, limit];
  const keyed = k
    ? ` AND (d.last_seen_at, d.device_id) < ($${params.push(k.at)}::timestamptz, $${params.push(k.id)})`
    : '';
  const r = await q.query<DeviceRow>(
    `SELECT ${DEVICE_COLUMNS} ${deviceBase(status)}${keyed}
      ORDER BY d.last_seen_at DESC, d.device_id DESC LIMIT $2`,
    params,
  );
  return r.rows.map((d) => ({ ...toDevice(d), key: { at: d.seen_key, id: d.device_id } }));
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

const noteWhere = (author?: string) => `member_id = $1${author ? ' AND author = $2' : ''}`;
const noteParams = (memberId: number, author?: string) =>
  author ? [memberId, author] : [memberId];

export async function notesOf(
  q: Queryable,
  memberId: number,
  author: string | undefined,
  limit: number,
  offset: number,
) {
  const params = noteParams(memberId, author);
  const [rows, total] = await Promise.all([
    q.query<NoteRow>(
      `SELECT id, text, author, created_at FROM member_notes WHERE ${noteWhere(author)}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    countNotes(q, memberId, author),
  ]);
  return { list: rows.rows.map(toNote), total };
}

export async function countNotes(q: Queryable, memberId: number, author?: string) {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_notes WHERE ${noteWhere(author)}`,
    noteParams(memberId, author),
  );
  return r.rows[0]?.n ?? 0;
}

/** A keyset page of the member's notes, newest first (a CSV export's). */
export async function notesBefore(
  q: Queryable,
  memberId: number,
  author: string | undefined,
  k: TimeKey | null,
  limit: number,
) {
  const params: unknown[] = noteParams(memberId, author);
  const keyed = k
    ? ` AND (created_at, id) < ($${params.push(k.at)}::timestamptz, $${params.push(k.id)}::bigint)`
    : '';
  const r = await q.query<NoteRow & { at_key: string }>(
    `SELECT id, text, author, created_at, created_at::text AS at_key FROM member_notes
      WHERE ${noteWhere(author)}${keyed} ORDER BY created_at DESC, id DESC
      LIMIT $${params.push(limit)}`,
    params,
  );
  return r.rows.map((n) => ({ ...toNote(n), key: { at: n.at_key, id: n.id } }));
}
