import type { Queryable } from '@nebula/db';

/** Marks a seed as done; false when another start (or node) already did it. */
export async function claimSeed(q: Queryable, name: string): Promise<boolean> {
  const r = await q.query('INSERT INTO seed_markers (name) VALUES ($1) ON CONFLICT DO NOTHING', [
    name,
  ]);
  return r.rowCount === 1;
}

export interface DemoContent {
  naming: [string, string][];
  notices: [number, string, string][];
  ads: [string, string, string][];
}

/**
 * The home content of the embedded demo, written as an operator would write those rows (the
 * content module reads them); the floating icon and the pop are fixed.
 */
export async function insertDemoContent(q: Queryable, c: DemoContent): Promise<void> {
  for (const [i, [key, name]] of c.naming.entries()) {
    await q.query(
      'INSERT INTO site_naming (key, name, sort) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [key, name, i],
    );
  }
  for (const [i, [category, title, content]] of c.notices.entries()) {
    await q.query('INSERT INTO notices (category, title, content, sort) VALUES ($1, $2, $3, $4)', [
      category,
      title,
      content,
      i,
    ]);
  }
  for (const [i, [title, image, link]] of c.ads.entries()) {
    await q.query(
      'INSERT INTO station_ads (title, image_url, link, sort) VALUES ($1, $2, $3, $4)',
      [title, image, link, i],
    );
  }
  await q.query(
    `INSERT INTO suspension_icons (title, icon_url, link, display_equipment) VALUES ($1, $2, $3, 1)`,
    ['每日好礼', '/static/icons/float-gift.svg', '/activity/discount'],
  );
  await q.query(
    `INSERT INTO pop_activities (title, content, image_url, link) VALUES ($1, $2, $3, $4)`,
    [
      '欢迎加入星云',
      '注册并完成首次存款，即可领取新人专享彩金。理性娱乐，量力而行。',
      '/static/pop/welcome.svg',
      '/activity/discount',
    ],
  );
}

export interface DemoVenue {
  code: string;
  family: string;
  name: string;
  logo: string;
  /** Null for a house game venue (contract §6). */
  dialect: string | null;
  origin: string;
  apiUrl: string;
  merchantCode: string;
  sort: number;
}

/** The demo registry, as an operator would enter it; a code already there is left alone. */
export async function insertDemoVenues(q: Queryable, venues: DemoVenue[], now: number) {
  for (const v of venues) {
    await q.query(
      `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code, status, sort, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9, $10, $10) ON CONFLICT (code) DO NOTHING`,
      [
        v.code,
        v.family,
        v.name,
        v.logo,
        v.dialect,
        v.origin,
        v.apiUrl,
        v.merchantCode,
        v.sort,
        new Date(now),
      ],
    );
  }
}
