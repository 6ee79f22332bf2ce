import path from 'node:path';
import { migrate as run, type Db } from '@nebula/db';

export const VENUE_MIGRATIONS_DIR = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'migrations',
);
/** Arbitrary constant, not the platform's: every venue node takes it before migrating. */
const MIGRATION_LOCK_ID = 7_001_600_200;

/** The venue's own migrations, in its own database. */
export const migrateVenue = (db: Db) =>
  run(db, { dir: VENUE_MIGRATIONS_DIR, lockId: MIGRATION_LOCK_ID });
