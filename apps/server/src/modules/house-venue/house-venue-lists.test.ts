// Over 300 lines on purpose: the real venue process and the fake one start once for every list
// check here; a second file would start both again (~30 s under load).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type AdminPermission } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken } from '../../test/factories';
import { newSecret, startHouseVenue, type HouseVenueProcess } from '../../test/venue-harness';
import { exportAudits } from '../../test/admin-lists';

/**
 * The house venue's lists through the platform, against the real venue process: each list's
 * permission, filters the protocol refuses before the venue sees them, the venue's own coded
 * refusal passed on, paging by cursor, and the CSV exports (audited, capped). A venue that
 * answers what the protocol does not describe is refused (9782): it is a third party.
 */
const venueToken = newSecret();
let venue: HouseVenueProcess;
let t: TestApp;
let dataDir: string;
let admin: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-house-lists-'));
  venue = await startHouseVenue({ secret: newSecret(), dataDir, operatorToken: venueToken });
  t = await createTestApp({
    seedDemo: false,
    env: { DEMO_VENUE_API_URL: venue.url, HOUSE_VENUE_OPERATOR_TOKEN: venueToken },
  });
  admin = await adminToken(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const base = '/admin/api/v1/house-venue';
const exports = '/admin/api/v1/exports/house-venue';

let roleSeq = 0;
/** An operator whose role holds exactly `permissions`. */
async function operatorWith(app: TestApp, permissions: AdminPermission[]): Promise<string> {
  roleSeq += 1;
  const role = await app.services.roles.createRole(
    { operatorId: 0, userName: 'setup', roleId: 0, roleName: 'setup' } as never,
    { name: `hv-lists-${roleSeq}-${Date.now() % 1e6}`, permissions },
  );
  return adminToken(app, role.id);
}

const csv = (app: TestApp, token: string, url: string) =>
  app.app.inject({ method: 'GET', url, headers: { 'x-admin-token': token } });
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
const audited = (what: string) => exportAudits(t, what);

type Page<T> = { list: T[]; total: number | null; next: string | null; pageSize: number };

describe('the house venue’s lists through the platform', () => {
  it('each list needs its own permission', async () => {
    const results = await operatorWith(t, ['venue.results']);
    const games = await operatorWith(t, ['venue.games']);
    const ok = ErrorCode.Success;
    const denied = ErrorCode.AdminForbidden;
    for (const [token, list, code] of [
      [results, 'bets/list', ok],
      [results, 'events/list', ok],
      [results, 'games/rounds/list', denied],
      [results, 'audit/list', denied],
      [games, 'games/rounds/list', ok],
      [games, 'bets/list', denied],
      [admin, 'audit/list', ok],
      [results, 'players/list', denied],
      [admin, 'players/list', ok],
      [games, 'games/list', ok],
      [results, 'games/list', denied],
    ] as const) {
      const r = await adminCall(t, token, 'POST', `${base}/${list}`, {});
      expect(r.status_code, list).toBe(code);
    }
    for (const [token, what, status] of [
      [results, 'bets', 200],
      [results, 'audit', denied],
      [games, 'rounds', 200],
      [games, 'events', denied],
      [results, 'players', denied],
      [admin, 'players', 200],
      [results, 'daily-reports?from=2026-05-01&to=2026-05-07', 200],
      [games, 'daily-reports?from=2026-05-01&to=2026-05-07', denied],
      [games, 'games', 200],
      [results, 'games', denied],
    ] as const) {
      const r = await csv(t, token, `${exports}/${what}`);
      if (status === 200) expect(r.headers['content-type'], what).toContain('text/csv');
      else expect(r.json<{ status_code: number }>().status_code, what).toBe(denied);
    }
  });

  it('refuses a bad filter with a code: the protocol’s before the venue, the venue’s after', async () => {
    for (const body of [{ status: 'won' }, { pageSize: 201 }, { eventId: "1' OR '1'='1" }]) {
      const r = await adminCall(t, admin, 'POST', `${base}/bets/list`, body);
      expect(r.status_code, JSON.stringify(body)).toBe(ErrorCode.Validation);
    }
    const inverted = { from: '2026-03-02', to: '2026-03-01' };
    const r = await adminCall(t, admin, 'POST', `${base}/bets/list`, inverted);
    expect(r.status_code).toBe(ErrorCode.HouseVenueListFilterInvalid);
    const cursor = await adminCall(t, admin, 'POST', `${base}/events/list`, { after: 'nope' });
    expect(cursor.status_code).toBe(ErrorCode.HouseVenueListFilterInvalid);
    // An export with a bad filter writes nothing and audits nothing.
    const before = (await audited('house-venue-bets')).length;
    const bad = await csv(t, admin, `${exports}/bets?status=won`);
    expect(bad.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
    const inv = await csv(t, admin, `${exports}/bets?from=2026-03-02&to=2026-03-01`);
    expect(inv.json<{ status_code: number }>().status_code).toBe(
      ErrorCode.HouseVenueListFilterInvalid,
    );
    expect(await audited('house-venue-bets')).toHaveLength(before);
    // A report's range: both ends, at most 92 days apart.
    const noEnd = await csv(t, admin, `${exports}/daily-reports?from=2026-05-01`);
    expect(noEnd.json<{ status_code: number }>().status_code).toBe(ErrorCode.Validation);
    const long = await csv(t, admin, `${exports}/daily-reports?from=2026-01-01&to=2026-05-01`);
    expect(long.json<{ status_code: number }>().status_code).toBe(
      ErrorCode.HouseVenueListFilterInvalid,
    );
  });

  it('pages the events by number and by cursor; the export holds every row, audited', async () => {
    const all = await adminCall<Page<{ eventId: string }>>(
      t,
      admin,
      'POST',
      `${base}/events/list`,
      {
        pageSize: 200,
      },
    );
    expect(all.status_code).toBe(ErrorCode.Success);
    const total = all.data.total!;
    expect(total).toBeGreaterThan(3);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const p: { status_code: number; data: Page<{ eventId: string }> } = await adminCall(
        t,
        admin,
        'POST',
        `${base}/events/list`,
        { pageSize: 40, ...(after ? { after } : {}) },
      );
      seen.push(...p.data.list.map((e) => e.eventId));
      after = p.data.next;
    } while (after && seen.length <= total + 10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(total);

    const r = await csv(t, admin, `${exports}/events?sport=football`);
    expect(r.headers['content-disposition']).toMatch(/filename="house-venue-events-\d{8}\.csv"/);
    const rows = lines(r.body);
    expect(rows[0]).toMatch(/^赛事 ID,项目,联赛,主队,客队,开赛时间/);
    expect(rows.slice(1).every((l) => l.split(',')[1] === 'football')).toBe(true);
    const [last] = (await audited('house-venue-events')).slice(-1);
    expect(last).toEqual({ filters: { sport: 'football' }, rows: rows.length - 1 });
  }, 90_000);

  it('lists the house games as the venue does, filtered; the export is audited', async () => {
    type Game = { gameCode: string; name: string };
    const gameList = (body: object) =>
      adminCall<Page<Game>>(t, admin, 'POST', `${base}/games/list`, body);
    const every = await adminCall<{ games: Game[] }>(t, admin, 'POST', `${base}/games`, {});
    const all = await gameList({ pageSize: 200 });
    expect(all.data.list.map((g) => g.gameCode)).toEqual(every.data.games.map((g) => g.gameCode));
    expect(all.data.total).toBe(every.data.games.length);
    const wanted = all.data.list.filter((g) => g.name.includes('百家乐')).map((g) => g.gameCode);
    expect(wanted).not.toEqual([]);
    expect((await gameList({ q: '百家乐' })).data.list.map((g) => g.gameCode)).toEqual(wanted);
    expect((await gameList({ status: 'paused' })).status_code).toBe(ErrorCode.Validation);
    expect((await gameList({ after: 'x' })).status_code).toBe(
      ErrorCode.HouseVenueListFilterInvalid,
    );

    const r = await csv(t, admin, `${exports}/games?q=${encodeURIComponent('百家乐')}`);
    expect(r.headers['content-disposition']).toMatch(/filename="house-venue-games-\d{8}\.csv"/);
    const rows = lines(r.body);
    expect(rows[0]).toBe('游戏代码,名称,类别,状态,剩余期数');
    expect(rows.slice(1).map((l) => l.split(',')[0])).toEqual(wanted);
    const [last] = (await audited('house-venue-games')).slice(-1);
    expect(last).toEqual({ filters: { q: '百家乐' }, rows: wanted.length });
  });

  it('lists and exports the venue’s audit with the console operator’s name', async () => {
    const name = `hvlist_${Date.now() % 1e6}`;
    const token = await adminToken(t, 'admin', { userName: name });
    await adminCall(t, token, 'POST', `${base}/settings/update`, { marginBp: 577 });
    const mine = await adminCall<Page<{ operator: string; action: string }>>(
      t,
      admin,
      'POST',
      `${base}/audit/list`,
      { operator: name },
    );
    expect(mine.data.list.map((e) => [e.operator, e.action])).toEqual([
      [`tester/${name}`, 'settings.update'],
    ]);
    const r = await csv(t, admin, `${exports}/audit?operator=${name}&action=settings`);
    const rows = lines(r.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`tester/${name},settings.update,book`);
  });
});

describe('a venue that answers what the protocol does not describe', () => {
  let fake: Server;
  let f: TestApp;
  let answer: unknown;
  beforeAll(async () => {
    fake = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 0, data: answer }));
    });
    await new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    f = await createTestApp({
      seedDemo: false,
      db: { db: t.db, url: t.dbUrl },
      env: { DEMO_VENUE_API_URL: url, HOUSE_VENUE_OPERATOR_TOKEN: venueToken },
    });
  });
  afterAll(async () => {
    await f?.close();
    await new Promise((ok) => fake?.close(ok));
  });

  const row = { id: 1, operator: 'x', action: 'a', target: 't', detail: {}, at: 1 };

  it('refuses a malformed page (9782), in the list and in the export', async () => {
    const token = await adminToken(f);
    for (const bad of [
      { list: [{ ...row, at: 'yesterday' }], page: 1, pageSize: 50, total: 1, next: null },
      { list: Array.from({ length: 201 }, () => row), page: 1, pageSize: 50, total: 1, next: null },
      { rows: [] },
      null,
    ]) {
      answer = bad;
      const r = await adminCall(f, token, 'POST', `${base}/audit/list`, {});
      expect(r.status_code, JSON.stringify(bad).slice(0, 60)).toBe(
        ErrorCode.HouseVenueAnswerInvalid,
      );
      const e = await csv(f, token, `${exports}/audit`);
      expect(e.json<{ status_code: number }>().status_code).toBe(ErrorCode.HouseVenueAnswerInvalid);
    }
  });

  it('refuses a games page whose game has a status the protocol does not know (9782)', async () => {
    const token = await adminToken(f);
    const game = { gameCode: 'K3', name: '快三', family: 'CP', status: 'paused', roundsLeft: 1 };
    answer = { list: [game], page: 1, pageSize: 50, total: 1, next: null };
    const r = await adminCall(f, token, 'POST', `${base}/games/list`, {});
    expect(r.status_code).toBe(ErrorCode.HouseVenueAnswerInvalid);
    const e = await csv(f, token, `${exports}/games`);
    expect(e.json<{ status_code: number }>().status_code).toBe(ErrorCode.HouseVenueAnswerInvalid);
  });

  it('checks the unpaged games (the pickers): a wrong type is 9782, an extra field dropped', async () => {
    const token = await adminToken(f);
    const game = { gameCode: 'K3', name: '快三', status: 'open', roundsLeft: 3 };
    for (const bad of [
      { games: [{ ...game, roundsLeft: '3' }] },
      { games: [{ ...game, status: 'paused' }] },
      { games: 'K3' },
      null,
    ]) {
      answer = bad;
      const r = await adminCall(f, token, 'POST', `${base}/games`, {});
      expect(r.status_code, JSON.stringify(bad)).toBe(ErrorCode.HouseVenueAnswerInvalid);
    }
    answer = { games: [{ ...game, seedHash: 'venue-internal' }], secret: 'venue-internal' };
    const r = await adminCall(f, token, 'POST', `${base}/games`, {});
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(r.data).toEqual({ games: [game] });
  });

  it('passes on only what the protocol knows; a count over 50,000 is 9621, nothing audited', async () => {
    const token = await adminToken(f);
    answer = {
      list: [{ ...row, secret: 'venue-internal' }],
      page: 1,
      pageSize: 50,
      total: 1,
      next: null,
    };
    const r = await adminCall(f, token, 'POST', `${base}/audit/list`, {});
    expect(r.status_code).toBe(ErrorCode.Success);
    expect(JSON.stringify(r.data)).not.toContain('venue-internal');
    const before = (await audited('house-venue-audit')).length;
    answer = { list: [row], page: 1, pageSize: 200, total: 50_001, next: 'more' };
    const e = await csv(f, token, `${exports}/audit`);
    expect(e.json<{ status_code: number }>().status_code).toBe(ErrorCode.ExportTooLarge);
    expect(await audited('house-venue-audit')).toHaveLength(before);
  });
});
