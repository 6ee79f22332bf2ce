import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgliteDb, PostgresDb, type Db } from '@nebula/db';
import { testDatabases, testDbKind } from '@nebula/db/testing';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import {
  MERCHANT_HEADERS,
  merchantPaths,
  type BetVersion,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';
import { parseMoney } from '@nebula/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateVenue } from '../db/migrate';
import { newNonce, signMerchant } from '../merchant/merchant-signing';
import { reconcile } from '../wallet/venue-ledger.repository';

/**
 * `kill -9` of the venue in the middle of settlement (issue 10, "Done when"): bets are placed,
 * the venue restarts a day later with a hook that kills it inside a settlement batch (after its
 * writes, before its commit), then restarts again. Every bet ends settled exactly once — one
 * payout entry at most, its postings equal to payout − stake, versions 1 and 2 only — and the
 * books reconcile. On the suite's database: a PGlite data directory or PostgreSQL.
 */
const venueDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SECRET = randomBytes(32).toString('hex');
const DAY = 24 * 3600_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

interface Proc {
  url: string;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
}

function start(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: venueDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => Promise.resolve(child.kill('SIGKILL')));
  let out = '';
  const exited = new Promise<NodeJS.Signals | number | null>((r) =>
    child.on('exit', (code, signal) => r(signal ?? code)),
  );
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /house venue on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((how) => reject(new Error(`venue exited (${how}): ${out}`)));
  });
}

/** Merchant calls signed at the venue's (possibly skewed) time. */
const merchant =
  (url: string, skew: number) =>
  async <T>(name: MerchantCall, body: unknown): Promise<{ code: number; data?: T }> => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now() + skew);
    const nonce = newNonce();
    const p = merchantPaths[name];
    const r = await fetch(url + p, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [MERCHANT_HEADERS.merchant]: 'NEBULA',
        [MERCHANT_HEADERS.timestamp]: timestamp,
        [MERCHANT_HEADERS.nonce]: nonce,
        [MERCHANT_HEADERS.signature]: signMerchant(SECRET, {
          method: 'POST',
          pathWithQuery: p,
          timestamp,
          nonce,
          body: raw,
        }),
      },
      body: raw,
    });
    return (await r.json()) as { code: number; data?: T };
  };

describe('kill -9 during settlement', () => {
  it('every bet is settled exactly once after restarts and the books reconcile', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'venue-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let pgUrl = '';
    if (testDbKind() === 'postgres') {
      const t = await testDatabases(migrateVenue)();
      await t.db.close();
      pgUrl = t.url!;
      cleanups.push(() => t.drop());
    }
    const env = {
      NODE_ENV: 'test',
      VENUE_HOST: '127.0.0.1',
      VENUE_PORT: '0',
      VENUE_DATA_DIR: dataDir,
      VENUE_DATABASE_URL: pgUrl,
      VENUE_MERCHANTS: `NEBULA=${SECRET}`,
      VENUE_CODES: 'HOUSE_TY:FBTY',
      VENUE_TICK_MS: '100',
      VENUE_SETTLE_BATCH: '20',
    };
    if (!pgUrl) delete (env as Partial<typeof env>).VENUE_DATABASE_URL;

    // Day one: 20 players bet on the matches of the next 20 hours.
    let proc = await start(env);
    let call = merchant(proc.url, 0);
    const placed: { betId: string; playerId: string; stake: bigint }[] = [];
    const players: string[] = [];
    const horizon = Date.now() + 20 * 3600_000;
    let upcoming: EventView[] = [];
    for (let i = 0; i < 20; i += 1) {
      const playerId = `crash-${i}-${Date.now().toString(36)}`;
      players.push(playerId);
      await call('transfer', {
        venueCode: 'HOUSE_TY',
        playerId,
        transferId: `crash-in-${playerId}`,
        direction: 'in',
        amount: '500.00',
      });
      const launched = await call<{ url: string }>('launch', {
        venueCode: 'HOUSE_TY',
        playerId,
        nickname: '玩家',
      });
      const ex = await fetch(`${proc.url}/h5/api/session/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: new URL(launched.data!.url).searchParams.get('token') }),
      });
      const token = ((await ex.json()) as { data: { token: string } }).data.token;
      const page = async <T>(p: string, body?: unknown): Promise<{ code: number; data: T }> => {
        const r = await fetch(`${proc.url}/v1${p}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return (await r.json()) as { code: number; data: T };
      };
      if (upcoming.length === 0) {
        for (let wait = 0; upcoming.length < 6 && wait < 100; wait += 1) {
          const lists = await Promise.all(
            ['today', 'early'].map((tab) => page<{ events: EventView[] }>(`/events?tab=${tab}`)),
          );
          upcoming = lists
            .flatMap((l) => l.data.events)
            .filter((e) => e.status === 'scheduled' && e.startsAt < horizon && e.markets.length > 0)
            .slice(0, 8);
          if (upcoming.length < 6) await new Promise((r) => setTimeout(r, 100));
        }
        expect(upcoming.length).toBeGreaterThanOrEqual(6);
      }
      for (const [k, ev] of upcoming.entries()) {
        const m = ev.markets[(i + k) % ev.markets.length]!;
        const s = m.selections[(i + k) % m.selections.length]!;
        const r = await page<BetView>('/bet/place', {
          requestKey: `crash-${playerId}-${k}`,
          legs: [{ selectionId: s.selectionId, oddsMilli: s.oddsMilli }],
          stake: '10.00',
          oddsPolicy: 'any',
        });
        expect(r.code).toBe(0);
        placed.push({ betId: r.data.betId, playerId, stake: 10_00n });
      }
      const legs = upcoming.slice(0, 3).map((ev) => {
        const s = ev.markets[0]!.selections[i % ev.markets[0]!.selections.length]!;
        return { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
      });
      const parlay = await page<BetView>('/bet/place', {
        requestKey: `crash-${playerId}-parlay`,
        legs,
        stake: '20.00',
        oddsPolicy: 'any',
      });
      expect(parlay.code).toBe(0);
      placed.push({ betId: parlay.data.betId, playerId, stake: 20_00n });
    }
    proc.child.kill('SIGTERM');
    await proc.exited;

    // A day later the matches are over: the venue dies inside its fourth settlement batch.
    const later = { ...env, VENUE_TEST_CLOCK_SKEW_MS: String(DAY) };
    proc = await start({ ...later, VENUE_TEST_CRASH: 'settle-batch:4' });
    expect(await proc.exited).toBe('SIGKILL');

    // Restarted, it settles what is left.
    proc = await start(later);
    call = merchant(proc.url, DAY);
    const versions = new Map<string, BetVersion[]>();
    let cursor = '';
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const r = await call<{ changes: BetVersion[]; cursor: string }>('betChanges', {
        venueCode: 'HOUSE_TY',
        cursor,
        limit: 1000,
      });
      for (const c of r.data!.changes) {
        versions.set(c.betId, [...(versions.get(c.betId) ?? []), c]);
      }
      cursor = r.data!.cursor;
      if (placed.every((b) => versions.get(b.betId)?.some((x) => x.kind === 'settled'))) break;
      await new Promise((res) => setTimeout(res, 250));
    }
    for (const b of placed) {
      expect(versions.get(b.betId)!.map((x) => [x.version, x.kind])).toEqual([
        [1, 'accepted'],
        [2, 'settled'],
      ]);
    }
    const wallets = await Promise.all(
      players.map(async (playerId) => {
        const r = await call<{ balance: string }>('balance', { venueCode: 'HOUSE_TY', playerId });
        return parseMoney(r.data!.balance);
      }),
    );
    proc.child.kill('SIGTERM');
    await proc.exited;

    const db: Db = pgUrl
      ? PostgresDb.open(pgUrl, 2)
      : await PgliteDb.open({ dataDir: path.join(dataDir, 'db') });
    try {
      expect(await reconcile(db)).toEqual({ unbalanced: 0, drift: 0 });
      for (const [i, playerId] of players.entries()) {
        let expected = 500_00n;
        for (const b of placed.filter((x) => x.playerId === playerId)) {
          const settled = versions.get(b.betId)!.find((x) => x.kind === 'settled')!;
          const payout = parseMoney(settled.payout!);
          expected += payout - b.stake;
          const entries = await db.query<{ n: number; s: string }>(
            `SELECT count(DISTINCT e.id)::int AS n, COALESCE(sum(p.amount), 0)::text AS s
               FROM venue_entries e JOIN venue_postings p ON p.entry_id = e.id
              WHERE p.account = $1 AND (e.reference = 'bet:' || $2
                 OR starts_with(e.reference, 'settle:' || $2 || ':'))`,
            [`player:NEBULA:HOUSE_TY:${playerId}`, b.betId],
          );
          // The stake entry and at most one payout entry: never two.
          expect(entries.rows[0]!.n).toBe(payout > 0n ? 2 : 1);
          expect(BigInt(entries.rows[0]!.s)).toBe(payout - b.stake);
        }
        expect(wallets[i]).toBe(expected);
      }
    } finally {
      await db.close();
    }
  }, 240_000);
});
