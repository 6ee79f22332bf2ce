import { afterEach, describe, expect, it } from 'vitest';
import type { RoundView } from '@nebula/protocol/venue/games/index';
import { merchantClient, venueProcesses, type VenueProcesses } from '../../test/venue-process';
import { VenueLedger } from '../ledger/venue-ledger.service';

/**
 * `kill -9` of the venue inside a batch settling a 极速快3 round's bets (after its writes,
 * before its commit), then a restart (docs/contract.md §10.11): the batch before it stands, the
 * one killed left nothing, and the next leader settles the rest — every bet settled once, one
 * credit per paying bet, the books and the liability at zero. Draws every 6 s; two players per
 * batch. On the suite's database: a PGlite data directory or PostgreSQL.
 */
let procs: VenueProcesses | null = null;
afterEach(async () => {
  await procs?.cleanup();
  procs = null;
});

const ENV = {
  VENUE_CODES: 'HOUSE_TY:FBTY,HOUSE_CP::CP',
  VENUE_TEST_DRAW_SECONDS: '6',
  VENUE_SETTLE_BATCH: '2',
};
const SUMS = Array.from({ length: 16 }, (_, i) => ({ betType: 'sum', pick: String(i + 3) }));

async function gamePlayer(url: string, call: ReturnType<typeof merchantClient>, i: number) {
  const playerId = `crash-${i}-${Date.now().toString(36)}`;
  const launched = await call<{ url: string }>('launch', {
    venueCode: 'HOUSE_CP',
    playerId,
    nickname: '玩家',
  });
  const ex = await fetch(`${url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(launched.data!.url).searchParams.get('token') }),
  });
  const token = ((await ex.json()) as { data: { token: string } }).data.token;
  const t = await call('transfer', {
    venueCode: 'HOUSE_CP',
    playerId,
    transferId: `fund-${playerId}`,
    direction: 'in',
    amount: '100.00',
  });
  expect(t.code).toBe(0);
  return { playerId, token };
}

const api = async <T>(url: string, token: string, path: string, body?: unknown) => {
  const r = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await r.json()) as { code: number; data?: T };
};

describe('kill -9 inside a game settlement batch', () => {
  it('settles every bet once after the restart', async () => {
    procs = await venueProcesses(ENV);
    const p = procs;
    const dying = await p.start({ VENUE_TEST_CRASH: 'game-settle-batch:2' });
    const call = merchantClient(dying.url, p.secret);
    const players = await Promise.all([0, 1, 2, 3, 4].map((i) => gamePlayer(dying.url, call, i)));
    // Five players bet every 和值 on the open round (a round with time left before its seal).
    let placed = 0;
    for (let attempt = 0; attempt < 40 && placed === 0; attempt += 1) {
      const games = await api<{ serverTime: number; games: { current: RoundView | null }[] }>(
        dying.url,
        players[0]!.token,
        '/h5/api/games',
      );
      const r = games.data?.games[0]?.current;
      if (r?.status === 'open' && r.sealAt - games.data!.serverTime > 2_500) {
        const answers = await Promise.all(
          players.map((pl, i) =>
            api(dying.url, pl.token, '/h5/api/games/JSK3/bets', {
              requestKey: `crash-slip-${i}-${r.roundNo}`,
              roundNo: r.roundNo,
              multiple: 1,
              unitPrice: '2.00',
              picks: SUMS,
            }),
          ),
        );
        placed = answers.filter((a) => a.code === 0).length;
      } else {
        await new Promise((res) => setTimeout(res, 200));
      }
    }
    expect(placed).toBe(5);
    expect(await dying.exited).toBe('SIGKILL');

    // The first batch (two players) committed; the killed one left nothing.
    let db = await p.openDb();
    const mid = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM venue_bets WHERE game_code = 'JSK3'
        GROUP BY status ORDER BY status`,
    );
    expect(mid.rows).toEqual([
      { status: 'open', n: 3 * 16 },
      { status: 'settled', n: 2 * 16 },
    ]);
    await db.close();

    const proc = await p.start();
    const watcher = await gamePlayer(proc.url, merchantClient(proc.url, p.secret), 9);
    const deadline = Date.now() + 40_000;
    for (;;) {
      const r = await api<{ rounds: RoundView[] }>(
        proc.url,
        watcher.token,
        '/h5/api/games/JSK3/results?limit=20',
      );
      if (r.data?.rounds.some((x) => x.status === 'settled')) {
        const open = await Promise.all(
          players.map((pl) =>
            api<{ bets: unknown[] }>(proc.url, pl.token, '/h5/api/games/bets?status=open'),
          ),
        );
        if (open.every((o) => o.code === 0 && o.data!.bets.length === 0)) break;
      }
      if (Date.now() > deadline) throw new Error('the round was not settled after the restart');
      await new Promise((res) => setTimeout(res, 300));
    }
    proc.child.kill('SIGTERM');
    await proc.exited;

    db = await p.openDb();
    try {
      const bets = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM venue_bets WHERE game_code = 'JSK3' GROUP BY status`,
      );
      expect(bets.rows).toEqual([{ status: 'settled', n: 5 * 16 }]);
      const versions = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM venue_bet_versions v JOIN venue_bets b ON b.id = v.bet_id
          WHERE b.game_code = 'JSK3'`,
      );
      expect(versions.rows[0]!.n).toBe(5 * 16 * 2);
      // One winning 和值 per player, one credit each.
      const credits = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM venue_entries WHERE reference LIKE 'settle:%'",
      );
      expect(credits.rows[0]!.n).toBe(5);
      expect(await new VenueLedger(() => Date.now()).reconcile(db)).toEqual({
        unbalanced: 0,
        drift: 0,
      });
      const held = await db.query<{ n: string }>(
        "SELECT coalesce(sum(amount), 0)::text AS n FROM venue_liability WHERE selection_id LIKE 'g:%'",
      );
      expect(held.rows[0]!.n).toBe('0');
    } finally {
      await db.close();
    }
  }, 120_000);
});
