#!/usr/bin/env node
/**
 * The member site's first-route JavaScript budget (docs/benchmarks.md, "Member site"): the
 * entry and the chunks of `/` with their static imports, gzipped, from the build manifest.
 * `npm test` runs this after building the site; bench:web prints the same sum.
 *
 * Which modules `/` loads is not written here: apps/web/src/app/route-modules.ts names them
 * (FIRST_ROUTE, keys of its loaders, which a web unit test checks against the router's match
 * for `/`), and each loader's import path is read from that file. A route moved or renamed
 * therefore either follows along or fails this check loudly — it never drops out of the sum.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The goal for the first route's gzipped JavaScript (issue: first paint). */
export const WEB_FIRST_ROUTE_GOAL_BYTES = 165 * 1024;
/**
 * What `npm test` allows: the goal. The first route reached 163.8 KiB once the site translated
 * without i18next, loaded the family pane and the chat socket's client after mounting, and drew
 * its icons and notice line itself (docs/benchmarks.md, "web"); anything that grows it past the
 * goal has to take something else out.
 */
export const WEB_FIRST_ROUTE_BUDGET_BYTES = WEB_FIRST_ROUTE_GOAL_BYTES;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(root, 'apps/web');
const ROUTE_MODULES = 'src/app/route-modules.ts';

/**
 * The source files (relative to apps/web, as the manifest names them) of the loaders that
 * route-modules.ts lists in FIRST_ROUTE.
 * @param {string} text the source of route-modules.ts
 * @returns {string[]}
 */
export function firstRouteSources(text) {
  const list = /export const FIRST_ROUTE\b[^=]*=\s*\[([^\]]*)\]/.exec(text);
  if (!list) throw new Error(`${ROUTE_MODULES} has no FIRST_ROUTE list`);
  const keys = [...list[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
  if (keys.length === 0) throw new Error(`${ROUTE_MODULES}: FIRST_ROUTE is empty`);
  const base = path.posix.dirname(ROUTE_MODULES);
  return keys.map((key) => {
    const loader = new RegExp(`\\b${key}: load\\(\\s*\\(\\) => import\\('([^']+)'\\)`).exec(text);
    if (!loader) throw new Error(`${ROUTE_MODULES}: no loader "${key}" (FIRST_ROUTE names it)`);
    return path.posix.join(base, loader[1]);
  });
}

/**
 * Gzipped bytes of the JavaScript the entry and the given route modules load, static imports
 * included. Fails when a route module is not a chunk of the build.
 * @param {string} dist the build's output directory
 * @param {string[]} sources route modules, extension-less, relative to the site's root
 * @returns {{ files: string[], gzipBytes: number }}
 */
export function firstRouteJs(dist, sources) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`no build manifest at ${manifestFile}`);
  /** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const keyOf = (source) =>
    ['.tsx', '.ts', '.jsx', '.js'].map((ext) => source + ext).find((k) => manifest[k]);
  const missing = sources.filter((s) => !keyOf(s));
  if (missing.length > 0)
    throw new Error(`first-route modules not in the build manifest: ${missing.join(', ')}`);
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) throw new Error('the build manifest has no entry');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  entries.forEach(visit);
  sources.forEach((s) => visit(keyOf(s)));
  let gzipBytes = 0;
  const files = [];
  for (const key of seen) {
    const file = path.join(dist, manifest[key].file);
    files.push(manifest[key].file);
    // The build writes .gz beside each asset (served pre-compressed); tiny files have none.
    gzipBytes += existsSync(`${file}.gz`)
      ? statSync(`${file}.gz`).size
      : gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { files, gzipBytes };
}

/** The member site's built first route, as the build in apps/web/dist has it. */
export function memberSiteFirstRoute(dist = path.join(WEB, 'dist')) {
  const sources = firstRouteSources(readFileSync(path.join(WEB, ROUTE_MODULES), 'utf8'));
  return { sources, ...firstRouteJs(dist, sources) };
}

/**
 * Checks the budget; returns a message and whether it holds.
 * @param {{ gzipBytes: number, files: string[] }} js
 * @param {number} budget
 */
export function verdict(js, budget = WEB_FIRST_ROUTE_BUDGET_BYTES) {
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const ok = js.gzipBytes <= budget;
  return {
    ok,
    message: `member site first route: ${kib(js.gzipBytes)} gzipped JavaScript in ${js.files.length} files (budget ${kib(budget)})${ok ? '' : ' — over budget'}`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    // An other build directory may be given (the checker's own test passes a fixture).
    const js = memberSiteFirstRoute(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
    const v = verdict(js);
    process.stdout.write(`${v.message}\n`);
    if (!v.ok) {
      process.stdout.write(`files: ${js.files.join(', ')}\n`);
      process.exit(1);
    }
  } catch (err) {
    process.stderr.write(`web budget: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
