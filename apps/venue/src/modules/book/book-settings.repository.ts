import type { Queryable } from '@nebula/db';

/** Every setting, as stored (bigint: fen, basis points). */
export async function readSettings(q: Queryable): Promise<Map<string, bigint>> {
  const r = await q.query<{ key: string; value: bigint }>('SELECT key, value FROM venue_settings');
  return new Map(r.rows.map((row) => [row.key, BigInt(row.value)]));
}

/** First start: the environment's values for settings not stored yet. */
export async function seedSettings(
  q: Queryable,
  values: ReadonlyMap<string, bigint>,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO venue_settings (key, value, updated_at)
     SELECT k, v, $3 FROM unnest($1::text[], $2::bigint[]) AS t(k, v)
     ON CONFLICT (key) DO NOTHING`,
    [[...values.keys()], [...values.values()].map(String), new Date(now)],
  );
}

export async function writeSettings(
  q: Queryable,
  values: ReadonlyMap<string, bigint>,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO venue_settings (key, value, updated_at)
     SELECT k, v, $3 FROM unnest($1::text[], $2::bigint[]) AS t(k, v)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [[...values.keys()], [...values.values()].map(String), new Date(now)],
  );
}
