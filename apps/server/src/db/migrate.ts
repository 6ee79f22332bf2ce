import path from 'node:path';
import { listMigrations as list, migrate as run, type Db } from '@nebula/db';

export const MIGRATIONS_DIR = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'migrations',
);
/** Arbitrary constant: every platform node takes this advisory lock before migrating. */
const MIGRATION_LOCK_ID = 7_001_600_100;

export const listMigrations = () => list(MIGRATIONS_DIR);

/** The platform's migrations (see @nebula/db for how they are applied). */
export const migrate = (db: Db) => run(db, { dir: MIGRATIONS_DIR, lockId: MIGRATION_LOCK_ID });
