import { testDatabases } from '@nebula/db/testing';
import { migrate } from '../db/migrate';

export { testDbKind, type TestDb } from '@nebula/db/testing';

/** A fresh, migrated platform database: a PGlite clone, or a new PostgreSQL database. */
export const createTestDb = testDatabases(migrate);
