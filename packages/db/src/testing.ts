import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
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
/** A new PGlite, prepared, as a dump of its data directory (a tar). */
async function makePgliteDump(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const db = await PgliteDb.open();
  await prepare(db);
  const blob = await db.pglite.dumpDataDir('none');
  await db.close();
  return blob;
}

/**
 * Writes the run's prepared PGlite template into `dir` as a data directory, for a process of
 * its own (a crash test's service) to open: its first start then skips the initdb and the
 * preparation, as a PostgreSQL database made from a template does. The dump is a plain tar of
 * the data directory; the system's tar unpacks it, without starting a PGlite here.
 */
export async function pgliteTemplateDir(
  prepare: (db: Db) => Promise<unknown>,
  shared: SharedTemplate,
  dir: string,
): Promise<void> {
  const key = await shared.key();
  const blob = await cachedPgliteTemplate(shared.name, key, () => makePgliteDump(prepare));
  await mkdir(dir, { recursive: true });
  const tar = spawn('tar', ['-x', '-f', '-', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  tar.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<number | null>((resolve, reject) => {
    tar.once('error', reject);
    tar.once('close', resolve);
  });
  tar.stdin.end(Buffer.from(await blob.arrayBuffer()));
  const code = await done;
  if (code !== 0) throw new Error(`tar could not unpack the ${shared.name} template: ${err}`);
}

export function testDatabases(
  prepare: (db: Db) => Promise<unknown>,
  shared?: SharedTemplate,
): () => Promise<TestDb> {
  const makePglite = () => makePgliteDump(prepare);
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
