/**
 * bench:site — the whole site under members' load. The real processes on 127.0.0.1: the house
 * venue (its own PostgreSQL database), two platform nodes (PostgreSQL and Redis), and driver
 * processes (bench/lib/site-driver.ts) of simulated members spread over both nodes. Each member
 * repeats a visit through the signed member API and the venue's page API: log in, the home
 * page's data and balances, a sandbox deposit, into the sportsbook and a bet, into one house
 * game (快3, a slot, baccarat, in turn) and a bet, the records, the chat (websocket), everything
 * back out, a withdrawal (bench/lib/site-member.ts). Members are registered, verified and
 * funded before any timing. Levels of concurrent members (250, 500, 1,000; 60 s each), per
 * call p50/p99/errors, members served per second (completed visits), CPU and memory per
 * process from /proc, and after each level both ledgers must reconcile to zero.
 *
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 * to make and drop the scratch databases; TEST_REDIS_URL (redis://127.0.0.1:6379).
 * BENCH_SITE_LEVELS (250,500,1000), BENCH_SITE_SECONDS (60), BENCH_SITE_DRIVERS (2),
 * BENCH_SITE_CHAT_EVERY (a chat message every Nth visit, 5), BENCH_SITE_NOTE (a line for the
 * report), BENCH_SITE_WRITE=0 (print only, no report), BENCH_SITE_PROFILE=1 (where the time goes,
 * bench/lib/site-profile.ts; profiled runs are slower and not for the report; BENCH_SITE_PROFILE_DIR
 * keeps the CPU profiles as .cpuprofile files), BENCH_SITE_NODE_ARGS (Node flags for the nodes and
 * the venue, space-separated: `--cpu-prof --cpu-prof-dir=/tmp/p` profiles a whole process life).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { PostgresDb } from '@nebula/db';
import { reconcile as venueReconcile } from '../apps/venue/src/modules/ledger/venue-ledger.repository';
import { writeReport } from './lib/report';
import type { DriverCommand, DriverReply } from './lib/site-driver';
import type { SiteMemberCredentials } from './lib/site-member';
import { redisPid, startProcUsage, type ProcUsage } from './lib/site-procs';
import { profileText, startProfiles } from './lib/site-profile';
import { makeMember, startSite, type SiteProcesses } from './lib/site-setup';
import {
  callStats,
  mergeSamples,
  passCriteria,
  reconciled,
  type CallStats,
  type PlatformReconcile,
} from './lib/site-stats';
import { siteChartSvg } from './lib/site-svg';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LEVELS = (process.env.BENCH_SITE_LEVELS ?? '250,500,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SITE_SECONDS ?? 60);
const DRIVERS = Math.max(1, Number(process.env.BENCH_SITE_DRIVERS ?? 2));
const CHAT_EVERY = Number(process.env.BENCH_SITE_CHAT_EVERY ?? 5);
const WRITE = process.env.BENCH_SITE_WRITE !== '0';
/** Profile every level: the nodes' and the venue's CPU (inspector) and PostgreSQL's statements. */
const PROFILE = process.env.BENCH_SITE_PROFILE === '1';
/** Extra Node flags for the nodes and the venue (`--cpu-prof --cpu-prof-dir=…`, `--import …`). */
const NODE_ARGS = (process.env.BENCH_SITE_NODE_ARGS ?? '').split(' ').filter(Boolean);
const FUNDS = '10000.00';

for (const u of [adminUrl, redisUrl]) {
  if (!['127.0.0.1', 'localhost'].includes(new URL(u).hostname))
    throw new Error(`bench:site talks only to 127.0.0.1, not ${u}`);
}

interface Driver {
  child: ChildProcess;
  ask(cmd: DriverCommand): Promise<DriverReply>;
}

function startDriver(): Driver {
  const child = fork(path.join(root, 'bench/lib/site-driver.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    child,
    ask: (cmd) =>
      new Promise((resolve, reject) => {
        child.once('message', (r: DriverReply) =>
          r.type === 'error' ? reject(new Error(r.message)) : resolve(r),
        );
        child.send(cmd);
      }),
  };
}

interface LevelResult {
  members: number;
  seconds: number;
  sessions: number;
  failedSessions: number;
  served: number;
  calls: CallStats[];
  all: CallStats;
  procs: ProcUsage[];
  reconcile: { ok: boolean; problems: string[]; pendingTransfers: number };
  errorTexts: string[];
  load: number[];
}

async function pool<T>(n: number, width: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < n; i = next++) out[i] = await job(i);
    }),
  );
  return out;
}

async function check(site: SiteProcesses, venueDb: PostgresDb): Promise<LevelResult['reconcile']> {
  const p = await site.admin.call<PlatformReconcile>('GET', '/admin/api/v1/ledger/reconcile');
  const v = await venueReconcile(venueDb);
  const pending = await site.admin.call<{ total: number }>(
    'GET',
    '/admin/api/v1/transfers?status=pending',
  );
  const r = reconciled(p, v);
  return { ...r, pendingTransfers: pending.total };
}

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);

function levelTable(l: LevelResult): string {
  return [
    `**${l.members} members** — ${l.served.toFixed(2)} members served/s (${l.sessions} visits in ${l.seconds} s, ${l.failedSessions} failed), p50 ${ms(l.all.p50)} ms, p99 ${ms(l.all.p99)} ms over ${l.all.count} calls, ${l.all.errors} errors; ledgers reconcile: ${l.reconcile.ok ? 'yes' : `NO (${l.reconcile.problems.join('; ')})`}, pending transfers ${l.reconcile.pendingTransfers}; load average ${l.load.map((x) => x.toFixed(2)).join(' ')}.`,
    '',
    '| call | count | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|',
    ...l.calls.map((c) => `| ${c.call} | ${c.count} | ${ms(c.p50)} | ${ms(c.p99)} | ${c.errors} |`),
    '',
    '| process | CPU (% of a core) | RSS MB |',
    '|---|---|---|',
    ...l.procs.map((p) => `| ${p.name} | ${p.cpuPct.toFixed(0)} | ${p.rssMb.toFixed(0)} |`),
  ].join('\n');
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const maxMembers = Math.max(...LEVELS);
  process.stdout.write(`starting the site (venue, two nodes) …\n`);
  const site = await startSite(root, adminUrl, redisUrl, {
    nodeArgs: [...(PROFILE ? ['--inspect=127.0.0.1:0'] : []), ...NODE_ARGS],
  });
  const venueUrl = new URL(adminUrl);
  venueUrl.pathname = `/${site.venueDb}`;
  const venueDb = PostgresDb.open(venueUrl.toString(), 2);
  const drivers = Array.from({ length: DRIVERS }, startDriver);
  const levels: LevelResult[] = [];
  try {
    process.stdout.write(`making ${maxMembers} members …\n`);
    const t0 = performance.now();
    const members: SiteMemberCredentials[] = await pool(maxMembers, 16, (i) =>
      makeMember(site, i, FUNDS),
    );
    process.stdout.write(`members ready in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
    const share = (d: number) => members.filter((_, i) => i % DRIVERS === d);
    await Promise.all(
      drivers.map((dr, d) =>
        dr.ask({
          type: 'setup',
          nodes: site.nodes.map((n) => n.url),
          venueUrl: site.venue.url,
          signKey: site.signKey,
          members: share(d),
        }),
      ),
    );
    for (const level of LEVELS) {
      const per = (d: number) => Math.floor(level / DRIVERS) + (d < level % DRIVERS ? 1 : 0);
      const prep = await Promise.all(
        drivers.map((dr, d) => dr.ask({ type: 'prepare', count: per(d) })),
      );
      for (const p of prep)
        if (p.type === 'prepared' && p.failed)
          throw new Error(`prepare: ${p.errorTexts.join('\n')}`);
      const usage = startProcUsage([
        { name: 'platform node 1', pid: site.nodes[0]!.child.pid },
        { name: 'platform node 2', pid: site.nodes[1]!.child.pid },
        { name: 'house venue', pid: site.venue.child.pid },
        ...drivers.map((dr, d) => ({ name: `driver ${d + 1}`, pid: dr.child.pid })),
        { name: 'PostgreSQL (platform backends)', database: site.platformDb },
        { name: 'PostgreSQL (venue backends)', database: site.venueDb },
        { name: 'Redis (whole server)', pid: redisPid() },
      ]);
      const profiling = PROFILE
        ? await startProfiles(
            [
              { name: 'platform node 1', inspectorUrl: site.nodes[0]!.inspectorUrl },
              { name: 'platform node 2', inspectorUrl: site.nodes[1]!.inspectorUrl },
              { name: 'house venue', inspectorUrl: site.venue.inspectorUrl },
            ],
            adminUrl,
            [site.platformDb, site.venueDb],
          )
        : null;
      const replies = await Promise.all(
        drivers.map((dr, d) =>
          dr.ask({ type: 'run', count: per(d), seconds: SECONDS, chatEvery: CHAT_EVERY }),
        ),
      );
      const procs = usage();
      if (profiling) process.stdout.write(`${profileText(await profiling())}\n`);
      const results = replies.flatMap((r) => (r.type === 'result' ? [r] : []));
      const sample = mergeSamples(results.map((r) => r.sample));
      const elapsed = Math.max(...results.map((r) => r.elapsedMs)) / 1000;
      const { calls, all } = callStats(sample);
      // Let the venue's transfers and bets in flight land before the books are read.
      await new Promise((r) => setTimeout(r, 2000));
      const result: LevelResult = {
        members: level,
        seconds: SECONDS,
        sessions: sample.sessions,
        failedSessions: sample.failedSessions,
        served: sample.sessions / elapsed,
        calls,
        all,
        procs,
        reconcile: await check(site, venueDb),
        errorTexts: sample.errorTexts,
        load: loadavg(),
      };
      levels.push(result);
      process.stdout.write(`\n${levelTable(result)}\n`);
      if (result.errorTexts.length)
        process.stdout.write(`errors: ${result.errorTexts.join('\n')}\n`);
    }
  } finally {
    for (const dr of drivers) {
      if (dr.child.connected) dr.child.send({ type: 'stop' } satisfies DriverCommand);
      await new Promise((r) => (dr.child.exitCode === null ? dr.child.once('exit', r) : r(null)));
    }
    await venueDb.close();
    await site.close();
  }
  const verdict = passCriteria(
    levels.map((l) => ({
      members: l.members,
      served: l.served,
      p99: l.all.p99,
      errors: l.all.errors,
    })),
  );
  const note = process.env.BENCH_SITE_NOTE ? `\n\n${process.env.BENCH_SITE_NOTE}` : '';
  const table = [
    '| members | served/s | p50 ms | p99 ms | calls | errors | ledgers reconcile |',
    '|---|---|---|---|---|---|---|',
    ...levels.map(
      (l) =>
        `| ${l.members} | ${l.served.toFixed(2)} | ${ms(l.all.p50)} | ${ms(l.all.p99)} | ${l.all.count} | ${l.all.errors} | ${l.reconcile.ok ? 'yes' : 'NO'} |`,
    ),
    '',
    `At 250 members (goal: zero errors, p99 ≤ 500 ms): ${verdict.at250.measured ? (verdict.at250.pass ? 'pass' : 'FAIL') : 'not measured'}. First level with p99 over 1 s: ${verdict.p99Over1s ?? 'none measured'}.`,
    '',
    '![members → served/s and p99](bench-site.svg)',
    '',
    `(${SECONDS} s per level; ${DRIVERS} driver processes; members on two platform nodes (PostgreSQL + Redis) and the house venue (its own PostgreSQL database), all on 127.0.0.1 of one machine; a chat message every ${CHAT_EVERY} visits.)${note}`,
    '',
    ...levels.map(levelTable).flatMap((t) => [t, '']),
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  if (WRITE) {
    await writeReport(
      'site',
      { started, levels, verdict, drivers: DRIVERS, chatEvery: CHAT_EVERY },
      table,
    );
    await writeFile(
      path.join(root, 'docs/bench-site.svg'),
      siteChartSvg(
        levels.map((l) => ({ members: l.members, served: l.served, p99: l.all.p99 })),
        'bench:site — members served per second and p99',
      ),
    );
  }
  if (levels.some((l) => !l.reconcile.ok)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
