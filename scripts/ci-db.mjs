#!/usr/bin/env node
/**
 * CI helper: create or drop this run's PostgreSQL database (and every per-test database the
 * run made under its prefix), or check that Redis answers. Uses the project's own pg/ioredis.
 */
import pg from 'pg';
import { Redis } from 'ioredis';

const [action, url, name] = process.argv.slice(2);
const safe = /^[a-z0-9_]+$/;

if (action === 'check-redis') {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  try {
    await r.connect();
    if ((await r.ping()) !== 'PONG') throw new Error('no PONG');
    process.stdout.write(`Redis answers at ${url}\n`);
  } catch (err) {
    process.stderr.write(`Redis is required for CI at ${url}: ${err.message}\n`);
    process.exit(1);
  } finally {
    r.disconnect();
  }
} else {
  if (!safe.test(name ?? '')) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    process.stderr.write(`PostgreSQL is required for CI at ${url}: ${err.message}\n`);
    process.exit(1);
  }
  if (action === 'create') {
    await client.query(`CREATE DATABASE ${name}`);
    process.stdout.write(`Created database ${name}\n`);
  } else if (action === 'drop') {
    const { rows } = await client.query(
      'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
      [name, `${name}_t_%`],
    );
    for (const { datname } of rows) {
      if (safe.test(datname)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    process.stdout.write(`Dropped ${rows.length} database(s) of this run\n`);
  }
  await client.end();
}
