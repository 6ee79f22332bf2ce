import type { Queryable } from '@nebula/db';

export interface SettingRow {
  key: string;
  value: unknown;
}

export async function readAllSettings(q: Queryable): Promise<SettingRow[]> {
  return (await q.query<SettingRow>('SELECT key, value FROM site_settings')).rows;
}

/** Inserts missing keys only: a first start seeds, later starts keep the operator's values. */
export async function insertMissingSettings(q: Queryable, rows: SettingRow[]): Promise<void> {
  for (const row of rows) {
    await q.query(
      'INSERT INTO site_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING',
      [row.key, JSON.stringify(row.value)],
    );
  }
}

export async function upsertSettings(q: Queryable, rows: SettingRow[]): Promise<void> {
  for (const row of rows) {
    await q.query(
      `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [row.key, JSON.stringify(row.value)],
    );
  }
}
