import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  buildPath,
  routeMeta,
  type DemoBalance,
  type DemoInfo,
  type DemoLaunchResult,
  type RouteName,
} from '@nebula/protocol';
import type {
  GameSlipView,
  GamesList,
  MyGameBets,
  RoundView,
} from '@nebula/protocol/venue/games/index';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  registerMember,
  type Member,
} from '../../test/factories';
import {
  MERCHANT,
  newSecret,
  startHouseVenue,
  type HouseVenueProcess,
} from '../../test/venue-harness';
import { seedDemoVenues } from '../../seed/demo-seed';

/**
 * 试玩 against the real house venue as its own process, with its DEMO merchant (contract §6
 * Demo play): a visitor plays and resets play money; a member on a break, demo off and a demo
 * token on every member call are refused; the bet worker never copies a demo bet; a session
 * past its time is refused and ended at the venue.
 */
let venue: HouseVenueProcess;
let t: TestApp;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  const secret = newSecret();
  const demoSecret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-demo-'));
  venue = await startHouseVenue({
    secret,
    dataDir,
    env: {
      VENUE_MERCHANTS: `${MERCHANT}=${secret};${DEMO_MERCHANT}=${demoSecret}`,
      VENUE_PLATFORM_ORIGINS: `${MERCHANT}=http://127.0.0.1:8080;${DEMO_MERCHANT}=http://127.0.0.1:8080`,
      VENUE_TEST_DRAW_SECONDS: '8',
    },
  });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret};${DEMO_MERCHANT}=${demoSecret}` },
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
async function enter(url: string): Promise<{ token: string; demo?: boolean }> {
  const r = await fetch(`${venue.url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(url).searchParams.get('token') }),
  });
  return ((await r.json()) as { data: { token: string; demo?: boolean } }).data;
}
const launch = (body: Record<string, unknown>, m?: Member) =>
  (m?.client ?? t.client()).call<DemoLaunchResult>('demoLaunch', { body, token: m?.token });
const copies = async () =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM venue_bets')).rows[0]!.n);

describe('试玩 at the house venue', () => {
  let demoToken = '';

  it('a visitor plays a lottery draw with play money and resets it; nothing is copied', async () => {
    const info = await t.client().data<DemoInfo>('demoInfo');
    expect(info).toMatchObject({ enabled: true, sessionMinutes: 30, playAmount: '2000.00' });
    expect(info.venues.map((v) => [v.code, v.family])).toEqual([
      ['FBTY', 'TY'],
      ['XYCP', 'CP'],
      ['XYZR', 'ZR'],
      ['XYDZ', 'DZ'],
    ]);
    const l = await expectCode(launch({ venueCode: 'XYCP', gameCode: 'JSK3' }), ErrorCode.Success);
    demoToken = l.data.demoToken;
    expect(demoToken).toMatch(/^demo_/);
    const s = await enter(l.data.url);
    expect(s.demo).toBe(true);
    let round: RoundView | null = null;
    await vi.waitFor(
      async () => {
        const list = await page<GamesList>('GET', '/h5/api/games', s.token);
        const r = list.data.games.find((g) => g.gameCode === 'JSK3')?.current;
        if (!r || r.status !== 'open' || r.sealAt - list.data.serverTime < 2_000)
          throw new Error('waiting for an open round');
        round = r;
      },
      { timeout: 30_000, interval: 250 },
    );
    const slip = await page<GameSlipView>('POST', '/h5/api/games/JSK3/bets', s.token, {
      requestKey: `demo-${round!.roundNo}`,
      roundNo: round!.roundNo,
      multiple: 5,
      unitPrice: '2.00',
      picks: [{ betType: 'big', pick: '' }],
    });
    expect(slip.code, JSON.stringify(slip)).toBe(0);
    const wallet = { demoToken, venueCode: 'XYCP' };
    expect((await t.client().data<DemoBalance>('demoBalance', { body: wallet })).balance).toBe(
      '1990.00',
    );
    // The bet worker pulls only the platform's own merchant: no copy of the demo bet, open
    // nor once its round is drawn and the bet settled at the venue.
    await t.services.betSync.pullAll();
    expect(await copies()).toBe(0);
    await vi.waitFor(
      async () => {
        const mine = await page<MyGameBets>('GET', '/h5/api/games/bets?status=settled', s.token);
        if (!mine.data.bets.some((b) => b.roundNo === round!.roundNo))
          throw new Error('waiting for the draw');
      },
      { timeout: 40_000, interval: 500 },
    );
    await t.services.betSync.pullAll();
    expect(await copies()).toBe(0);
    const reset = await t.client().data<DemoBalance>('demoReset', { body: wallet });
    expect(reset.balance).toBe('2000.00');
    // The same token keeps its session (and player) on another venue.
    const again = await expectCode(launch({ venueCode: 'FBTY', demoToken }), ErrorCode.Success);
    expect(again.data.demoToken).toBe(demoToken);
  });

  it('refuses a demo token on every member call, money routes first', async () => {
    const c = t.client();
    const memberRoutes = (Object.keys(routeMeta) as RouteName[]).filter(
      (n) => routeMeta[n].auth === 'member',
    );
    const money = memberRoutes.filter((n) => 'money' in routeMeta[n] && routeMeta[n].money);
    expect(money.length).toBeGreaterThan(5);
    for (const name of [...money, 'walletBalances', 'bets', 'transferOrders'] as RouteName[]) {
      const m = routeMeta[name];
      const params = Object.fromEntries(
        [...m.path.matchAll(/:([A-Za-z]+)/g)].map((x) => [x[1]!, '1']),
      );
      const r = await c.call(name, {
        token: demoToken,
        params,
        body: m.method === 'GET' ? undefined : {},
        headers: { 'x-idempotency-key': `demo-walk-${name}` },
      });
      expect(r.status_code, `${name} ${buildPath(m.path, params)}`).toBe(
        ErrorCode.DemoTokenRefused,
      );
    }
  });

  it('gives a member on a time-out or self-excluded no demo (9202); a member otherwise plays', async () => {
    const m = await registerMember(t);
    const ok = await expectCode(launch({ venueCode: 'XYCP' }, m), ErrorCode.Success);
    // The demo player is random, never the member's own id at the venue.
    expect(ok.data.demoToken).toMatch(/^demo_/);
    await m.client.data('playBreakSet', {
      token: m.token,
      body: { kind: 'timeout', length: '24h', password: m.password },
    });
    await expectCode(launch({ venueCode: 'XYCP' }, m), ErrorCode.PlayBreakActive);
    await expectCode(
      m.client.call('demoReset', {
        token: m.token,
        body: { demoToken: ok.data.demoToken, venueCode: 'XYCP' },
      }),
      ErrorCode.PlayBreakActive,
    );
    const excluded = await registerMember(t);
    await excluded.client.data('playBreakSet', {
      token: excluded.token,
      body: { kind: 'selfExclusion', length: '6m', password: excluded.password },
    });
    await expectCode(launch({ venueCode: 'FBTY' }, excluded), ErrorCode.PlayBreakActive);
    const sessions = await t.db.query('SELECT 1 FROM demo_sessions WHERE member_id = $1', [
      excluded.memberId,
    ]);
    expect(sessions.rowCount).toBe(0);
  });

  it('refuses demo while operators have it off (9700), and venues not offered (9703)', async () => {
    // The operator's switch, through the back office's settings call.
    const off = await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { demoEnabled: false });
    expect((off as { status_code: number }).status_code).toBe(ErrorCode.Success);
    expect((await t.client().data<DemoInfo>('demoInfo')).enabled).toBe(false);
    await expectCode(launch({ venueCode: 'XYCP' }), ErrorCode.DemoDisabled);
    await expectCode(
      t.client().call('demoReset', { body: { demoToken, venueCode: 'XYCP' } }),
      ErrorCode.DemoDisabled,
    );
    await adminCall(t, admin, 'POST', '/admin/api/v1/settings', { demoEnabled: true });
    await expectCode(launch({ venueCode: 'IMTY' }), ErrorCode.DemoVenueUnavailable);
  });

  it('never registers a venue under the demo merchant (9704)', async () => {
    const r = await adminCall(t, admin, 'POST', '/admin/api/v1/venues/XYCP', {
      merchantCode: DEMO_MERCHANT,
    });
    expect((r as { status_code: number }).status_code).toBe(ErrorCode.DemoMerchantReserved);
  });

  it('ends a session past the operator-set time: refused (9702), then ended at the venue', async () => {
    const set = await adminCall(t, admin, 'POST', '/admin/api/v1/settings', {
      demoSessionMinutes: 5,
    });
    expect((set as { status_code: number }).status_code).toBe(ErrorCode.Success);
    expect((await t.client().data<DemoInfo>('demoInfo')).sessionMinutes).toBe(5);
    const l = await expectCode(launch({ venueCode: 'XYCP' }), ErrorCode.Success);
    const s = await enter(l.data.url);
    t.clock.advance(4 * 60_000);
    const wallet = { demoToken: l.data.demoToken, venueCode: 'XYCP' };
    await expectCode(t.client().call('demoBalance', { body: wallet }), ErrorCode.Success);
    t.clock.advance(2 * 60_000);
    await expectCode(
      t.client().call('demoBalance', { body: { demoToken: l.data.demoToken, venueCode: 'XYCP' } }),
      ErrorCode.DemoSessionEnded,
    );
    expect(await t.services.demo.sweep()).toBeGreaterThan(0);
    const after = await page('GET', '/h5/api/games', s.token);
    expect(after.code).toBe(8020);
    // A launch with the ended token starts a new session (a new token).
    const fresh = await expectCode(
      launch({ venueCode: 'XYCP', demoToken: l.data.demoToken }),
      ErrorCode.Success,
    );
    expect(fresh.data.demoToken).not.toBe(l.data.demoToken);
  });
});
