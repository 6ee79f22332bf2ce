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
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiTargets, benchServerEnv } from './lib/api-targets';
import { summarizeProfile, type CpuProfile, type ProfileLine } from './lib/cpu-profile';
import { connectInspector } from './lib/inspector-memory';
import { processCpuMs } from './lib/process-cpu';
import { spawnServer } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const TARGET = process.env.PROFILE_TARGET ?? 'noticeList (signed)';
const PEER = process.env.PROFILE_PEER === 'on';

/**
 * Each line's share of the samples, and — when the process's CPU time per call is known — its
 * µs per call: the CPU per call spread over the busy (not idle) samples. Wall-clock shares move
 * with the machine's load; CPU per call much less (the server descheduled is not counted).
 */
function print(title: string, lines: ProfileLine[], busy: number, cpuUs: number | null): void {
  process.stdout.write(`\n${title}\n`);
  for (const l of lines) {
    const us = cpuUs === null || l.name === '((idle))' ? '' : ((l.share / busy) * cpuUs).toFixed(2);
    process.stdout.write(
      `${(l.share * 100).toFixed(1).padStart(6)}% ${us.padStart(7)}  ${l.name}\n`,
    );
  }
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
  let cpuUs: number | null = null;
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
    const cpuBefore = processCpuMs(server.child.pid);
    const run = await drive(SECONDS);
    const cpuAfter = processCpuMs(server.child.pid);
    profile = ((await inspector.call('Profiler.stop')) as { profile: CpuProfile }).profile;
    inspector.close();
    if (cpuBefore !== null && cpuAfter !== null && run.requests.total > 0)
      cpuUs = ((cpuAfter - cpuBefore) * 1000) / run.requests.total;
    process.stdout.write(
      `${PEER ? 'peer ' : ''}${TARGET}: ${run.requests.average.toFixed(0)} req/s, ${run.non2xx} non-2xx, ${run.errors} errors (profiled)\n` +
        `CPU per call (process, /proc): ${cpuUs === null ? '–' : cpuUs.toFixed(1)} µs; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}\n`,
    );
  } finally {
    await server.stop();
  }
  const file = path.join(tmpdir(), `nebula-api-${Date.now()}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  const summary = summarizeProfile(profile, Number(process.env.PROFILE_LINES ?? 25));
  process.stdout.write(
    `profile: ${file}\nsampled ${summary.totalMs.toFixed(0)} ms, idle ${(summary.idle * 100).toFixed(1)}%\n`,
  );
  const busy = Math.max(1e-9, 1 - summary.idle);
  print('self time by owner (share, µs/call)', summary.selfByOwner, busy, cpuUs);
  print('self time by function (share, µs/call)', summary.selfByFunction, busy, cpuUs);
  print('on the stack (inclusive; share, µs/call)', summary.inclusiveByFunction, busy, cpuUs);
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
