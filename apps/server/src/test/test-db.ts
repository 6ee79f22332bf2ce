import { migrationsKey, testDatabases, type SharedTemplate } from '@nebula/db/testing';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';

export { testDbKind, type TestDb } from '@nebula/db/testing';

/**
 * A fresh, migrated platform database: a PGlite clone, or a new PostgreSQL database — both
 * copies of a template migrated once per test run.
 */
export const serverTestTemplate: SharedTemplate = {
  name: 'server',
  key: () => migrationsKey(MIGRATIONS_DIR),
};
export const createTestDb = testDatabases(migrate, serverTestTemplate);
