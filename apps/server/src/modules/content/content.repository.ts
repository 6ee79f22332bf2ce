import type { Notice, PopInfoItem, StationAd, SuspensionIcon } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';

export async function readNotices(q: Queryable, category: number): Promise<Notice[]> {
  const r = await q.query<{
    id: number;
    category: number;
    title: string;
    content: string;
    published_at: Date;
  }>(
    `SELECT id, category, title, content, published_at FROM notices
     WHERE category = $1 AND enabled AND published_at <= now()
     ORDER BY sort, published_at DESC, id`,
    [category],
  );
  return r.rows.map((n) => ({
    id: n.id,
    category: n.category,
    title: n.title,
    content: n.content,
    publishedAt: n.published_at.toISOString(),
  }));
}

export async function readStationAds(q: Queryable): Promise<StationAd[]> {
  const r = await q.query<{ id: number; title: string; image_url: string; link: string }>(
    `SELECT id, title, image_url, link FROM station_ads
     WHERE enabled AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())
     ORDER BY sort, id`,
  );
  return r.rows.map((a) => ({ id: a.id, title: a.title, imageUrl: a.image_url, link: a.link }));
}

export async function readSuspensionIcons(
  q: Queryable,
  displayEquipment: number,
): Promise<SuspensionIcon[]> {
  const r = await q.query<{ id: number; title: string; icon_url: string; link: string }>(
    `SELECT id, title, icon_url, link FROM suspension_icons
     WHERE enabled AND display_equipment = $1 ORDER BY sort, id`,
    [displayEquipment],
  );
  return r.rows.map((i) => ({ id: i.id, title: i.title, iconUrl: i.icon_url, link: i.link }));
}

export async function readPopActivities(q: Queryable): Promise<PopInfoItem[]> {
  const r = await q.query<{
    id: number;
    title: string;
    content: string;
    image_url: string;
    link: string;
  }>(
    `SELECT id, title, content, image_url, link FROM pop_activities
     WHERE enabled AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())
     ORDER BY sort, id`,
  );
  return r.rows.map((p) => ({
    id: p.id,
    title: p.title,
    content: p.content,
    imageUrl: p.image_url,
    link: p.link,
  }));
}

export interface NoticeInput {
  category: number;
  title: string;
  content: string;
  sort?: number;
  enabled?: boolean;
}

export async function insertNotice(q: Queryable, n: NoticeInput): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO notices (category, title, content, sort, enabled) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [n.category, n.title, n.content, n.sort ?? 0, n.enabled ?? true],
  );
  return r.rows[0]!.id;
}

export async function updateNotice(q: Queryable, id: number, n: NoticeInput): Promise<void> {
  await q.query(
    'UPDATE notices SET category = $2, title = $3, content = $4, sort = $5, enabled = $6 WHERE id = $1',
    [id, n.category, n.title, n.content, n.sort ?? 0, n.enabled ?? true],
  );
}
