import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@nebula/db';
import { drawK3, hexToBytes, roundMessage, verifyChainLink } from '@nebula/protocol';
import type { RoundView } from '@nebula/protocol/venue/games/index';
import { merchantClient, venueProcesses, type VenueProcesses } from '../../test/venue-process';
import { listChains } from './chain.repository';
import { SEAL_GRACE_MS, type GameStep } from './game-clock';
import { recentRounds, type RoundRow } from './games.repository';

/**
 * `kill -9` of the venue right after each step of a 极速快3 round commits (open, sealed, drawn,
 * settled), then a restart: the takeover rules of docs/contract.md §10.10 hold — an open round
 * before its seal continues, one past its seal is voided with its seed and would-be outcome
 * revealed, a sealed or drawn round is drawn from its committed seed and settled once — no
 * round is drawn twice and no outcome changes. Draws every 3 s (sealed 1 s before) through the
 * test-only interval, under the crash tests' 5 s lease (venue-process.ts). On the suite's
 * database: a PGlite data directory or PostgreSQL.
 */
const DRAW = { VENUE_TEST_DRAW_SECONDS: '3' };
let procs: VenueProcesses | null = null;
afterEach(async () => {
  await procs?.cleanup();
  procs = null;
});

async function sessionToken(url: string, secret: string): Promise<string> {
  const call = merchantClient(url, secret);
  const launched = await call<{ url: string }>('launch', {
    venueCode: 'HOUSE_TY',
    playerId: `games-${Date.now().toString(36)}`,
    nickname: '玩家',
  });
  const ex = await fetch(`${url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(launched.data!.url).searchParams.get('token') }),
  });
  return ((await ex.json()) as { data: { token: string } }).data.token;
}

/** Waits until the round is final and a later round is settled (the clock goes on). */
async function waitPast(url: string, token: string, roundNo: string): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const r = await fetch(`${url}/h5/api/games/JSK3/results?limit=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const rounds = ((await r.json()) as { data?: { rounds: RoundView[] } }).data?.rounds ?? [];
    const it = rounds.find((x) => x.roundNo === roundNo);
    const later = rounds.some((x) => x.roundNo > roundNo && x.status === 'settled');
    if (it && (it.status === 'settled' || it.status === 'voided') && later) return;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`round ${roundNo} did not finish after the restart`);
}

async function readRounds(p: VenueProcesses): Promise<{ rounds: RoundRow[]; db: Db }> {
  const db = await p.openDb();
  return { rounds: await recentRounds(db, 'JSK3', 1000, false), db };
}

/** Every revealed round verifies: its outcome from its seed, its seed on its chain. */
async function expectAllVerifiable(db: Db, rounds: RoundRow[]): Promise<void> {
  const chains = await listChains(db, 'JSK3');
  for (const r of rounds.filter((x) => x.seed !== null)) {
    const seed = hexToBytes(r.seed!);
    expect(r.outcome).toEqual(drawK3(seed, roundMessage('JSK3', r.roundNo)).outcome);
    const c = chains.find((x) => x.chainId === r.chainId)!;
    expect(verifyChainLink(seed, r.chainIndex, hexToBytes(c.commitment), 0).ok).toBe(true);
  }
  const indexes = rounds.map((r) => `${r.chainId}:${r.chainIndex}`);
  expect(new Set(indexes).size).toBe(indexes.length);
}

/**
 * Runs one crash: the venue dies right after `step` of a round and restarts; answers the
 * crashed round before and after, with the earliest time the restarted venue could lead.
 */
async function crashAt(step: GameStep) {
  procs = await venueProcesses(DRAW);
  const p = procs;
  const dying = await p.start({ VENUE_TEST_CRASH: `game-step:${step}:JSK3` });
  expect(await dying.exited).toBe('SIGKILL');
  const before = await readRounds(p);
  // The dead node's lease: no other node leads before it runs out.
  const lease = await before.db.query<{ lease_until: Date }>(
    'SELECT lease_until FROM venue_leader WHERE id = 1',
  );
  await before.db.close();
  // The crashed round: the newest for `open`, else the newest that reached the step.
  const crashed = before.rounds.find((r) => step === 'open' || r.status === step)!;
  expect(crashed).toBeDefined();
  const proc = await p.start();
  const takeoverAt = Math.max(Date.now(), lease.rows[0]!.lease_until.getTime());
  await waitPast(proc.url, await sessionToken(proc.url, p.secret), crashed.roundNo);
  proc.child.kill('SIGTERM');
  await proc.exited;
  const after = await readRounds(p);
  try {
    await expectAllVerifiable(after.db, after.rounds);
    // Nothing drawn before the crash was drawn again or changed.
    for (const b of before.rounds.filter((r) => r.drawnAt !== null || r.voidedAt !== null)) {
      const a = after.rounds.find((r) => r.roundNo === b.roundNo)!;
      expect(a).toMatchObject({
        seed: b.seed,
        outcome: b.outcome,
        drawnAt: b.drawnAt,
        voidedAt: b.voidedAt,
      });
    }
    const later = after.rounds.find((r) => r.roundNo === crashed.roundNo)!;
    return { crashed, later, takeoverAt };
  } finally {
    await after.db.close();
  }
}

describe('kill -9 at each step of a game round', () => {
  it('after open: the next leader, past its seal, voids it (missed seal) and reveals its seed', async () => {
    const { crashed, later, takeoverAt } = await crashAt('open');
    expect(crashed.status).toBe('open');
    // The dead node's lease must run out first: renewed at most 1 s before the crash, it lasts
    // 5 s, past the seal (at most 2 s after the opening) and its grace, so the round is voided
    // with its seed and would-be outcome shown.
    expect(takeoverAt).toBeGreaterThan(crashed.sealAt + SEAL_GRACE_MS);
    expect(later).toMatchObject({ status: 'voided', voidCause: 'missed_seal' });
    expect(later.seed).not.toBeNull();
    expect(later.outcome).toHaveLength(3);
  }, 90_000);

  it('after sealed: the round is drawn from its committed seed and settled once', async () => {
    const { crashed, later } = await crashAt('sealed');
    expect(crashed).toMatchObject({ status: 'sealed', seed: null });
    expect(later.status).toBe('settled');
  }, 90_000);

  it('after drawn: the same outcome is settled', async () => {
    const { crashed, later } = await crashAt('drawn');
    expect(crashed.status).toBe('drawn');
    expect(later).toMatchObject({
      status: 'settled',
      outcome: crashed.outcome,
      seed: crashed.seed,
    });
  }, 90_000);

  it('after settled: nothing is redone', async () => {
    const { crashed, later } = await crashAt('settled');
    expect(crashed.status).toBe('settled');
    expect(later).toEqual(crashed);
  }, 90_000);
});
