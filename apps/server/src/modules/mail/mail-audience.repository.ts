import type { Queryable } from '@nebula/db';

/** A segment's filters as stored: bounds in epoch ms (registeredTo exclusive), null for none. */
export interface SegmentFilter {
  vipMin: number | null;
  vipMax: number | null;
  registeredFrom: number | null;
  registeredTo: number | null;
  /** Logged in at or after this instant. */
  activeSince: number | null;
  /** Registered at or before this instant (the send). */
  registeredBy: number;
}

const ts = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The members of a segment, as bound parameters $1–$6 (never text in the SQL). */
const SEGMENT = `FROM members WHERE registered_at <= $1
  AND ($2::int IS NULL OR vip_level >= $2) AND ($3::int IS NULL OR vip_level <= $3)
  AND ($4::timestamptz IS NULL OR registered_at >= $4)
  AND ($5::timestamptz IS NULL OR registered_at < $5)
  AND ($6::timestamptz IS NULL OR last_login_at >= $6)`;

const segmentParams = (f: SegmentFilter) => [
  new Date(f.registeredBy),
  f.vipMin,
  f.vipMax,
  ts(f.registeredFrom),
  ts(f.registeredTo),
  ts(f.activeSince),
];

export async function countSegment(q: Queryable, f: SegmentFilter): Promise<number> {
  const r = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${SEGMENT}`, segmentParams(f));
  return r.rows[0]?.n ?? 0;
}

/** Writes the segment's recipients of a mail in one INSERT … SELECT; answers how many. */
export async function insertSegmentRecipients(
  q: Queryable,
  mailId: number,
  f: SegmentFilter,
): Promise<number> {
  const r = await q.query(
    `INSERT INTO mail_recipients (mail_id, member_id) SELECT $7::int, id ${SEGMENT}`,
    [...segmentParams(f), mailId],
  );
  return r.rowCount;
}

/** Members by account name (any case), in one query: name (lower case) → id. */
export async function idsOfNames(q: Queryable, lowerNames: string[]): Promise<Map<string, number>> {
  const r = await q.query<{ id: number; user_name_lower: string }>(
    'SELECT id, user_name_lower FROM members WHERE user_name_lower = ANY($1::text[])',
    [lowerNames],
  );
  return new Map(r.rows.map((m) => [m.user_name_lower, m.id]));
}

/** Writes a list's recipients of a mail in one statement (the ids as one array parameter). */
export async function insertListRecipients(
  q: Queryable,
  mailId: number,
  memberIds: number[],
): Promise<number> {
  const r = await q.query(
    `INSERT INTO mail_recipients (mail_id, member_id)
     SELECT $1::int, x FROM unnest($2::int[]) AS x ON CONFLICT DO NOTHING`,
    [mailId, memberIds],
  );
  return r.rowCount;
}

/** Of these members, those a resolved mail was sent to (the socket push). */
export async function recipientsAmong(
  q: Queryable,
  mailId: number,
  memberIds: number[],
): Promise<Set<number>> {
  const r = await q.query<{ member_id: number }>(
    'SELECT member_id FROM mail_recipients WHERE mail_id = $1 AND member_id = ANY($2::int[])',
    [mailId, memberIds],
  );
  return new Set(r.rows.map((x) => x.member_id));
}
