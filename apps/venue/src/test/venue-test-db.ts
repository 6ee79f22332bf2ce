import { migrationsKey, type SharedTemplate } from '@nebula/db/testing';
import { VENUE_MIGRATIONS_DIR } from '../db/migrate';

/** The migrated venue database, prepared once per test run and cloned by every file. */
export const venueTestTemplate: SharedTemplate = {
  name: 'venue',
  key: () => migrationsKey(VENUE_MIGRATIONS_DIR),
};
