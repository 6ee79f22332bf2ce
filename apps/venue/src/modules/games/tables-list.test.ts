import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TablesList, type TableDetail } from '@nebula/protocol/venue/games/tables-api';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { tableKit, type TableKit } from '../../test/table-kit';

/**
 * The tables' list read for all tables at once (table-lobby.repository.ts): it answers what
 * each table's own read answers (shoe, commitment, round, zone totals, the shoe's hands), in a
 * handful of statements whatever the number of tables — it was six a table, one after another.
 */
let v: VenueTestApp;
let k: TableKit;
let alice: { playerId: string; token: string };

beforeAll(async () => {
  v = await createVenueTestApp();
  alice = await v.fundedPlayer('100000.00', 'HOUSE_ZR');
  k = tableKit(v, () => alice.token);
});
afterAll(() => v.close());

const list = async () =>
  TablesList.parse((await v.page('GET', '/h5/api/tables', alice.token)).data).tables;

describe('tables list', () => {
  it("answers each table as the table's own read does, hands and totals included", async () => {
    // A dealt round (a hand for the roads), then a round with bets on two zones.
    const first = await k.fresh('BAC1');
    await k.place(alice.token, 'BAC1', first.round!.roundNo, [{ zone: 'banker', amount: '50.00' }]);
    await k.finish('BAC1', first.round!.roundNo);
    const open = await k.fresh('BAC1');
    const bets = [
      { zone: 'player', amount: '30.00' },
      { zone: 'tie', amount: '10.00' },
    ];
    expect((await k.place(alice.token, 'BAC1', open.round!.roundNo, bets)).code).toBe(0);

    const tables = await list();
    expect(tables.map((t) => t.code)).toEqual(['BAC1', 'BAC2', 'LH1']);
    for (const t of tables) {
      const { serverTime: _, ...own } = (await k.view(t.code)) as TableDetail;
      expect(t).toEqual(own);
    }
    const bac1 = tables.find((t) => t.code === 'BAC1')!;
    expect(bac1.hands.length).toBeGreaterThan(0);
    expect(bac1.shoe?.commitment).toMatch(/^[0-9a-f]{64}$/);
    const staked = bac1.round!.zoneTotals.filter((z) => z.amount !== '0.00');
    expect(staked).toEqual([
      { zone: 'player', amount: '30.00' },
      { zone: 'tie', amount: '10.00' },
    ]);
  });

  it('reads every table in at most six statements, not six a table', async () => {
    const spy = vi.spyOn(v.db, 'query');
    try {
      await v.games.clock.tick();
      spy.mockClear();
      expect((await list()).length).toBe(3);
      const sql = spy.mock.calls.map((c) => c[0]);
      // The session lookup plus the list's own statements.
      expect(sql.length).toBeLessThanOrEqual(7);
    } finally {
      spy.mockRestore();
    }
  });
});
