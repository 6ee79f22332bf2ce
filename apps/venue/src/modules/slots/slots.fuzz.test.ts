import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotPaths } from '@nebula/protocol/venue/games/index';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { SLOT_LOAD_ENV } from '../../test/slot-kit';

/**
 * The slots' and seed pairs' routes (docs/contract.md §10.13) walked with hostile input and
 * every kind of caller — none, a sportsbook session, a DZ session, a bad token: each answer is
 * a code, never a 5xx, and the DZ player's money never moves without a spin answered 0.
 */
let v: VenueTestApp;
let dz: { playerId: string; token: string };
let ty: string;
beforeAll(async () => {
  v = await createVenueTestApp({
    ...SLOT_LOAD_ENV,
    VENUE_RATE_PER_ADDRESS: '1000000',
    VENUE_RATE_PLACE_PER_ADDRESS: '1000000',
  });
  dz = await v.fundedPlayer('100.00', 'HOUSE_DZ');
  ty = await v.enter(`fuzz-ty-${Date.now().toString(36)}`);
});
afterAll(() => v.close());

const bodies: (string | undefined)[] = [
  undefined,
  '',
  'null',
  '[]',
  '{',
  JSON.stringify({ requestKey: 'fuzz-slot-1', gameCode: 'FXGZ', lineBet: 0.1 }),
  JSON.stringify({ requestKey: 'x'.repeat(500), gameCode: 'FXGZ', lineBet: '0.10' }),
  JSON.stringify({ requestKey: 'fuzz-slot-2', gameCode: 'FXGZ', lineBet: '99999999999999.99' }),
  JSON.stringify({ requestKey: 'fuzz-slot-3', gameCode: 'JSK3', lineBet: '0.10' }),
  JSON.stringify({ requestKey: 'fuzz-slot-4', gameCode: 'FXGZ', lineBet: '-0.10', x: 1 }),
  JSON.stringify({ clientSeed: null }),
  JSON.stringify({ clientSeed: '\u0000'.repeat(64) }),
  JSON.stringify({ clientSeed: 'x'.repeat(10_000) }),
];
const queries = [
  '',
  '?limit=0',
  '?limit=1e9&before=x',
  '?gameCode=%00',
  '?before=1&a[]=1',
  '?before=99999999999999999999',
];
const params = [
  'FXGZ',
  'NOPE',
  '%00',
  '0',
  '1',
  // Past a BIGINT: refused as input, never sent to the database.
  '99999999999999999999',
  '99999999999999999999999',
  'v1.json',
  'x'.repeat(300),
];

const routes = Object.entries(slotPaths).flatMap(([name, p]) =>
  params.flatMap((x) => {
    const url = p.replace(':gameCode', x).replace(':file', x).replace(':spinId', x);
    const post = name === 'spin' || name === 'clientSeed' || name === 'rotate';
    return [{ method: post ? ('POST' as const) : ('GET' as const), url }];
  }),
);

describe('the fuzz walk over the slots', () => {
  it('never answers a 5xx', async () => {
    const before = (
      await v.call<{ balance: string }>('balance', {
        venueCode: 'HOUSE_DZ',
        playerId: dz.playerId,
      })
    ).data!.balance;
    const callers: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${ty}` },
      { authorization: `Bearer ${dz.token}` },
      { authorization: 'Bearer x' },
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
            const answer = r.json<{ code?: number }>();
            // None of the hostile bodies is a valid spin: nothing is ever debited.
            if (route.method === 'POST' && route.url === slotPaths.spin) {
              expect(answer.code, body).not.toBe(0);
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    const after = (
      await v.call<{ balance: string }>('balance', {
        venueCode: 'HOUSE_DZ',
        playerId: dz.playerId,
      })
    ).data!.balance;
    expect(after).toBe(before);
  }, 120_000);
});
