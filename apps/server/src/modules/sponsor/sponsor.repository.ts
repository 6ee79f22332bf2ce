import type { Queryable } from '@nebula/db';

export interface SponsorRow {
  id: number;
  title: string;
  imageUrl: string;
  summary: string;
  body: string;
  startsOn: string;
  endsOn: string | null;
  sort: number;
  enabled: boolean;
}

type DbRow = {
  id: number;
  title: string;
  image_url: string;
  summary: string;
  body: string;
  starts_on: string;
  ends_on: string | null;
  sort: number;
  enabled: boolean;
};
// Dates as text: a DATE read through a JS Date would shift with the server's time zone.
const COLUMNS =
  "id, title, image_url, summary, body, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, sort, enabled";
const toRow = (r: DbRow): SponsorRow => ({
  id: r.id,
  title: r.title,
  imageUrl: r.image_url,
  summary: r.summary,
  body: r.body,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  sort: r.sort,
  enabled: r.enabled,
});

export async function readSponsors(q: Queryable, enabledOnly: boolean): Promise<SponsorRow[]> {
  const r = await q.query<DbRow>(
    `SELECT ${COLUMNS} FROM sponsors ${enabledOnly ? 'WHERE enabled' : ''}
     ORDER BY sort, starts_on DESC, id`,
  );
  return r.rows.map(toRow);
}

export async function readSponsor(q: Queryable, id: number): Promise<SponsorRow | null> {
  const r = await q.query<DbRow>(`SELECT ${COLUMNS} FROM sponsors WHERE id = $1`, [id]);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export type SponsorInput = Omit<SponsorRow, 'id'>;

export async function insertSponsor(q: Queryable, s: SponsorInput): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO sponsors (title, image_url, summary, body, starts_on, ends_on, sort, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [s.title, s.imageUrl, s.summary, s.body, s.startsOn, s.endsOn, s.sort, s.enabled],
  );
  return r.rows[0]!.id;
}

export async function updateSponsor(q: Queryable, id: number, s: SponsorInput): Promise<boolean> {
  const r = await q.query(
    `UPDATE sponsors SET title = $2, image_url = $3, summary = $4, body = $5, starts_on = $6,
       ends_on = $7, sort = $8, enabled = $9 WHERE id = $1`,
    [id, s.title, s.imageUrl, s.summary, s.body, s.startsOn, s.endsOn, s.sort, s.enabled],
  );
  return r.rowCount > 0;
}

export async function countSponsors(q: Queryable): Promise<number> {
  const r = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM sponsors');
  return r.rows[0]?.n ?? 0;
}
