import { ErrorCode } from '@nebula/protocol';
import { gamesOperatorPaths } from '@nebula/protocol/venue/games/index';
import { VENUE_OPERATOR_HEADER } from '@nebula/protocol/venue/operator';
import { venueListCalls, venueListPaths } from '@nebula/protocol/venue/operator-lists';
import type { GameListRow } from '@nebula/protocol/venue/operator-game-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, OPERATOR_TOKENS, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The house games' catalogue as an operator list (contract §6 "Lists"): the same games and
 * rounds left as the unpaged games call, by status and by a part of the code or name (a LIKE
 * wildcard matched literally), paged by number and by cursor, and bad filters refused.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
  await v.leader.tick();
});
afterAll(() => v.close());

async function post<T>(url: string, body: object, role: keyof typeof OPERATOR_TOKENS) {
  const r = await v.app.inject({
    method: 'POST',
    url,
    headers: { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS[role] },
    payload: body,
  });
  return r.json<{ code: number; data?: T }>();
}

type Page = { list: GameListRow[]; page: number; total: number | null; next: string | null };
async function games(body: object) {
  const a = await post<Page>(venueListPaths.games, body, 'viewer');
  if (a.code === 0) venueListCalls.games.answer.parse(a.data);
  return a;
}
const codes = (p: { data?: Page }) => p.data!.list.map((g) => g.gameCode);

describe('operator game list', () => {
  it('lists what the games call lists, with the rounds each chain has left', async () => {
    const chain = await post<{ length: number }>(
      gamesOperatorPaths.publishChain,
      { gameCode: 'JSK3' },
      'admin',
    );
    expect(chain.code).toBe(0);
    const all = await post<{ games: { gameCode: string; roundsLeft: number }[] }>(
      gamesOperatorPaths.games,
      {},
      'viewer',
    );
    const r = await games({ pageSize: 200 });
    expect(r.code).toBe(0);
    expect(r.data!.total).toBe(all.data!.games.length);
    expect(
      r.data!.list.map(({ gameCode, name, status, roundsLeft }) => ({
        gameCode,
        name,
        status,
        roundsLeft,
      })),
    ).toEqual(all.data!.games);
    const k3 = r.data!.list.find((g) => g.gameCode === 'JSK3')!;
    expect(k3).toMatchObject({ family: 'CP', status: 'open' });
    expect(k3.roundsLeft).toBeGreaterThan(0);
    expect(new Set(r.data!.list.map((g) => g.family))).toEqual(new Set(['CP', 'ZR']));
  });

  it('filters by status and by a part of the code or name', async () => {
    const closed = await post(
      gamesOperatorPaths.setGameStatus,
      { gameCode: 'JSPK10', status: 'closed', reason: '列表测试' },
      'trader',
    );
    expect(closed.code).toBe(0);
    expect(codes(await games({ status: 'closed' }))).toEqual(['JSPK10']);
    const open = await games({ status: 'open', pageSize: 200 });
    expect(codes(open)).not.toContain('JSPK10');
    expect(open.data!.list.every((g) => g.status === 'open')).toBe(true);

    expect(codes(await games({ q: 'pk1' }))).toEqual(['JSPK10']);
    const baccarat = await games({ q: '百家乐' });
    expect(codes(baccarat)).toEqual(['BAC1', 'BAC2']);
    expect(codes(await games({ q: '百家乐', status: 'closed' }))).toEqual([]);
    // A wildcard in the text is a character to find, not "anything".
    for (const q of ['%', '_', 'BAC_']) expect((await games({ q })).data!.list, q).toEqual([]);
  });

  it('pages by number and walks by cursor over the same rows', async () => {
    const all = codes(await games({ q: '极速', pageSize: 200 }));
    expect(all.length).toBeGreaterThan(3);
    const second = await games({ q: '极速', page: 2, pageSize: 2 });
    expect(codes(second)).toEqual(all.slice(2, 4));
    expect(second.data!.total).toBe(all.length);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const p: Awaited<ReturnType<typeof games>> = await games({
        q: '极速',
        pageSize: 2,
        ...(after ? { after } : {}),
      });
      expect(p.data!.total).toBe(after ? null : all.length);
      seen.push(...codes(p));
      after = p.data!.next;
    } while (after);
    expect(seen).toEqual(all);
  });

  it('refuses a cursor it did not write with 9781 and a bad filter with 8007', async () => {
    for (const after of ['x', 'BAC1:2', '99999999999999999.JSK3'])
      expect((await games({ after })).code, after).toBe(ErrorCode.HouseVenueListFilterInvalid);
    for (const body of [{ status: 'paused' }, { q: '' }, { gameCode: 'JSK3' }, { pageSize: 201 }])
      expect((await games(body)).code, JSON.stringify(body)).toBe(ErrorCode.VenueRequestInvalid);
  });
});
