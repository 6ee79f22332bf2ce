import type { Queryable } from '@nebula/db';

export interface MailRow {
  id: number;
  title: string;
  body: string;
  audience: 'member' | 'segment' | 'list' | 'all';
  memberId: number | null;
  /** Sent to the recipient rows written when it was sent (a segment or list since 0062). */
  resolved: boolean;
  activeWithinDays: number | null;
  userNames: string[] | null;
  recipients: number | null;
  vipMin: number | null;
  vipMax: number | null;
  registeredFrom: number | null;
  registeredTo: number | null;
  sentBy: string;
  sentAt: number;
  revokedAt: number | null;
  /** An offer (营销): shown only to members the eligibility gate allows marketing to. */
  marketing: boolean;
}

/** Who is reading: the facts a mail's audience is matched against. */
export interface Reader {
  memberId: number;
  vipLevel: number;
  registeredAt: number;
  /** Whether the member may be sent marketing (the eligibility gate's `marketing` purpose). */
  marketing: boolean;
}

type DbMail = {
  id: number;
  title: string;
  body: string;
  audience: MailRow['audience'];
  member_id: number | null;
  resolved: boolean;
  active_within_days: number | null;
  user_names: string[] | null;
  recipients: number | null;
  vip_min: number | null;
  vip_max: number | null;
  registered_from: Date | null;
  registered_to: Date | null;
  sent_by: string;
  sent_at: Date;
  revoked_at: Date | null;
  marketing: boolean;
};

const COLUMNS =
  'm.id, m.title, m.body, m.audience, m.member_id, m.resolved, m.active_within_days, m.user_names, m.recipients, m.vip_min, m.vip_max, m.registered_from, m.registered_to, m.sent_by, m.sent_at, m.revoked_at, m.marketing';

const toMail = (r: DbMail): MailRow => ({
  id: r.id,
  title: r.title,
  body: r.body,
  audience: r.audience,
  memberId: r.member_id,
  resolved: r.resolved,
  activeWithinDays: r.active_within_days,
  userNames: r.user_names,
  recipients: r.recipients,
  vipMin: r.vip_min,
  vipMax: r.vip_max,
  registeredFrom: r.registered_from?.getTime() ?? null,
  registeredTo: r.registered_to?.getTime() ?? null,
  sentBy: r.sent_by,
  sentAt: r.sent_at.getTime(),
  revokedAt: r.revoked_at?.getTime() ?? null,
  marketing: r.marketing,
});

/**
 * The mails a reader can see ($1 member, $2 VIP level, $3 registration time, $4 may be sent
 * marketing), less those they deleted: their own, those resolved to them when sent (a segment or
 * list), and broadcasts sent after they registered (an older segment: whose filters they match
 * now); an offer only while the member may be sent one.
 * `mailIsFor` (mail.service.ts) is the same rule in TypeScript, for the socket push.
 */
const VISIBLE = `
  FROM mails m
  LEFT JOIN mail_receipts r ON r.mail_id = m.id AND r.member_id = $1
  WHERE m.revoked_at IS NULL AND r.deleted_at IS NULL AND (NOT m.marketing OR $4::boolean) AND (
    (m.audience = 'member' AND m.member_id = $1)
    OR (m.resolved
      AND EXISTS (SELECT 1 FROM mail_recipients x WHERE x.mail_id = m.id AND x.member_id = $1))
    OR (m.audience <> 'member' AND NOT m.resolved AND m.sent_at >= $3
      AND (m.vip_min IS NULL OR $2 >= m.vip_min) AND (m.vip_max IS NULL OR $2 <= m.vip_max)
      AND (m.registered_from IS NULL OR $3 >= m.registered_from)
      AND (m.registered_to IS NULL OR $3 < m.registered_to)))`;

const readerParams = (r: Reader) => [r.memberId, r.vipLevel, new Date(r.registeredAt), r.marketing];

export async function countUnread(q: Queryable, reader: Reader): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n ${VISIBLE} AND r.read_at IS NULL`,
    readerParams(reader),
  );
  return r.rows[0]?.n ?? 0;
}

export async function listVisible(q: Queryable, reader: Reader, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    q.query<DbMail & { read_at: Date | null }>(
      `SELECT ${COLUMNS}, r.read_at ${VISIBLE} ORDER BY m.sent_at DESC, m.id DESC LIMIT $5 OFFSET $6`,
      [...readerParams(reader), limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n ${VISIBLE}`, readerParams(reader)),
  ]);
  return {
    total: total.rows[0]?.n ?? 0,
    list: rows.rows.map((row) => ({ ...toMail(row), read: row.read_at !== null })),
  };
}

export async function isVisible(q: Queryable, reader: Reader, mailId: number): Promise<boolean> {
  const r = await q.query(`SELECT 1 ${VISIBLE} AND m.id = $5`, [...readerParams(reader), mailId]);
  return r.rowCount > 0;
}

export async function markRead(q: Queryable, memberId: number, mailId: number, at: Date) {
  await q.query(
    `INSERT INTO mail_receipts (mail_id, member_id, read_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, mail_id) DO UPDATE SET read_at = COALESCE(mail_receipts.read_at, EXCLUDED.read_at)`,
    [mailId, memberId, at],
  );
}

export async function markDeleted(q: Queryable, memberId: number, mailId: number, at: Date) {
  await q.query(
    `INSERT INTO mail_receipts (mail_id, member_id, read_at, deleted_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (member_id, mail_id) DO UPDATE
       SET read_at = COALESCE(mail_receipts.read_at, EXCLUDED.read_at),
           deleted_at = COALESCE(mail_receipts.deleted_at, EXCLUDED.deleted_at)`,
    [mailId, memberId, at],
  );
}

/** Marks every visible unread mail read, in one statement. */
export async function markAllRead(q: Queryable, reader: Reader, at: Date) {
  await q.query(
    `INSERT INTO mail_receipts (mail_id, member_id, read_at)
     SELECT m.id, $1::int, $5::timestamptz ${VISIBLE} AND r.read_at IS NULL
     ON CONFLICT (member_id, mail_id) DO UPDATE SET read_at = COALESCE(mail_receipts.read_at, EXCLUDED.read_at)`,
    [...readerParams(reader), at],
  );
}

export async function insertMail(
  q: Queryable,
  m: Omit<MailRow, 'id' | 'revokedAt' | 'recipients'>,
): Promise<MailRow> {
  const r = await q.query<DbMail>(
    `INSERT INTO mails (title, body, audience, member_id, vip_min, vip_max, registered_from, registered_to, sent_by, sent_at, marketing, resolved, active_within_days, user_names)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING id, title, body, audience, member_id, resolved, active_within_days, user_names, recipients, vip_min, vip_max, registered_from, registered_to, sent_by, sent_at, revoked_at, marketing`,
    [
      m.title,
      m.body,
      m.audience,
      m.memberId,
      m.vipMin,
      m.vipMax,
      m.registeredFrom === null ? null : new Date(m.registeredFrom),
      m.registeredTo === null ? null : new Date(m.registeredTo),
      m.sentBy,
      new Date(m.sentAt),
      m.marketing,
      m.resolved,
      m.activeWithinDays,
      m.userNames,
    ],
  );
  return toMail(r.rows[0]!);
}

/** Stores how many members a resolved mail went to (once its recipient rows are written). */
export async function setRecipients(q: Queryable, id: number, n: number): Promise<void> {
  await q.query('UPDATE mails SET recipients = $2 WHERE id = $1', [id, n]);
}

export async function readMail(q: Queryable, id: number): Promise<MailRow | null> {
  const r = await q.query<DbMail>(`SELECT ${COLUMNS} FROM mails m WHERE m.id = $1`, [id]);
  return r.rows[0] ? toMail(r.rows[0]) : null;
}

export async function revokeMail(q: Queryable, id: number, at: Date): Promise<boolean> {
  const r = await q.query('UPDATE mails SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    id,
    at,
  ]);
  return r.rowCount > 0;
}

export async function listSent(q: Queryable, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    q.query<DbMail & { reads: number }>(
      `SELECT ${COLUMNS},
         (SELECT count(*)::int FROM mail_receipts r WHERE r.mail_id = m.id AND r.read_at IS NOT NULL) AS reads
       FROM mails m ORDER BY m.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM mails'),
  ]);
  return {
    total: total.rows[0]?.n ?? 0,
    list: rows.rows.map((row) => ({ ...toMail(row), reads: row.reads })),
  };
}

export async function readCount(q: Queryable, id: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM mail_receipts WHERE mail_id = $1 AND read_at IS NOT NULL',
    [id],
  );
  return r.rows[0]?.n ?? 0;
}

/** The sent-mail CSV export: newest first like the list, a keyset page below `beforeId`. */
export async function countSent(q: Queryable): Promise<number> {
  const r = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM mails');
  return r.rows[0]?.n ?? 0;
}

export async function sentBefore(q: Queryable, beforeId: number, limit: number) {
  const rows = await q.query<DbMail & { reads: number }>(
    `SELECT ${COLUMNS},
       (SELECT count(*)::int FROM mail_receipts r WHERE r.mail_id = m.id AND r.read_at IS NOT NULL) AS reads
     FROM mails m WHERE m.id < $1 ORDER BY m.id DESC LIMIT $2`,
    [beforeId, limit],
  );
  return rows.rows.map((row) => ({ ...toMail(row), reads: row.reads }));
}
