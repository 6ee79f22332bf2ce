import { test as base, expect, type Page, type Request } from '@playwright/test';
import { startServer, type RunningServer } from '../../../../e2e/support/platform-server';
import {
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USER,
  E2E_SIGN_KEY,
} from '../../../../e2e/support/signed-api';

interface WorkerFixtures {
  server: RunningServer;
}

interface TestFixtures {
  /** CSP violations reported by the page during the test. */
  cspViolations: string[];
  /** On a failure, prints the page's requests that never finished (what a stalled page waits on). */
  pendingRequestsReport: void;
}

/** One server per worker; every test gets a fresh browser context against it. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  pendingRequestsReport: [
    async ({ page }, use, testInfo) => {
      const pending = new Map<Request, number>();
      page.on('request', (r) => pending.set(r, Date.now()));
      page.on('requestfinished', (r) => pending.delete(r));
      page.on('requestfailed', (r) => pending.delete(r));
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        const now = Date.now();
        const lines = [...pending].map(([r, at]) => `  ${r.method()} ${r.url()} (${now - at} ms)`);
        console.log(`requests still pending at the failure:\n${lines.join('\n') || '  none'}`);
      }
    },
    { auto: true },
  ],
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Refused to load (CSP): ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await use(violations);
  },
});

export { expect };

/** Waits until the app has rendered something real (not the blank boot screen). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/**
 * Closes the one-time dialogs the home page queues (welcome pop, security tip), in order. It
 * waits for the page's own signal that it has decided its dialogs (the `data-home-pops`
 * mark) rather than for a time: a dialog never opens after that, and one decided opens at once
 * (the next in the queue after the previous one's close animation).
 */
export async function dismissDialogs(page: Page): Promise<void> {
  await page.locator('html[data-home-pops]').waitFor({ state: 'attached', timeout: 30_000 });
  for (let i = 0; i < 6; i += 1) {
    const dialog = page.getByRole('dialog').first();
    try {
      await dialog.waitFor({ state: 'visible', timeout: 1000 });
    } catch {
      return;
    }
    await dialog
      .getByRole('button', { name: /关闭|我知道了/ })
      .first()
      .click();
    await dialog.waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  }
}

/**
 * A server for journeys that act as members and operators: registration without the image
 * captcha (a test cannot read it), a known operator and a known signing key (so a test can make
 * signed calls itself). One per worker.
 */
export const memberTest = test.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({
        REGISTER_CAPTCHA: 'off',
        ADMIN_USER: E2E_ADMIN_USER,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        SIGN_KEY: E2E_SIGN_KEY,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
