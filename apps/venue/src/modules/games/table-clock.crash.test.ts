import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@nebula/db';
import { TableView } from '@nebula/protocol/venue/games/tables-api';
import type { TableZone } from '@nebula/protocol/venue/games/tables-zones';
import { merchantClient, venueProcesses, type VenueProcesses } from '../../test/venue-process';
import { listPlayerGameBets } from '../bets/bet.service';
import { demoTableSettings, tableDefinition } from './tables-catalogue';
import { findTableRound, type TableRoundRow } from './table.repository';
import { tablePayout } from './table-settlement.service';
import type { TableStep } from './table-clock';

/**
 * `kill -9` of the venue while a 龙虎 round takes bets from two members, and right after its
 * seal and its deal commit; then a restart (docs/contract.md §10.10, §10.12): a round caught
 * betting past its seal is voided with every stake refunded once; a sealed round is dealt from
 * its fixed start position and settled once; a dealt round keeps its cards and is settled once.
 * Rounds bet for 2 s through the test-only length. On the suite's database (PGlite or PostgreSQL).
 */
const ENV = { VENUE_CODES: 'HOUSE_TY:FBTY,HOUSE_ZR::ZR', VENUE_TEST_TABLE_SECONDS: '2' };
const CODE = 'LH1';
const def = tableDefinition(CODE)!;
const table = { ...def, ...demoTableSettings(def.kind) };
let procs: VenueProcesses | null = null;
afterEach(async () => {
  await procs?.cleanup();
  procs = null;
});

type Member = { playerId: string; token: string; zone: TableZone };

async function member(url: string, secret: string, playerId: string, zone: TableZone) {
  const call = merchantClient(url, secret);
  const launched = await call<{ url: string }>('launch', {
    venueCode: 'HOUSE_ZR',
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
    venueCode: 'HOUSE_ZR',
    playerId,
    transferId: `fund-${playerId}`,
    direction: 'in',
    amount: '1000.00',
  });
  expect(t.code).toBe(0);
  return { playerId, token, zone };
}

const view = async (url: string, token: string) =>
  TableView.parse(
    (
      (await (
        await fetch(`${url}/h5/api/tables/${CODE}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: unknown }
    ).data,
  );

/** Both members bet 10.00 on every round they see taking bets, until `stop` resolves. */
async function betUntil(url: string, members: Member[], stop: Promise<unknown>, onlyOnce = false) {
  let done = false;
  void stop.then(() => (done = true));
  const seen = new Set<string>();
  while (!done) {
    const t = await view(url, members[0]!.token).catch(() => null);
    const r = t?.round;
    if (r?.state === 'betting' && !seen.has(r.roundNo) && r.bettingEndsAt - Date.now() > 500) {
      seen.add(r.roundNo);
      for (const m of members) {
        await fetch(`${url}/h5/api/tables/${CODE}/bets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            requestKey: `k-${m.playerId}-${r.roundNo}`,
            roundNo: r.roundNo,
            bets: [{ zone: m.zone, amount: '10.00' }],
          }),
        }).catch(() => null);
      }
      if (onlyOnce) return r.roundNo;
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  return null;
}

async function crashed(db: Db, step: TableStep | 'killed', roundNo: string | null) {
  const r = await db.query<{ round_no: string }>(
    `SELECT round_no::text AS round_no FROM venue_table_rounds WHERE table_code = $1
      ${step === 'killed' ? 'AND round_no = $2' : 'AND state = $2'} ORDER BY round_no DESC LIMIT 1`,
    [CODE, step === 'killed' ? roundNo : step],
  );
  return findTableRound(db, CODE, r.rows[0]!.round_no);
}

async function run(step: TableStep | 'killed') {
  procs = await venueProcesses(ENV);
  const p = procs;
  const first = await p.start(
    step === 'killed' ? {} : { VENUE_TEST_CRASH: `table-step:${step}:${CODE}` },
  );
  const members = [
    await member(first.url, p.secret, `a-${Date.now().toString(36)}`, 'dragon'),
    await member(first.url, p.secret, `b-${Date.now().toString(36)}`, 'tiger'),
  ];
  let killedRound: string | null = null;
  if (step === 'killed') {
    killedRound = await betUntil(first.url, members, first.exited, true);
    first.child.kill('SIGKILL');
  } else {
    await betUntil(first.url, members, first.exited);
  }
  expect(await first.exited).toBe('SIGKILL');
  let db = await p.openDb();
  const before = (await crashed(db, step, killedRound))!;
  await db.close();
  const second = await p.start();
  const deadline = Date.now() + 25_000;
  for (;;) {
    const t = await view(second.url, members[0]!.token);
    if (t.round && BigInt(t.round.roundNo) > BigInt(before.roundNo)) break;
    if (Date.now() > deadline) throw new Error('the table did not go on after the restart');
    await new Promise((res) => setTimeout(res, 200));
  }
  second.child.kill('SIGTERM');
  await second.exited;
  db = await p.openDb();
  try {
    const after = (await findTableRound(db, CODE, before.roundNo))!;
    const bets = [];
    for (const m of members) {
      const all = await listPlayerGameBets(db, {
        merchant: 'NEBULA',
        venueCode: 'HOUSE_ZR',
        playerId: m.playerId,
        gameCode: CODE,
        roundNo: null,
        settled: null,
        before: null,
        limit: 100,
      });
      // Every bet ended once; the wallet is the stakes and the credits, nothing twice.
      expect(all.every((b) => b.status !== 'open')).toBe(true);
      const paid = all.reduce((s, b) => s + b.payout!, 0n) - all.reduce((s, b) => s + b.stake, 0n);
      const w = await db.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM venue_wallets WHERE player_id = $1`,
        [m.playerId],
      );
      expect(BigInt(w.rows[0]!.balance)).toBe(100_000n + paid);
      bets.push(...all.filter((b) => b.roundNo === before.roundNo));
    }
    const credits = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM venue_entries WHERE reference LIKE 'settle:%' OR reference LIKE 'void:%'
        GROUP BY reference HAVING count(*) > 1`,
    );
    expect(credits.rows).toEqual([]);
    return { before, after, bets };
  } finally {
    await db.close();
  }
}

const settledAsDealt = (after: TableRoundRow, bets: Awaited<ReturnType<typeof run>>['bets']) => {
  expect(after.state).toBe('settled');
  for (const b of bets) {
    const zone = b.marketId.split(':')[3] as TableZone;
    expect(b.payout).toBe(tablePayout(table, after.hand!, zone, b.stake));
  }
};

describe('kill -9 at each state of a table round', () => {
  it('while betting: past its seal the next leader voids it and refunds each stake once', async () => {
    const { before, after, bets } = await run('killed');
    // Killed at most 2 s before the seal, its lease (5 s, renewed within the last second)
    // keeps the next leader out until the seal's grace has passed.
    expect(before.state).toBe('betting');
    expect(bets.length).toBe(2);
    expect(after.state).toBe('voided');
    expect(after.hand?.cards).toHaveLength(2);
    expect(bets.every((b) => b.status === 'voided' && b.payout === b.stake)).toBe(true);
  }, 60_000);

  it('after the seal: dealt from its start position and settled once', async () => {
    const { before, after, bets } = await run('sealed');
    expect(before.state).toBe('sealed');
    expect(after.startPosition).toBe(before.startPosition);
    expect(bets.length).toBe(2);
    settledAsDealt(after, bets);
  }, 60_000);

  it('after the deal: the same cards are settled once', async () => {
    const { before, after, bets } = await run('dealt');
    expect(before.state).toBe('dealt');
    expect(after.hand).toEqual(before.hand);
    expect(bets.length).toBe(2);
    settledAsDealt(after, bets);
  }, 60_000);
});
