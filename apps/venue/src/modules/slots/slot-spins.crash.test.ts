import { afterEach, describe, expect, it } from 'vitest';
import { parseMoney } from '@nebula/protocol';
import { SpinResult } from '@nebula/protocol/venue/games/index';
import { merchantClient, venueProcesses, type VenueProcesses } from '../../test/venue-process';
import { SLOT_VENUE_CODES } from '../../test/slot-kit';
import { VenueLedger } from '../ledger/venue-ledger.service';

/**
 * `kill -9` of the venue inside a spin, after the bet's debit and before the commit
 * (docs/contract.md §10.13): the killed spin left nothing — no debit, no spin, no nonce used —
 * and its retry after the restart spins once, on the nonce the killed spin would have used;
 * a second retry answers the same spin. On the suite's database: PGlite or PostgreSQL.
 */
let procs: VenueProcesses | null = null;
afterEach(async () => {
  await procs?.cleanup();
  procs = null;
});

async function dzPlayer(url: string, call: ReturnType<typeof merchantClient>) {
  const playerId = `slot-crash-${Date.now().toString(36)}`;
  const launched = await call<{ url: string }>('launch', {
    venueCode: 'HOUSE_DZ',
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
    venueCode: 'HOUSE_DZ',
    playerId,
    transferId: `fund-${playerId}`,
    direction: 'in',
    amount: '100.00',
  });
  expect(t.code).toBe(0);
  return { playerId, token };
}

const spinAt = async (url: string, token: string, requestKey: string) => {
  const r = await fetch(`${url}/h5/api/games/slots/spins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requestKey, gameCode: 'FXGZ', lineBet: '0.50' }),
  });
  return (await r.json()) as { code: number; data?: unknown };
};

describe('kill -9 inside a spin', () => {
  it('leaves nothing; the retry spins once after the restart', async () => {
    procs = await venueProcesses({ VENUE_CODES: SLOT_VENUE_CODES, VENUE_TEST_SLOT_CYCLE: 'off' });
    const p = procs;
    const dying = await p.start({ VENUE_TEST_CRASH: 'slot-spin:2' });
    const player = await dzPlayer(dying.url, merchantClient(dying.url, p.secret));
    const first = SpinResult.parse((await spinAt(dying.url, player.token, 'crash-spin-1')).data);
    expect(first.nonce).toBe(0);
    await spinAt(dying.url, player.token, 'crash-spin-2').catch(() => null);
    expect(await dying.exited).toBe('SIGKILL');

    let db = await p.openDb();
    const mid = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM venue_slot_spins WHERE player_id = $1`,
      [player.playerId],
    );
    expect(mid.rows[0]!.n).toBe(1);
    await db.close();

    const proc = await p.start();
    const call = merchantClient(proc.url, p.secret);
    const balance = async () =>
      (
        await call<{ balance: string }>('balance', {
          venueCode: 'HOUSE_DZ',
          playerId: player.playerId,
        })
      ).data!.balance;
    const afterFirst = 10_000n - 1_000n + parseMoney(first.totalWin);
    expect(parseMoney(await balance())).toBe(afterFirst);
    const retry = SpinResult.parse((await spinAt(proc.url, player.token, 'crash-spin-2')).data);
    expect(retry.nonce).toBe(1);
    const again = SpinResult.parse((await spinAt(proc.url, player.token, 'crash-spin-2')).data);
    expect(again.spinId).toBe(retry.spinId);
    expect(parseMoney(await balance())).toBe(afterFirst - 1_000n + parseMoney(retry.totalWin));
    proc.child.kill('SIGTERM');
    await proc.exited;

    db = await p.openDb();
    try {
      const spins = await db.query<{ nonce: number }>(
        `SELECT nonce FROM venue_slot_spins WHERE player_id = $1 ORDER BY id`,
        [player.playerId],
      );
      expect(spins.rows.map((r) => r.nonce)).toEqual([0, 1]);
      const versions = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM venue_bet_versions v JOIN venue_bets b ON b.id = v.bet_id
          WHERE b.player_id = $1`,
        [player.playerId],
      );
      expect(versions.rows[0]!.n).toBe(4);
      const stakes = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM venue_entries e
          WHERE e.kind = 'bet_stake' AND e.reference IN (
            SELECT 'bet:' || bet_id FROM venue_slot_spins WHERE player_id = $1)`,
        [player.playerId],
      );
      expect(stakes.rows[0]!.n).toBe(2);
      expect(await new VenueLedger(() => Date.now()).reconcile(db)).toEqual({
        unbalanced: 0,
        drift: 0,
      });
    } finally {
      await db.close();
    }
  }, 120_000);
});
