import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteTemplateDir } from '@nebula/db/testing';
import { migrate } from '../../apps/server/src/db/migrate';
import { serverTestTemplate } from '../../apps/server/src/test/test-db';

/** Children still running when this process exits are killed with it (no orphans). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});
function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the process and removes its data directory. */
  stop(): Promise<void>;
  /** Stops the process but keeps its data directory, for `restart`. */
  halt(): Promise<void>;
  /**
   * Starts the process again on the same port with the same data directory and env, plus
   * `extra` for this start only (e.g. `TEST_CLOCK_OFFSET_MS` to come back "tomorrow").
   */
  restart(extra?: Record<string, string>): Promise<void>;
}

/** How long a start may take: on a busy shared machine migrations and the seed run slowly. */
const START_TIMEOUT_MS = 150_000;

/** Spawns the platform and waits for it to print its URL. */
async function launch(
  dataDir: string,
  port: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: port,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        DATABASE_URL: '',
        REDIS_URL: '',
        RATE_LIMIT_MAX: '100000',
        REGISTER_PER_ADDRESS_HOUR: '10000',
        REGISTER_PER_BLOCK_HOUR: '100000',
        CAPTCHA_PER_ADDRESS_MINUTE: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  track(child);
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A server that never says it listens is killed, not left behind as an orphan process.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, START_TIMEOUT_MS);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { child, url };
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the real platform (built site included) on 127.0.0.1 with its own PGlite data
 * directory and demo data, and waits for it to print its URL. A test may halt it and start it
 * again on the same port and data (the chat's reconnect test does).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-e2e-'));
  // On PGlite, the run's migrated template (the unit suites' own) as its database: the first
  // start skips initdb and the migrations.
  if (!env.DATABASE_URL) {
    await pgliteTemplateDir(migrate, serverTestTemplate, path.join(dataDir, 'platform'));
  }
  const first = await launch(dataDir, '0', env);
  const url = first.url;
  const port = new URL(url).port;
  let child = first.child;
  return {
    url,
    dataDir,
    async stop() {
      await terminate(child);
      await rm(dataDir, { recursive: true, force: true });
    },
    async halt() {
      await terminate(child);
    },
    async restart(extra = {}) {
      await terminate(child);
      ({ child } = await launch(dataDir, port, { ...env, ...extra }));
    },
  };
}
