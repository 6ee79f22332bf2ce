import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './client';

export interface MigrationSet {
  /** Folder of `NNNN_name.sql` files, applied in name order. */
  dir: string;
  /** The advisory lock every node of this service takes before migrating. */
  lockId: number;
}

export async function listMigrations(dir: string): Promise<{ name: string; sql: string }[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), 'utf8') })),
  );
}

/**
 * Applies pending migrations in order, in one transaction, under an advisory lock so several
 * nodes can start at once against one PostgreSQL. Same SQL on PostgreSQL 15 and PGlite.
 */
export async function migrate(db: Db, set: MigrationSet): Promise<string[]> {
  const migrations = await listMigrations(set.dir);
  const applied: string[] = [];
  await db.tx(async (q) => {
    // Transaction-scoped lock: released at commit, so no session state leaks into the pool.
    await q.query('SELECT pg_advisory_xact_lock($1)', [set.lockId]);
    await q.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name TEXT PRIMARY KEY,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await q.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      applied.push(m.name);
    }
  });
  return applied;
}
