/*
 * Over 300 lines on purpose: the two measurements of the sportsbook page and their report in one
 * script, so a run is one file to read.
 */
/**
 * bench:venue-web — the sportsbook page:
 *
 * 1. Lighthouse mobile (simulated slow 4G, 4× CPU slowdown) on the match list served by the
 *    real venue, each run entering from a fresh launch URL, median of 5, beside a static
 *    no-JavaScript page of the same first view. Goal: performance ≥ 90. Also the gzipped
 *    JavaScript of the first route (goal ≤ 150 KB, held by apps/venue-web/src/bundle-budget.test.ts).
 * 2. A live list of 200 matches updating every second: the venue on PostgreSQL with its leader
 *    off, the bench playing as the leader (every second, a new minute for all 200 matches, now
 *    and then a goal that suspends one), the page on 滚球 in Chromium at 390×844 following all
 *    200 over the live socket; a 10 s trace. Goal: no task over 50 ms on the page's main thread.
 *    Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a scratch database is made and dropped).
 *
 * The page is built first unless its build is newer than its sources (BENCH_BUILD=1 builds).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import pg from 'pg';
import { PostgresDb } from '@nebula/db';
import { FIRST_ROUTE_BUDGET_BYTES, firstRouteJs } from '../apps/venue-web/scripts/first-route';
import { startVenue, type Merchant, type RunningVenue } from '../apps/venue-web/e2e/support/venue';
import { LEAGUES } from '../apps/venue/src/modules/catalogue/leagues.model';
import * as events from '../apps/venue/src/modules/events/event.repository';
import { CHROMIUM_ARGS } from '../scripts/browser.mjs';
import { auditPerformance, medianRun, type LighthouseRun } from './lib/lighthouse-audit';
import { writeReport } from './lib/report';
import { spawnServer } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const dist = path.join(root, 'apps/venue-web/dist');
const SOURCES = [
  'apps/venue-web/src',
  'apps/venue-web/index.html',
  'apps/venue-web/vite.config.ts',
  'scripts/vite-site.ts',
  'packages/protocol/src',
];
const LIVE_MATCHES = 200;
const TRACE_MS = 10_000;
const merchant: Merchant = {
  code: 'NEBULA',
  secret: `bench-${'v'.repeat(40)}`,
  origins: ['http://127.0.0.1:9'],
};

function newestMtime(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce(
    (m, name) => Math.max(m, newestMtime(path.join(p, name))),
    st.mtimeMs,
  );
}

function ensureFreshBuild(): void {
  const manifest = path.join(dist, '.vite/manifest.json');
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (process.env.BENCH_BUILD !== '1' && built > newest) return;
  process.stdout.write('building the page…\n');
  const r = spawnSync('npm', ['run', 'build:venue-web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build:venue-web failed');
}

async function launchUrl(venue: RunningVenue, playerId: string): Promise<string> {
  const l = await venue.call<{ url: string }>(merchant, 'launch', {
    venueCode: 'IMTY',
    playerId,
    nickname: '压测',
  });
  if (!l.data) throw new Error(`launch refused: ${JSON.stringify(l)}`);
  return l.data.url;
}

async function lighthouseRuns(): Promise<{ ours: LighthouseRun[]; peer: LighthouseRun[] }> {
  const venue = await startVenue({ merchants: [merchant], env: { VENUE_CLOCK_SPEED: '7' } });
  const peer = await spawnServer('bench/peers/static-match-list.ts', {}, root);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
  const ours: LighthouseRun[] = [];
  const peers: LighthouseRun[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      // Every run enters as a member would: a fresh single-use launch URL.
      ours.push(await auditPerformance(await launchUrl(venue, `lighthouse-${i}`), chrome.port));
      peers.push(await auditPerformance(`${peer.url}/`, chrome.port));
      const r = ours[i]!;
      process.stdout.write(
        `run ${i + 1}/${RUNS}: ours ${r.score} (LCP ${r.lcp.toFixed(0)} ms, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}), peer ${peers[i]!.score}\n`,
      );
    }
  } finally {
    chrome.kill();
    await peer.stop();
    await venue.stop();
  }
  return { ours, peer: peers };
}

/** 200 live football matches of the catalogue's leagues (teams the pricing knows). */
function liveFixtures(now: number) {
  const football = LEAGUES.filter((l) => l.sport === 'football');
  return Array.from({ length: LIVE_MATCHES }, (_, i) => {
    const league = football[i % football.length]!;
    const teams = league.teams.map((t) => t.name);
    const k = Math.floor(i / football.length);
    return {
      id: `bench-live-${i}`,
      leagueId: league.id,
      sport: 'football' as const,
      home: teams[(2 * k) % teams.length]!,
      away: teams[(2 * k + 1) % teams.length]!,
      startsAt: now - 20 * 60_000,
    };
  });
}

interface LiveResult {
  longTasks: number[];
  longestTaskMs: number;
  tasksOver50: number;
  framesReceived: number;
  eventsReceived: number;
  rowsShown: number;
  updatesWritten: number;
}

async function liveTrace(adminUrl: string): Promise<LiveResult> {
  const name = `nebula_bench_venue_web_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let venue: RunningVenue | null = null;
  let db: PostgresDb | null = null;
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROMIUM_ARGS.filter((a) => a !== '--headless'),
  });
  try {
    // The venue serves the page and its socket; the bench plays the leader's part.
    venue = await startVenue({
      merchants: [merchant],
      env: { VENUE_DATABASE_URL: url.toString(), VENUE_LEADER: 'off' },
    });
    db = PostgresDb.open(url.toString(), 4);
    const now = Date.now();
    const fixtures = liveFixtures(now);
    await events.insertFixtures(db, fixtures);
    const versions = new Map<string, number>();
    const minutes = new Map<string, number>();
    const scores = new Map<string, { home: number; away: number }>();
    for (const [i, f] of fixtures.entries()) {
      const minute = 10 + (i % 70);
      const v = await events.updateEvent(db, f.id, 1, {
        status: 'live',
        minute,
        score: { home: 0, away: 0 },
        halfTime: null,
        suspendedUntil: null,
      });
      versions.set(f.id, v!);
      minutes.set(f.id, minute);
      scores.set(f.id, { home: 0, away: 0 });
    }

    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    let framesReceived = 0;
    let eventsReceived = 0;
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        framesReceived += 1;
        const text = String(f.payload);
        if (text.startsWith('{"type":"batch"')) {
          eventsReceived += (JSON.parse(text) as { events: unknown[] }).events.length;
        }
      }),
    );
    // The page's own view of long tasks (a cross-check of the trace). The bench has no DOM
    // types, so the script is text.
    await page.addInitScript({
      content: `window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.longTasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });`,
    });
    await page.goto(await launchUrl(venue, 'live-list'));
    await page.locator('.tabs__tab', { hasText: '滚球' }).click();
    await page.locator('.match').first().waitFor({ timeout: 60_000 });
    // The list draws rows a screenful at a time: scroll through it so all 200 are drawn (and
    // redrawn on every push) — the worst case.
    for (let i = 0; i < 40 && (await page.locator('.match').count()) < LIVE_MATCHES; i += 1) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    await page
      .locator('.match')
      .nth(LIVE_MATCHES - 1)
      .waitFor({ state: 'attached', timeout: 30_000 });
    const rowsShown = await page.locator('.match').count();
    // Let the subscription settle, then measure only the steady updates.
    await page.waitForTimeout(2000);
    await page.evaluate('window.longTasks = []');

    let updatesWritten = 0;
    let tick = 0;
    let stop = false;
    const store = db;
    const driver = (async () => {
      while (!stop) {
        const started = Date.now();
        tick += 1;
        for (const f of fixtures) {
          const minute = (minutes.get(f.id)! % 88) + 1;
          const score = { ...scores.get(f.id)! };
          // Now and then a goal: the match is suspended for two seconds, then re-priced.
          const goal = (Number(f.id.split('-')[2]) + tick) % 37 === 0;
          if (goal) score.home += 1;
          const v = await events.updateEvent(store, f.id, versions.get(f.id)!, {
            status: 'live',
            minute,
            score,
            halfTime: null,
            suspendedUntil: goal ? Date.now() + 2000 : null,
          });
          if (v !== null) {
            versions.set(f.id, v);
            minutes.set(f.id, minute);
            scores.set(f.id, score);
            updatesWritten += 1;
          }
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
      }
    })();

    const framesBefore = framesReceived;
    const eventsBefore = eventsReceived;
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.waitForTimeout(TRACE_MS);
    const trace = await browser.stopTracing();
    if (process.env.BENCH_TRACE_OUT) await writeFile(process.env.BENCH_TRACE_OUT, trace);
    stop = true;
    await driver;
    const longTasks = await page.evaluate<number[]>('window.longTasks');

    // Top-level tasks of the page's main thread in the trace, in milliseconds.
    const parsed = JSON.parse(trace.toString('utf8')) as {
      traceEvents: {
        name: string;
        ph: string;
        dur?: number;
        pid: number;
        tid: number;
        args?: { name?: string };
      }[];
    };
    const main = parsed.traceEvents.filter(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
    );
    const mainThreads = new Set(main.map((e) => `${e.pid}:${e.tid}`));
    const tasks = parsed.traceEvents
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`))
      .map((e) => (e.dur ?? 0) / 1000);
    return {
      longTasks,
      longestTaskMs: Math.max(0, ...tasks),
      tasksOver50: tasks.filter((t) => t > 50).length,
      framesReceived: framesReceived - framesBefore,
      eventsReceived: eventsReceived - eventsBefore,
      rowsShown,
      updatesWritten,
    };
  } finally {
    await browser.close();
    await db?.close();
    await venue?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    process.stderr.write(
      'bench:venue-web needs PostgreSQL for its live part: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).\n',
    );
    process.exit(1);
  }
  ensureFreshBuild();
  const js = firstRouteJs(dist);
  process.stdout.write(
    `first route JavaScript: ${js.files.length} files, ${(js.gzipBytes / 1024).toFixed(1)} KiB gzipped\n`,
  );
  const { ours, peer } = await lighthouseRuns();
  const live = await liveTrace(adminUrl);
  const a = medianRun(ours);
  const b = medianRun(peer);
  const verdict = (ok: boolean) => (ok ? 'met' : 'not met');
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const table = [
    '| page | performance (goal ≥ 90) | FCP ms | LCP ms | TBT ms | CLS | first-route JS gzip (goal ≤ 150 KiB) |',
    '|---|---|---|---|---|---|---|',
    `| sportsbook list | ${a.score} | ${a.fcp.toFixed(0)} | ${a.lcp.toFixed(0)} | ${a.tbt.toFixed(0)} | ${a.cls.toFixed(3)} | ${kib(js.gzipBytes)} in ${js.files.length} files |`,
    `| static peer (no JS) | ${b.score} | ${b.fcp.toFixed(0)} | ${b.lcp.toFixed(0)} | ${b.tbt.toFixed(0)} | ${b.cls.toFixed(3)} | 0 |`,
    `| goal | ${verdict(a.score >= 90)} | | | | | ${verdict(js.gzipBytes <= FIRST_ROUTE_BUDGET_BYTES)} |`,
    '',
    '| live list (10 s trace) | matches shown | updates written | pushes received (in messages) | longest main-thread task | tasks > 50 ms (goal 0) | long tasks seen by the page |',
    '|---|---|---|---|---|---|---|',
    `| 200 matches, a new minute each every second | ${live.rowsShown} | ${live.updatesWritten} | ${live.eventsReceived} (${live.framesReceived}) | ${live.longestTaskMs.toFixed(1)} ms | ${live.tasksOver50} (${verdict(live.tasksOver50 === 0)}) | ${live.longTasks.length === 0 ? 'none' : live.longTasks.map((t) => t.toFixed(0)).join(', ')} |`,
  ].join('\n');
  const runs = ours
    .map((r, i) => `${i + 1}: ${r.score} / ${r.lcp.toFixed(0)} / ${r.tbt.toFixed(0)}`)
    .join('; ');
  const note = `Lighthouse: median of ${RUNS} mobile runs each (simulated slow 4G, 4× CPU slowdown), each entering from a fresh launch URL. Runs (score / LCP / TBT): ${runs}. Live trace: Chromium at 390×844, no CPU throttling, the venue and the bench on the same 2 cores.`;
  process.stdout.write(`\n${table}\n\n${note}\n`);
  await writeReport(
    'venue-web',
    { runs: RUNS, firstRouteJs: js, ours, peer, live },
    `${table}\n\n${note}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
