import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, parseMoney } from '@nebula/protocol';
import { SpinResult } from '@nebula/protocol/venue/games/index';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { newKey } from '../../test/game-kit';
import { SLOT_LOAD_ENV, slotKit, type SlotKit } from '../../test/slot-kit';

/**
 * Spins racing each other (docs/contract.md §10.13) — on PostgreSQL a real race over a pool of
 * connections, on PGlite its one connection's queue: parallel spins of one player never share
 * a nonce (each took the pair's lock row; one under way refuses the others, 8143), a double
 * tap spins once, many players spin side by side, and every balance is exactly its start less
 * the bets plus the wins, the books reconciled.
 */
let v: VenueTestApp;
let k: SlotKit;
beforeAll(async () => {
  v = await createVenueTestApp({ ...SLOT_LOAD_ENV, VENUE_TEST_SLOT_CYCLE: 'off' });
  k = slotKit(v);
});
afterAll(() => v.close());

const net = (spins: readonly SpinResult[]) =>
  spins.reduce((s, x) => s + parseMoney(x.totalWin) - parseMoney(x.bet), 0n);

describe('parallel spins', () => {
  it('one player: unique consecutive nonces, refusals change nothing, balance exact', async () => {
    const p = await v.fundedPlayer('1000.00', 'HOUSE_DZ');
    const spins: SpinResult[] = [];
    for (let wave = 0; wave < 4; wave++) {
      const answers = await Promise.all(Array.from({ length: 12 }, () => k.spin(p.token)));
      for (const a of answers) {
        if (a.code === 0) spins.push(SpinResult.parse(a.data));
        else expect(a.code).toBe(ErrorCode.SlotSpinUnfinished);
      }
    }
    expect(spins.length).toBeGreaterThan(3);
    // On PostgreSQL the spins truly overlap: most of each wave finds the first one under way.
    if (v.db.kind === 'postgres') expect(spins.length).toBeLessThan(48);
    const nonces = spins.map((s) => s.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(nonces.map((_, i) => i));
    expect(parseMoney(await k.balance(p.playerId))).toBe(100_000n + net(spins));
  });

  it('a round under way refuses a spin and a seed change at once (on PostgreSQL)', async () => {
    if (v.db.kind !== 'postgres') return;
    const p = await v.fundedPlayer('100.00', 'HOUSE_DZ');
    expect((await v.page('GET', '/h5/api/games/seeds', p.token)).code).toBe(0);
    // Another round of the player holds its lock row (a spin under way on another node).
    let spin: Promise<{ code: number | string }> | null = null;
    await v.db.tx(async (q) => {
      await q.query(`SELECT 1 FROM venue_fair_players WHERE player_id = $1 FOR UPDATE`, [
        p.playerId,
      ]);
      const seed = await v.page('POST', '/h5/api/games/seeds/client', p.token, {
        clientSeed: 'while-busy',
      });
      expect(seed.code).toBe(ErrorCode.SlotSpinUnfinished);
      expect((await v.page('POST', '/h5/api/games/seeds/rotate', p.token)).code).toBe(
        ErrorCode.SlotSpinUnfinished,
      );
      // The spin is refused at once, then waits for the round under way to see whether that
      // round was this very tap: released when this transaction ends.
      spin = k.spin(p.token);
      for (;;) {
        const waiting = await v.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting.rows[0]!.n > 0) break;
      }
    });
    expect((await spin!).code).toBe(ErrorCode.SlotSpinUnfinished);
    expect(await k.balance(p.playerId)).toBe('100.00');
    const after = await v.page<{ nonce: number; clientSeed: string }>(
      'GET',
      '/h5/api/games/seeds',
      p.token,
    );
    expect(after.data).toMatchObject({ nonce: 0 });
    expect(after.data!.clientSeed).not.toBe('while-busy');
  });

  it('a double tap spins once: every answer is the first spin', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_DZ');
    const requestKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => k.spin(p.token, { requestKey })),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 0));
    const ids = new Set(answers.map((a) => SpinResult.parse(a.data).spinId));
    expect(ids.size).toBe(1);
    const first = SpinResult.parse(answers[0]!.data);
    expect(first.nonce).toBe(0);
    expect(parseMoney(await k.balance(p.playerId))).toBe(10_000n + net([first]));
  });

  it('many players side by side: every spin taken, every balance exact, books reconciled', async () => {
    const players = await Promise.all(
      Array.from({ length: 8 }, () => v.fundedPlayer('100.00', 'HOUSE_DZ')),
    );
    const results = await Promise.all(
      players.map(async (p) => {
        const mine: SpinResult[] = [];
        for (let i = 0; i < 5; i++) {
          const a = await k.spin(p.token, { lineBet: '0.20' });
          expect(a.code).toBe(0);
          mine.push(SpinResult.parse(a.data));
        }
        return mine;
      }),
    );
    for (const [i, p] of players.entries()) {
      expect(results[i]!.map((s) => s.nonce)).toEqual([0, 1, 2, 3, 4]);
      expect(parseMoney(await k.balance(p.playerId))).toBe(10_000n + net(results[i]!));
    }
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });
});
