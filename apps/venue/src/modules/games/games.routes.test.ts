import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, bytesToHex, drawK3, hexToBytes, sha256, utf8Encode } from '@nebula/protocol';
import {
  ChainsView,
  GamesList,
  RoundView,
  type RoundView as Round,
} from '@nebula/protocol/venue/games/index';
import { VENUE_OPERATOR_HEADER } from '@nebula/protocol/venue/operator';
import { OPERATOR_TOKENS, createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The games' read API over the real HTTP app (docs/contract.md §10.10): the game list with the
 * current round and the paytable's hash, 开奖记录, a round by 期号, the chain's commitment
 * with its revealed seeds, the paytable's exact bytes; coded refusals; no unrevealed seed.
 */
let v: VenueTestApp;
let token: string;
beforeAll(async () => {
  v = await createVenueTestApp();
  token = (await v.fundedPlayer('100.00')).token;
});
afterAll(() => v.close());

const get = async <T>(url: string, bearer: string | null = token) => v.page<T>('GET', url, bearer);

describe('the games read API', () => {
  it('lists 极速快3 with its current round, results, rounds and the chain', async () => {
    expect(await get('/h5/api/games', null)).toMatchObject({ code: ErrorCode.VenueSessionExpired });
    // Open a round now, then move the venue's clock past its draw so it settles.
    await v.games.clock.tick();
    const listed = GamesList.parse((await get<unknown>('/h5/api/games')).data);
    const k3 = listed.games.find((g) => g.gameCode === 'JSK3')!;
    expect(k3).toMatchObject({ family: 'CP', name: '极速快3', status: 'open' });
    const open = k3.current!;
    expect(open).toMatchObject({ status: 'open', seed: null, outcome: null, chainIndex: 1 });
    expect(open.sealAt - open.drawAt).toBe(-10_000);
    expect(Math.abs(listed.serverTime - Date.now())).toBeLessThan(5_000);

    // The paytable's bytes hash to what the listing shows.
    const pt = await v.app.inject({ method: 'GET', url: k3.paytableUrl });
    expect(pt.statusCode).toBe(200);
    expect(bytesToHex(sha256(utf8Encode(pt.body)))).toBe(k3.paytableHash);
    expect(open.paytableHash).toBe(k3.paytableHash);
    const missing = await v.app.inject({
      method: 'GET',
      url: '/h5/api/games/JSK3/paytable/v9.json',
    });
    expect(missing.json()).toMatchObject({ code: ErrorCode.VenuePaytableUnknown });

    // Before the draw no seed is shown anywhere; after it the round reveals s_i.
    const chainsBefore = ChainsView.parse((await get<unknown>('/h5/api/games/JSK3/chain')).data);
    expect(chainsBefore.chains[0]!.revealed).toEqual([]);
    v.clock.offset = open.sealAt - Date.now() + 200;
    await v.games.clock.tick();
    v.clock.offset = open.drawAt - Date.now() + 200;
    await v.games.clock.tick();
    const r = RoundView.parse(
      (await get<unknown>(`/h5/api/games/JSK3/rounds/${open.roundNo}`)).data,
    );
    expect(r.status).toBe('settled');
    expect(r.outcome).toEqual(drawK3(hexToBytes(r.seed!), `JSK3:${r.roundNo}`).outcome);
    const results = (await get<{ rounds: Round[] }>('/h5/api/games/JSK3/results?limit=5')).data!;
    expect(results.rounds.map((x) => x.roundNo)).toEqual([open.roundNo]);
    const chains = ChainsView.parse((await get<unknown>('/h5/api/games/JSK3/chain')).data);
    expect(chains.chains[0]).toMatchObject({ length: 10_000, roundsLeft: 9_998 });
    expect(chains.chains[0]!.revealed).toEqual([
      { chainIndex: 1, roundNo: open.roundNo, seed: r.seed },
    ]);
    // The next round (index 2) is open and shows no seed.
    const next = GamesList.parse((await get<unknown>('/h5/api/games')).data).games[0]!.current!;
    expect(next).toMatchObject({ status: 'open', chainIndex: 2, seed: null });
  });

  it('refuses unknown games and rounds with codes', async () => {
    expect(await get('/h5/api/games/NOPE/results')).toMatchObject({
      code: ErrorCode.VenueGameUnknown,
    });
    expect(await get('/h5/api/games/JSK3/rounds/209901010001')).toMatchObject({
      code: ErrorCode.VenueRoundUnknown,
    });
    expect(await get('/h5/api/games/JSK3/rounds/abc')).toMatchObject({
      code: ErrorCode.VenueRequestInvalid,
    });
    expect(await get('/h5/api/games/JSK3/results?limit=1000')).toMatchObject({
      code: ErrorCode.VenueRequestInvalid,
    });
  });

  it('operators void an open round (audited), never one past its seal; close and publish', async () => {
    const op = async <T>(url: string, body: unknown, role: keyof typeof OPERATOR_TOKENS) =>
      (
        await v.app.inject({
          method: 'POST',
          url,
          headers: { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS[role] },
          payload: body as object,
        })
      ).json<{ code: number; data?: T }>();
    await v.games.clock.tick();
    const current = GamesList.parse((await get<unknown>('/h5/api/games')).data).games[0]!.current!;
    const target = { gameCode: 'JSK3', roundNo: current.roundNo, reason: '测试作废' };
    expect(await op('/operator/v1/games/rounds/void', target, 'viewer')).toMatchObject({
      code: ErrorCode.VenueOperatorForbidden,
    });
    // Past its sealAt (stored status still open) the round cannot be voided.
    v.clock.offset = current.sealAt - Date.now() + 100;
    expect(await op('/operator/v1/games/rounds/void', target, 'trader')).toMatchObject({
      code: ErrorCode.VenueRoundSealed,
    });
    v.clock.offset = current.sealAt - Date.now() - 3_000;
    const voided = await op<Round>('/operator/v1/games/rounds/void', target, 'trader');
    expect(voided.data).toMatchObject({ status: 'voided', voided: 'operator' });
    expect(voided.data!.outcome).toEqual(
      drawK3(hexToBytes(voided.data!.seed!), `JSK3:${current.roundNo}`).outcome,
    );
    expect(await op('/operator/v1/games/rounds/void', target, 'trader')).toMatchObject({
      code: ErrorCode.VenueRoundSealed,
    });
    const audit = await op<{ entries: { action: string }[] }>(
      '/operator/v1/audit',
      { limit: 5 },
      'admin',
    );
    expect(JSON.stringify(audit.data)).toContain('game.round.void');

    // A closed game opens no new round; the next chain can be published ahead.
    const close = { gameCode: 'JSK3', status: 'closed', reason: '维护' };
    expect((await op('/operator/v1/games/status', close, 'trader')).code).toBe(0);
    v.clock.offset = current.drawAt - Date.now() + 500;
    // Only the other two lottery games open a round.
    expect((await v.games.clock.tick()).opened).toBe(2);
    const before = await op<{ games: { roundsLeft: number }[] }>(
      '/operator/v1/games',
      {},
      'viewer',
    );
    const published = await op<{ commitment: string; length: number }>(
      '/operator/v1/games/chains/publish',
      { gameCode: 'JSK3' },
      'admin',
    );
    expect(published.data).toMatchObject({ length: 10_000 });
    expect(Object.keys(published.data!).sort()).toEqual(
      ['chainId', 'commitment', 'gameCode', 'length', 'publishedAt'].sort(),
    );
    const after = await op<{ games: { roundsLeft: number }[] }>('/operator/v1/games', {}, 'viewer');
    const left = (r: typeof after) =>
      (r.data!.games as { gameCode: string; roundsLeft: number }[]).find(
        (g) => g.gameCode === 'JSK3',
      )!.roundsLeft;
    expect(left(after)).toBe(left(before) + 10_000);
    const reopen = { ...close, status: 'open' };
    expect((await op('/operator/v1/games/status', reopen, 'trader')).code).toBe(0);
    expect((await v.games.clock.tick()).opened).toBe(1);
  });
});
