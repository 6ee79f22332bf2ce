import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';
import { PgliteDb, PostgresDb, lockDataDir, type Db } from '@nebula/db';
import { buildVenueApp } from './app';
import { VenueConfigError, loadVenueConfig, type VenueConfig } from './infra/config';
import { migrateVenue } from './db/migrate';

/**
 * Embedded (no VENUE_MERCHANTS outside production): two merchants, NEBULA and the demo
 * merchant DEMO, whose secrets are generated into the data directory on first start, for the
 * platform on this machine to read.
 */
async function embeddedMerchants(config: VenueConfig): Promise<VenueConfig> {
  if (config.production) return config;
  // Embedded, a merchant without named origins is the platform on this machine.
  const platformOrigins = new Map(config.platformOrigins);
  const withOrigins = (merchants: ReadonlyMap<string, string>) => {
    for (const m of merchants.keys()) {
      if (!platformOrigins.has(m)) platformOrigins.set(m, ['http://127.0.0.1:8080']);
    }
    return { ...config, merchants, platformOrigins };
  };
  if (config.merchants.size > 0) return withOrigins(config.merchants);
  await mkdir(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'merchant-secrets.json');
  let secrets: Record<string, string>;
  try {
    secrets = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    secrets = { NEBULA: randomBytes(32).toString('hex') };
  }
  // The demo merchant (试玩, contract §6) beside it, added once to a file written before it.
  if (!secrets[DEMO_MERCHANT]) {
    secrets[DEMO_MERCHANT] = randomBytes(32).toString('hex');
    await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return withOrigins(new Map(Object.entries(secrets)));
}

/** Embedded without VENUE_OPERATORS: one admin token generated into the data directory. */
async function embeddedOperators(config: VenueConfig): Promise<VenueConfig> {
  if (config.operators.length > 0 || config.production) return config;
  await mkdir(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'operator-token');
  let token: string;
  try {
    token = (await readFile(file, 'utf8')).trim();
  } catch {
    token = randomBytes(32).toString('hex');
    await writeFile(file, token, { mode: 0o600 });
  }
  process.stdout.write(`venue operator (admin) token: ${file}\n`);
  return { ...config, operators: [{ name: 'admin', role: 'admin', token }] };
}

async function main(): Promise<void> {
  const config = await embeddedOperators(await embeddedMerchants(loadVenueConfig(process.env)));
  let db: Db;
  let unlock: (() => Promise<void>) | null = null;
  if (config.databaseUrl) {
    db = PostgresDb.open(config.databaseUrl);
  } else {
    await mkdir(config.dataDir, { recursive: true });
    unlock = await lockDataDir(config.dataDir, 'venue');
    db = await PgliteDb.open({ dataDir: path.join(config.dataDir, 'db') });
  }
  await migrateVenue(db);
  const now = () => Date.now() + config.clockSkewMs;
  const venue = buildVenueApp({ config, db, now });
  await venue.init();
  const { app } = venue;
  await app.listen({ host: config.host, port: config.port });
  // Every node serves the APIs; the one holding the lease also plays the feed and settles.
  if (config.leader) {
    venue.leader.start(config.tickMs);
    // The games' clock in its own loop, so a long sportsbook tick never delays a seal or draw.
    venue.games.clock.start(200);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`Nebula house venue on http://${config.host}:${port}\n`);
  const stop = async () => {
    await app.close();
    await db.close();
    await unlock?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

try {
  await main();
} catch (err) {
  // A bad configuration names the variable and stops the start, without a stack.
  if (err instanceof VenueConfigError) {
    process.stderr.write(`venue configuration: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
