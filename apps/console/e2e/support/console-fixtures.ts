import { createHmac } from 'node:crypto';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../../../../e2e/support/platform-server';
import {
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USER,
  E2E_SIGN_KEY,
} from '../../../../e2e/support/signed-api';

export { E2E_ADMIN_PASSWORD, E2E_ADMIN_USER };

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

interface TestFixtures {
  /** CSP violations the page reported during the test. */
  cspViolations: string[];
}

/**
 * One platform per worker, started like the member site's journeys (a known operator and
 * signing key, registration without the image captcha); the console is at /console/.
 */
export const test = base.extend<TestFixtures, { server: RunningServer }>({
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
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/.test(msg.text())) violations.push(msg.text());
    });
    await use(violations);
  },
});

export { expect };

function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The authenticator's six digits (RFC 6238, SHA-1, 30 s) for a step offset from now. */
export function totpCode(secretBase32: string, stepOffset = 0, now = Date.now()): string {
  const step = Math.floor(now / 30_000) + stepOffset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const bin = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(bin % 1_000_000).padStart(6, '0');
}

type Envelope<T> = { status_code: number; message: string; data: T };

/** An operator call from the test (set-up only; the journey itself goes through the console). */
export function adminApi(request: APIRequestContext, token: string) {
  return async <T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<Envelope<T>> => {
    const res = await request.fetch(url, {
      method,
      data,
      headers: { 'X-Admin-Token': token, 'X-Idempotency-Key': crypto.randomUUID() },
    });
    return (await res.json()) as Envelope<T>;
  };
}

/** Saves a 1280×800 screenshot into docs/screenshots when the run asks (SCREENSHOTS=1). */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.waitForLoadState('networkidle');
  // An earlier step's toast (antd's message, 3 s) would cover the page's own header.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(root, 'docs/screenshots', `${name}.png`) });
}
