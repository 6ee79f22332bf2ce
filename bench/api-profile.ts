/**
 * profile:api — where the platform's time goes on one bench:api call. Starts the server as
 * bench:api does, with its inspector open, drives PROFILE_TARGET (default the signed notice
 * list) with autocannon: a warm-up, then PROFILE_SECONDS under V8's CPU sampler (what
 * `node --cpu-prof` runs, here started and stopped around the load so start-up is left out).
 * Prints self time by owner (package, our files, node internals, GC) and by function, and time
 * with a function on the stack. The raw `.cpuprofile` is written to the system's temporary
 * directory (open it in DevTools); it is megabytes, not a result to keep in the repository.
 * PROFILE_PEER=on profiles bench:api's peer (bare Fastify) on the same call instead.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiTargets, benchServerEnv } from './lib/api-targets';
import { summarizeProfile, type CpuProfile, type ProfileLine } from './lib/cpu-profile';
import { connectInspector } from './lib/inspector-memory';
import { spawnServer } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const TARGET = process.env.PROFILE_TARGET ?? 'noticeList (signed)';
const PEER = process.env.PROFILE_PEER === 'on';

function print(title: string, lines: ProfileLine[]): void {
  process.stdout.write(`\n${title}\n`);
  for (const l of lines)
    process.stdout.write(`${(l.share * 100).toFixed(1).padStart(6)}%  ${l.name}\n`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-profile-'));
  const target = apiTargets().find((t) => t.name === TARGET);
  if (!target) throw new Error(`no target named ${TARGET}`);
  const inspect = { nodeArgs: ['--inspect=127.0.0.1:0'] };
  let server = await spawnServer(
    'apps/server/src/main.ts',
    benchServerEnv(dataDir),
    root,
    undefined,
    PEER ? {} : inspect,
  );
  if (PEER) {
    // The peer answers what ours answers: read it once, then profile the peer alone.
    const res = await fetch(server.url + target.path, {
      method: target.method,
      body: target.body,
      headers: { 'content-type': 'application/json', ...target.headers },
    });
    const bodies = JSON.stringify({ [target.path]: await res.text() });
    await server.stop();
    server = await spawnServer(
      'bench/peers/bare-fastify.ts',
      { BODIES: bodies, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      root,
      undefined,
      inspect,
    );
  }
  let profile: CpuProfile;
  try {
    const drive = (duration: number) =>
      autocannon({
        url: server.url + target.path,
        method: target.method,
        body: target.body,
        headers: { 'content-type': 'application/json', ...target.headers },
        connections: 32,
        duration,
      });
    await drive(2);
    const inspector = await connectInspector(server.inspectorUrl!);
    await inspector.call('Profiler.enable');
    await inspector.call('Profiler.setSamplingInterval', { interval: 200 });
    await inspector.call('Profiler.start');
    const run = await drive(SECONDS);
    profile = ((await inspector.call('Profiler.stop')) as { profile: CpuProfile }).profile;
    inspector.close();
    process.stdout.write(
      `${PEER ? 'peer ' : ''}${TARGET}: ${run.requests.average.toFixed(0)} req/s, ${run.non2xx} non-2xx, ${run.errors} errors (profiled)\n`,
    );
  } finally {
    await server.stop();
  }
  const file = path.join(tmpdir(), `nebula-api-${Date.now()}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  const summary = summarizeProfile(profile);
  process.stdout.write(
    `profile: ${file}\nsampled ${summary.totalMs.toFixed(0)} ms, idle ${(summary.idle * 100).toFixed(1)}%\n`,
  );
  print('self time by owner', summary.selfByOwner);
  print('self time by function', summary.selfByFunction);
  print('on the stack (inclusive)', summary.inclusiveByFunction);
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
