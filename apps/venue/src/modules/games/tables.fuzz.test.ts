import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOperatorPaths, tablesPaths } from '@nebula/protocol/venue/games/tables-api';
import { VENUE_OPERATOR_HEADER } from '@nebula/protocol/venue/operator';
import { createVenueTestApp, OPERATOR_TOKENS, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The live tables' routes (docs/contract.md §10.12) walked with hostile input — unknown and
 * malformed tables, rounds and shoes, broken bodies and amounts, every kind of session: the
 * venue answers each with a code in JSON, never a 5xx.
 */
let v: VenueTestApp;
const tokens: string[] = [];
beforeAll(async () => {
  v = await createVenueTestApp({
    VENUE_RATE_PER_ADDRESS: '1000000',
    VENUE_RATE_PER_SESSION: '1000000',
    VENUE_RATE_PLACE_PER_ADDRESS: '1000000',
    VENUE_RATE_PLACE_PER_SESSION: '1000000',
  });
  await v.games.clock.tick();
  tokens.push((await v.fundedPlayer('100.00', 'HOUSE_ZR')).token);
  tokens.push(await v.enter(`fuzz-cp-${Date.now().toString(36)}`, 'HOUSE_CP'));
  tokens.push(await v.enter(`fuzz-ty-${Date.now().toString(36)}`));
});
afterAll(() => v.close());

const tables = ['BAC1', 'LH1', 'NOPE', '%00', 'x'.repeat(300), 'bac1'];
const numbers = ['1', '0', '-1', '99999999999999999999', '1e3', 'x'];
const bodies: (string | undefined)[] = [
  undefined,
  '',
  'null',
  '[]',
  '{',
  JSON.stringify({ requestKey: 'fuzz-key-01', roundNo: '1', bets: [] }),
  JSON.stringify({
    requestKey: 'fuzz-key-02',
    roundNo: '1',
    bets: [{ zone: 'banker', amount: '99999999999999.99' }],
  }),
  JSON.stringify({
    requestKey: 'fuzz-key-03',
    roundNo: '1',
    bets: [
      { zone: 'banker', amount: '0.00' },
      { zone: 'banker', amount: '-1' },
    ],
  }),
  JSON.stringify({
    requestKey: 'fuzz-key-04',
    roundNo: '99999999999999999999',
    bets: Array(8).fill({ zone: 'tie', amount: 10 }),
  }),
  JSON.stringify({ requestKey: 'x', roundNo: 1, bets: [{ zone: { $ne: 1 }, amount: null }] }),
  JSON.stringify({ tableCode: 'BAC1', chips: [], reason: 'x'.repeat(500) }),
  JSON.stringify({
    tableCode: 'LH1',
    zones: [{ zone: 'tiger', min: '99999999999999.99', max: '0' }],
    maxPerRound: '0.01',
    chips: ['0.00', '0.00'],
    reason: '测试',
  }),
];
const queries = [
  '',
  '?limit=0',
  '?limit=1000&tableCode=%00',
  `?before=${'x'.repeat(100)}`,
  '?a[]=1',
];

describe('the fuzz walk over the tables', () => {
  it('never answers a 5xx', async () => {
    const routes: { method: 'GET' | 'POST'; url: string }[] = [
      { method: 'GET', url: tablesPaths.list },
      { method: 'GET', url: tablesPaths.mine },
      ...Object.values(tablesOperatorPaths).map((url) => ({ method: 'POST' as const, url })),
      ...tables.flatMap((t) => [
        { method: 'GET' as const, url: tablesPaths.table.replace(':tableCode', t) },
        { method: 'POST' as const, url: tablesPaths.place.replace(':tableCode', t) },
        ...numbers.flatMap((n) => [
          {
            method: 'GET' as const,
            url: tablesPaths.round.replace(':tableCode', t).replace(':roundNo', n),
          },
          {
            method: 'GET' as const,
            url: tablesPaths.shoe.replace(':tableCode', t).replace(':shoeNo', n),
          },
        ]),
      ]),
    ];
    let calls = 0;
    for (const route of routes) {
      for (const token of [undefined, 'x', ...tokens]) {
        const headers: Record<string, string> = token
          ? { authorization: `Bearer ${token}` }
          : { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS.admin };
        for (const q of route.method === 'GET' ? queries : ['']) {
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
            expect(() => r.json<unknown>(), route.url).not.toThrow();
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
  }, 120_000);
});
