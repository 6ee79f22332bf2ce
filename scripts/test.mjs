#!/usr/bin/env node
/**
 * npm test: every suite — static checks, unit and API (vitest), browser (Playwright on
 * Chromium). Stops at the first failing step. The browser suites need Chromium: when it is
 * missing this says how to install it and fails; it never skips silently.
 */
import { findChromium } from './browser.mjs';
import { runLanes } from './run-step.mjs';

const chromium = findChromium();
if (!chromium) {
  process.stderr.write(
    '\nnpm test needs Chromium for the browser suites, and it was not found.\n' +
      'Install it with:  sudo apt-get install -y chromium fonts-noto-cjk\n' +
      'or point CHROME_PATH at a Chromium/Chrome binary.\n\n',
  );
  process.exit(1);
}

const MIN = 60 * 1000;
const env = { CHROME_PATH: chromium };
/**
 * The static checks are each mostly one thread: on two cores the type check (then the format
 * check) runs beside the lint, their output held and written whole as each ends. Every other
 * step runs alone, in order; the unit and API suites use every core (vitest.config.ts).
 */
const stages = [
  [
    [
      ['typecheck', 'npm', ['run', 'typecheck'], 15 * MIN],
      ['format check', 'npm', ['run', 'format:check'], 5 * MIN],
    ],
    [['lint', 'npm', ['run', 'lint'], 15 * MIN]],
  ],
  // Two files at a time (vitest.config.ts). The limit leaves room for a busy machine: on a 2-core
  // machine shared with other work this step has taken over 40 minutes (a quiet one: ~28).
  [[['unit and API suites', 'npx', ['vitest', 'run'], 60 * MIN]]],
  [[['build the member site, the venue page and the console', 'npm', ['run', 'build'], 10 * MIN]]],
  [[['member site first-route budget', 'node', ['scripts/web-budget.mjs'], 1 * MIN]]],
  [[['console first-route budget', 'node', ['scripts/console-budget.mjs'], 1 * MIN]]],
  [[['browser suites', 'node', ['scripts/e2e.mjs'], 30 * MIN]]],
];

for (const lanes of stages) {
  const failed = await runLanes(lanes, { env });
  if (failed.length > 0) {
    process.stderr.write(`\nnpm test failed at: ${failed.join(', ')}\n`);
    process.exit(1);
  }
}
process.stdout.write('\nAll suites passed.\n');
