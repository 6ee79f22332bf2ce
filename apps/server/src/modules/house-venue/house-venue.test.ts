import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken } from '../../test/factories';
import {
  freePort,
  newSecret,
  startHouseVenue,
  type HouseVenueProcess,
} from '../../test/venue-harness';

/**
 * The house venue's back office through the platform, against the real venue process: the
 * platform's operator token goes with each call (never to the console), the console operator's
 * name lands in the venue's own audit, and only the protocol's proxied paths exist.
 */
const venueToken = newSecret();
let venue: HouseVenueProcess;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-house-proxy-'));
  venue = await startHouseVenue({ secret: newSecret(), dataDir, operatorToken: venueToken });
  t = await createTestApp({
    seedDemo: false,
    env: { DEMO_VENUE_API_URL: venue.url, HOUSE_VENUE_OPERATOR_TOKEN: venueToken },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const base = '/admin/api/v1/house-venue';

describe('the house venue through the platform', () => {
  it('passes a change through and the venue audits the console operator by name', async () => {
    const userName = `console_${Date.now() % 1e6}`;
    await t.services.operators.create(userName, 'operator-pass-123', 'admin');
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/login',
      payload: { userName, password: 'operator-pass-123' },
    });
    const admin = login.json<{ data: { token: string } }>().data.token;
    const changed = await adminCall<{ marginBp: number }>(
      t,
      admin,
      'POST',
      `${base}/settings/update`,
      { marginBp: 612 },
    );
    expect(changed.status_code).toBe(ErrorCode.Success);
    expect(changed.data.marginBp).toBe(612);
    const audit = await adminCall<{ entries: { operator: string; action: string }[] }>(
      t,
      admin,
      'POST',
      `${base}/audit`,
      { limit: 10 },
    );
    expect(audit.status_code).toBe(ErrorCode.Success);
    const row = audit.data.entries.find((e) => e.action === 'settings.update');
    expect(row?.operator).toBe(`tester/${userName}`);
    // The venue's token is in no answer.
    expect(JSON.stringify([changed, audit])).not.toContain(venueToken);
  });

  it('passes a result entry through: the venue’s own refusal comes back coded', async () => {
    const admin = await adminToken(t);
    const r = await adminCall(t, admin, 'POST', `${base}/events/result`, {
      eventId: 'no-such-event',
      status: 'finished',
      score: { home: 1, away: 0 },
      reason: '测试赛果',
    });
    // Not the proxy's own codes: the venue answered, and its code is passed on.
    expect(r.status_code).not.toBe(ErrorCode.Success);
    expect([ErrorCode.HouseVenueUnavailable, ErrorCode.HouseVenueNotConfigured]).not.toContain(
      r.status_code,
    );
    // A body the venue's schema refuses never leaves the platform.
    const bad = await adminCall(t, admin, 'POST', `${base}/events/result`, { eventId: 'x' });
    expect(bad.status_code).toBe(ErrorCode.Validation);
  });

  it('refuses a sub-path the protocol does not declare', async () => {
    const admin = await adminToken(t);
    for (const p of [
      '/nope',
      '/operator/v1/settings',
      '/../../operator/v1/settings',
      '/settings/',
    ]) {
      const r = await t.app.inject({
        method: 'POST',
        url: `${base}${p}`,
        headers: { 'x-admin-token': admin },
        payload: {},
      });
      expect(r.json<{ status_code: number }>().status_code).not.toBe(ErrorCode.Success);
    }
  });

  it('is the operators’: a finance operator without the right is refused', async () => {
    const finance = await adminToken(t, 'finance');
    const r = await adminCall(t, finance, 'POST', `${base}/settings`, {});
    expect(r.status_code).toBe(ErrorCode.AdminForbidden);
  });

  it('a token the venue refuses is 9623, a venue that does not answer 9622', async () => {
    const wrong = await createTestApp({
      seedDemo: false,
      db: { db: t.db, url: t.dbUrl },
      env: { DEMO_VENUE_API_URL: venue.url, HOUSE_VENUE_OPERATOR_TOKEN: newSecret() },
    });
    const down = await createTestApp({
      seedDemo: false,
      db: { db: t.db, url: t.dbUrl },
      env: {
        DEMO_VENUE_API_URL: `http://127.0.0.1:${await freePort()}`,
        HOUSE_VENUE_OPERATOR_TOKEN: venueToken,
      },
    });
    try {
      const a = await adminToken(wrong);
      const r1 = await adminCall(wrong, a, 'POST', `${base}/settings`, {});
      expect(r1.status_code).toBe(ErrorCode.HouseVenueNotConfigured);
      const r2 = await adminCall(down, a, 'POST', `${base}/settings`, {});
      expect(r2.status_code).toBe(ErrorCode.HouseVenueUnavailable);
    } finally {
      await wrong.close();
      await down.close();
    }
  });
});
