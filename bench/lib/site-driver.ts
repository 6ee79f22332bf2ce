/**
 * A driver process of bench:site (forked by bench/site.bench.ts with an IPC channel): it holds
 * its share of the simulated members, each a device on one of the platform nodes, and runs
 * their visits when told, paced by bench/lib/site-pace.ts (think 0: the closed loop). Its own
 * process, so the members' HTTP, signing and sockets are not the bench's bottleneck nor on the
 * nodes' cores' books.
 */
import { SiteMember, type SiteMemberCredentials } from './site-member';
import {
  Pacer,
  WindowRecorder,
  memberSeed,
  realClock,
  runMember,
  type PaceOptions,
  type VisitModel,
} from './site-pace';
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
  | {
      type: 'run';
      count: number;
      /** Unmeasured seconds first, so the window sees members spread over their visits. */
      warmupSeconds: number;
      seconds: number;
      chatEvery: number;
      /** How often a visit logs in and goes to the cashier (site-member.ts). */
      model: VisitModel;
      pace: PaceOptions;
      /** Mixed into each member's seed: the same level and kind of run draws the same. */
      salt: number;
    }
  | { type: 'stop' };

export type DriverReply =
  | { type: 'ready' }
  | { type: 'prepared'; failed: number; errorTexts: string[] }
  | { type: 'result'; sample: DriverSample; elapsedMs: number }
  | { type: 'error'; message: string };

let members: SiteMember[] = [];
const prepared = new Set<number>();
/** The run's sample and the rounds' margin (site-pace.ts). */
const books = new WindowRecorder();

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

async function run(cmd: Extract<DriverCommand, { type: 'run' }>): Promise<DriverReply> {
  const windowStart = performance.now() + cmd.warmupSeconds * 1000;
  const end = windowStart + cmd.seconds * 1000;
  books.open({ start: windowStart, end });
  const sample = books.sample;
  await Promise.all(
    members.slice(0, cmd.count).map((m, i) =>
      runMember({
        visit: (turn) => m.visit(turn, cmd.chatEvery, cmd.model),
        pacer: new Pacer(cmd.pace, memberSeed(m.creds.memberId, cmd.salt)),
        clock: realClock,
        firstTurn: i,
        windowStart,
        end,
        onVisit: (ok, err, visitMs) => {
          if (ok) {
            sample.sessions += 1;
            sample.visitMs.push(visitMs ?? 0);
          } else {
            sample.failedSessions += 1;
            if (sample.errorTexts.length < 5) sample.errorTexts.push(String(err).slice(0, 400));
          }
        },
      }),
    ),
  );
  return { type: 'result', sample: books.close(), elapsedMs: end - windowStart };
}

process.on('message', (cmd: DriverCommand) => {
  void (async () => {
    try {
      if (cmd.type === 'setup') {
        members = cmd.members.map(
          (c) =>
            new SiteMember(
              c,
              cmd.nodes[c.node]!,
              cmd.venueUrl,
              cmd.signKey,
              books.record,
              books.margin,
            ),
        );
        send({ type: 'ready' });
      } else if (cmd.type === 'prepare') {
        send(await prepare(cmd.count));
      } else if (cmd.type === 'run') {
        send(await run(cmd));
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
