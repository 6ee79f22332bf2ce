import path from 'node:path';
import { Redis } from 'ioredis';
import type { Bus } from './bus/bus';
import { MemoryBus } from './bus/memory-bus';
import { RedisBus } from './bus/redis-bus';
import type { Config } from './config/config';
import { PgliteDb, PostgresDb, type Db } from '@nebula/db';
import { lockDataDir } from '@nebula/db';
import { migrate } from './db/migrate';

export interface Runtime {
  db: Db;
  bus: Bus;
  redis: Redis | null;
  close(): Promise<void>;
}

/**
 * Opens what the platform runs on: PostgreSQL when DATABASE_URL is set, else PGlite in the
 * data directory behind a lock file; Redis pub/sub when REDIS_URL is set, else in-process.
 * Migrations are applied before anything else touches the database.
 */
export async function openRuntime(config: Config): Promise<Runtime> {
  const closers: (() => Promise<void>)[] = [];
  try {
    let db: Db;
    if (config.databaseUrl) {
      db = PostgresDb.open(config.databaseUrl);
    } else {
      const unlock = await lockDataDir(config.dataDir, 'platform');
      closers.push(unlock);
      db = await PgliteDb.open({ dataDir: path.join(config.dataDir, 'platform') });
    }
    closers.unshift(() => db.close());
    await migrate(db);
    let bus: Bus;
    let redis: Redis | null = null;
    if (config.redisUrl) {
      bus = await RedisBus.connect(config.redisUrl, config.redisPrefix);
      const r = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
      await r.connect();
      redis = r;
      closers.unshift(async () => {
        await r.quit().catch(() => undefined);
      });
    } else {
      bus = new MemoryBus();
    }
    closers.unshift(() => bus.close());
    return {
      db,
      bus,
      redis,
      async close() {
        for (const c of closers) await c().catch(() => undefined);
      },
    };
  } catch (err) {
    for (const c of closers) await c().catch(() => undefined);
    throw err;
  }
}
