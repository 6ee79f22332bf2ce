import { gameBetPaths, gamesOperatorPaths, gamesPaths } from '@nebula/protocol/venue/games/index';
import { dialects } from '@nebula/protocol/venue/dialects';
import { h5Paths, obCountsPath } from '@nebula/protocol/venue/h5';
import { merchantPaths } from '@nebula/protocol/venue/merchant';
import { VENUE_OPERATOR_HEADER, venueOperatorPaths } from '@nebula/protocol/venue/operator';
import { venueListPaths } from '@nebula/protocol/venue/operator-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, OPERATOR_TOKENS, type VenueTestApp } from '../test/venue-test-app';

/**
 * A walk over every route of the venue with hostile input — wrong types, nulls, arrays, huge
 * strings, broken JSON, every caller (anonymous, a player, an operator, a merchant with a bad
 * signature): the venue answers each with a code, never a 5xx.
 */
let v: VenueTestApp;
let token: string;
/** A house game venue's session (the bets' routes take only those). */
let gameToken: string;
beforeAll(async () => {
  // Twenty thousand calls from one address in seconds: a flood by design. The page's limits
  // (their own tests in h5-limits.test.ts) are raised so that every handler meets the input.
  v = await createVenueTestApp({
    VENUE_RATE_PER_ADDRESS: '1000000',
    VENUE_RATE_PER_SESSION: '1000000',
    VENUE_RATE_PLACE_PER_ADDRESS: '1000000',
    VENUE_RATE_PLACE_PER_SESSION: '1000000',
  });
  await v.leader.tick();
  token = await v.enter(`fuzz-${Date.now().toString(36)}`);
  gameToken = await v.enter(`fuzz-g-${Date.now().toString(36)}`, 'HOUSE_CP');
  await v.games.clock.tick();
});
afterAll(() => v.close());

const bodies: (string | undefined)[] = [
  undefined,
  '',
  'null',
  '[]',
  '"x"',
  '{',
  '{"legs":null}',
  JSON.stringify({ requestKey: 'a'.repeat(100), legs: [{ selectionId: 1, oddsMilli: 'x' }] }),
  JSON.stringify({ legs: Array(50).fill({ selectionId: 'a:ft:1x2:home', oddsMilli: 2000 }) }),
  JSON.stringify({ id: { $ne: 1 }, tab: ['live'], settled: 'yes', limit: -1 }),
  '{"venueCode":"HOUSE_TY","playerId":"../../x","amount":1e309}',
  JSON.stringify({ eventId: 'x'.repeat(10_000), marketKey: '\u0000', held: 'true' }),
  JSON.stringify({ oddsType: 9, token: 'x'.repeat(500) }),
];
const queries = [
  '',
  '?id=',
  '?id=%00',
  '?tab=nope&sport=chess',
  '?id=' + 'x'.repeat(2000),
  '?a[]=1',
];
/** The game bets' own hostile slips, beside the bodies above. */
const gameBodies: string[] = [
  JSON.stringify({
    requestKey: 'fuzz-key-1',
    roundNo: '202611260001',
    multiple: 1e308,
    unitPrice: '2.00',
    picks: [{ betType: 'sum', pick: '10' }],
  }),
  JSON.stringify({
    requestKey: 'fuzz-key-2',
    roundNo: '99999999999999999999',
    multiple: 1,
    unitPrice: '99999999999999.99',
    picks: Array(200).fill({ betType: 'two_distinct', pick: '12' }),
  }),
  JSON.stringify({ gameCode: 'JSK3', liabilityCap: '-1.00', reason: '测试', date: '2026-02-30' }),
  // The operator lists: a cursor of another list, a wildcard text, an inverted range.
  JSON.stringify({
    after: '99999999999999999.x:1',
    q: '%_\\',
    from: '2026-05-02',
    to: '2026-05-01',
  }),
];
const gameQuery = '?gameCode=JSK3&roundNo=0&status=nope&limit=0&before=' + 'x'.repeat(100);

const routes: { method: 'GET' | 'POST'; url: string }[] = [
  ...Object.values(merchantPaths).map((url) => ({ method: 'POST' as const, url })),
  ...Object.values(venueOperatorPaths).map((url) => ({ method: 'POST' as const, url })),
  ...Object.values(gamesOperatorPaths).map((url) => ({ method: 'POST' as const, url })),
  ...Object.values(venueListPaths).map((url) => ({ method: 'POST' as const, url })),
  { method: 'POST', url: h5Paths.exchange },
  { method: 'GET', url: obCountsPath },
  { method: 'GET', url: '/yewu12/api/user/getUserInfo' },
  ...Object.values(dialects).flatMap((d) =>
    Object.entries(h5Paths)
      .filter(([name]) => name !== 'exchange')
      .flatMap(([, p]) => [
        { method: 'GET' as const, url: `${d.prefix}${p}` },
        { method: 'POST' as const, url: `${d.prefix}${p}` },
      ]),
  ),
  // The house games' read API, with known, unknown and hostile path parameters.
  ...Object.values(gamesPaths).flatMap((p) =>
    ['JSK3', 'NOPE', '%00', 'x'.repeat(300)].flatMap((game) =>
      ['202611260001', '0', 'v1.json', 'v9.json'].map((x) => ({
        method: 'GET' as const,
        url: p.replace(':gameCode', game).replace(':roundNo', x).replace(':file', x),
      })),
    ),
  ),
];

/** The game bets' routes (docs/contract.md §10.11), with known, unknown and hostile games. */
const gameRoutes: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'GET', url: gameBetPaths.mine },
  ...['JSK3', 'NOPE', '%00', 'x'.repeat(300)].flatMap((game) => [
    { method: 'POST' as const, url: gameBetPaths.place.replace(':gameCode', game) },
    { method: 'GET' as const, url: gameBetPaths.limits.replace(':gameCode', game) },
  ]),
];

describe('the fuzz walk over every venue route', () => {
  it('never answers a 5xx', async () => {
    const callers: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${token}` },
      { authorization: 'Bearer x', token: 'y', requestid: 'z' },
      { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS.admin },
      {
        'x-merchant-code': 'NEBULA',
        'x-merchant-timestamp': String(Date.now()),
        'x-merchant-nonce': 'n'.repeat(20),
        'x-merchant-signature': 'f'.repeat(64),
      },
    ];
    let calls = 0;
    for (const route of routes) {
      for (const headers of callers) {
        for (const q of queries) {
          for (const body of route.method === 'POST' ? bodies : [undefined]) {
            const r = await v.app.inject({
              method: route.method,
              url: route.url + q,
              headers: {
                ...headers,
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: body }),
            });
            calls += 1;
            expect(r.statusCode, `${route.method} ${route.url}${q} ${body}`).toBeLessThan(500);
            expect(() => r.json<unknown>(), `${route.url}`).not.toThrow();
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(3000);
  }, 120_000);

  it('never answers a 5xx on the game bets, whatever the session', async () => {
    const callers: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${gameToken}` },
      { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS.admin },
    ];
    let calls = 0;
    for (const route of gameRoutes) {
      for (const headers of callers) {
        for (const q of route.method === 'POST' ? ['', gameQuery] : [...queries, gameQuery]) {
          for (const body of route.method === 'POST' ? [...bodies, ...gameBodies] : [undefined]) {
            const r = await v.app.inject({
              method: route.method,
              url: route.url + q,
              headers: {
                ...headers,
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: body }),
            });
            calls += 1;
            expect(r.statusCode, `${route.method} ${route.url}${q} ${body}`).toBeLessThan(500);
            expect(() => r.json<unknown>(), `${route.url}`).not.toThrow();
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
  }, 120_000);
});
