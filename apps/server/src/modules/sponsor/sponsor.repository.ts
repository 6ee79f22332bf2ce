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

/** The operators' list's filter: enabled or not, part of the title in any case. */
export interface SponsorFilter {
  enabled?: boolean | undefined;
  q?: string | undefined;
}
function sponsorWhere(f: SponsorFilter, first: number): { sql: string; args: unknown[] } {
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${first + args.push(v)}`;
  const sql: string[] = [];
  if (f.enabled !== undefined) sql.push(`enabled = ${arg(f.enabled)}`);
  // position(), not LIKE: `%` and `_` in a title are characters to find.
  if (f.q) sql.push(`position(lower(${arg(f.q)}) in lower(title)) > 0`);
  return { sql: sql.length ? `WHERE ${sql.join(' AND ')}` : '', args };
}

/** One page of the operators' list in the site's order, and how many match. */
export async function pageSponsors(
  q: Queryable,
  f: SponsorFilter,
  limit: number,
  offset: number,
): Promise<{ list: SponsorRow[]; total: number }> {
  const w = sponsorWhere(f, 2);
  const [rows, total] = await Promise.all([
    q.query<DbRow>(
      `SELECT ${COLUMNS} FROM sponsors ${w.sql} ORDER BY sort, starts_on DESC, id
        LIMIT $1 OFFSET $2`,
      [limit, offset, ...w.args],
    ),
    countSponsors(q, f),
  ]);
  return { list: rows.rows.map(toRow), total };
}

export async function countSponsors(q: Queryable, f: SponsorFilter = {}): Promise<number> {
  const w = sponsorWhere(f, 0);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sponsors ${w.sql}`,
    w.args,
  );
  return r.rows[0]?.n ?? 0;
}

/** The export's keyset page: the filter's sponsorships after `afterId`, in id order. */
export async function sponsorsAfter(
  q: Queryable,
  f: SponsorFilter,
  afterId: number,
  limit: number,
): Promise<SponsorRow[]> {
  const w = sponsorWhere(f, 2);
  const cond = w.sql ? `${w.sql} AND id > $1` : 'WHERE id > $1';
  const r = await q.query<DbRow>(`SELECT ${COLUMNS} FROM sponsors ${cond} ORDER BY id LIMIT $2`, [
    afterId,
    limit,
    ...w.args,
  ]);
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
