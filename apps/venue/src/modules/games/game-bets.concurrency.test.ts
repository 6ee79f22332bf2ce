import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDb, type Db } from '@nebula/db';
import { testDatabases, testDbKind, type TestDb } from '@nebula/db/testing';
import { ErrorCode } from '@nebula/protocol';
import { GamesList, type RoundView } from '@nebula/protocol/venue/games/index';
import {
  MERCHANT_HEADERS,
  merchantPaths,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import { buildVenueApp, type VenueApp } from '../../app';
import { migrateVenue } from '../../db/migrate';
import { venueTestTemplate } from '../../test/venue-test-db';
import { loadVenueConfig } from '../../infra/config';
import { newNonce, signMerchant } from '../merchant/merchant-signing.service';

/**
 * Two venue nodes (two apps, each its own pool, on one PostgreSQL database; one leads) and many
 * players placing slips on one 极速快3 round concurrently right up to its seal while the
 * leader's clock ticks (docs/contract.md §10.11): every bet placed was placed before the seal,
 * none after (refused 8074), the round settles once whichever node ticks, the books reconcile.
 */
describe.runIf(testDbKind() === 'postgres')('game bets on two nodes (PostgreSQL)', () => {
  const secret = randomBytes(32).toString('hex');
  const clock = { offset: 0 };
  const now = () => Date.now() + clock.offset;
  let t: TestDb;
  let second: Db;
  let a: VenueApp;
  let b: VenueApp;
  beforeAll(async () => {
    t = await testDatabases(migrateVenue, venueTestTemplate)();
    second = PostgresDb.open(t.url!, 10);
    const config = loadVenueConfig({
      NODE_ENV: 'test',
      VENUE_MERCHANTS: `NEBULA=${secret}`,
      VENUE_CODES: 'HOUSE_CP::CP',
      VENUE_RATE_PER_ADDRESS: '1000000',
      VENUE_RATE_PLACE_PER_ADDRESS: '1000000',
      VENUE_RATE_PLACE_PER_SESSION: '1000000',
    });
    a = buildVenueApp({ config, db: t.db, now });
    b = buildVenueApp({ config, db: second, now });
    await a.init();
    await b.init();
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await second.close();
    await t.drop();
  });

  const call = async <T>(node: VenueApp, name: MerchantCall, body: unknown) => {
    const raw = JSON.stringify(body);
    const timestamp = String(now());
    const nonce = newNonce();
    const path = merchantPaths[name];
    const signature = signMerchant(secret, {
      method: 'POST',
      pathWithQuery: path,
      timestamp,
      nonce,
      body: raw,
    });
    const r = await node.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        [MERCHANT_HEADERS.merchant]: 'NEBULA',
        [MERCHANT_HEADERS.timestamp]: timestamp,
        [MERCHANT_HEADERS.nonce]: nonce,
        [MERCHANT_HEADERS.signature]: signature,
      },
      payload: raw,
    });
    return r.json<{ code: number; data?: T }>();
  };

  async function player(i: number) {
    const node = i % 2 === 0 ? a : b;
    const playerId = `race-${i}-${randomBytes(3).toString('hex')}`;
    const launched = await call<{ url: string }>(node, 'launch', {
      venueCode: 'HOUSE_CP',
      playerId,
      nickname: '玩家',
    });
    const ex = await node.app.inject({
      method: 'POST',
      url: '/h5/api/session/exchange',
      payload: { token: new URL(launched.data!.url).searchParams.get('token') },
    });
    const token = ex.json<{ data: { token: string } }>().data.token;
    const funded = await call(node, 'transfer', {
      venueCode: 'HOUSE_CP',
      playerId,
      transferId: `fund-${playerId}`,
      direction: 'in',
      amount: '1000.00',
    });
    expect(funded.code).toBe(0);
    return { playerId, token, node };
  }

  it('places up to the seal and never after; the round settles once; the books hold', async () => {
    const minute = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    clock.offset = minute + 5_000 - Date.now();
    // Every open lottery (快3, PK10, 时时彩) gets its round on the leader's first tick (the
    // live tables, also games, open theirs on the table clock).
    const open = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM venue_games WHERE status = 'open' AND code IN ('JSK3', 'JSPK10', 'JSSSC')",
    );
    expect(open.rows[0]!.n).toBe(3);
    expect((await a.games.clock.tick()).opened).toBe(3);
    expect((await b.games.clock.tick()).leader).toBe(false);
    const players = await Promise.all(Array.from({ length: 24 }, (_, i) => player(i)));
    const first = players[0]!;
    const games = await first.node.app.inject({
      method: 'GET',
      url: '/h5/api/games',
      headers: { authorization: `Bearer ${first.token}` },
    });
    const round: RoundView = GamesList.parse(games.json<{ data: unknown }>().data).games.find(
      (g) => g.gameCode === 'JSK3',
    )!.current!;
    // The clock runs in real time from 2 s before the seal: every player places slip after slip
    // until half a second past it, while the leader's clock ticks every 50 ms (as its loop does).
    clock.offset = round.sealAt - 2_000 - Date.now();
    let ticking = true;
    const ticks = (async () => {
      while (ticking) {
        await a.games.clock.tick();
        await b.games.clock.tick();
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const picks = [
      { betType: 'big', pick: '' },
      { betType: 'sum', pick: '10' },
    ];
    const answers = (
      await Promise.all(
        players.map(async (p) => {
          const codes: number[] = [];
          for (let k = 0; now() < round.sealAt + 500; k += 1) {
            const r = await p.node.app.inject({
              method: 'POST',
              url: '/h5/api/games/JSK3/bets',
              headers: { authorization: `Bearer ${p.token}` },
              payload: {
                requestKey: `race-${p.playerId}-${k}`,
                roundNo: round.roundNo,
                multiple: 1,
                unitPrice: '2.00',
                picks,
              },
            });
            codes.push(r.json<{ code: number }>().code);
          }
          return codes;
        }),
      )
    ).flat();
    ticking = false;
    await ticks;
    expect(answers.every((c) => c === 0 || c === ErrorCode.VenueGameBetSealed)).toBe(true);
    const placed = answers.filter((c) => c === 0).length;
    expect(placed).toBeGreaterThan(0);
    expect(answers.length - placed).toBeGreaterThan(0);
    const rows = await t.db.query<{ n: number; late: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE placed_at >= $2)::int AS late
         FROM venue_bets WHERE game_code = 'JSK3' AND round_no = $1`,
      [round.roundNo, new Date(round.sealAt)],
    );
    expect(rows.rows[0]).toEqual({ n: placed * 2, late: 0 });

    // Past the draw both nodes tick at once: one of them settles (the round, once).
    clock.offset = round.drawAt + 200 - Date.now();
    const [ra, rb] = await Promise.all([a.games.clock.tick(), b.games.clock.tick()]);
    expect([ra.settled, rb.settled].filter((n) => n > 0)).toHaveLength(1);
    const versions = await t.db.query<{ kinds: string }>(
      `SELECT string_agg(v.body->>'kind', ',' ORDER BY v.version) AS kinds FROM venue_bet_versions v
         JOIN venue_bets b ON b.id = v.bet_id WHERE b.round_no = $1 GROUP BY v.bet_id`,
      [round.roundNo],
    );
    expect(versions.rows).toHaveLength(placed * 2);
    expect(versions.rows.every((r) => r.kinds === 'accepted,settled')).toBe(true);
    expect(await a.ledger.reconcile(t.db)).toEqual({ unbalanced: 0, drift: 0 });
    const held = await t.db.query<{ n: string }>(
      "SELECT coalesce(sum(amount), 0)::text AS n FROM venue_liability WHERE selection_id LIKE 'g:%'",
    );
    expect(held.rows[0]!.n).toBe('0');
  }, 60_000);
});
