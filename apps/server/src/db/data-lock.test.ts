import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '@nebula/db';
import { testDbKind } from '../test/test-db';

const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'nebula-lock-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second holder and takes over a lock left by a dead process', async () => {
    const dir = await tempDir();
    const unlock = await lockDataDir(dir, 'platform');
    // The same process holding it counts as stale only for itself; simulate another holder.
    const { writeFile } = await import('node:fs/promises');
    await unlock();
    await writeFile(path.join(dir, 'platform.lock'), String(process.ppid));
    await expect(lockDataDir(dir, 'platform')).rejects.toBeInstanceOf(DataDirLockedError);
    await writeFile(path.join(dir, 'platform.lock'), '999999999');
    const again = await lockDataDir(dir, 'platform');
    await again();
  });
});

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Nebula is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early: ${out}`));
    });
  });
  // Awaited only by callers that expect a start; a refused start must not go unhandled.
  ready.catch(() => undefined);
  return { child, exited, ready, output: () => out };
}

describe.skipIf(testDbKind() !== 'pglite')('a second process on the same PGlite data', () => {
  it('refuses to start and names the holder', async () => {
    const dir = await tempDir();
    const first = startServer(dir, 0);
    try {
      await first.ready;
      const second = startServer(dir, 0);
      const code = await second.exited;
      expect(code).toBe(1);
      expect(second.output()).toMatch(/in use by process \d+/);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
  }, 60000);
});
