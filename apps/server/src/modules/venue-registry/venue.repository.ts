import type { Queryable } from '@nebula/db';
import type { Dialect } from '@nebula/protocol/venue/dialects';
import type { VenueFamily, VenueStatus } from '@nebula/protocol/venue/registry';

export interface VenueRow {
  code: string;
  family: VenueFamily;
  name: string;
  logo: string;
  /** Null for a house game venue (contract §6). */
  dialect: Dialect | null;
  origin: string;
  apiUrl: string;
  merchantCode: string;
  status: VenueStatus;
  sort: number;
  updatedAt: number;
}

interface Raw {
  code: string;
  family: VenueFamily;
  name: string;
  logo: string;
  dialect: Dialect | null;
  origin: string;
  api_url: string;
  merchant_code: string;
  status: VenueStatus;
  sort: number;
  updated_at: Date;
}

const toRow = (r: Raw): VenueRow => ({
  code: r.code,
  family: r.family,
  name: r.name,
  logo: r.logo,
  dialect: r.dialect,
  origin: r.origin,
  apiUrl: r.api_url,
  merchantCode: r.merchant_code,
  status: r.status,
  sort: r.sort,
  updatedAt: r.updated_at.getTime(),
});

export async function listVenues(q: Queryable): Promise<VenueRow[]> {
  const r = await q.query<Raw>('SELECT * FROM venues ORDER BY sort, code');
  return r.rows.map(toRow);
}

export async function readVenue(
  q: Queryable,
  code: string,
  lock = false,
): Promise<VenueRow | null> {
  const r = await q.query<Raw>(`SELECT * FROM venues WHERE code = $1${lock ? ' FOR UPDATE' : ''}`, [
    code,
  ]);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Inserts a venue; false when the code is taken. */
export async function insertVenue(
  q: Queryable,
  v: Omit<VenueRow, 'updatedAt'>,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code, status, sort, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) ON CONFLICT (code) DO NOTHING`,
    [
      v.code,
      v.family,
      v.name,
      v.logo,
      v.dialect,
      v.origin,
      v.apiUrl,
      v.merchantCode,
      v.status,
      v.sort,
      new Date(now),
    ],
  );
  return r.rowCount === 1;
}

export async function updateVenue(q: Queryable, v: VenueRow, now: number): Promise<void> {
  await q.query(
    `UPDATE venues SET family = $2, name = $3, logo = $4, dialect = $5, origin = $6, api_url = $7,
       merchant_code = $8, status = $9, sort = $10, updated_at = $11 WHERE code = $1`,
    [
      v.code,
      v.family,
      v.name,
      v.logo,
      v.dialect,
      v.origin,
      v.apiUrl,
      v.merchantCode,
      v.status,
      v.sort,
      new Date(now),
    ],
  );
}

export async function setSort(q: Queryable, codes: string[], now: number): Promise<void> {
  await q.query(
    `UPDATE venues v SET sort = s.ord::int, updated_at = $2
       FROM unnest($1::text[]) WITH ORDINALITY AS s(code, ord) WHERE v.code = s.code`,
    [codes, new Date(now)],
  );
}

export async function maxSort(q: Queryable): Promise<number> {
  const r = await q.query<{ m: number | null }>('SELECT max(sort)::int AS m FROM venues');
  return r.rows[0]?.m ?? 0;
}
