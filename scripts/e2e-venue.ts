/**
 * The house venue as the browser tests start it (apps/web/e2e with the platform,
 * apps/venue-web/e2e alone): `node --import tsx apps/venue/src/main.ts` with its own PGlite data
 * directory on a free port, ready once it says where it listens, stopped and cleaned after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Children still running when this process exits are killed with it (no orphans). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});
function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

const root = path.resolve(import.meta.dirname, '..');

/** A free port on 127.0.0.1 now (a venue and a platform must know each other's origin). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface VenueProcess {
  port: number;
  /** Its data directory (the merchant secrets it generates are written there). */
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the venue on `port` with the suite's settings in `env` (VENUE_*). */
export async function spawnVenue(port: number, env: Record<string, string>): Promise<VenueProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-e2e-venue-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/venue/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        VENUE_HOST: '127.0.0.1',
        VENUE_PORT: String(port),
        VENUE_DATA_DIR: dataDir,
        VENUE_DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  track(child);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    // A venue that never says it listens is killed, not left behind as an orphan process.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`venue did not start:\n${out}`));
    }, 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('house venue on http')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`venue exited with ${code}:\n${out}`));
    });
  });
  return {
    port,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
