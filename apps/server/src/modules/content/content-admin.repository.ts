import type { Queryable } from '@nebula/db';

/*
 * The operator side of the home content rows: whole lists (disabled rows and windows too) and
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
async function readAll<T>(q: Queryable, kind: ContentKind, map: (r: Row) => T): Promise<T[]> {
  const r = await q.query<Row>(`SELECT * FROM ${kind} ORDER BY ${ORDER[kind]}`);
  return r.rows.map(map);
}
async function readOne<T>(q: Queryable, kind: ContentKind, id: number, map: (r: Row) => T) {
  const r = await q.query<Row>(`SELECT * FROM ${kind} WHERE id = $1`, [id]);
  return r.rows[0] ? map(r.rows[0]) : null;
}

export const readAdminNotices = (q: Queryable) => readAll(q, 'notices', toNotice);
export const readAdminStationAds = (q: Queryable) => readAll(q, 'station_ads', toAd);
export const readAdminSuspensionIcons = (q: Queryable) => readAll(q, 'suspension_icons', toIcon);
export const readAdminPopActivities = (q: Queryable) => readAll(q, 'pop_activities', toPop);
export const readAdminNotice = (q: Queryable, id: number) => readOne(q, 'notices', id, toNotice);
export const readAdminStationAd = (q: Queryable, id: number) => readOne(q, 'station_ads', id, toAd);
export const readAdminSuspensionIcon = (q: Queryable, id: number) =>
  readOne(q, 'suspension_icons', id, toIcon);
export const readAdminPopActivity = (q: Queryable, id: number) =>
  readOne(q, 'pop_activities', id, toPop);

/** Inserts (id undefined) or replaces a row's fields; the saved row's id. */
async function upsert(
  q: Queryable,
  kind: ContentKind,
  id: number | undefined,
  columns: string[],
  values: unknown[],
): Promise<number> {
  if (id === undefined) {
    const marks = columns.map((_, i) => `$${i + 1}`).join(', ');
    const r = await q.query<{ id: number }>(
      `INSERT INTO ${kind} (${columns.join(', ')}) VALUES (${marks}) RETURNING id`,
      values,
    );
    return r.rows[0]!.id;
  }
  const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await q.query(`UPDATE ${kind} SET ${sets} WHERE id = $1`, [id, ...values]);
  return id;
}

export const saveNoticeRow = (q: Queryable, id: number | undefined, n: NoticeFields) =>
  upsert(
    q,
    'notices',
    id,
    ['category', 'title', 'content', 'sort', 'enabled'],
    [n.category, n.title, n.content, n.sort, n.enabled],
  );
export const saveStationAdRow = (q: Queryable, id: number | undefined, a: StationAdFields) =>
  upsert(
    q,
    'station_ads',
    id,
    ['title', 'image_url', 'link', 'sort', 'enabled', 'starts_at', 'ends_at'],
    [a.title, a.imageUrl, a.link, a.sort, a.enabled, a.startsAt, a.endsAt],
  );
export const saveSuspensionIconRow = (
  q: Queryable,
  id: number | undefined,
  i: SuspensionIconFields,
) =>
  upsert(
    q,
    'suspension_icons',
    id,
    ['title', 'icon_url', 'link', 'display_equipment', 'sort', 'enabled'],
    [i.title, i.iconUrl, i.link, i.displayEquipment, i.sort, i.enabled],
  );
export const savePopActivityRow = (q: Queryable, id: number | undefined, p: PopActivityFields) =>
  upsert(
    q,
    'pop_activities',
    id,
    ['title', 'content', 'image_url', 'link', 'sort', 'enabled', 'starts_at', 'ends_at'],
    [p.title, p.content, p.imageUrl, p.link, p.sort, p.enabled, p.startsAt, p.endsAt],
  );

export async function setContentEnabled(
  q: Queryable,
  kind: ContentKind,
  id: number,
  enabled: boolean,
): Promise<boolean> {
  const r = await q.query(`UPDATE ${kind} SET enabled = $2 WHERE id = $1`, [id, enabled]);
  return r.rowCount > 0;
}
