import { buildApp } from './app';
import { clockFor } from './lib/clock';
import { ConfigError, loadConfig } from './config/config';
import { DataDirLockedError } from '@nebula/db';
import { openRuntime } from './runtime';
import { setPasswordConcurrency } from './lib/password';
import { loadSecrets } from './config/secrets';
import { seedDemoContent, seedDemoMember, seedDemoVenues } from './seed/demo-seed';
import { seedDemoActivities } from './seed/demo-activities';
import { seedDemoFlipFriends } from './seed/demo-flip-friends';
import { DEMO_SPONSORS } from './modules/sponsor/sponsor-demo';

async function main(): Promise<void> {
  const config = loadConfig();
  setPasswordConcurrency(config.passwordConcurrency);
  const secrets = await loadSecrets(config);
  const runtime = await openRuntime(config);
  const clock = clockFor(config.clockOffsetMs);
  const { app, services } = await buildApp({
    config,
    db: runtime.db,
    bus: runtime.bus,
    secrets,
    redis: runtime.redis,
    clock,
  });
  await services.settings.seed();
  await services.help.seed();
  await services.ledger.ensureHouseAccounts();
  if (config.seedDemo) {
    await seedDemoContent(runtime.db);
    await services.sponsors.seedDemo(DEMO_SPONSORS);
    await seedDemoActivities(runtime.db, services.activityAdmin, clock.now());
    await seedDemoFlipFriends(runtime.db, services.activityAdmin, clock.now());
    const at = { origin: config.venues.demoOrigin, apiUrl: config.venues.demoApiUrl };
    if (await seedDemoVenues(runtime.db, at)) await services.venues.reload();
  }
  const firstAdmin = await services.operators.ensureFirstAdmin(
    config.firstAdmin,
    config.production,
  );
  const demo = config.seedDemo ? await seedDemoMember(services.auth) : null;

  // Background work every node does: house roll-ups and expiring unpaid deposits. Each step
  // is safe to run on several nodes at once (SKIP LOCKED, compare-and-set).
  const timers = [
    setInterval(
      () =>
        void services.ledger
          .rollUp()
          .catch((err: unknown) => app.log.error({ err }, 'roll-up failed')),
      5000,
    ),
    setInterval(
      () =>
        void services.deposits
          .expireDue()
          .catch((err: unknown) => app.log.error({ err }, 'expiry sweep failed')),
      60_000,
    ),
  ];

  // The venues' background work: one node at a time holds its lease (resolver, feeds, counts).
  services.venueWorker.start();
  services.rewardWorker.start();
  services.agentWorker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    for (const t of timers) clearInterval(t);
    await app.close().catch(() => undefined);
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  process.stdout.write(
    `\nNebula is running at http://${shownHost}:${port}\n` +
      `  database: ${runtime.db.kind}${config.databaseUrl ? '' : ` (${config.dataDir})`}\n` +
      `  pub/sub:  ${config.redisUrl ? 'redis' : 'in-process'}\n` +
      `  API docs: http://${shownHost}:${port}/docs\n` +
      (demo ? `  demo member: ${demo.userName} / ${demo.password}\n` : '') +
      (firstAdmin && !config.firstAdmin
        ? `  operator:  ${firstAdmin.userName} / ${firstAdmin.password}  (shown once; set ADMIN_USER/ADMIN_PASSWORD to choose)\n`
        : '') +
      '\n',
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Nebula failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
