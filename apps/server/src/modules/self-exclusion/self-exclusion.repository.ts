import { ts, type Queryable } from '@nebula/db';
import type { SelfExclusionIdentityKind } from '@nebula/protocol';

export interface EntryRow {
  id: number;
  kind: SelfExclusionIdentityKind;
  value: string;
  reason: string;
  addedBy: string;
  addedAt: number;
}
interface RawEntry {
  id: string | number;
  kind: SelfExclusionIdentityKind;
  value: string;
  reason: string;
  added_by: string;
  added_at: Date;
}
const toEntry = (r: RawEntry): EntryRow => ({
  id: Number(r.id),
  kind: r.kind,
  value: r.value,
  reason: r.reason,
  addedBy: r.added_by,
  addedAt: r.added_at.getTime(),
});

/** Whether any of these (normalised) identities stands on the list. */
export async function anyListed(
  q: Queryable,
  ids: { kind: SelfExclusionIdentityKind; value: string }[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM self_exclusion_register
      WHERE removed_at IS NULL AND (kind, value) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [ids.map((i) => i.kind), ids.map((i) => i.value)],
  );
  return (r.rows[0]?.n ?? 0) > 0;
}

export async function listLive(q: Queryable): Promise<EntryRow[]> {
  const r = await q.query<RawEntry>(
    `SELECT id, kind, value, reason, added_by, added_at FROM self_exclusion_register
      WHERE removed_at IS NULL ORDER BY added_at DESC, id DESC LIMIT 500`,
  );
  return r.rows.map(toEntry);
}

/** Adds an entry; null when the same identity already stands (nothing changes). */
export async function insertEntry(q: Queryable, e: Omit<EntryRow, 'id'>): Promise<EntryRow | null> {
  const r = await q.query<RawEntry>(
    `INSERT INTO self_exclusion_register (kind, value, reason, added_by, added_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING
     RETURNING id, kind, value, reason, added_by, added_at`,
    [e.kind, e.value, e.reason, e.addedBy, ts(e.addedAt)],
  );
  return r.rows[0] ? toEntry(r.rows[0]) : null;
}

/** Removes a standing entry; the row it removed, or null. */
export async function removeEntry(
  q: Queryable,
  id: number,
  by: string,
  now: number,
): Promise<EntryRow | null> {
  const r = await q.query<RawEntry>(
    `UPDATE self_exclusion_register SET removed_by = $2, removed_at = $3
      WHERE id = $1 AND removed_at IS NULL
      RETURNING id, kind, value, reason, added_by, added_at`,
    [id, by, ts(now)],
  );
  return r.rows[0] ? toEntry(r.rows[0]) : null;
}

/** What the register is asked about a member: their user name and phone, if any. */
export async function memberIdentity(
  q: Queryable,
  memberId: number,
): Promise<{ userName: string; phone: string | null } | null> {
  const r = await q.query<{ user_name: string; country_code: string | null; phone: string | null }>(
    'SELECT user_name, country_code, phone FROM members WHERE id = $1',
    [memberId],
  );
  const m = r.rows[0];
  if (!m) return null;
  return { userName: m.user_name, phone: m.phone ? `${m.country_code ?? ''}${m.phone}` : null };
}
