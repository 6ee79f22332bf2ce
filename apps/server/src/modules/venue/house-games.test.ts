import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  type BetPage,
  type BetRecord,
  type LaunchResult,
  type Turnover,
  type VenueList,
} from '@nebula/protocol';
import type { GameSlipView, GamesList, RoundView } from '@nebula/protocol/venue/games/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, expectCode, type Member } from '../../test/factories';
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
 * End to end with the real house venue as its own process (contract §6, §10.11): a member
 * launches 星云彩票 as /game/lottery lists it, bets 快3 大 and 小 on one round through the
 * games page's API, the bets appear in 投注记录 with family CP, the venue draws and settles the
 * round, and the valid turnover credited is the venue's: |大 − 小| on 大, nothing on 小.
 * Rounds draw every few seconds (the venue's test hook), so the test waits on the round's own
 * clock rather than on a fixed sleep.
 */
let venue: HouseVenueProcess;
let t: TestApp;
let admin: string;
let dataDir: string;
let origin: string;

beforeAll(async () => {
  const secret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-house-games-'));
  venue = await startHouseVenue({ secret, dataDir, env: { VENUE_TEST_DRAW_SECONDS: '8' } });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}` },
  });
  origin = venue.url.replace('127.0.0.1', 'localhost');
  await seedDemoVenues(t.db, { origin, apiUrl: venue.url });
  await t.services.venues.reload();
  admin = await adminToken(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The games page's calls, with the session its URL token was exchanged for. */
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
  const token = new URL(l.url).searchParams.get('token');
  const r = await fetch(`${venue.url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** A 快3 round still open for at least 2 s (the next one when this one seals too soon). */
async function openRound(token: string): Promise<RoundView> {
  let round: RoundView | null = null;
  await vi.waitFor(
    async () => {
      const list = await page<GamesList>('GET', '/h5/api/games', token);
      const r = list.data.games.find((g) => g.gameCode === 'JSK3')?.current;
      if (!r || r.status !== 'open' || r.sealAt - list.data.serverTime < 2_000)
        throw new Error('waiting for an open round');
      round = r;
    },
    { timeout: 30_000, interval: 250 },
  );
  return round!;
}

const bets = (m: Member, query: Record<string, string | number> = {}) =>
  m.client.data<BetPage>('bets', { token: m.token, query: { pageSize: 50, ...query } });

describe('星云彩票 end to end', () => {
  it('a 快3 bet appears in 投注记录 as CP, settles, and earns the venue’s valid stake', async () => {
    // /game/lottery lists the house lottery, which opens in the game frame.
    const cp = await t.client().data<VenueList>('venueList', { query: { family: 'CP' } });
    expect(cp.list.map((v) => [v.code, v.name, v.dialect, v.frameRoute])).toEqual([
      ['XYCP', '星云彩票', null, '/gaming/house'],
    ]);
    const m = await fundedMember(t, '500', admin);
    await expectCode(transfer(m, 'XYCP', 'in', '100.00'), ErrorCode.Success);
    const launched = await expectCode(
      m.client.call<LaunchResult>('venueLaunch', {
        token: m.token,
        body: { enName: 'XYCP', isPreload: false, isManualLaunch: true, gameCode: 'JSK3' },
      }),
      ErrorCode.Success,
    );
    expect(launched.data.frameRoute).toBe('/gaming/house');
    const url = new URL(launched.data.url);
    expect(url.origin).toBe(origin);
    expect(url.searchParams.get('game')).toBe('JSK3');
    const session = await enter(launched.data);

    // 大 10.00 and 小 4.00 on one round: a two-way pair.
    const round = await openRound(session);
    const slip = (betType: string, multiple: number) =>
      page<GameSlipView>('POST', '/h5/api/games/JSK3/bets', session, {
        requestKey: `k-${round.roundNo}-${betType}`,
        roundNo: round.roundNo,
        multiple,
        unitPrice: '2.00',
        picks: [{ betType, pick: '' }],
      });
    const big = await slip('big', 5);
    expect(big.code, JSON.stringify(big)).toBe(0);
    const small = await slip('small', 2);
    expect(small.code, JSON.stringify(small)).toBe(0);
    const bigId = big.data.bets[0]!.betId;
    const smallId = small.data.bets[0]!.betId;

    // The platform copies them: open, family CP, the round as the match.
    let open: BetRecord[] = [];
    await vi.waitFor(
      async () => {
        await t.services.betSync.pullAll();
        open = (await bets(m, { family: 'CP' })).list;
        expect(open).toHaveLength(2);
      },
      { timeout: 15_000, interval: 250 },
    );
    const byId = new Map(open.map((b) => [b.betId, b]));
    expect(byId.get(bigId)).toMatchObject({
      venueCode: 'XYCP',
      venueName: '星云彩票',
      family: 'CP',
      status: 'open',
      stake: '10.00',
      validTurnover: '0.00',
      legs: [
        expect.objectContaining({
          matchId: `g:JSK3:${round.roundNo}`,
          selectionId: `g:JSK3:${round.roundNo}:big:`,
        }),
      ],
    });
    expect((await bets(m, { family: 'TY' })).list).toEqual([]);

    // The venue draws and settles the round; the platform's copies follow.
    let settled: BetRecord[] = [];
    await vi.waitFor(
      async () => {
        await t.services.betSync.pullAll();
        settled = (await bets(m, { family: 'CP' })).list;
        expect(settled.every((b) => b.status !== 'open')).toBe(true);
      },
      { timeout: 40_000, interval: 500 },
    );
    const after = new Map(settled.map((b) => [b.betId, b]));
    // Exactly one side won (a triple loses both: 快3's 大/小 exclude triples).
    const statuses = [after.get(bigId)!.status, after.get(smallId)!.status].sort();
    expect([
      ['lost', 'won'],
      ['lost', 'lost'],
    ]).toContainEqual(statuses);
    // contract §6: |10 − 4| = 6 on the larger side (大), nothing on 小.
    expect(after.get(bigId)!.validTurnover).toBe('6.00');
    expect(after.get(smallId)!.validTurnover).toBe('0.00');
    const totals = (await bets(m, { family: 'CP' })).totals;
    expect(totals).toMatchObject({ count: 2, stake: '14.00', validTurnover: '6.00' });
    await t.services.betSync.pullAll();
    expect((await m.client.data<Turnover>('turnover', { token: m.token })).completed).toBe('6.00');
  }, 120_000);
});
