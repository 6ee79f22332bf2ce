/**
 * trace:web — where the home page's main thread goes at start-up. Serves the built site as
 * bench:web does, loads `/` in Chromium with a 4× CPU slowdown (Lighthouse's mobile setting)
 * and records a performance trace for TRACE_MS; prints the main thread's time by kind of work,
 * the long tasks with what ran in them, and script self-time by file (a CPU profile).
 * Writes the raw trace and the CPU profile to the system's temporary directory (open them in
 * DevTools' Performance tab); they are megabytes, not results to keep in the repository.
 * TRACE_PATH traces another page; build the site with `--sourcemap` to read minified names.
 */
import { mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { spawnDemoSite } from './lib/spawn-server';
import { CHROMIUM_ARGS } from '../scripts/browser.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TRACE_MS = Number(process.env.TRACE_MS ?? 10_000);
const URL_PATH = process.env.TRACE_PATH ?? '/';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string }; name?: string };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const short = (u: string): string => (u ? u.replace(/^https?:\/\/[^/]+/, '') || '/' : '(native)');

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-trace-web-'));
  const server = await spawnDemoSite(dataDir, root);
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      // Lighthouse's phone, user agent included: the site takes phone-only paths for it (the
      // fingerprint's canvas, font and WebGL traits), which a desktop user agent never shows.
      userAgent: userAgents.mobile,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      events.push(...(e.value as unknown as TraceEvent[]));
    });
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${URL_PATH}`, { waitUntil: 'load' });
    await page.waitForTimeout(TRACE_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.end');
    await done;

    // The page's main thread: the renderer main thread that ran the most tasks.
    const busyBy = new Map<string, number>();
    for (const e of events)
      if (e.name === 'RunTask' && e.ph === 'X')
        busyBy.set(`${e.pid}:${e.tid}`, (busyBy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
    const rendererMains = new Set(
      events
        .filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const mainKey = [...busyBy]
      .filter(([k]) => rendererMains.has(k))
      .sort((a, b) => b[1] - a[1])[0]?.[0];
    const main = events.filter((e) => `${e.pid}:${e.tid}` === mainKey);
    const start = Math.min(...main.filter((e) => e.ts > 0).map((e) => e.ts));
    const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 0);
    const inside = (t: TraceEvent, e: TraceEvent) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0);
    // Time by kind: the top-level children of each task (nested events counted once, in their parent).
    const kinds = new Map<string, number>();
    const KIND: Record<string, string> = {
      EvaluateScript: 'script',
      'v8.compile': 'compile',
      'v8.evaluateModule': 'script',
      FunctionCall: 'script',
      TimerFire: 'script',
      EventDispatch: 'script',
      FireAnimationFrame: 'script',
      RunMicrotasks: 'script',
      'v8.run': 'script',
      Layout: 'layout',
      UpdateLayoutTree: 'style',
      ParseAuthorStyleSheet: 'css parse',
      ParseHTML: 'html',
      Paint: 'paint',
      PrePaint: 'paint',
      Layerize: 'paint',
      'V8.GCScavenger': 'gc',
      MajorGC: 'gc',
      MinorGC: 'gc',
    };
    const timed = main.filter((e) => e.ph === 'X' && KIND[e.name]);
    // Self-time attribution per kind: nearest enclosing kind wins; subtract children.
    timed.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: { e: TraceEvent; child: number }[] = [];
    const close = (upTo: number) => {
      while (
        stack.length &&
        stack[stack.length - 1]!.e.ts + (stack[stack.length - 1]!.e.dur ?? 0) <= upTo
      ) {
        const top = stack.pop()!;
        const self = (top.e.dur ?? 0) - top.child;
        const k = KIND[top.e.name]!;
        kinds.set(k, (kinds.get(k) ?? 0) + self);
        if (stack.length) stack[stack.length - 1]!.child += top.e.dur ?? 0;
      }
    };
    for (const e of timed) {
      close(e.ts);
      stack.push({ e, child: 0 });
    }
    close(Number.MAX_SAFE_INTEGER);
    const ms = (us: number) => (us / 1000).toFixed(0);
    const total = tasks.reduce((s, t) => s + (t.dur ?? 0), 0);
    const blocking = tasks.reduce((s, t) => s + Math.max(0, (t.dur ?? 0) - 50_000), 0);
    process.stdout.write(
      `main thread over ${TRACE_MS} ms after load (4× CPU): busy ${ms(total)} ms, blocking (tasks − 50 ms) ${ms(blocking)} ms\n`,
    );
    process.stdout.write(
      `by kind (self): ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${ms(v)}`)
        .join(', ')}\n`,
    );
    const perSecond: number[] = [];
    for (const t of tasks) {
      const b = Math.floor((t.ts - start) / 1e6);
      perSecond[b] = (perSecond[b] ?? 0) + (t.dur ?? 0);
    }
    process.stdout.write(
      `busy per second: ${Array.from(perSecond, (v) => ms(v ?? 0)).join(' ')}\n`,
    );
    process.stdout.write('long tasks (> 50 ms):\n');
    for (const t of tasks.filter((x) => (x.dur ?? 0) > 50_000)) {
      const within = main.filter(
        (e) => e !== t && inside(t, e) && e.ph === 'X' && (e.dur ?? 0) > 5000,
      );
      const top = within
        .filter((e) => KIND[e.name])
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 4)
        .map(
          (e) =>
            `${e.name} ${ms(e.dur ?? 0)}${e.args?.data?.url ? ` ${short(e.args.data.url)}` : e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`,
        );
      process.stdout.write(
        `  at ${ms(t.ts - start)} ms: ${ms(t.dur ?? 0)} ms — ${top.join('; ')}\n`,
      );
    }
    // CPU profile self time by script file and by function.
    const dt = new Map<number, number>();
    profile.samples.forEach((id, i) =>
      dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
    );
    const byUrl = new Map<string, number>();
    const byFn = new Map<string, number>();
    for (const n of profile.nodes) {
      const t = dt.get(n.id) ?? 0;
      const u = short(n.callFrame.url);
      byUrl.set(u, (byUrl.get(u) ?? 0) + t);
      const f = `${n.callFrame.functionName || '(anonymous)'} ${u}:${n.callFrame.lineNumber}`;
      byFn.set(f, (byFn.get(f) ?? 0) + t);
    }
    const topOf = (m: Map<string, number>, k: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([name, v]) => `  ${ms(v).padStart(5)} ms ${name}`)
        .join('\n');
    process.stdout.write(`script self time by file:\n${topOf(byUrl, 15)}\n`);
    process.stdout.write(`by function:\n${topOf(byFn, 25)}\n`);
    const dir = path.join(tmpdir(), 'nebula-web-trace');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `web-trace-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(file, JSON.stringify({ traceEvents: events }));
    await writeFile(file.replace(/\.json$/, '.cpuprofile'), JSON.stringify(profile));
    process.stdout.write(`trace: ${file}\n`);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
