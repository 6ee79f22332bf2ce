import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { MERCHANT, newSecret, registerVenue } from '../test/venue-harness';

/**
 * Framing (contract §6, §8.1): nobody frames the member site — X-Frame-Options says DENY, as
 * the CSP's frame-ancestors 'none' does — and a frame route opens only a venue's pages (`/h5/…`)
 * on its registry origin, never the venue's API on that origin (its operator settings rendered
 * inside the site's frame).
 */
const ORIGIN = 'https://venue.example';
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'nebula-framing-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Nebula</title>');
  t = await createTestApp({
    seedDemo: false,
    env: { WEB_DIST: webDist, VENUE_MERCHANT_SECRETS: `${MERCHANT}=${newSecret()}` },
  });
  // Registered only: no call reaches it here.
  await registerVenue(t, await adminToken(t), {
    code: 'IMTY',
    dialect: 'IMTY',
    origin: ORIGIN,
    apiUrl: 'http://127.0.0.1:9',
  });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const framed = (pageUrl: string) => page(`/sport/im?venue=IMTY&url=${encodeURIComponent(pageUrl)}`);

describe('the member site is framed by nobody', () => {
  it('X-Frame-Options DENY agrees with frame-ancestors none, on every page', async () => {
    for (const url of ['/', '/mine', '/sport/im', '/no/such/page']) {
      const r = await page(url);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });
});

describe('a frame route opens only the venue’s pages', () => {
  it('serves the venue’s page on its origin', async () => {
    expect((await framed(`${ORIGIN}/h5/?token=abc`)).statusCode).toBe(200);
    expect((await page(`/sport/im?url=${encodeURIComponent(`${ORIGIN}/h5/`)}`)).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['its operator API', `${ORIGIN}/operator/v1/settings`],
    ['its merchant API', `${ORIGIN}/merchant/v1/balance`],
    ['its origin’s root', `${ORIGIN}/`],
    ['a climb out of /h5/', `${ORIGIN}/h5/../operator/v1/settings`],
    ['an encoded climb', `${ORIGIN}/h5/%2e%2e/operator/v1/settings`],
    ['an encoded slash', `${ORIGIN}/h5/..%2Foperator/v1/settings`],
    ['another origin', 'https://evil.example/h5/'],
  ])('answers 404 for %s', async (_what, url) => {
    expect((await framed(url)).statusCode).toBe(404);
  });
});
