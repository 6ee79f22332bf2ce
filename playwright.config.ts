import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/browser.mjs';

/**
 * Browser suites: real Chromium (Debian's, never a downloaded one) on a phone viewport against
 * the real server serving the built site. Each spec file's servers are started by fixtures on
 * 127.0.0.1 and stopped after. Three projects: the member site (apps/web/e2e), the venue's
 * sportsbook page inside a harness parent on another origin (apps/venue-web/e2e), and the
 * operator console at 1280 × 800 (apps/console/e2e).
 */
export default defineConfig({
  projects: [
    { name: 'web', testDir: 'apps/web/e2e' },
    { name: 'venue-web', testDir: 'apps/venue-web/e2e' },
    // The operator console: desktop first (docs/architecture.md, "Operator console").
    {
      name: 'console',
      testDir: 'apps/console/e2e',
      use: {
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
  ],
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  // A backstop against a hung run, not a budget: the suites took 14 min on the fastest machine
  // measured and 25 min on a slower one (docs/benchmarks.md, "ci"), where 25 cut the run short.
  globalTimeout: 40 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // Under CI a test that fails is run once more and, if it then passes, reported as flaky (the
  // list shows it). A failing test also prints the requests its page was still waiting on.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      // Headless is set above; the rest are the flags every browser here runs with.
      args: CHROMIUM_ARGS.filter((a) => a !== '--headless'),
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
