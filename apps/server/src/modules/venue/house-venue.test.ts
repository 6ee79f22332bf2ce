/*
 * Over 300 lines on purpose: one suite over one house-venue process, started once (the slowest
 * fixture of the server tests).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  PLATFORM_COUNTS_CACHE_KEY,
  type BetPage,
  type JsonCacheEntry,
  type LaunchResult,
  type Turnover,
  type VenueList,
  type VenueSummary,
  type WalletBalances,
} from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { VENUE_OPERATOR_HEADER, venueOperatorPaths } from '@nebula/protocol/venue/operator';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, expectCode, idemKey, type Member } from '../../test/factories';
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
 * The platform against the real house venue as its own OS process (contract §6): the demo
 * registry, the game lists, launch (preload, 免转, maintenance, origin check), counts and hot
 * matches, and a member's whole life — transfer in, a bet placed through the venue's dialect
 * with the launched session, settled by the venue, copied with its turnover, money home.
 */
let venue: HouseVenueProcess;
let t: TestApp;
let admin: string;
let dataDir: string;
const operatorToken = newSecret();

beforeAll(async () => {
  const secret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-house-venue-'));
  // A football match known to be in play (the test hook, refused in production): the calendar's
  // live matches can all be closed at once (an esports series already decided, goals just in).
  venue = await startHouseVenue({
    secret,
    dataDir,
    operatorToken,
    env: { VENUE_TEST_MATCH_AT: String(Date.now() - 60_000) },
  });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}` },
  });
  const origin = venue.url.replace('127.0.0.1', 'localhost');
  await seedDemoVenues(t.db, { origin, apiUrl: venue.url });
  // The seed wrote the table under the registry's cache, as main.ts does: it announces it.
  await t.services.venues.reload();
  admin = await adminToken(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const launch = (m: Member, body: Record<string, unknown>) =>
  m.client.call<LaunchResult>('venueLaunch', { token: m.token, body });
const wallet = (m: Member) => m.client.data<WalletBalances>('walletBalances', { token: m.token });

/** The venue page's first call: the launch URL's token for a session token. */
async function enter(l: LaunchResult): Promise<string> {
  const token = new URL(l.url).searchParams.get('token');
  const r = await fetch(`${venue.url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

describe('the registry and the game lists', () => {
  it('lists a family’s venues with their frame routes; an empty family is empty', async () => {
    const c = t.client();
    const ty = await c.data<VenueList>('venueList', { query: { family: 'TY' } });
    expect(ty.list.map((v) => [v.code, v.name, v.frameRoute])).toEqual([
      ['IMTY', '星云体育·IM', '/sport/im'],
      ['YBTY', '星云体育·YB', '/sport/V188'],
      ['FBTY', '星云体育·FB', '/sport/V188'],
      ['OBTY', '星云体育·OB', '/sport/ob'],
    ]);
    const dj = await c.data<VenueList>('venueList', { query: { family: 'DJ' } });
    expect(dj.list.map((v) => [v.code, v.frameRoute])).toEqual([
      ['IMDJ', '/gaming/imdj'],
      ['YBDJ', '/gaming/ybdj'],
      ['LHDJ', '/gaming/lhdj'],
    ]);
    // The house game venues (dialect null) open in the one game frame (contract §6).
    for (const [family, code, name] of [
      ['CP', 'XYCP', '星云彩票'],
      ['ZR', 'XYZR', '星云真人'],
      ['DZ', 'XYDZ', '星云电子'],
    ] as const) {
      const list = (await c.data<VenueList>('venueList', { query: { family } })).list;
      expect(list.map((v) => [v.code, v.name, v.dialect, v.frameRoute])).toEqual([
        [code, name, null, '/gaming/house'],
      ]);
    }
    expect((await c.data<VenueList>('venueList', { query: { family: 'QP' } })).list).toEqual([]);
    await expectCode(c.call('venueList', { query: { family: 'XX' } }), ErrorCode.Validation);
  });

  it('operators reorder and maintain venues (audited); the page CSP follows the registry', async () => {
    const r = await adminCall<{ list: { code: string; secretConfigured: boolean }[] }>(
      t,
      admin,
      'GET',
      '/admin/api/v1/venues',
    );
    expect(r.data.list.every((v) => v.secretConfigured)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/sport/im' });
    const csp = String(page.headers['content-security-policy']);
    const origin = venue.url.replace('127.0.0.1', 'localhost');
    expect(csp).toContain(`frame-src 'self' ${origin}`);
    expect(csp).toMatch(new RegExp(`connect-src 'self'[^;]* ${origin}`));
    await expectCode(t.client().call('venueList', {}), ErrorCode.Success);
    // A frame route serves only a page on the registry origin of one of its venues (else 404).
    const found = (p: string, code: string | null, url: string | null) =>
      t.services.venues.framePageFound(p, code, url);
    expect(await found('/sport/im', 'IMTY', `${origin}/h5/?token=x`)).toBe(true);
    expect(await found('/sport/im', null, `${origin}/h5/`)).toBe(true);
    expect(await found('/sport/im', 'IMTY', 'https://evil.example/h5/')).toBe(false);
    expect(await found('/sport/im', 'FBTY', `${origin}/h5/`)).toBe(false);
    expect(await found('/sport/im', 'IMTY', null)).toBe(false);
    expect(await found('/sport/im', 'IMTY', `javascript:alert(1)`)).toBe(false);
    // Only the venue's pages: its API on the same origin would render in the site's frame.
    expect(await found('/sport/im', 'IMTY', `${origin}/operator/v1/settings`)).toBe(false);
    expect(await found('/sport/im', 'IMTY', `${origin}/h5/../operator/v1/settings`)).toBe(false);
    expect(await found('/sport/im', 'IMTY', `${origin}/h5/..%2foperator/v1/settings`)).toBe(false);
    expect(await found('/mine', null, null)).toBe(true);
    const bad = await adminCall(t, admin, 'POST', '/admin/api/v1/venues/sort', { codes: ['IMTY'] });
    expect(bad.status_code).toBe(ErrorCode.VenueSortInvalid);
  });
});

describe('launch', () => {
  it('a preload makes no session and moves no money; a manual launch answers the dialect’s session', async () => {
    const m = await fundedMember(t, '100', admin);
    const pre = await launch(m, { enName: 'FBTY' });
    expect(pre.data).toMatchObject({ token: '', frameRoute: '/sport/V188', autoTransfer: null });
    const l = await launch(m, { enName: 'FBTY', isPreload: false, isManualLaunch: true });
    expect(l.status_code).toBe(ErrorCode.Success);
    expect(new URL(l.data.url).origin).toBe(venue.url.replace('127.0.0.1', 'localhost'));
    expect(l.data.session.languageType).toBe('CMN');
    expect(l.data.session.Authorization).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await wallet(m)).main).toBe('100.00');
  });

  it('免转: the other venues recalled, then the main balance moved in', async () => {
    const m = await fundedMember(t, '100', admin);
    expect((await transfer(m, 'IMTY', 'in', '30')).data.status).toBe('succeeded');
    const l = await launch(m, {
      enName: 'OBTY',
      isPreload: false,
      isManualLaunch: true,
      appSendMoney: true,
    });
    expect(
      l.data.autoTransfer!.transfers.map((x) => [x.venueCode, x.direction, x.amount, x.status]),
    ).toEqual([
      ['IMTY', 'out', '30.00', 'succeeded'],
      ['OBTY', 'in', '100.00', 'succeeded'],
    ]);
    const w = await wallet(m);
    expect(w.main).toBe('0.00');
    expect(w.venues.find((v) => v.code === 'OBTY')!.balance).toBe('100.00');
    // OBTY's launch token is its counts URL, called with the requestId.
    const counts = await fetch(`${l.data.token}?merchantCode=${MERCHANT}`, {
      headers: { requestid: l.data.session.requestId! },
    });
    expect(((await counts.json()) as { code: string }).code).toBe('0000000');
    // A relaunch that is not the member's tap moves nothing.
    await fund(m, '50');
    const again = await launch(m, { enName: 'OBTY', isPreload: false, appSendMoney: true });
    expect(again.data.autoTransfer).toBeNull();
    expect((await wallet(m)).main).toBe('50.00');
  });

  it('6014 for a venue in maintenance, 6013 for its family, 8100 for an unknown one', async () => {
    const m = await fundedMember(t, '0', admin);
    await adminCall(t, admin, 'POST', '/admin/api/v1/venues/YBDJ', { status: 'maintenance' });
    await expectCode(launch(m, { enName: 'YBDJ' }), ErrorCode.VenueMaintenance);
    await adminCall(t, admin, 'POST', '/admin/api/v1/venues/YBDJ', { status: 'open' });
    await t.services.settings.update({ venueFamiliesMaintenance: ['DJ'] });
    await expectCode(launch(m, { enName: 'YBDJ' }), ErrorCode.ModuleMaintenance);
    await t.services.settings.update({ venueFamiliesMaintenance: [] });
    await expectCode(launch(m, { enName: 'NOPE' }), ErrorCode.VenueNotFound);
  });

  it('a page URL elsewhere than the registered origin is never handed over', async () => {
    const m = await fundedMember(t, '0', admin);
    await adminCall(t, admin, 'POST', '/admin/api/v1/venues/IMTY', {
      origin: 'https://elsewhere.example',
    });
    try {
      await expectCode(
        launch(m, { enName: 'IMTY', isPreload: false, isManualLaunch: true }),
        ErrorCode.VenueRefused,
      );
    } finally {
      await adminCall(t, admin, 'POST', '/admin/api/v1/venues/IMTY', {
        origin: venue.url.replace('127.0.0.1', 'localhost'),
      });
    }
  });

  it('blocking a member ends their venue sessions', async () => {
    const m = await fundedMember(t, '0', admin);
    const l = await launch(m, { enName: 'FBTY', isPreload: false, isManualLaunch: true });
    const session = await enter(l.data);
    const before = await fetch(`${venue.url}/v1/balance`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(((await before.json()) as { code: number }).code).toBe(0);
    await adminCall(t, admin, 'POST', `/admin/api/v1/members/${m.memberId}/block`, {
      blocked: true,
      reason: '风控',
    });
    const after = await fetch(`${venue.url}/v1/balance`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(((await after.json()) as { code: number }).code).toBe(14010);
  });

  it('a member who takes a break leaves every venue: sessions end, money comes home, no way back in', async () => {
    const m = await fundedMember(t, '300', admin);
    const l = await launch(m, { enName: 'FBTY', isPreload: false, isManualLaunch: true });
    const session = await enter(l.data);
    await expectCode(transfer(m, 'FBTY', 'in', '100.00'), ErrorCode.Success);
    expect(await wallet(m)).toMatchObject({ main: '200.00', total: '300.00' });
    await expectCode(
      m.client.call('playBreakSet', {
        token: m.token,
        body: { kind: 'timeout', length: '72h', password: m.password },
      }),
      ErrorCode.Success,
    );
    const after = await fetch(`${venue.url}/v1/balance`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(((await after.json()) as { code: number }).code).toBe(14010);
    const home = await wallet(m);
    expect(home).toMatchObject({ main: '300.00', inFlight: '0.00', total: '300.00' });
    expect(home.venues.find((v) => v.code === 'FBTY')?.balance).toBe('0.00');
    const refused = await expectCode(
      launch(m, { enName: 'FBTY', isPreload: false, isManualLaunch: true }),
      ErrorCode.PlayBreakActive,
    );
    expect(refused.data).toMatchObject({ kind: 'timeout' });
    await expectCode(transfer(m, 'FBTY', 'in', '10.00'), ErrorCode.PlayBreakActive);
    // Money going out is never refused: recall and transfer out still answer.
    await expectCode(
      m.client.call('transferRecall', {
        token: m.token,
        headers: { 'x-idempotency-key': idemKey() },
        body: {},
      }),
      ErrorCode.Success,
    );
    expect((await wallet(m)).main).toBe('300.00');
  });
});

describe('counts and hot matches', () => {
  it('answers each family’s live and today counts, open venues and hot matches with prices', async () => {
    const s = await t.client().data<VenueSummary>('venueSummary', { query: { family: 'TY' } });
    expect(s.counts.TY.open).toBe(4);
    expect(s.counts.DJ.open).toBe(3);
    // The house game venues count in their families; a family with no venue counts nothing.
    expect(s.counts.CP.open).toBe(1);
    expect(s.counts.ZR.open).toBe(1);
    expect(s.counts.QP).toEqual({ live: 0, today: 0, open: 0 });
    // The calendar's last kick-offs of a day are in the evening: late in the evening in Shanghai
    // no match is left today, and the counts are rightly 0 then.
    const shanghaiHour = new Date(Date.now() + 8 * 3600_000).getUTCHours();
    if (shanghaiHour < 21) {
      expect(s.counts.TY.today).toBeGreaterThan(0);
      expect(s.hot.length).toBeGreaterThan(0);
    }
    const first = s.hot[0];
    if (first) {
      expect(first.prices.length).toBeGreaterThanOrEqual(2);
      expect(first.prices[0]!.label).toMatch(/主|大/);
    }
    // The server keeps the counts under the shared json-cache key for visitors (contract §6).
    const cached = await t.client().data<JsonCacheEntry>('jsonCacheGet', {
      params: { key: PLATFORM_COUNTS_CACHE_KEY },
    });
    expect(cached.value).toMatchObject({ TY: { open: 4 } });
  });
});

describe('a member’s life on the house venue', () => {
  it('transfer in, a bet through the dialect, settled, copied with its turnover, money home', async () => {
    const m = await fundedMember(t, '500', admin);
    await t.services.turnover.requireFor(t.db, m.memberId, 5000n, `test:${m.memberId}`);
    // A match in play (an operator can only finish a match that started): the test match on the
    // sports venue, esports (雷火电竞, the same dialect) while a goal suspends it.
    let code = '';
    let call: <T>(
      method: string,
      p: string,
      body?: unknown,
    ) => Promise<{ code: number; data: T }> = () => Promise.reject(new Error('no session'));
    let ev: EventView | null = null;
    let placed: { code: number; data: BetView } | null = null;
    const funded = new Set<string>();
    for (let tries = 0; tries < 30 && placed?.code !== 0; tries += 1) {
      code = tries % 2 === 0 ? 'FBTY' : 'LHDJ';
      const l = await launch(m, { enName: code, isPreload: false, isManualLaunch: true });
      const session = await enter(l.data);
      call = async <T>(method: string, p: string, body?: unknown) => {
        const r = await fetch(`${venue.url}/v1${p}`, {
          method,
          headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await r.json()) as { code: number; data: T };
      };
      const live = await call<{ events: EventView[] }>('GET', '/events?tab=live');
      ev =
        live.data.events.find(
          (e) => !e.suspended && e.markets.some((x) => x.kind === '1x2' || x.kind === 'ml'),
        ) ?? null;
      if (!ev) {
        await new Promise((r) => setTimeout(r, 300));
        continue;
      }
      if (!funded.has(code)) {
        // Bring the money back from the other venue first: one venue holds it.
        for (const other of funded) await recall(m, other);
        funded.clear();
        expect((await transfer(m, code, 'in', '300')).data.status).toBe('succeeded');
        funded.add(code);
      }
      const sel = ev.markets.find((x) => x.kind === '1x2' || x.kind === 'ml')!.selections[0]!;
      placed = await call<BetView>('POST', '/bet/place', {
        requestKey: idemKey().slice(0, 60),
        legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
        stake: '100.00',
        oddsPolicy: 'any',
      });
    }
    expect(placed?.code).toBe(0);
    const betId = placed!.data.betId;
    // In play: accepted after the venue's delay.
    for (let i = 0; i < 20; i += 1) {
      const mine = await call<{ bets: BetView[] }>('POST', '/bets', { settled: false });
      if (mine.data.bets.find((b) => b.betId === betId)?.status === 'open') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await t.services.betSync.pullAll();
    const open = await m.client.data<BetPage>('bets', { token: m.token });
    expect(open.list.find((b) => b.betId === betId)).toMatchObject({
      status: 'open',
      venueCode: code,
      stake: '100.00',
    });
    // The venue's operator enters the result, home ahead; its leader settles the bet.
    const score = ev!.score ?? { home: 0, away: 0 };
    const res = await fetch(`${venue.url}${venueOperatorPaths.result}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [VENUE_OPERATOR_HEADER]: operatorToken },
      body: JSON.stringify({
        eventId: ev!.eventId,
        status: 'finished',
        score: { home: Math.max(score.home, score.away) + 1, away: score.away },
        halfTime: ev!.sport === 'football' ? (ev!.halfTime ?? score) : null,
        reason: '测试赛果',
      }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    let settled: BetPage['list'][number] | undefined;
    for (let i = 0; i < 50 && !settled; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      await t.services.betSync.pullAll();
      const page = await m.client.data<BetPage>('bets', { token: m.token });
      settled = page.list.find((b) => b.betId === betId && b.status !== 'open');
    }
    expect(settled).toMatchObject({
      status: 'won',
      validTurnover: settled!.oddsMilli >= 1500 ? '100.00' : '0.00',
    });
    const turnover = await m.client.data<Turnover>('turnover', { token: m.token });
    expect(turnover.completed).toBe(settled!.validTurnover);
    // Everything home.
    const w = await m.client.data<WalletBalances>('walletSync', { token: m.token, body: {} });
    const atVenue = w.venues.find((v) => v.code === code)!.balance;
    expect(atVenue).toBe(settled!.payout ? (200 + Number(settled!.payout)).toFixed(2) : '200.00');
    const home = await m.client.data<{ transfers: { status: string }[]; balances: WalletBalances }>(
      'transferRecall',
      { token: m.token, headers: { 'x-idempotency-key': idemKey() }, body: {} },
    );
    expect(home.transfers.every((x) => x.status === 'succeeded')).toBe(true);
    expect(home.balances.main).toBe((200 + Number(atVenue)).toFixed(2));
    await t.services.ledger.rollUp();
    expect(
      (await adminCall<{ ok: boolean }>(t, admin, 'GET', '/admin/api/v1/ledger/reconcile')).data.ok,
    ).toBe(true);
  }, 60_000);
});

async function recall(m: Member, venueCode: string) {
  await m.client.data('transferRecall', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: { venueCode },
  });
}

async function fund(m: Member, amount: string) {
  const r = await t.app.inject({
    method: 'POST',
    url: `/admin/api/v1/members/${m.memberId}/adjust`,
    headers: { 'x-admin-token': admin, 'x-idempotency-key': idemKey() },
    payload: { asset: 'CNY', direction: 'credit', amount, reason: '测试入金' },
  });
  expect(r.json<{ status_code: number }>().status_code).toBe(ErrorCode.Success);
}
