#!/usr/bin/env node
/**
 * npm test: every suite — static checks, unit and API (vitest), browser (Playwright on
 * Chromium). Stops at the first failing step. The browser suites need Chromium: when it is
 * missing this says how to install it and fails; it never skips silently.
 */
import { findChromium } from './browser.mjs';
import { runStep } from './run-step.mjs';

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
const steps = [
  ['typecheck', 'npm', ['run', 'typecheck'], 15 * MIN],
  ['lint', 'npm', ['run', 'lint'], 15 * MIN],
  ['format check', 'npm', ['run', 'format:check'], 5 * MIN],
  // Two files at a time (vitest.config.ts); the limit leaves room for a busy machine.
  ['unit and API suites', 'npx', ['vitest', 'run'], 40 * MIN],
  ['build the member site, the venue page and the console', 'npm', ['run', 'build'], 10 * MIN],
  ['member site first-route budget', 'node', ['scripts/web-budget.mjs'], 1 * MIN],
  ['console first-route budget', 'node', ['scripts/console-budget.mjs'], 1 * MIN],
  ['browser suites', 'node', ['scripts/e2e.mjs'], 30 * MIN],
];

for (const [name, cmd, args, timeoutMs] of steps) {
  const ok = await runStep(name, cmd, args, { timeoutMs, env: { CHROME_PATH: chromium } });
  if (!ok) process.exit(1);
}
process.stdout.write('\nAll suites passed.\n');
