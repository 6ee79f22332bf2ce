import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');
/** Arbitrary constant: every node takes this advisory lock before migrating. */
const MIGRATION_LOCK_ID = 7_001_600_100;

export async function listMigrations(): Promise<{ name: string; sql: string }[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => ({
      name,
      sql: await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'),
    })),
  );
}

/**
 * Applies pending migrations in order, each in its own transaction, under an advisory lock so
 * several nodes can start at once against one PostgreSQL. Same SQL on PostgreSQL 15 and PGlite.
 */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = await listMigrations();
  const applied: string[] = [];
  await db.tx(async (q) => {
    // Transaction-scoped lock: released at commit, so no session state leaks into the pool.
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
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
