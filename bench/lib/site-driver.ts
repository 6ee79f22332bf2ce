/**
 * A driver process of bench:site (forked by bench/site.bench.ts with an IPC channel): it holds
 * its share of the simulated members, each a device on one of the platform nodes, and runs
 * their sessions when told. Its own process, so the members' HTTP, signing and sockets are not
 * the bench's bottleneck nor on the nodes' cores' books.
 */
import { SiteMember, type SiteMemberCredentials } from './site-member';
import type { DriverSample } from './site-stats';

export type DriverCommand =
  | {
      type: 'setup';
      nodes: string[];
      venueUrl: string;
      signKey: string;
      members: SiteMemberCredentials[];
    }
  | { type: 'prepare'; count: number }
  | { type: 'run'; count: number; seconds: number; chatEvery: number }
  | { type: 'stop' };

export type DriverReply =
  | { type: 'ready' }
  | { type: 'prepared'; failed: number; errorTexts: string[] }
  | { type: 'result'; sample: DriverSample; elapsedMs: number }
  | { type: 'error'; message: string };

let members: SiteMember[] = [];
const prepared = new Set<number>();
let sample: DriverSample = fresh();

function fresh(): DriverSample {
  return { latencies: {}, errors: {}, sessions: 0, failedSessions: 0, errorTexts: [] };
}

function record(call: string, ms: number, ok: boolean): void {
  if (ok) (sample.latencies[call] ??= []).push(ms);
  else sample.errors[call] = (sample.errors[call] ?? 0) + 1;
}

const send = (r: DriverReply) => process.send!(r);

/** Logs the first `count` members in and opens their chat sockets (before timing). */
async function prepare(count: number): Promise<DriverReply> {
  const errorTexts: string[] = [];
  let failed = 0;
  const queue = members.slice(0, count).map((m, i) => ({ m, i }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (prepared.has(next.i)) continue;
      try {
        await next.m.login();
        await next.m.openChat();
        prepared.add(next.i);
      } catch (err) {
        failed += 1;
        if (errorTexts.length < 5) errorTexts.push(String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return { type: 'prepared', failed, errorTexts };
}

async function run(count: number, seconds: number, chatEvery: number): Promise<DriverReply> {
  sample = fresh();
  const t0 = performance.now();
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    members.slice(0, count).map(async (m, i) => {
      // Spread the first sessions over a second so the members do not all start in step.
      await new Promise((r) => setTimeout(r, (i * 997) % 1000));
      for (let turn = i; Date.now() < end; turn += 1) {
        try {
          await m.session(turn, chatEvery);
          sample.sessions += 1;
        } catch (err) {
          sample.failedSessions += 1;
          if (sample.errorTexts.length < 5) sample.errorTexts.push(String(err).slice(0, 400));
        }
      }
    }),
  );
  return { type: 'result', sample, elapsedMs: performance.now() - t0 };
}

process.on('message', (cmd: DriverCommand) => {
  void (async () => {
    try {
      if (cmd.type === 'setup') {
        const noop = record;
        members = cmd.members.map(
          (c) => new SiteMember(c, cmd.nodes[c.node]!, cmd.venueUrl, cmd.signKey, noop),
        );
        send({ type: 'ready' });
      } else if (cmd.type === 'prepare') {
        send(await prepare(cmd.count));
      } else if (cmd.type === 'run') {
        send(await run(cmd.count, cmd.seconds, cmd.chatEvery));
      } else {
        for (const m of members) m.closeChat();
        process.exit(0);
      }
    } catch (err) {
      send({ type: 'error', message: String(err instanceof Error ? err.stack : err) });
    }
  })();
});
// The bench going away takes its drivers with it.
process.on('disconnect', () => process.exit(0));
