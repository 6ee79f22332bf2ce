/**
 * bench:site — the whole site under members' load. The real processes on 127.0.0.1: the house
 * venue (its own PostgreSQL database), two platform nodes (PostgreSQL and Redis), and driver
 * processes (bench/lib/site-driver.ts) of simulated members spread over both nodes. Each member
 * repeats a visit through the signed member API and the venue's page API: log in, the home
 * page's data and balances, a sandbox deposit, into the sportsbook and a bet, into one house
 * game (快3, a slot, baccarat, in turn) and a bet, the records, the chat (websocket), everything
 * back out, a withdrawal (bench/lib/site-member.ts). Members read each page before the next: a
 * think time after each page step and a pause between visits (bench/lib/site-pace.ts). Members
 * are registered, verified and funded before any timing. First a capacity run (the closed loop,
 * no think time, at the first level), then the paced levels of concurrent members (250, 500,
 * 1,000; an unmeasured warm-up, then 60 s each): per call p50/p99/errors, members served per
 * second (visits completed in the window), CPU and memory per process from /proc, and after
 * each run both ledgers must reconcile to zero. The verdict is the paced 250 run's.
 *
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 * to make and drop the scratch databases; TEST_REDIS_URL (redis://127.0.0.1:6379).
 * BENCH_SITE_LEVELS (250,500,1000), BENCH_SITE_SECONDS (60), BENCH_SITE_DRIVERS (2),
 * BENCH_SITE_THINK_MS (mean think per page step, 3000; 0 = every level a closed loop),
 * BENCH_SITE_PAUSE_MS (mean pause between visits, 5 thinks), BENCH_SITE_WARMUP_S (unmeasured
 * seconds before each window: paced, a visit's reading time + 5; closed loop, 20),
 * BENCH_SITE_CAPACITY_LEVEL (members of the closed-loop capacity run, the first level; 0 skips),
 * BENCH_SITE_CHAT_EVERY (a chat message every Nth visit, 5), BENCH_SITE_LOGIN_EVERY and
 * BENCH_SITE_CASHIER_EVERY (a fresh login, and a deposit with a withdrawal, every Nth visit; 1
 * and 1, the default, is every visit; other visits keep the session), BENCH_SITE_NOTE (a line for the
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
import { redisPid, startProcUsage } from './lib/site-procs';
import { THINKS_PER_VISIT, paceOptions, type VisitModel } from './lib/site-pace';
import { profileText, startProfiles } from './lib/site-profile';
import { summaryTable, verdictOf, type LevelResult } from './lib/site-report';
import { makeMember, startSite, type SiteProcesses } from './lib/site-setup';
import {
  callStats,
  mergeSamples,
  percentile,
  reconciled,
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
/** 1 and 1 (the default): a login, a deposit and a withdrawal on every visit (site-member.ts). */
const MODEL: VisitModel = {
  loginEvery: Math.max(1, Number(process.env.BENCH_SITE_LOGIN_EVERY ?? 1)),
  cashierEvery: Math.max(1, Number(process.env.BENCH_SITE_CASHIER_EVERY ?? 1)),
};
const PACE = paceOptions(
  Number(process.env.BENCH_SITE_THINK_MS ?? 3000),
  process.env.BENCH_SITE_PAUSE_MS === undefined
    ? undefined
    : Number(process.env.BENCH_SITE_PAUSE_MS),
);
const CLOSED = paceOptions(0);
/** With no think time every level is a closed loop already: no separate capacity run. */
const CAPACITY =
  PACE.thinkMs === 0 ? 0 : Number(process.env.BENCH_SITE_CAPACITY_LEVEL ?? LEVELS[0] ?? 0);
/** Long enough that the window sees members spread over their visits (site-pace.ts). */
const warmupOf = (thinkMs: number) =>
  Number(
    process.env.BENCH_SITE_WARMUP_S ??
      (thinkMs === 0 ? 20 : Math.ceil((THINKS_PER_VISIT * thinkMs) / 1000) + 5),
  );
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

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const maxMembers = Math.max(...LEVELS, CAPACITY);
  process.stdout.write(`starting the site (venue, two nodes) …\n`);
  const site = await startSite(root, adminUrl, redisUrl, {
    nodeArgs: [...(PROFILE ? ['--inspect=127.0.0.1:0'] : []), ...NODE_ARGS],
  });
  const venueUrl = new URL(adminUrl);
  venueUrl.pathname = `/${site.venueDb}`;
  const venueDb = PostgresDb.open(venueUrl.toString(), 2);
  const drivers = Array.from({ length: DRIVERS }, startDriver);
  const levels: LevelResult[] = [];
  let capacity: LevelResult | null = null;
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
    // The capacity run first, on the freshest books, as the closed-loop runs before it were.
    const runs = [
      ...(CAPACITY > 0 ? [{ level: CAPACITY, pace: CLOSED }] : []),
      ...LEVELS.map((level) => ({ level, pace: PACE })),
    ];
    for (const [n, { level, pace }] of runs.entries()) {
      const warmupSeconds = warmupOf(pace.thinkMs);
      process.stdout.write(
        `\n${level} members, think ${pace.thinkMs} ms: ${warmupSeconds} s warm-up, ${SECONDS} s measured …\n`,
      );
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
          dr.ask({
            type: 'run',
            count: per(d),
            warmupSeconds,
            seconds: SECONDS,
            chatEvery: CHAT_EVERY,
            model: MODEL,
            pace,
            salt: n,
          }),
        ),
      );
      const procs = usage();
      if (profiling) process.stdout.write(`${profileText(await profiling())}\n`);
      const results = replies.flatMap((r) => (r.type === 'result' ? [r] : []));
      const sample = mergeSamples(results.map((r) => r.sample));
      const window = Math.max(...results.map((r) => r.elapsedMs)) / 1000;
      const { calls, all } = callStats(sample);
      // Let the venue's transfers and bets in flight land before the books are read.
      await new Promise((r) => setTimeout(r, 2000));
      const result: LevelResult = {
        members: level,
        thinkMs: pace.thinkMs,
        warmupSeconds,
        seconds: SECONDS,
        sessions: sample.sessions,
        failedSessions: sample.failedSessions,
        served: sample.sessions / window,
        visitP50: percentile(
          [...sample.visitMs].sort((a, b) => a - b),
          0.5,
        ),
        calls,
        all,
        procs,
        reconcile: await check(site, venueDb),
        errorTexts: sample.errorTexts,
        load: loadavg(),
      };
      if (pace.thinkMs === 0 && CAPACITY > 0 && n === 0) capacity = result;
      else levels.push(result);
      process.stdout.write(
        `${level} members: ${result.served.toFixed(2)} served/s, p99 ${result.all.p99.toFixed(0)} ms, ${result.all.errors} errors, visit p50 ${(result.visitP50 / 1000).toFixed(1)} s\n`,
      );
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
  const verdict = verdictOf(levels);
  const note = process.env.BENCH_SITE_NOTE ? `\n\n${process.env.BENCH_SITE_NOTE}` : '';
  const model =
    PACE.thinkMs === 0
      ? 'Closed loop at every level (BENCH_SITE_THINK_MS=0): no think time, each call the instant the last answered, so the "paced" lines below judge closed-loop levels.'
      : `Members who read their pages: a think time after each page step (exponential, mean ${PACE.thinkMs} ms, capped at 5 means) and a pause between visits (mean ${PACE.pauseMs} ms); latencies are per call and never hold a think.`;
  const setting = `${model} ${SECONDS} s measured per run after an unmeasured warm-up; ${DRIVERS} driver processes; members on two platform nodes (PostgreSQL + Redis) and the house venue (its own PostgreSQL database), all on 127.0.0.1 of one machine; a chat message every ${CHAT_EVERY} visits; a fresh login every ${MODEL.loginEvery} and a deposit and withdrawal every ${MODEL.cashierEvery} visits.${note}`;
  const table = summaryTable(levels, capacity, setting);
  process.stdout.write(`\n${table}\n`);
  if (WRITE) {
    await writeReport(
      'site',
      { started, pace: PACE, capacity, levels, verdict, drivers: DRIVERS, chatEvery: CHAT_EVERY },
      table,
    );
    await writeFile(
      path.join(root, 'docs/bench-site.svg'),
      siteChartSvg(
        levels.map((l) => ({ members: l.members, served: l.served, p99: l.all.p99 })),
        'bench:site — paced members: served per second and p99',
        capacity ? { members: capacity.members, served: capacity.served } : undefined,
      ),
    );
  }
  if ([...levels, ...(capacity ? [capacity] : [])].some((l) => !l.reconcile.ok))
    process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
