import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedPgliteTemplate, cachedPostgresTemplate, migrationsKey } from './template-cache';
import { testDbKind } from './testing';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('test templates shared by a run', () => {
  it('the key changes with any migration, its name or its SQL', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'nebula-migrations-'));
    dirs.push(dir);
    await writeFile(path.join(dir, '0001_a.sql'), 'CREATE TABLE a (id INT);');
    const first = await migrationsKey(dir);
    expect(await migrationsKey(dir)).toBe(first);
    await writeFile(path.join(dir, '0001_a.sql'), 'CREATE TABLE a (id BIGINT);');
    const edited = await migrationsKey(dir);
    expect(edited).not.toBe(first);
    await writeFile(path.join(dir, '0002_b.sql'), 'CREATE TABLE b (id INT);');
    expect(await migrationsKey(dir)).not.toBe(edited);
  });

  it('a PGlite template is made once, then read back from the stored file', async () => {
    const name = `unit${randomBytes(4).toString('hex')}`;
    let made = 0;
    const make = () => {
      made += 1;
      return Promise.resolve(new Blob([`dump ${made}`]));
    };
    try {
      const a = await cachedPgliteTemplate(name, 'k1', make);
      const b = await cachedPgliteTemplate(name, 'k1', make);
      expect(made).toBe(1);
      expect(await b.text()).toBe(await a.text());
      // Another key (a changed migration) is never served the old dump.
      expect(await (await cachedPgliteTemplate(name, 'k2', make)).text()).toBe('dump 2');
    } finally {
      for (const f of await readdir(tmpdir())) {
        if (f.startsWith(`nebula-test-db-${name}-`)) await rm(path.join(tmpdir(), f));
      }
    }
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'a PostgreSQL template is prepared once; one left half made is made again',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const prefix = `${process.env.TEST_DB_PREFIX ?? 'nebula'}_u${randomBytes(3).toString('hex')}`;
      let prepared = 0;
      const prepare = async (url: string) => {
        prepared += 1;
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query('CREATE TABLE made (n INT)');
        await c.end();
      };
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const t = await cachedPostgresTemplate(adminUrl, prefix, 'unit', 'k', prepare);
        expect(await cachedPostgresTemplate(adminUrl, prefix, 'unit', 'k', prepare)).toBe(t);
        expect(prepared).toBe(1);
        // A killed run's template: there, but never marked ready.
        await admin.query(`COMMENT ON DATABASE ${t} IS NULL`);
        expect(await cachedPostgresTemplate(adminUrl, prefix, 'unit', 'k', prepare)).toBe(t);
        expect(prepared).toBe(2);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${prefix}_t_tpl_unit_k WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
