/*
 * Over 300 lines on purpose: the benchmark, its peer and its report in one script so a run is
 * self-contained.
 */
/**
 * bench:chat — up to 20,000 sockets in one room of one node (the server's hard limit of open
 * files, less what it holds itself): broadcast delivery rate and latency of our chat (a staff
 * sender, so flood control is not what is measured) against a minimal `ws` broadcast loop with
 * the same clients and payload, in the same run; heap and RSS per idle socket after a full
 * collection; and, when PostgreSQL and Redis are given (BENCH_DATABASE_URL/TEST_DATABASE_URL,
 * TEST_REDIS_URL), p99 cross-node delivery over Redis and lost messages. The clients live in
 * driver processes (`lib/chat-driver.ts`), so reading them is not this process's bottleneck.
 * Each side gets a burst past what the machine drains (its capacity), then a round paced at
 * BENCH_CHAT_PACE (0.7) of the deliveries/s the loop drained in that burst, so every message
 * can reach every socket and the rates compare a room that keeps up on both sides.
 * Goals: ≥ 0.9× the peer at that pace with every message delivered; ≤ 100 ms p99 cross-node at
 * that pace; no message lost. Every round checks each message against each client
 * (`lib/chat-loss.ts`) and the staff sender keeps its own account (`lib/chat-sender.ts`: its
 * copies back, coded refusals, its socket's close); any loss fails the run after the report.
 */
import { randomBytes } from 'node:crypto';
import { readFile, readdir, readlink, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ChatDrivers } from './lib/chat-drivers';
import { describeLoss, roundLoss, type RoundLoss } from './lib/chat-loss';
import {
  BENCH_SECRETS as secrets,
  HEARTBEAT,
  connect,
  staffSender,
  type SenderAccount,
  type StaffSender,
} from './lib/chat-sender';
import { memoryAfterGc } from './lib/inspector-memory';
import { writeReport } from './lib/report';
import { spawnServer, type Spawned } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CLIENTS_WANTED = Number(process.env.BENCH_CHAT_CLIENTS ?? 5000);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 50);
const DRIVERS = Math.max(2, Number(process.env.BENCH_CHAT_DRIVERS ?? 2));
const CROSS_NODE_CLIENTS = Number(process.env.BENCH_CHAT_CROSS_CLIENTS ?? 1000);
/**
 * The node's open-files limit, when not its hard limit: the room then fills to this limit less
 * the reserve, so a node at the edge of its files (as at 20,000) is reproduced with a few thousand.
 */
const NODE_FILES = process.env.BENCH_CHAT_NODE_FILES
  ? Number(process.env.BENCH_CHAT_NODE_FILES)
  : null;
/** Development: only the cross-node part. */
const CROSS_ONLY = process.env.BENCH_CHAT_CROSS_ONLY === '1';
/** The paced rounds offer this fraction of the deliveries/s the minimal loop drained in the run. */
const PACE = Number(process.env.BENCH_CHAT_PACE ?? 0.7);
/** Messages this far apart outrun what the machine drains: the measured rate is its capacity. */
const BURST_MS = 20;
/** Milliseconds between messages so that `clients` sockets are offered PACE × `drainRate`. */
const pacedInterval = (clients: number, drainRate: number) =>
  Math.max(1, Math.round((clients * 1000) / (PACE * drainRate)));
/** Open files a node keeps besides its clients: database, sender, inspector, logs, margin. */
const OWN_FILES_RESERVE = 64;
const JOIN_LOBBY = {
  frame: JSON.stringify({ msgId: 10002, msgData: { roomId: 1 } }),
  answerMsgId: 10002,
};
/** The machine's load average (1, 5, 15 min): runs on a shared machine are read against it. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The wall clock at sub-ms resolution; `performance.timeOrigin` was seen 21 ms off Date.now(). */
const clockBase = Date.now() - performance.now();
const wallNow = () => clockBase + performance.now();

/** How many more sockets a process may open: its soft limit less the files it holds now. */
async function socketRoom(pid: number): Promise<{ limit: number; open: number; room: number }> {
  const limits = await readFile(`/proc/${pid}/limits`, 'utf8');
  const limit = Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? 1024);
  const open = (await readdir(`/proc/${pid}/fd`)).length;
  return { limit, open, room: limit - open - OWN_FILES_RESERVE };
}

/**
 * What a process's open files are, by kind ({ socket: 2848, "data dir": 110, … }; other files
 * by their directory): what a full node holds besides its clients' sockets.
 */
async function fileKinds(pid: number): Promise<Record<string, number>> {
  const kinds: Record<string, number> = {};
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => 'gone');
    const kind =
      /^(\w+):/.exec(target)?.[1] ??
      (target.includes('/nebula-bench-chat-') ? 'data dir' : path.dirname(target));
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

interface Memory {
  heapKb: number;
  externalKb: number;
  rssKb: number;
}
async function memory(node: Spawned): Promise<Memory> {
  const m = await memoryAfterGc(node.inspectorUrl!);
  return { heapKb: m.heapUsed / 1024, externalKb: m.external / 1024, rssKb: m.rss / 1024 };
}
const perSocket = (before: Memory, after: Memory, n: number) => ({
  heapKb: (after.heapKb - before.heapKb) / n,
  externalKb: (after.externalKb - before.externalKb) / n,
  rssKb: (after.rssKb - before.rssKb) / n,
});

interface Result {
  rate: number;
  p50: number;
  p99: number;
  delivered: number;
  expected: number;
  /** Clients the server closed during the round, by close code. */
  closedByServer: Record<string, number>;
  /** Every message against every client: what was lost and how (lib/chat-loss.ts). */
  loss: RoundLoss;
  /** Our sender's own account of the round (null for the peer's). */
  sender: SenderAccount | null;
}

/** Rounds that lost deliveries, by label: any fails the run once its report is written. */
const failures: string[] = [];
/** A round waits this long for its last deliveries, and gives up sooner once nothing arrives. */
const DEADLINE_MS = 120_000;
const STALL_MS = 20_000;

/**
 * Sends MESSAGES tagged messages `intervalMs` apart and waits until every client got each (or the
 * deadline passes, or nothing arrived for STALL_MS). The rate counts from the first send to the
 * last arrival. Every message is then checked against every client: a loss is reported with how
 * it fell (and, for ours, what the sender saw: its own copies back, coded refusals, a close).
 */
async function measure(
  label: string,
  send: (tag: string) => void,
  drivers: ChatDrivers,
  clients: number,
  intervalMs = 20,
  sentAt = new Map<string, number>(),
  sender: StaffSender | null = null,
): Promise<Result> {
  const first = wallNow();
  const tags: string[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const tag = `m${i}-${randomBytes(3).toString('hex')}`;
    tags.push(tag);
    sentAt.set(tag, wallNow());
    send(tag);
    await sleep(intervalMs);
  }
  const expected = MESSAGES * clients;
  const deadline = Date.now() + DEADLINE_MS;
  let got = -1;
  let movedAt = Date.now();
  for (;;) {
    const now = await drivers.received();
    if (now >= expected || Date.now() > deadline) break;
    if (now !== got) [got, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > STALL_MS) break;
    await sleep(100);
  }
  const { arrivals, closes, perClient, beatLateMs } = await drivers.collect();
  const latencies: number[] = [];
  let last = first;
  for (const [tag, times] of arrivals) {
    const at = sentAt.get(tag);
    if (at === undefined) continue;
    for (const t of times) {
      latencies.push(t - at);
      if (t > last) last = t;
    }
  }
  latencies.sort((a, b) => a - b);
  const loss = roundLoss(tags, arrivals, clients, perClient);
  const account = sender?.takeAccount() ?? null;
  if (loss.lost > 0) failures.push(`${label}: ${describeLoss(loss)}`);
  // Each round on stdout as it ends, with the load then: a long run's rounds can see other loads.
  process.stdout.write(
    `bench:chat: ${label}: ${clients} clients, ${MESSAGES} messages ${intervalMs} ms apart: ` +
      `${latencies.length} / ${expected} delivered, lost: ${describeLoss(loss)}, ` +
      `closes ${JSON.stringify(closes)}, drivers' heartbeat timer late ≤ ${beatLateMs} ms` +
      (account ? `, sender ${JSON.stringify(account)}` : '') +
      `, load ${load()}\n`,
  );
  return {
    rate: latencies.length / ((last - first) / 1000),
    p50: latencies[Math.floor(latencies.length / 2)] ?? NaN,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    delivered: latencies.length,
    expected,
    closedByServer: closes,
    loss,
    sender: account,
  };
}

/** The peer's frame: what our node broadcasts for the same message, so both write as much. */
const peerFrame = (tag: string) =>
  JSON.stringify({
    msgId: 10003,
    msgData: {
      roomId: 1,
      id: 123456,
      content: `${tag} 今晚的比赛太精彩了，主队加油！`,
      sender: {
        memberId: 1,
        nickname: 'bench',
        vipLevel: 0,
        avatar: '/static/avatars/avatar-1.svg',
        staff: true,
      },
      time: Date.now(),
    },
  });

/** Lines of a node's log shown on stdout before the rest are only counted. */
const LOG_LINES_SHOWN = 100;
/**
 * The node's own log (warnings and errors: LOG_LEVEL warn) on stdout as it comes, prefixed, so
 * a refusal, a close or a failed handler is on record next to the round it happened in.
 */
function echoLog(node: Spawned, label: string): void {
  let shown = 0;
  let partial = '';
  const onData = (d: Buffer) => {
    const lines = (partial + d.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      shown += 1;
      if (shown <= LOG_LINES_SHOWN) process.stdout.write(`[${label}] ${line}\n`);
      else if (shown === LOG_LINES_SHOWN + 1)
        process.stdout.write(`[${label}] … further lines not shown\n`);
    }
  };
  node.child.stdout?.on('data', onData);
  node.child.stderr?.on('data', onData);
}

const wsUrlOf = (node: Spawned, chat = true) =>
  `${node.url.replace('http', 'ws')}${chat ? '/stream/ws/v1/handshake' : ''}`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-bench-chat-'));
  const env = {
    ...secrets,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    REGISTER_CAPTCHA: 'off',
    REGISTER_PER_ADDRESS_HOUR: '10000',
    REGISTER_PER_BLOCK_HOUR: '100000',
    CHAT_ANON_PER_IP: String(CLIENTS_WANTED + 100),
    // The bench fills the node's room to the edge of its files on purpose (the room it sizes is
    // at most CLIENTS_WANTED): the node's default cap keeps a reserve below that edge, so it is
    // set above the room here, with the staff sender's socket and some to spare.
    CHAT_MAX_SOCKETS: String(CLIENTS_WANTED + 100),
    ADMIN_USER: 'benchadmin',
    ADMIN_PASSWORD: 'bench-admin-pass-1',
    SEED_DEMO: 'off',
  };
  const measured = { nodeArgs: ['--inspect=127.0.0.1:0'], raiseFileLimit: true };
  const ready = /running at (http:\/\/[\d.]+:\d+)/;
  // BENCH_CHAT_PROFILE=<dir>: the node writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CHAT_PROFILE;
  const ours = await spawnServer('apps/server/src/main.ts', env, root, ready, {
    ...measured,
    ...(profile
      ? { nodeArgs: [...measured.nodeArgs, '--cpu-prof', `--cpu-prof-dir=${profile}`] }
      : {}),
    ...(NODE_FILES ? { fileLimit: NODE_FILES } : {}),
  });
  echoLog(ours, 'node');
  const peer = await spawnServer('bench/peers/ws-broadcast.ts', {}, root, ready, measured);
  const drivers = ChatDrivers.start(DRIVERS);
  const rows: Record<string, unknown> = {};
  try {
    // The staff sender logs in before the room fills, as a staff member's device is already
    // connected: its HTTP calls (register, operator login, …) open the node's database files,
    // and a node whose files the room took refuses new connections (2026-11-27 at 20,000).
    const sender = CROSS_ONLY ? null : await staffSender(ours, 'benchadmin', 'bench-admin-pass-1');
    const oursRoom = await socketRoom(ours.child.pid!);
    const peerRoom = await socketRoom(peer.child.pid!);
    const clients = Math.min(CLIENTS_WANTED, oursRoom.room, peerRoom.room);
    const conditions =
      `${clients} clients (asked ${CLIENTS_WANTED}) over ${DRIVERS} driver processes; ` +
      `server open-files limit ${oursRoom.limit}, ${oursRoom.open} open at start`;
    process.stdout.write(`bench:chat: ${conditions}\n`);

    const table: string[] = [
      `Conditions: ${conditions}; one room; load average at the start ${load()}.`,
      '',
    ];
    let drainRate: number | null = null;
    if (!CROSS_ONLY) {
      const single = await singleNode(ours, sender!, peer, drivers, clients, table);
      rows.single = single.result;
      drainRate = single.drainRate;
    }

    // --- two nodes over Redis
    const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
    if (dbUrl && redisUrl) {
      rows.crossNode = await crossNode(env, dbUrl, redisUrl, drivers, peer, table, drainRate);
    } else {
      table.push(
        '| cross-node over Redis | skipped: set TEST_DATABASE_URL and TEST_REDIS_URL | | |',
      );
    }
    table.push('', `Load average at the end: ${load()}.`);
    rows.loadAverageAtEnd = loadavg();
    const text = table.join('\n');
    process.stdout.write(`\n${text}\n`);
    await writeReport('chat', rows, text);
    // A lost delivery fails the run (its report is written first, so the numbers stay on record).
    if (failures.length > 0) {
      process.stderr.write(`bench:chat: FAILED, deliveries lost:\n${failures.join('\n')}\n`);
      process.exitCode = 1;
    }
  } finally {
    drivers.stop();
    await ours.stop();
    await peer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * One node, `clients` sockets in one room: the peer, then ours with the same clients. Each side
 * gets MESSAGES messages BURST_MS apart (past what the machine drains: the rate is its
 * capacity), then MESSAGES more paced at PACE of the rate the peer just drained, so every
 * message can reach every socket on both sides.
 */
async function singleNode(
  ours: Spawned,
  sender: StaffSender,
  peer: Spawned,
  drivers: ChatDrivers,
  clients: number,
  table: string[],
): Promise<{ result: unknown; drainRate: number }> {
  // --- the peer first: its drain rate, measured here, sets the pace of both paced rounds.
  const peerBefore = await memory(peer);
  await drivers.connect(clients, { url: wsUrlOf(peer, false), origin: peer.url });
  await sleep(3000);
  const peerAfter = await memory(peer);
  const pSender = await connect(wsUrlOf(peer, false), peer.url);
  // The sender's own echo is not counted: `clients` receivers, as for ours.
  const peerSend = (tag: string) => pSender.send(peerFrame(tag));
  const pBurst = await measure('loop, capacity', peerSend, drivers, clients, BURST_MS);
  const interval = pacedInterval(clients, pBurst.rate);
  const pPaced = await measure('loop, paced', peerSend, drivers, clients, interval);
  await drivers.close();
  pSender.terminate();

  // --- ours. Baseline once the server is warm (a few sockets opened and closed, then idle).
  await drivers.connect(50, { url: wsUrlOf(ours), origin: ours.url, join: JOIN_LOBBY });
  await drivers.close();
  await sleep(2000);
  const oursBefore = await memory(ours);
  const joined = await drivers.connect(clients, {
    url: wsUrlOf(ours),
    origin: ours.url,
    join: JOIN_LOBBY,
    heartbeat: HEARTBEAT,
  });
  await sleep(3000);
  const oursAfter = await memory(ours);
  const files = async (when: string) => {
    const f = await socketRoom(ours.child.pid!);
    process.stdout.write(
      `bench:chat: ours, ${when}: node holds ${f.open} of ${f.limit} files: ` +
        `${JSON.stringify(await fileKinds(ours.child.pid!))}\n`,
    );
  };
  await files(`${joined.joined} joined`);
  // A driver whose own loop stalls beats late; the node's silence rule would then be right.
  process.stdout.write(
    `bench:chat: ours, filling the room: drivers' heartbeat timer late ≤ ${joined.beatLateMs} ms\n`,
  );
  // Its beats while the loop ran are not ours' rounds.
  sender.takeAccount();
  const oursSend = (tag: string) => sender.send(tag, '今晚的比赛太精彩了，主队加油！');
  const oBurst = await measure(
    'ours, capacity',
    oursSend,
    drivers,
    clients,
    BURST_MS,
    undefined,
    sender,
  );
  const oPaced = await measure(
    'ours, paced',
    oursSend,
    drivers,
    clients,
    interval,
    undefined,
    sender,
  );
  await files('after its rounds');
  await drivers.close();
  sender.ws.terminate();

  const oursMem = perSocket(oursBefore, oursAfter, clients);
  const peerMem = perSocket(peerBefore, peerAfter, clients);
  const result = {
    joined,
    pace: { fraction: PACE, drainRate: pBurst.rate, intervalMs: interval },
    paced: { ours: oPaced, peer: pPaced, ratio: oPaced.rate / pPaced.rate },
    burst: { ours: oBurst, peer: pBurst, ratio: oBurst.rate / pBurst.rate },
    memoryPerIdleSocket: { ours: oursMem, peer: peerMem },
  };

  const lossCell = (r: Result) =>
    `${r.loss.lost}` +
    (r.sender
      ? ` (sender: ${r.sender.sent} sent, ${r.sender.echoed} back from the room, refused ${JSON.stringify(r.sender.refused)}` +
        `, heartbeats answered ${r.sender.beats.answered} / ${r.sender.beats.sent} (slowest ${r.sender.beats.slowestMs} ms)` +
        `${r.sender.closed ? `, socket closed ${r.sender.closed.code}` : ''}` +
        `${r.sender.error ? `, socket error ${r.sender.error}` : ''})`
      : '');
  const kib = (m: typeof oursMem) =>
    `${m.heapKb.toFixed(2)} KiB heap + ${m.externalKb.toFixed(2)} KiB external (RSS ${m.rssKb.toFixed(1)} KiB)`;
  const rows = (label: string, o: Result, p: Result) => [
    `| deliveries/s, ${label} | ${o.rate.toFixed(0)} | ${p.rate.toFixed(0)} | ${(o.rate / p.rate).toFixed(2)}× |`,
    `| … p50 / p99 latency ms | ${o.p50.toFixed(1)} / ${o.p99.toFixed(1)} | ${p.p50.toFixed(1)} / ${p.p99.toFixed(1)} | |`,
    `| … delivered / expected | ${o.delivered} / ${o.expected} | ${p.delivered} / ${p.expected} | |`,
    `| … lost (messages × clients − delivered; goal 0) | ${lossCell(o)} | ${lossCell(p)} | |`,
    `| … clients closed by the server during the round (by close code) | ${JSON.stringify(o.closedByServer)} | ${JSON.stringify(p.closedByServer)} | |`,
  ];
  table.push(
    `Pace: the minimal ws loop drained ${pBurst.rate.toFixed(0)} deliveries/s with ${clients} sockets ` +
      `(${MESSAGES} messages ${BURST_MS} ms apart); the paced rounds offer ${(PACE * 100).toFixed(0)}% ` +
      `of that: one message every ${interval} ms (${((clients * 1000) / interval).toFixed(0)} deliveries/s).`,
    '',
    "Ours' clients send a heartbeat every 5 s as members' pages do; the peer's send nothing.",
    '',
    '| measure | ours | minimal ws loop | ratio (goal ≥ 0.9) |',
    '|---|---|---|---|',
    ...rows(
      `paced, ${clients} clients × ${MESSAGES} messages ${interval} ms apart`,
      oPaced,
      pPaced,
    ),
    ...rows(
      `${MESSAGES} messages ${BURST_MS} ms apart (past the drain rate: capacity)`,
      oBurst,
      pBurst,
    ),
    `| memory per idle socket (after a full GC) | ${kib(oursMem)} | ${kib(peerMem)} | |`,
  );
  return { result, drainRate: pBurst.rate };
}

/**
 * A staff sender on node A, CROSS_NODE_CLIENTS sockets on node B, one database and Redis; and,
 * as the machine's floor, the minimal ws loop with as many clients at the same pace. At 20 ms
 * apart 1,000 sockets are offered 50,000 deliveries/s, past what a loaded 2-core machine
 * drains (latency then measures the queue); the paced round offers PACE of the deliveries/s
 * the loop drained in the single-node round (or in this burst when that round is skipped).
 */
async function crossNode(
  env: Record<string, string>,
  dbUrl: string,
  redisUrl: string,
  drivers: ChatDrivers,
  peer: Spawned,
  table: string[],
  singleNodeDrainRate: number | null,
): Promise<unknown[]> {
  const name = `nebula_chatbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(dbUrl);
  u.pathname = `/${name}`;
  const nodeEnv = {
    ...env,
    DATABASE_URL: u.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench-${randomBytes(3).toString('hex')}:`,
  };
  const a = await spawnServer('apps/server/src/main.ts', nodeEnv, root);
  const b = await spawnServer('apps/server/src/main.ts', nodeEnv, root);
  echoLog(a, 'node A');
  echoLog(b, 'node B');
  const n = CROSS_NODE_CLIENTS;
  const ms = (r: { p50: number; p99: number }) => `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}`;
  const out: unknown[] = [];
  try {
    const s = await staffSender(a, 'benchadmin', 'bench-admin-pass-1');
    // The sender's own copy comes back through Redis to A: A's work and Redis without B's.
    const sentAt = new Map<string, number>();
    let echo: number[] = [];
    s.ws.on('message', (d: Buffer) => {
      const tag = /"content":"(m\d+-[0-9a-f]{6})/.exec(d.toString('utf8'))?.[1];
      const at = tag === undefined ? undefined : sentAt.get(tag);
      if (at !== undefined) echo.push(wallNow() - at);
    });
    // The loop's drain rate from the single-node round, or (cross-node only) from its burst here.
    let drainRate = singleNodeDrainRate;
    for (const paced of [false, true]) {
      const interval = paced && drainRate !== null ? pacedInterval(n, drainRate) : BURST_MS;
      await drivers.connect(n, {
        url: wsUrlOf(b),
        origin: b.url,
        join: JOIN_LOBBY,
        heartbeat: HEARTBEAT,
      });
      await sleep(1000);
      echo = [];
      const x = await measure(
        `ours cross-node, ${paced ? 'paced' : 'capacity'}`,
        (tag) => s.send(tag, '跨节点消息'),
        drivers,
        n,
        interval,
        sentAt,
        s,
      );
      await drivers.close();
      echo.sort((p, q) => p - q);
      const own = {
        p50: echo[Math.floor(echo.length / 2)] ?? NaN,
        p99: echo[Math.floor(echo.length * 0.99)] ?? NaN,
      };
      await drivers.connect(n, { url: wsUrlOf(peer, false), origin: peer.url });
      const pSender = await connect(wsUrlOf(peer, false), peer.url);
      await sleep(1000);
      const p = await measure(
        `loop for cross-node, ${paced ? 'paced' : 'capacity'}`,
        (tag) => pSender.send(peerFrame(tag)),
        drivers,
        n,
        interval,
      );
      await drivers.close();
      pSender.terminate();
      drainRate ??= p.rate;
      const how = paced
        ? `paced: ${(PACE * 100).toFixed(0)}% of the loop's ${drainRate.toFixed(0)} deliveries/s`
        : 'past the drain rate';
      table.push(
        `| cross-node, ${MESSAGES} messages ${interval} ms apart (${how}; A → ${n} sockets on B over Redis) p50 / p99 ms (goal p99 ≤ 100) | ${ms(x)} | ${ms(p)} (one process, no Redis) | |`,
        `| … the sender's own copy back on A (A's work + Redis) p50 / p99 ms | ${ms(own)} | | |`,
        `| … messages lost | ${x.expected - x.delivered} | ${p.expected - p.delivered} | |`,
        `| … clients closed by the server (by code) | ${JSON.stringify(x.closedByServer)} | ${JSON.stringify(p.closedByServer)} | |`,
      );
      out.push({ interval, paced, drainRate, ours: x, ownCopy: own, peer: p });
    }
    s.ws.terminate();
    return out;
  } finally {
    await a.stop();
    await b.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** An error's stack and its causes: `fetch failed` says why only in `cause` (ECONNRESET, EMFILE…). */
function describeError(err: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && depth < 5; depth += 1) {
    const text = e instanceof Error ? (e.stack ?? e.message) : JSON.stringify(e);
    lines.push(`${depth ? 'caused by: ' : ''}${text}`);
    e = e instanceof Error ? e.cause : undefined;
  }
  return lines.join('\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${describeError(err)}\n`);
  process.exit(1);
});
