import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type LaunchResult, type PlayLimits } from '@nebula/protocol';
import type { GameSlipView, GamesList, RoundView } from '@nebula/protocol/venue/games/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, expectCode } from '../../test/factories';
import {
  MERCHANT,
  fundedMember,
  newSecret,
  startHouseVenue,
  transfer,
  type HouseVenueProcess,
} from '../../test/venue-harness';
import { seedDemoVenues } from '../../seed/demo-seed';

/**
 * End to end with the real house venue as its own process (contract §5, §6 the allowance
 * call): a member who set a loss limit launches 星云彩票; the platform pushes what they may
 * still lose; the venue takes each 快3 slip from it and refuses the slip that would pass it,
 * debiting nothing.
 */
let venue: HouseVenueProcess;
let t: TestApp;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  const secret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-play-limits-'));
  venue = await startHouseVenue({ secret, dataDir, env: { VENUE_TEST_DRAW_SECONDS: '8' } });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}` },
  });
  await seedDemoVenues(t.db, {
    origin: venue.url.replace('127.0.0.1', 'localhost'),
    apiUrl: venue.url,
  });
  await t.services.venues.reload();
  admin = await adminToken(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function page<T>(method: 'GET' | 'POST', p: string, token: string, body?: unknown) {
  const r = await fetch(`${venue.url}${p}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await r.json()) as { code: number; data: T; message?: string };
}

async function enter(l: LaunchResult): Promise<string> {
  const r = await fetch(`${venue.url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(l.url).searchParams.get('token') }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** A 快3 round still open for at least 3 s. */
async function openRound(token: string): Promise<RoundView> {
  let round: RoundView | null = null;
  await vi.waitFor(
    async () => {
      const list = await page<GamesList>('GET', '/h5/api/games', token);
      const r = list.data.games.find((g) => g.gameCode === 'JSK3')?.current;
      if (!r || r.status !== 'open' || r.sealAt - list.data.serverTime < 3_000)
        throw new Error('waiting for an open round');
      round = r;
    },
    { timeout: 30_000, interval: 250 },
  );
  return round!;
}

describe('the pushed allowance at the house venue', () => {
  it('a 快3 slip past what the member may still lose is refused', async () => {
    const m = await fundedMember(t, '500', admin);
    await expectCode(transfer(m, 'XYCP', 'in', '100.00'), ErrorCode.Success);
    const launched = await expectCode(
      m.client.call<LaunchResult>('venueLaunch', {
        token: m.token,
        body: { enName: 'XYCP', isPreload: false, isManualLaunch: true, gameCode: 'JSK3' },
      }),
      ErrorCode.Success,
    );
    const session = await enter(launched.data);
    // A first limit applies at once and is pushed to the venue the member used.
    await expectCode(
      m.client.call<PlayLimits>('playLimitSet', {
        token: m.token,
        body: { kind: 'loss', period: 'day', amount: '10' },
      }),
      ErrorCode.Success,
    );
    const round = await openRound(session);
    let n = 0;
    const slip = (multiple: number) =>
      page<GameSlipView>('POST', '/h5/api/games/JSK3/bets', session, {
        requestKey: `k-${round.roundNo}-${(n += 1)}`,
        roundNo: round.roundNo,
        multiple,
        unitPrice: '2.00',
        picks: [{ betType: 'big', pick: '' }],
      });
    const first = await slip(3);
    expect(first.code, JSON.stringify(first)).toBe(0);
    const refused = await slip(3);
    expect(refused.code).toBe(ErrorCode.PlayAllowanceExceeded);
    expect((await slip(2)).code).toBe(0);
    expect((await slip(1)).code).toBe(ErrorCode.PlayAllowanceExceeded);
  }, 90_000);
});
