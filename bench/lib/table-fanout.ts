// Over 300 lines: both sides of the 2,000-socket fan-out and their shared venue set-up, so
// the two are measured on exactly the same table and round.
import { randomBytes } from 'node:crypto';
import WebSocket, { WebSocketServer } from 'ws';
import { PostgresDb, type Queryable } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import type { TableZone } from '@nebula/protocol/venue/games/tables-zones';
import type { ChannelFrame } from '@nebula/protocol/venue/live-channels';
import { h5LivePath } from '@nebula/protocol/venue/live-frames';
import { buildVenueApp } from '../../apps/venue/src/app';
import { migrateVenue } from '../../apps/venue/src/db/migrate';
import { loadVenueConfig } from '../../apps/venue/src/infra/config';
import { VenueError } from '../../apps/venue/src/infra/venue-error';
import { zoneTotals } from '../../apps/venue/src/modules/games/table-round.repository';
import { latestTableRound } from '../../apps/venue/src/modules/games/table.repository';
import {
  merchantAccount,
  playerAccount,
} from '../../apps/venue/src/modules/ledger/venue-accounts.model';
import { scratchDatabase } from './scratch-db';

/**
 * bench:tables part C: BENCH_SOCKETS (2,000) live sockets on 127.0.0.1 watching one table
 * while BENCH_FANOUT_MEMBERS (300) members × 4 placements of three bets rush its seal (part B's
 * rush), through the venue's live socket — the node looks every 250 ms and sends each change
 * once, serialized once — then the naive peer on the next round: the same rush, and after every
 * accepted bet the table's totals read again and broadcast to every socket. Measured per side:
 * frames delivered, lag from publish to receipt (p50, p99, max), and how long after the last
 * accepted bet every socket holds the final totals. Checks: every socket's last totals equal
 * the round's settled bets (ours) or its accepted bets (the peer, which pushes only totals).
 * The sockets are opened 100 at a time (bounded); everything runs in one process.
 */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const MEMBERS = Number(process.env.BENCH_FANOUT_MEMBERS ?? 300);
const REQUESTS = 4;
const WINDOW_MS = 2_000;
const VENUE = 'HOUSE_ZR';
const TABLE = 'BAC1';
const MERCHANT = 'NEBULA';

type Totals = { zone: string; amount: string }[];
interface Sink {
  frames: number;
  last: Totals | null;
  /** When this socket first held the totals the bench waits for. */
  converged: number | null;
  result: boolean;
}
const fen = (amount: string) => BigInt(amount.replace('.', ''));
const key = (t: Totals | Map<string, bigint>) =>
  JSON.stringify(
    (t instanceof Map ? [...t].map(([z, a]) => [z, a]) : t.map((z) => [z.zone, fen(z.amount)]))
      .filter(([, a]) => a !== 0n)
      .map(([z, a]) => `${String(z)}=${String(a)}`)
      .sort(),
  );
const betsOf = (i: number): { zone: TableZone; amount: string }[] => [
  { zone: i % 2 ? 'banker' : 'player', amount: '100.00' },
  { zone: 'tie', amount: '10.00' },
  { zone: i % 3 ? 'banker_pair' : 'player_pair', amount: '10.00' },
];
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : 0;
};
const until = async (test: () => boolean, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function fund(v: ReturnType<typeof buildVenueApp>, q: Queryable, playerId: string) {
  const k = { merchant: MERCHANT, venueCode: VENUE, playerId };
  await v.ledger.post(q, {
    reference: `bench-fund:${playerId}`,
    kind: 'transfer_in',
    postings: [
      { account: merchantAccount(k), amount: -1_000_000_00n },
      { account: playerAccount(k), amount: 1_000_000_00n },
    ],
  });
}

export async function runTableFanout(): Promise<{ ok: boolean; table: string; results: unknown }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('bench:tables part C needs BENCH_DATABASE_URL');
  const scratch = await scratchDatabase(adminUrl, 'nebula_bench_fanout');
  const db = PostgresDb.open(scratch.url, 24);
  const clock = { offset: 0 };
  const now = () => Date.now() + clock.offset;
  const config = loadVenueConfig({
    NODE_ENV: 'test',
    VENUE_MERCHANTS: `${MERCHANT}=${'b'.repeat(40)}`,
    VENUE_CODES: `${VENUE}::ZR`,
    VENUE_LIVE_PER_ADDRESS: String(SOCKETS + 100),
    VENUE_LIVE_UNAUTHED_PER_ADDRESS: '200',
  });
  const venue = buildVenueApp({ config, db, now });
  const peer = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const clients: WebSocket[] = [];
  try {
    await migrateVenue(db);
    await venue.init();
    await venue.games.clock.tick();
    await db.tx(async (q) => {
      for (let i = 0; i < MEMBERS; i++) await fund(venue, q, `m${i}`);
    });
    const base = (await venue.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');

    // 2,000 game sessions, then their sockets, 100 at a time.
    const ours: Sink[] = [];
    const lagsOurs: number[] = [];
    for (let from = 0; from < SOCKETS; from += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, SOCKETS - from) }, async (_, j) => {
          const launched = await venue.sessions.launch(MERCHANT, {
            venueCode: VENUE,
            playerId: `w${from + j}`,
            nickname: '观众',
            preload: false,
          });
          const urlToken = new URL(launched.url).searchParams.get('token')!;
          const { token } = await venue.sessions.exchange(urlToken, (p) => venue.h5.preferences(p));
          const sink: Sink = { frames: 0, last: null, converged: null, result: false };
          const ws = new WebSocket(`${base}${h5LivePath}`);
          clients.push(ws);
          await new Promise<void>((resolve, reject) => {
            ws.once('error', reject);
            ws.on('message', (data: Buffer) => {
              const f = JSON.parse(data.toString('utf8')) as ChannelFrame | { type: string };
              if (f.type === 'ready')
                ws.send(JSON.stringify({ type: 'watch', channels: [`table:${TABLE}`] }));
              if (!('channel' in f)) return;
              sink.frames += 1;
              if (f.type === 'table.snapshot') {
                sink.last = f.round?.zoneTotals ?? null;
                resolve();
              } else if (f.type === 'table.totals') {
                lagsOurs.push(Date.now() - (f.at - clock.offset));
                sink.last = f.zoneTotals;
              } else if (f.type === 'table.result' && f.state === 'settled') sink.result = true;
            });
            ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
          });
          ours.push(sink);
        }),
      );
    }
    // One side's rush: every member's placements in the last 2 s before the round's seal.
    const rush = async (onBet: (n: number) => Promise<void>) => {
      const round = (await latestTableRound(db, TABLE))!;
      clock.offset = round.sealAt - WINDOW_MS - Date.now();
      let lastAccepted = 0;
      const placed = await Promise.all(
        Array.from({ length: MEMBERS }, async (_, i) => {
          let n = 0;
          for (let r = 0; r < REQUESTS; r++) {
            try {
              const res = await venue.games.tables.bets.place(
                { merchant: MERCHANT, venueCode: VENUE, playerId: `m${i}` },
                TABLE,
                {
                  requestKey: randomBytes(12).toString('hex'),
                  roundNo: round.roundNo,
                  bets: betsOf(i),
                },
              );
              lastAccepted = Date.now();
              n += res.bets.length;
              await onBet(res.bets.length);
            } catch (err) {
              if (err instanceof VenueError && err.code === ErrorCode.VenueTableBetSealed) break;
              throw err;
            }
          }
          return n;
        }),
      );
      return { round, bets: placed.reduce((a, b) => a + b, 0), lastAccepted };
    };
    const settle = async (round: { sealAt: number; dealAt: number }) => {
      clock.offset = round.sealAt + 10 - Date.now();
      await venue.games.clock.tick();
      clock.offset = round.dealAt + 10 - Date.now();
      await venue.games.clock.tick();
    };

    // Ours: the node's channel hub fans the totals out.
    const a = await rush(async () => {});
    const acceptedA = await zoneTotals(db, TABLE, a.round.roundNo);
    const wantA = key(acceptedA);
    const convergedA = { at: 0 };
    await until(
      () => {
        for (const s of ours)
          if (s.converged === null && s.last && key(s.last) === wantA) s.converged = Date.now();
        convergedA.at = Math.max(...ours.map((s) => s.converged ?? 0));
        return ours.every((s) => s.converged !== null);
      },
      60_000,
      'every socket to hold the final totals',
    );
    const oursFrames = ours.reduce((n, s) => n + s.frames, 0);
    await settle(a.round);
    await until(() => ours.every((s) => s.result), 60_000, 'the settled result on every socket');
    const settledA = await db.query<{ zone: string; stake: string }>(
      `SELECT split_part(l.selection_id, ':', 4) AS zone, sum(b.stake)::text AS stake
         FROM venue_bets b JOIN venue_bet_legs l ON l.bet_id = b.id AND l.leg = 1
        WHERE b.game_code = $1 AND b.round_no = $2 AND b.status = 'settled' GROUP BY 1`,
      [TABLE, a.round.roundNo],
    );
    const settledKey = key(new Map(settledA.rows.map((r) => [r.zone, BigInt(r.stake)])));
    const oursEqualSettled = ours.every((s) => s.last !== null && key(s.last) === settledKey);
    for (const ws of clients) ws.close();

    // The naive peer: a broadcast of the table's totals per accepted bet to every socket.
    const peerAddress = peer.address() as { port: number };
    const sinks: Sink[] = [];
    const lagsPeer: number[] = [];
    for (let from = 0; from < SOCKETS; from += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, SOCKETS - from) }, async () => {
          const sink: Sink = { frames: 0, last: null, converged: null, result: false };
          const ws = new WebSocket(`ws://127.0.0.1:${peerAddress.port}`);
          clients.push(ws);
          ws.on('message', (data: Buffer) => {
            const f = JSON.parse(data.toString('utf8')) as { at: number; zoneTotals: Totals };
            sink.frames += 1;
            lagsPeer.push(Date.now() - f.at);
            sink.last = f.zoneTotals;
          });
          await new Promise((resolve, reject) => {
            ws.once('open', resolve);
            ws.once('error', reject);
          });
          sinks.push(sink);
        }),
      );
    }
    // The next round opens after the last one's show time.
    clock.offset += 15_000;
    await venue.games.clock.tick();
    const b = await rush(async (n) => {
      const roundNo = (await latestTableRound(db, TABLE))!.roundNo;
      for (let i = 0; i < n; i++) {
        const totals = await zoneTotals(db, TABLE, roundNo);
        const text = JSON.stringify({
          at: Date.now(),
          zoneTotals: [...totals].map(([zone, amt]) => ({
            zone,
            amount: `${amt / 100n}.${String(amt % 100n).padStart(2, '0')}`,
          })),
        });
        for (const ws of peer.clients) ws.send(text);
      }
    });
    const wantB = key(await zoneTotals(db, TABLE, b.round.roundNo));
    const convergedB = { at: 0 };
    await until(
      () => {
        for (const s of sinks)
          if (s.converged === null && s.last && key(s.last) === wantB) s.converged = Date.now();
        convergedB.at = Math.max(...sinks.map((s) => s.converged ?? 0));
        return sinks.every((s) => s.converged !== null);
      },
      120_000,
      'every peer socket to hold the final totals',
    );
    const peerEqualAccepted = sinks.every((s) => s.last !== null && key(s.last) === wantB);
    const peerFrames = sinks.reduce((n, s) => n + s.frames, 0);

    const side = (
      frames: number,
      lags: number[],
      bets: number,
      converged: number,
      last: number,
    ) => ({
      frames,
      bets,
      p50: quantile(lags, 0.5),
      p99: quantile(lags, 0.99),
      max: lags.reduce((m, x) => (x > m ? x : m), 0),
      convergeMs: converged - last,
    });
    const o = side(oursFrames, lagsOurs, a.bets, convergedA.at, a.lastAccepted);
    const p = side(peerFrames, lagsPeer, b.bets, convergedB.at, b.lastAccepted);
    const ok = oursEqualSettled && peerEqualAccepted && o.p99 <= p.p99;
    const row = (x: typeof o) =>
      `${x.bets} bets; ${x.frames.toLocaleString('en-US')} frames delivered; lag p50 ${x.p50} ms, p99 ${x.p99} ms, max ${x.max} ms; every socket final ${x.convergeMs} ms after the last bet`;
    const table = [
      '| scenario | ours (channel hub) | naive (broadcast per bet) |',
      '|---|---|---|',
      `| ${SOCKETS.toLocaleString('en-US')} sockets watching ${TABLE}, ${MEMBERS} members × ${REQUESTS} placements of 3 bets in the last 2 s | ${row(o)} | ${row(p)} |`,
      '',
      `Every socket's last totals equal the round's settled bets (ours): ${oursEqualSettled}; the peer's equal its accepted bets: ${peerEqualAccepted}. Lag is from the frame's publish (the hub's look, the peer's send) to its receipt; frames delivered count ours from the snapshot up to the final totals (before the seal) and every totals push of the peer's.`,
    ].join('\n');
    return {
      ok,
      table,
      results: {
        sockets: SOCKETS,
        members: MEMBERS,
        ours: o,
        peer: p,
        oursEqualSettled,
        peerEqualAccepted,
      },
    };
  } finally {
    for (const ws of clients) ws.terminate();
    await new Promise((r) => peer.close(r));
    await venue.app.close();
    await db.close();
    await scratch.drop();
  }
}
