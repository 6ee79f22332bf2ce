import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKind } from '../test/test-db';

/**
 * Crash: a node is killed (as kill -9) inside a group-commit batch — written, not committed —
 * then started again on the same data, retrying every entry: what was answered before the crash
 * is exactly what was committed, the crashed batch left nothing, every entry ends applied once
 * and the books reconcile. On the project's database (PGlite data directory or PostgreSQL).
 */
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

function run(env: Record<string, string>): Promise<{ out: string; signal: string | null }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/test/ledger-writer-process.ts'],
      {
        cwd: serverDir,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (_code, signal) => resolve({ out, signal }));
  });
}

const answers = (out: string) =>
  new Map(
    [...out.matchAll(/^answered (\S+) (\d+) (true|false)$/gm)].map((m) => [
      m[1]!,
      { id: m[2]!, replay: m[3] === 'true' },
    ]),
  );

async function dataEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = { ENTRIES: '60' };
  if (testDbKind() === 'postgres') {
    const pg = await createTestDb();
    await pg.db.close();
    cleanups.push(() => pg.drop());
    env.DATABASE_URL = pg.url!;
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'nebula-gc-crash-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    env.DATA_DIR = dir;
    env.DATABASE_URL = '';
  }
  return env;
}

describe('kill -9 inside a group-commit batch', () => {
  it('answered means committed, the batch left nothing, a retry applies each entry once', async () => {
    // Entries with `within` work: their batch is a transaction, killed after its write.
    const env = { ...(await dataEnv()), WITHIN: '1' };
    const first = await run({ ...env, CRASH_AT_BATCH: '3' });
    expect(first.signal).toBe('SIGKILL');
    const before = answers(first.out);
    expect(before.size).toBeGreaterThan(0);
    expect(first.out).not.toMatch(/^books/m);

    const second = await run(env);
    expect(second.signal).toBeNull();
    // Committed before the crash = answered before it: the crashed batch wrote nothing.
    expect(second.out).toMatch(new RegExp(`^written-before ${before.size}$`, 'm'));
    const after = answers(second.out);
    for (const [ref, a] of before) expect(after.get(ref)).toEqual({ id: a.id, replay: true });
    const fresh = [...after].filter(([ref]) => !before.has(ref));
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every(([, a]) => !a.replay)).toBe(true);
    // 48 credits of 100 applied once each; the 12 overdrafts refused both times.
    expect(after.size).toBe(48);
    expect([...second.out.matchAll(/^refused \S+ 7001$/gm)]).toHaveLength(12);
    expect(second.out).toMatch(/^books \{"ok":true,"main":"4800"\}$/m);
  }, 120_000);

  it('killed after a one-statement batch commits, before answers: the retry replays it', async () => {
    const env = await dataEnv();
    const first = await run({
      ...env,
      CRASH_AT_BATCH: '3',
      CRASH_POINT: 'ledger.batch-committed',
    });
    expect(first.signal).toBe('SIGKILL');
    const before = answers(first.out);
    expect(first.out).not.toMatch(/^books/m);

    const second = await run(env);
    expect(second.signal).toBeNull();
    const written = Number(/^written-before (\d+)$/m.exec(second.out)?.[1]);
    // Answered means committed; the crashed batch committed whole but nobody heard of it.
    expect(written).toBeGreaterThan(before.size);
    const after = answers(second.out);
    for (const [ref, a] of before) expect(after.get(ref)).toEqual({ id: a.id, replay: true });
    // Exactly what was committed comes back as a replay; the rest is written now, once.
    expect([...after.values()].filter((a) => a.replay)).toHaveLength(written);
    expect(after.size).toBe(48);
    expect([...second.out.matchAll(/^refused \S+ 7001$/gm)]).toHaveLength(12);
    expect(second.out).toMatch(/^books \{"ok":true,"main":"4800"\}$/m);
  }, 120_000);
});
