import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgliteDb, PostgresDb, type Db } from './client';
import { cachedPgliteTemplate, cachedPostgresTemplate } from './template-cache';

export { migrationsKey } from './template-cache';

/** Which database a suite runs on: the vitest project sets TEST_DB_KIND. */
export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDb {
  db: Db;
  /** For PostgreSQL: the URL of this fresh database (two processes can share it). */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A template shared by every file of a run (template-cache.ts): its name, and the key of what
 * `prepare` makes (for migrations, `migrationsKey(dir)`).
 */
export interface SharedTemplate {
  name: string;
  key: () => Promise<string>;
}

/**
 * A factory of fresh, prepared databases for one service's suites: a PGlite clone of a
 * template, or a new PostgreSQL database (under TEST_DATABASE_URL) dropped after. Without
 * `shared` the template is prepared once per file; with it, once per run, and a PostgreSQL
 * database is a copy of a prepared template database (CREATE DATABASE … TEMPLATE).
 */
export function testDatabases(
  prepare: (db: Db) => Promise<unknown>,
  shared?: SharedTemplate,
): () => Promise<TestDb> {
  const makePglite = async (): Promise<Blob> => {
    const db = await PgliteDb.open();
    await prepare(db);
    const blob = await db.pglite.dumpDataDir('none');
    await db.close();
    return blob;
  };
  let template: Promise<Blob> | null = null;
  const pgliteTemplate = (): Promise<Blob> => {
    template ??= shared
      ? shared.key().then((key) => cachedPgliteTemplate(shared.name, key, makePglite))
      : makePglite();
    return template;
  };
  let pgTemplate: Promise<string> | null = null;
  const postgresTemplate = (adminUrl: string, prefix: string): Promise<string> | null => {
    if (!shared) return null;
    pgTemplate ??= shared.key().then((key) =>
      cachedPostgresTemplate(adminUrl, prefix, shared.name, key, async (url) => {
        const db = PostgresDb.open(url, 2);
        try {
          await prepare(db);
        } finally {
          await db.close();
        }
      }),
    );
    return pgTemplate;
  };

  return async function createTestDb(): Promise<TestDb> {
    if (testDbKind() === 'pglite') {
      const db = await PgliteDb.open({ loadDataDir: await pgliteTemplate() });
      return { db, url: null, drop: () => db.close() };
    }
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    // Named under the run's prefix so CI can drop what a killed run leaves behind.
    const prefix = process.env.TEST_DB_PREFIX ?? 'nebula';
    const name = `${prefix}_t_${randomBytes(6).toString('hex')}`;
    const from = await postgresTemplate(adminUrl, prefix);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = PostgresDb.open(url.toString(), 20);
    if (!from) await prepare(db);
    return {
      db,
      url: url.toString(),
      async drop() {
        await db.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  };
}
