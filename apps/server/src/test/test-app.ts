import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp, type App } from '../app';
import type { Bus } from '../bus/bus';
import { MemoryBus } from '../bus/memory-bus';
import { loadConfig, type Config } from '../config/config';
import type { Db } from '@nebula/db';
import { FakeClock, type Clock } from '../lib/clock';
import type { LogStream } from '../lib/logger';
import type { Secrets } from '../config/secrets';
import { seedDemoContent } from '../seed/demo-seed';
import { DEMO_SPONSORS } from '../modules/sponsor/sponsor-demo';
import { createTestDb } from './test-db';
import { TestClient } from './test-client';

export interface TestApp extends App {
  db: Db;
  config: Config;
  secrets: Secrets;
  clock: FakeClock;
  dbUrl: string | null;
  /** A client with its own device id that signs like the member site. */
  client(deviceId?: string): TestClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  bus?: Bus;
  seedDemo?: boolean;
  /** Reuse an existing database (a second node on the same data). */
  db?: { db: Db; url: string | null };
  secrets?: Secrets;
  clock?: Clock;
  /** Turns the logger on (at LOG_LEVEL) and sends its lines here. */
  logStream?: LogStream;
}

export function testSecrets(): Secrets {
  const s = () => randomBytes(32).toString('hex');
  return { SIGN_KEY: s(), SESSION_SECRET: s(), JWT_SECRET: s(), PAYMENT_CALLBACK_SECRET: s() };
}

/** The real app on a real database (PGlite, or PostgreSQL under the server-pg project). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    // Suites sign up many members from one address; the registration budget has its own test.
    REGISTER_PER_ADDRESS_HOUR: '10000',
    REGISTER_PER_BLOCK_HOUR: '100000',
    CAPTCHA_PER_ADDRESS_MINUTE: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    CONSOLE_DIST: path.join(dataDir, 'no-console'),
    // Suites move the clock by hours around one operator session; inactivity has its own test
    // (operator-idle.test.ts), so here it is as long as the session itself.
    CONSOLE_IDLE_MINUTES: '720',
    ...options.env,
  });
  const testDb = options.db
    ? { ...options.db, drop: () => Promise.resolve() }
    : await createTestDb();
  const bus = options.bus ?? new MemoryBus();
  const secrets = options.secrets ?? testSecrets();
  const clock = options.clock instanceof FakeClock ? options.clock : new FakeClock();
  const built = await buildApp({
    config,
    db: testDb.db,
    bus,
    secrets,
    clock,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
  });
  await built.services.settings.seed();
  await built.services.help.seed();
  if (options.seedDemo !== false) {
    await seedDemoContent(testDb.db);
    await built.services.sponsors.seedDemo(DEMO_SPONSORS);
  }
  await built.app.ready();
  return {
    ...built,
    db: testDb.db,
    dbUrl: testDb.url,
    config,
    secrets,
    clock,
    client: (deviceId = randomUUID()) => new TestClient(built.app, secrets.SIGN_KEY, deviceId),
    async close() {
      await built.app.close();
      if (!options.bus) await bus.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
