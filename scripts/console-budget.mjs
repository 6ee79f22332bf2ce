#!/usr/bin/env node
/**
 * The operator console's first-route JavaScript budget (docs/benchmarks.md, "Operator
 * console"): the entry and the chunks of the login and dashboard pages with their static
 * imports, gzipped, from the build manifest. `npm test` runs this after the build;
 * `npm run bench:console` prints the same figure.
 *
 * Which pages make the first route is not written here: apps/console/src/app/router.tsx names
 * them (FIRST_ROUTE, keys of PAGE_LOADERS), and each loader's import path is read from that
 * file, so a page moved or renamed either follows along or fails this check loudly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstRouteJs } from './web-budget.mjs';

/**
 * What the console's first route may weigh (login, then the dashboard): 300 KB, decimal
 * kilobytes (300,000 bytes), the stricter reading of the goal; printed in both units.
 */
export const CONSOLE_FIRST_ROUTE_BUDGET_BYTES = 300_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONSOLE = path.join(root, 'apps/console');
const ROUTER = 'src/app/router.tsx';

/**
 * The source files (relative to apps/console) of the pages router.tsx lists in FIRST_ROUTE.
 * @param {string} text the source of router.tsx
 * @returns {string[]}
 */
export function consoleFirstRouteSources(text) {
  const list = /export const FIRST_ROUTE\b[^=]*=\s*\[([^\]]*)\]/.exec(text);
  if (!list) throw new Error(`${ROUTER} has no FIRST_ROUTE list`);
  const keys = [...list[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
  if (keys.length === 0) throw new Error(`${ROUTER}: FIRST_ROUTE is empty`);
  const base = path.posix.dirname(ROUTER);
  return keys.map((key) => {
    const loader = new RegExp(`\\b${key}: \\(\\) => import\\('([^']+)'\\)`).exec(text);
    if (!loader) throw new Error(`${ROUTER}: no loader "${key}" (FIRST_ROUTE names it)`);
    return path.posix.join(base, loader[1]);
  });
}

/** The console's built first route, as the build in apps/console/dist has it. */
export function consoleFirstRoute(dist = path.join(CONSOLE, 'dist')) {
  const sources = consoleFirstRouteSources(readFileSync(path.join(CONSOLE, ROUTER), 'utf8'));
  return { sources, ...firstRouteJs(dist, sources) };
}

/**
 * @param {{ gzipBytes: number, files: string[] }} js
 * @param {number} budget
 */
export function consoleVerdict(js, budget = CONSOLE_FIRST_ROUTE_BUDGET_BYTES) {
  const size = (n) => `${(n / 1000).toFixed(1)} kB = ${(n / 1024).toFixed(1)} KiB`;
  const ok = js.gzipBytes <= budget;
  return {
    ok,
    message: `console first route: ${size(js.gzipBytes)} gzipped JavaScript in ${js.files.length} files (budget ${size(budget)})${ok ? '' : ' — over budget'}`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const js = consoleFirstRoute(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
    const v = consoleVerdict(js);
    process.stdout.write(`${v.message}\n`);
    if (!v.ok) {
      process.stdout.write(`files: ${js.files.join(', ')}\n`);
      process.exit(1);
    }
  } catch (err) {
    process.stderr.write(`console budget: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
