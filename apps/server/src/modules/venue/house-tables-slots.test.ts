import { randomUUID } from 'node:crypto';
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
import type {
  PlaceTableBetsResult,
  SlotGamesList,
  SpinResult,
  TablesList,
} from '@nebula/protocol/venue/games/index';
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
 * End to end with the real house venue as its own process (contract §6, §10.12, §10.13): a
 * member launches 星云真人 from /game/realbet and 星云电子 from /game/egame, bets 庄 at BAC1 and
 * spins FXGZ once through the games page's API, and 投注记录 shows both (families ZR and DZ)
 * with the venue's stake, payout and valid turnover: a table push counts nothing, a slot spin
 * counts its stake unless it paid back exactly the stake. Tables bet for a few seconds and slots
 * have no minimum cycle (the venue's test settings), so nothing waits on real minutes.
 */
let venue: HouseVenueProcess;
let t: TestApp;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  const secret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-house-tables-slots-'));
  venue = await startHouseVenue({
    secret,
    dataDir,
    env: { VENUE_TEST_TABLE_SECONDS: '4', VENUE_TEST_SLOT_CYCLE: 'off' },
  });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}` },
  });
  const origin = venue.url.replace('127.0.0.1', 'localhost');
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

/** Transfers `amount` into the venue, launches it as its family page does, enters the page. */
async function enterVenue(m: Member, code: string, gameCode: string, amount: string) {
  await expectCode(transfer(m, code, 'in', amount), ErrorCode.Success);
  const launched = await expectCode(
    m.client.call<LaunchResult>('venueLaunch', {
      token: m.token,
      body: { enName: code, isPreload: false, isManualLaunch: true, gameCode },
    }),
    ErrorCode.Success,
  );
  expect(launched.data.frameRoute).toBe('/gaming/house');
  const token = new URL(launched.data.url).searchParams.get('token');
  const r = await fetch(`${venue.url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

const bets = (m: Member, query: Record<string, string | number> = {}) =>
  m.client.data<BetPage>('bets', { token: m.token, query: { pageSize: 50, ...query } });

/** Pulls until the family's records are all settled, then returns them. */
async function settledRecords(m: Member, family: string, count: number): Promise<BetRecord[]> {
  let list: BetRecord[] = [];
  await vi.waitFor(
    async () => {
      await t.services.betSync.pullAll();
      list = (await bets(m, { family })).list;
      expect(list).toHaveLength(count);
      expect(list.every((b) => b.status !== 'open')).toBe(true);
    },
    { timeout: 40_000, interval: 300 },
  );
  return list;
}

describe('星云真人 and 星云电子 end to end', () => {
  it('a BAC1 bet and an FXGZ spin appear in 投注记录 as ZR and DZ with the venue’s figures', async () => {
    for (const [family, code, name] of [
      ['ZR', 'XYZR', '星云真人'],
      ['DZ', 'XYDZ', '星云电子'],
    ] as const) {
      const list = await t.client().data<VenueList>('venueList', { query: { family } });
      expect(list.list.map((v) => [v.code, v.name, v.dialect, v.frameRoute])).toEqual([
        [code, name, null, '/gaming/house'],
      ]);
    }
    const m = await fundedMember(t, '500', admin);

    // 庄 20.00 at BAC1, on a round still betting for at least a second.
    const zr = await enterVenue(m, 'XYZR', 'BAC1', '100.00');
    let placed: PlaceTableBetsResult | null = null;
    await vi.waitFor(
      async () => {
        const list = await page<TablesList>('GET', '/h5/api/tables', zr);
        const round = list.data.tables.find((x) => x.code === 'BAC1')?.round;
        if (
          !round ||
          round.state !== 'betting' ||
          round.bettingEndsAt - list.data.serverTime < 1000
        )
          throw new Error('waiting for a betting round');
        const r = await page<PlaceTableBetsResult>('POST', '/h5/api/tables/BAC1/bets', zr, {
          requestKey: `t-${round.roundNo}-banker`,
          roundNo: round.roundNo,
          bets: [{ zone: 'banker', amount: '20.00' }],
        });
        expect(r.code, JSON.stringify(r)).toBe(0);
        placed = r.data;
      },
      { timeout: 30_000, interval: 250 },
    );
    const tableBet = placed!.bets[0]!;
    expect(placed!.balance).toBe('80.00');

    // FXGZ at the smallest line bet until a spin loses (most do): a losing spin's odds are
    // under 1, the case 投注记录 must still show.
    const dz = await enterVenue(m, 'XYDZ', 'FXGZ', '50.00');
    const games = await page<SlotGamesList>('GET', '/h5/api/games/slots', dz);
    const fxgz = games.data.games.find((g) => g.gameCode === 'FXGZ')!;
    const spins: SpinResult[] = [];
    const fen = (s: string) => BigInt(s.replace('.', ''));
    while (!spins.some((x) => fen(x.totalWin) < fen(x.bet)) && spins.length < 30) {
      const spin = await page<SpinResult>('POST', '/h5/api/games/slots/spins', dz, {
        requestKey: `spin-${randomUUID()}`,
        gameCode: 'FXGZ',
        lineBet: fxgz.lineBets[0],
      });
      expect(spin.code, JSON.stringify(spin)).toBe(0);
      spins.push(spin.data);
    }

    // 投注记录 after the bet worker pulls: the table bet once its round has settled.
    const [table] = await settledRecords(m, 'ZR', 1);
    const mine = await page<{ bets: { betId: string; result: string; payout: string }[] }>(
      'GET',
      '/h5/api/tables/bets',
      zr,
    );
    const venueView = mine.data.bets.find((b) => b.betId === tableBet.betId)!;
    expect(table).toMatchObject({
      betId: tableBet.betId,
      venueCode: 'XYZR',
      venueName: '星云真人',
      family: 'ZR',
      stake: '20.00',
      payout: venueView.payout,
      // contract §6: a push (庄 on a tie) counts nothing; a decided bet counts its stake.
      validTurnover: venueView.result === 'push' ? '0.00' : '20.00',
    });
    expect(['won', 'lost', 'push']).toContain(venueView.result);

    // Each spin once with its stake and return; valid unless it paid back exactly the stake.
    const slots = await settledRecords(m, 'DZ', spins.length);
    const rows = (l: string[][]) => l.map((r) => r.join(' ')).sort();
    expect(
      rows(
        slots.map((b) => [b.venueCode, b.venueName, b.family, b.stake, b.payout!, b.validTurnover]),
      ),
    ).toEqual(
      rows(
        spins.map((x) => [
          'XYDZ',
          '星云电子',
          'DZ',
          x.bet,
          x.totalWin,
          x.totalWin === x.bet ? '0.00' : x.bet,
        ]),
      ),
    );
    expect(slots.find((b) => fen(b.payout!) < fen(b.stake))?.potentialWin).toBe('0.00');
    expect((await bets(m, { family: 'CP' })).list).toEqual([]);

    // The member's completed turnover is the sum of every valid stake.
    const expected = slots.reduce(
      (sum, b) => sum + fen(b.validTurnover),
      fen(table!.validTurnover),
    );
    await t.services.betSync.pullAll();
    const turnover = await m.client.data<Turnover>('turnover', { token: m.token });
    expect(fen(turnover.completed)).toBe(expected);
  }, 120_000);
});
