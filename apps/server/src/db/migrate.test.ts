import { describe, expect, it } from 'vitest';
import { PostgresDb } from '@nebula/db';
import { listMigrations, migrate } from './migrate';
import { createTestDb, testDbKind } from '../test/test-db';

describe('migrations', () => {
  it('are applied once; a second run applies nothing', async () => {
    const t = await createTestDb();
    try {
      expect(await migrate(t.db)).toEqual([]);
      const r = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(r.rows[0]?.n).toBe((await listMigrations()).length);
    } finally {
      await t.drop();
    }
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'several nodes migrating at once apply each migration exactly once',
    async () => {
      const t = await createTestDb();
      try {
        await t.db.exec(
          'DROP TABLE schema_migrations; DROP SCHEMA public CASCADE; CREATE SCHEMA public;',
        );
        const nodes = [0, 1, 2, 3].map(() => PostgresDb.open(t.url!, 2));
        const results = await Promise.all(nodes.map((n) => migrate(n)));
        await Promise.all(nodes.map((n) => n.close()));
        const total = (await listMigrations()).length;
        expect(results.flat()).toHaveLength(total);
        expect(results.filter((r) => r.length > 0)).toHaveLength(1);
      } finally {
        await t.drop();
      }
    },
  );
});
