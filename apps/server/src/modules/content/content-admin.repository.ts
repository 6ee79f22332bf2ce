import type { Queryable } from '@nebula/db';

/*
 * The operator side of the home content rows: paged lists (disabled rows and windows too) and
 * saves that replace every field. The member reads stay in content.repository.ts.
 */

export type ContentKind = 'notices' | 'station_ads' | 'suspension_icons' | 'pop_activities';

export interface AdminNoticeRow {
  id: number;
  category: number;
  title: string;
  content: string;
  sort: number;
  enabled: boolean;
  publishedAt: string;
}
export interface AdminStationAdRow {
  id: number;
  title: string;
  imageUrl: string;
  link: string;
  sort: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
}
export interface AdminSuspensionIconRow {
  id: number;
  title: string;
  iconUrl: string;
  link: string;
  displayEquipment: number;
  sort: number;
  enabled: boolean;
}
export interface AdminPopActivityRow {
  id: number;
  title: string;
  content: string;
  imageUrl: string;
  link: string;
  sort: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

export type NoticeFields = Omit<AdminNoticeRow, 'id' | 'publishedAt'>;
export type StationAdFields = Omit<AdminStationAdRow, 'id'>;
export type SuspensionIconFields = Omit<AdminSuspensionIconRow, 'id'>;
export type PopActivityFields = Omit<AdminPopActivityRow, 'id'>;

type Row = Record<string, unknown>;
const iso = (d: unknown) => (d === null ? null : new Date(d as Date).toISOString());

const toNotice = (r: Row): AdminNoticeRow => ({
  id: r.id as number,
  category: r.category as number,
  title: r.title as string,
  content: r.content as string,
  sort: r.sort as number,
  enabled: r.enabled as boolean,
  publishedAt: iso(r.published_at)!,
});
const toAd = (r: Row): AdminStationAdRow => ({
  id: r.id as number,
  title: r.title as string,
  imageUrl: r.image_url as string,
  link: r.link as string,
  sort: r.sort as number,
  enabled: r.enabled as boolean,
  startsAt: iso(r.starts_at),
  endsAt: iso(r.ends_at),
});
const toIcon = (r: Row): AdminSuspensionIconRow => ({
  id: r.id as number,
  title: r.title as string,
  iconUrl: r.icon_url as string,
  link: r.link as string,
  displayEquipment: r.display_equipment as number,
  sort: r.sort as number,
  enabled: r.enabled as boolean,
});
const toPop = (r: Row): AdminPopActivityRow => ({
  ...toAd(r),
  content: r.content as string,
});

const ORDER: Record<ContentKind, string> = {
  notices: 'category, sort, published_at DESC, id',
  station_ads: 'sort, id',
  suspension_icons: 'display_equipment, sort, id',
  pop_activities: 'sort, id',
};

// The table names come from the closed ContentKind union, never from a request.
/** A list's filter as SQL reads it: enabled or not, part of the title in any case. */
export interface ContentFilter {
  enabled?: boolean | undefined;
  q?: string | undefined;
}
function contentWhere(f: ContentFilter, first: number): { sql: string[]; args: unknown[] } {
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${first + args.push(v)}`;
  const sql: string[] = [];
  if (f.enabled !== undefined) sql.push(`enabled = ${arg(f.enabled)}`);
  // position(), not LIKE: `%` and `_` in a title are characters to find.
  if (f.q) sql.push(`position(lower(${arg(f.q)}) in lower(title)) > 0`);
  return { sql, args };
}
const whereOf = (sql: string[]) => (sql.length ? `WHERE ${sql.join(' AND ')}` : '');

/** One page of a kind's list in the site's order, and how many rows match. */
export async function pageContent<T>(
  q: Queryable,
  kind: ContentKind,
  f: ContentFilter,
  limit: number,
  offset: number,
  map: (r: Row) => T,
): Promise<{ list: T[]; total: number }> {
  const w = contentWhere(f, 2);
  const [rows, total] = await Promise.all([
    q.query<Row>(
      `SELECT * FROM ${kind} ${whereOf(w.sql)} ORDER BY ${ORDER[kind]} LIMIT $1 OFFSET $2`,
      [limit, offset, ...w.args],
    ),
    countContent(q, kind, f),
  ]);
  return { list: rows.rows.map(map), total };
}

export async function countContent(q: Queryable, kind: ContentKind, f: ContentFilter) {
  const w = contentWhere(f, 0);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${kind} ${whereOf(w.sql)}`,
    w.args,
  );
  return r.rows[0]?.n ?? 0;
}

/** An export's keyset page: the filter's rows of a kind after `afterId`, in id order. */
export async function contentAfter<T>(
  q: Queryable,
  kind: ContentKind,
  f: ContentFilter,
  afterId: number,
  limit: number,
  map: (r: Row) => T,
): Promise<T[]> {
  const w = contentWhere(f, 2);
  const r = await q.query<Row>(
    `SELECT * FROM ${kind} ${whereOf(['id > $1', ...w.sql])} ORDER BY id LIMIT $2`,
    [afterId, limit, ...w.args],
  );
  return r.rows.map(map);
}

/** Each kind's row reader, for the generic list queries above. */
export const CONTENT_ROWS = {
  notices: toNotice,
  station_ads: toAd,
  suspension_icons: toIcon,
  pop_activities: toPop,
} as const;

async function readOne<T>(q: Queryable, kind: ContentKind, id: number, map: (r: Row) => T) {
  const r = await q.query<Row>(`SELECT * FROM ${kind} WHERE id = $1`, [id]);
  return r.rows[0] ? map(r.rows[0]) : null;
}

export const readAdminNotice = (q: Queryable, id: number) => readOne(q, 'notices', id, toNotice);
export const readAdminStationAd = (q: Queryable, id: number) => readOne(q, 'station_ads', id, toAd);
export const readAdminSuspensionIcon = (q: Queryable, id: number) =>
  readOne(q, 'suspension_icons', id, toIcon);
export const readAdminPopActivity = (q: Queryable, id: number) =>
  readOne(q, 'pop_activities', id, toPop);

/**
 * Inserts (id undefined) or replaces a row's fields; the saved row's id. The statements spell
 * their table out (scripts/table-owners checks which module writes each table).
 */
async function upsert(
  q: Queryable,
  id: number | undefined,
  sql: { insert: string; update: string },
  values: unknown[],
): Promise<number> {
  if (id !== undefined) {
    await q.query(sql.update, [id, ...values]);
    return id;
  }
  const r = await q.query<{ id: number }>(sql.insert, values);
  return r.rows[0]!.id;
}

export const saveNoticeRow = (q: Queryable, id: number | undefined, n: NoticeFields) =>
  upsert(
    q,
    id,
    {
      insert: `INSERT INTO notices (category, title, content, sort, enabled)
               VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      update: `UPDATE notices SET category = $2, title = $3, content = $4, sort = $5,
               enabled = $6 WHERE id = $1`,
    },
    [n.category, n.title, n.content, n.sort, n.enabled],
  );

export const saveStationAdRow = (q: Queryable, id: number | undefined, a: StationAdFields) =>
  upsert(
    q,
    id,
    {
      insert: `INSERT INTO station_ads (title, image_url, link, sort, enabled, starts_at, ends_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      update: `UPDATE station_ads SET title = $2, image_url = $3, link = $4, sort = $5,
               enabled = $6, starts_at = $7, ends_at = $8 WHERE id = $1`,
    },
    [a.title, a.imageUrl, a.link, a.sort, a.enabled, a.startsAt, a.endsAt],
  );

export const saveSuspensionIconRow = (
  q: Queryable,
  id: number | undefined,
  i: SuspensionIconFields,
) =>
  upsert(
    q,
    id,
    {
      insert: `INSERT INTO suspension_icons (title, icon_url, link, display_equipment, sort, enabled)
               VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      update: `UPDATE suspension_icons SET title = $2, icon_url = $3, link = $4,
               display_equipment = $5, sort = $6, enabled = $7 WHERE id = $1`,
    },
    [i.title, i.iconUrl, i.link, i.displayEquipment, i.sort, i.enabled],
  );

export const savePopActivityRow = (q: Queryable, id: number | undefined, p: PopActivityFields) =>
  upsert(
    q,
    id,
    {
      insert: `INSERT INTO pop_activities
                 (title, content, image_url, link, sort, enabled, starts_at, ends_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      update: `UPDATE pop_activities SET title = $2, content = $3, image_url = $4, link = $5,
               sort = $6, enabled = $7, starts_at = $8, ends_at = $9 WHERE id = $1`,
    },
    [p.title, p.content, p.imageUrl, p.link, p.sort, p.enabled, p.startsAt, p.endsAt],
  );

const ENABLE_SQL: Record<ContentKind, string> = {
  notices: 'UPDATE notices SET enabled = $2 WHERE id = $1',
  station_ads: 'UPDATE station_ads SET enabled = $2 WHERE id = $1',
  suspension_icons: 'UPDATE suspension_icons SET enabled = $2 WHERE id = $1',
  pop_activities: 'UPDATE pop_activities SET enabled = $2 WHERE id = $1',
};

export async function setContentEnabled(
  q: Queryable,
  kind: ContentKind,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const r = await q.query(ENABLE_SQL[kind], [id, enabled]);
  return r.rowCount > 0;
}
