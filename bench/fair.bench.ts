/**
 * bench:fair — the provably fair algorithm's pure TypeScript (packages/protocol/src/fair, the
 * code browsers run) against node:crypto (OpenSSL) as the peer, in the same process and run:
 *   sha256 32 B:    one chain link (what verifying or deriving a chain costs per step);
 *   sha256 1 MiB:   bulk throughput (a paytable's hash);
 *   hmac block:     one stream block, key given each call on both sides;
 *   int(10) stream: 1,000,000 draws of int(10) (a busy day of 时时彩 digits), ours against the
 *                   same algorithm written on createHmac; both streams must agree.
 * Rounds alternate ours and the peer; the median of BENCH_ROUNDS (default 5) is reported with
 * the ratio ours ÷ peer (above 1× means ours is faster). BENCH_SCALE shrinks or grows the work.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  asciiBytes,
  createStream,
  hexToBytes,
  hmacSha256,
  seedKey,
  sha256,
} from '@nebula/protocol/fair/index';
import { median, writeReport } from './lib/report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);

interface Case {
  name: string;
  unit: string;
  ops: number;
  ours: () => unknown;
  peer: () => unknown;
}

/** A peer stream: the same byte stream and int(n) on node:crypto's HMAC. */
function peerStream(seed: Uint8Array, message: string) {
  const key = Buffer.from(Buffer.from(seed).toString('hex'), 'ascii');
  let k = 0;
  let block = Buffer.alloc(0);
  let used = 8;
  const next = () => {
    if (used === 8) {
      block = createHmac('sha256', key).update(`${message}:${k}`).digest();
      k += 1;
      used = 0;
    }
    return block.readUInt32BE(4 * used++);
  };
  return {
    int(n: number): number {
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const u = next();
        if (u < limit) return u % n;
      }
    },
  };
}

const seed = hexToBytes('5eed'.repeat(16));
const link = sha256(seed);
const linkBuffer = Buffer.from(link);
const mib = new Uint8Array(1 << 20).map((_, i) => (i * 31) & 0xff);
const mibBuffer = Buffer.from(mib);
const key = seedKey(seed);
const keyBuffer = Buffer.from(key);
const message = asciiBytes('nebula_Player-7:123:0');
const messageBuffer = Buffer.from(message);
const streamDraws = Math.round(1_000_000 * SCALE);

const cases: Case[] = [
  {
    name: 'sha256, 32-byte chain link',
    unit: 'hashes/s',
    ops: Math.round(200_000 * SCALE),
    ours: () => sha256(link),
    peer: () => createHash('sha256').update(linkBuffer).digest(),
  },
  {
    name: 'sha256, 1 MiB',
    unit: 'MiB/s',
    ops: Math.max(1, Math.round(40 * SCALE)),
    ours: () => sha256(mib),
    peer: () => createHash('sha256').update(mibBuffer).digest(),
  },
  {
    name: 'hmac-sha256, one stream block (key each call)',
    unit: 'blocks/s',
    ops: Math.round(100_000 * SCALE),
    ours: () => hmacSha256(key, message),
    peer: () => createHmac('sha256', keyBuffer).update(messageBuffer).digest(),
  },
];

function time(fn: () => unknown, ops: number): number {
  const t0 = performance.now();
  for (let i = 0; i < ops; i++) fn();
  return (performance.now() - t0) / 1000;
}

function timeStream(make: () => { int(n: number): number }): number {
  const t0 = performance.now();
  const s = make();
  for (let i = 0; i < streamDraws; i++) s.int(10);
  return (performance.now() - t0) / 1000;
}

// The peer must be the same algorithm: both streams agree on their first 10,000 draws.
const a = createStream(seed, 'agree:1');
const b = peerStream(seed, 'agree:1');
for (let i = 0; i < 10_000; i++) {
  const n = 1 + (i % 3_000_000_000);
  if (a.int(n) !== b.int(n)) throw new Error(`streams disagree at draw ${i}`);
}

interface Row {
  name: string;
  unit: string;
  ours: number[];
  peer: number[];
}
const rows: Row[] = [];
for (const c of cases) {
  // Warm both JITs before timing.
  for (let i = 0; i < 2_000; i++) {
    c.ours();
    c.peer();
  }
  const row: Row = { name: c.name, unit: c.unit, ours: [], peer: [] };
  for (let r = 0; r < ROUNDS; r++) {
    row.ours.push(c.ops / time(c.ours, c.ops));
    row.peer.push(c.ops / time(c.peer, c.ops));
  }
  rows.push(row);
}
const streamRow: Row = { name: 'int(10) stream', unit: 'draws/s', ours: [], peer: [] };
for (let r = 0; r < ROUNDS; r++) {
  streamRow.ours.push(streamDraws / timeStream(() => createStream(seed, `bench:${r}`)));
  streamRow.peer.push(streamDraws / timeStream(() => peerStream(seed, `bench:${r}`)));
}
rows.push(streamRow);

const fmt = (v: number) =>
  v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1).replace(/\.0$/, '');
const results = rows.map((row) => {
  const ours = median(row.ours);
  const peer = median(row.peer);
  return { ...row, oursMedian: ours, peerMedian: peer, ratio: ours / peer };
});
const table = [
  `| measure (median of ${ROUNDS} runs) | ours (TypeScript) | peer (node:crypto) | ratio ours ÷ peer |`,
  '|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${fmt(r.oursMedian)} ${r.unit} | ${fmt(r.peerMedian)} ${r.unit} | ${r.ratio.toFixed(2)}× |`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
await writeReport('fair', { rounds: ROUNDS, scale: SCALE, streamDraws, results }, table);
