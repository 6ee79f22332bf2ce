#!/usr/bin/env node
/** Browser suites: Playwright on Debian's Chromium against the real server and built site. */
import { findChromium } from './browser.mjs';
import { runStep } from './run-step.mjs';

const chromium = findChromium();
if (!chromium) {
  process.stderr.write(
    'Chromium not found: sudo apt-get install -y chromium fonts-noto-cjk (or set CHROME_PATH).\n',
  );
  process.exit(1);
}
const ok = await runStep('playwright', 'npx', ['playwright', 'test', ...process.argv.slice(2)], {
  timeoutMs: 30 * 60 * 1000,
  env: { CHROME_PATH: chromium },
});
process.exit(ok ? 0 : 1);
