import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { listMigrations } from './migrate';

/**
 * Prepared test databases kept across test files. vitest loads each file's modules afresh, so
 * an in-memory template lives for one file only, and every file paid for a new PGlite (its
 * initdb), the migrations and a dump. The first file of a run now stores the template — a
 * PGlite dump in the temporary directory, a PostgreSQL database under the run's prefix — and
 * the others clone it. The key is a hash of what the template is made of (the migrations'
 * names and SQL, and the PGlite version), so a changed migration is never served stale.
 */

/**
 * A key for a template made by applying the migrations in `dir`, in order: their names and
 * SQL, and the code that applies them (migrate.ts).
 */
export async function migrationsKey(dir: string): Promise<string> {
  const h = createHash('sha256');
  h.update(await readFile(new URL('./migrate.ts', import.meta.url), 'utf8'));
  for (const m of await listMigrations(dir)) h.update(`${m.name}\0${m.sql}\0`);
  return h.digest('hex').slice(0, 16);
}

let pgliteVersion: string | null = null;
/** A dump from another PGlite version may not load: the version is part of the file's key. */
function pgliteVersionOf(): string {
  if (pgliteVersion === null) {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    let dir = path.dirname(entry);
    while (dir !== path.dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
          name?: string;
          version?: string;
        };
        if (pkg.name === '@electric-sql/pglite') {
          pgliteVersion = pkg.version ?? 'unknown';
          break;
        }
      } catch {
        // No package.json at this level: look one up.
      }
      dir = path.dirname(dir);
    }
    pgliteVersion ??= 'unknown';
  }
  return pgliteVersion;
}

const STALE_MS = 60 * 60 * 1000;

async function store(file: string, prefix: string, blob: Blob): Promise<void> {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, Buffer.from(await blob.arrayBuffer()));
  await rename(aside, file);
  for (const other of await readdir(tmpdir())) {
    const p = path.join(tmpdir(), other);
    if (!other.startsWith(prefix) || p === file) continue;
    const s = await stat(p).catch(() => null);
    if (s && Date.now() - s.mtimeMs > STALE_MS) await rm(p, { force: true });
  }
}

/**
 * The PGlite template `name` for `key`: read from the temporary directory, or made by `make`
 * and stored there (written aside and renamed, so a reader never sees half a file; two files
 * making it at once both store the same thing). Older templates of the same name, and writes
 * cut short (a killed run), are removed once they are an hour old.
 */
export async function cachedPgliteTemplate(
  name: string,
  key: string,
  make: () => Promise<Blob>,
): Promise<Blob> {
  const prefix = `nebula-test-db-${name}-`;
  const file = path.join(tmpdir(), `${prefix}${key}-pglite${pgliteVersionOf()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet in this run (or by an earlier one): make it below.
  }
  const blob = await make();
  // Awaited: a file's worker may end as soon as its tests do, and a write cut short would
  // leave every later file making the template again. A failed write costs only time.
  await store(file, prefix, blob).catch(() => undefined);
  return blob;
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const READY = 'nebula test template: ready';

/**
 * The PostgreSQL template `name` for `key`: a database named under the run's prefix (so CI's
 * clean-up drops it with the run's other databases), made once by whichever file gets the
 * advisory lock first and marked ready by a comment only when `prepare` finished — a template
 * left half made by a killed run is dropped and made again.
 */
export async function cachedPostgresTemplate(
  adminUrl: string,
  prefix: string,
  name: string,
  key: string,
  prepare: (url: string) => Promise<void>,
): Promise<string> {
  const template = `${prefix}_t_tpl_${name}_${key}`.slice(0, 63);
  const lockId = createHash('sha256').update(template).digest().readInt32BE(0);
  return admin(adminUrl, async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [lockId]);
    try {
      const found = await c.query<{ ready: string | null }>(
        `SELECT shobj_description(oid, 'pg_database') AS ready FROM pg_database WHERE datname = $1`,
        [template],
      );
      if (found.rows[0]?.ready === READY) return template;
      if (found.rows.length > 0) await c.query(`DROP DATABASE ${template} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${template}`);
      const url = new URL(adminUrl);
      url.pathname = `/${template}`;
      await prepare(url.toString());
      await c.query(`COMMENT ON DATABASE ${template} IS '${READY}'`);
      return template;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [lockId]);
    }
  });
}
