import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgliteDb, PostgresDb, type Db } from './client';

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
 * A factory of fresh, prepared databases for one service's suites: a PGlite clone of a
 * template prepared once per worker (~0.4 s each), or a new PostgreSQL database (under
 * TEST_DATABASE_URL) dropped after.
 */
export function testDatabases(prepare: (db: Db) => Promise<unknown>): () => Promise<TestDb> {
  let template: Promise<Blob> | null = null;
  const pgliteTemplate = (): Promise<Blob> => {
    template ??= (async () => {
      const db = await PgliteDb.open();
      await prepare(db);
      const blob = await db.pglite.dumpDataDir('none');
      await db.close();
      return blob;
    })();
    return template;
  };

  return async function createTestDb(): Promise<TestDb> {
    if (testDbKind() === 'pglite') {
      const db = await PgliteDb.open({ loadDataDir: await pgliteTemplate() });
      return { db, url: null, drop: () => db.close() };
    }
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    // Named under the run's prefix so CI can drop what a killed run leaves behind.
    const name = `${process.env.TEST_DB_PREFIX ?? 'nebula'}_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = PostgresDb.open(url.toString(), 20);
    await prepare(db);
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
