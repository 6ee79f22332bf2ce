import type { Queryable } from '@nebula/db';

export async function readBlocklist(q: Queryable): Promise<string[]> {
  return (await q.query<{ cidr: string }>('SELECT cidr::text AS cidr FROM ip_blocklist')).rows.map(
    (r) => r.cidr,
  );
}

export async function readRegionRanges(q: Queryable): Promise<{ region: string; cidr: string }[]> {
  return (
    await q.query<{ region: string; cidr: string }>(
      'SELECT region, cidr::text AS cidr FROM region_ranges',
    )
  ).rows;
}

export async function insertBlock(q: Queryable, cidr: string, reason: string): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO ip_blocklist (cidr, reason) VALUES ($1::cidr, $2) RETURNING id',
    [cidr, reason],
  );
  return r.rows[0]!.id;
}

export async function deleteBlock(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('DELETE FROM ip_blocklist WHERE id = $1', [id])).rowCount > 0;
}

export async function insertRegionRange(
  q: Queryable,
  region: string,
  cidr: string,
): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO region_ranges (region, cidr) VALUES ($1, $2::cidr) RETURNING id',
    [region, cidr],
  );
  return r.rows[0]!.id;
}
