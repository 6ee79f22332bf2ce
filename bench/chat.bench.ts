/*
 * Over 300 lines on purpose: the benchmark, its peer and its report in one script so a run is
 * self-contained.
 */
/**
 * bench:chat — 5,000 sockets in one room: broadcast delivery rate and p99 latency of our chat
 * (a staff sender, so flood control is not what is measured) against a minimal `ws` broadcast
 * loop with the same clients and payload, in the same run; memory per idle connection; and,
 * when PostgreSQL and Redis are given (BENCH_DATABASE_URL/TEST_DATABASE_URL, TEST_REDIS_URL),
 * p99 cross-node delivery over Redis and lost messages. Goal ≥ 0.7× the peer; ≤ 200 ms p99
 * cross-node; no message lost.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { writeReport } from './lib/report';
import { spawnServer, type Spawned } from './lib/spawn-server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 5000);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 50);
const secrets = {
  SIGN_KEY: 's'.repeat(64),
  SESSION_SECRET: 'e'.repeat(64),
  JWT_SECRET: 'j'.repeat(64),
  PAYMENT_CALLBACK_SECRET: 'p'.repeat(64),
};

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

function connect(
  url: string,
  origin: string,
  onText: (text: string, at: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, perMessageDeflate: false });
    ws.on('message', (d: Buffer) => onText(d.toString('utf8'), performance.now()));
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function connectMany(
  n: number,
  url: string,
  origin: string,
  onText: (text: string, at: number) => void,
  join?: string,
): Promise<WebSocket[]> {
  const out: WebSocket[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(200, n - i) }, () => connect(url, origin, onText)),
    );
    if (join) for (const ws of batch) ws.send(join);
    out.push(...batch);
  }
  return out;
}

function signed(url: string, deviceId: string) {
  const key = createHmac('sha256', secrets.SIGN_KEY).update(deviceId).digest();
  return async <T>(method: string, p: string, body?: unknown, token?: string): Promise<T> => {
    const base = /^\/([a-z]+)\/api\//.exec(p)?.[1] ?? 'site';
    const ts = String(Date.now());
    const res = await fetch(url + p, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-client-type': 'h5',
        'x-version': '2.0.0',
        'x-site-id': '6001',
        'x-api-uuid': deviceId,
        'x-timestamp': ts,
        'x-sign': createHmac('sha256', key).update(`${base}:${deviceId}:${ts}`).digest('hex'),
        ...(token ? { 'x-api-token': token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await res.json()) as { status_code: number; data: T };
    if (env.status_code !== 6000) throw new Error(`${p}: ${JSON.stringify(env)}`);
    return env.data;
  };
}

/** A staff member logged in on a node's chat, in the lobby. */
async function staffSender(
  node: Spawned,
  adminUser: string,
): Promise<{ ws: WebSocket; memberId: number }> {
  const deviceId = randomUUID();
  const call = signed(node.url, deviceId);
  const reg = await call<{ token: string }>('POST', '/site/api/v1/user/register', {
    userName: `s${randomBytes(4).toString('hex')}`,
    password: 'Bench-Chat-Pass-1',
    ageConfirmed: true,
  });
  const login = await fetch(`${node.url}/admin/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: adminUser, password: 'bench-admin-pass-1' }),
  });
  const admin = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await fetch(`${node.url}/admin/api/v1/members?pageSize=1`, {
    headers: { 'x-admin-token': admin },
  });
  const memberId = ((await list.json()) as { data: { list: { memberId: number }[] } }).data.list[0]!
    .memberId;
  await fetch(`${node.url}/admin/api/v1/chat/members/${memberId}/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': admin },
    body: JSON.stringify({ staff: true }),
  });
  const jwt = await call<{ token: string }>(
    'GET',
    '/site/api/v1/user/member/jwt',
    undefined,
    reg.token,
  );
  const ws = await connect(
    `${node.url.replace('http', 'ws')}/stream/ws/v1/handshake`,
    node.url,
    () => undefined,
  );
  ws.send(
    JSON.stringify({
      msgId: 10001,
      msgData: { token: jwt.token, body: { clientType: 'web', deviceId } },
    }),
  );
  ws.send(JSON.stringify({ msgId: 10002, msgData: { roomId: 1 } }));
  await new Promise((r) => setTimeout(r, 300));
  return { ws, memberId };
}

interface Result {
  rate: number;
  p50: number;
  p99: number;
  delivered: number;
  expected: number;
}

/** Sends MESSAGES tagged messages and waits until every client got each (or 15 s pass). */
async function measure(
  send: (tag: string) => void,
  received: Map<string, number[]>,
  sentAt: Map<string, number>,
  clients: number,
): Promise<Result> {
  const tags: string[] = [];
  const start = performance.now();
  for (let i = 0; i < MESSAGES; i += 1) {
    const tag = `m${i}-${randomBytes(3).toString('hex')}`;
    tags.push(tag);
    sentAt.set(tag, performance.now());
    send(tag);
    await new Promise((r) => setTimeout(r, 20));
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && tags.some((t) => (received.get(t)?.length ?? 0) < clients))
    await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - start) / 1000;
  const latencies = tags
    .flatMap((t) => (received.get(t) ?? []).map((at) => at - sentAt.get(t)!))
    .sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsed,
    p50: latencies[Math.floor(latencies.length / 2)] ?? NaN,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    delivered: latencies.length,
    expected: tags.length * clients,
  };
}

function tagOf(text: string): string | null {
  const m = /"content":"(m\d+-[0-9a-f]{6})/.exec(text);
  return m?.[1] ?? null;
}

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
    CHAT_ANON_PER_IP: String(CLIENTS + 100),
    ADMIN_USER: 'benchadmin',
    ADMIN_PASSWORD: 'bench-admin-pass-1',
    SEED_DEMO: 'off',
  };
  const ours = await spawnServer('apps/server/src/main.ts', env, root);
  const peer = await spawnServer('bench/peers/ws-broadcast.ts', {}, root);
  const rows: Record<string, unknown> = {};
  try {
    // --- ours
    const received = new Map<string, number[]>();
    const sentAt = new Map<string, number>();
    const onText = (text: string, at: number) => {
      const tag = tagOf(text);
      if (tag) (received.get(tag) ?? received.set(tag, []).get(tag)!).push(at);
    };
    // Baseline once the server is warm (a few sockets opened and closed, then idle).
    const warm = await connectMany(
      50,
      `${ours.url.replace('http', 'ws')}/stream/ws/v1/handshake`,
      ours.url,
      () => undefined,
    );
    for (const w of warm) w.terminate();
    await new Promise((r) => setTimeout(r, 3000));
    const idleBefore = await rssKb(ours.child.pid!);
    const wsUrl = `${ours.url.replace('http', 'ws')}/stream/ws/v1/handshake`;
    const clients = await connectMany(
      CLIENTS,
      wsUrl,
      ours.url,
      onText,
      JSON.stringify({ msgId: 10002, msgData: { roomId: 1 } }),
    );
    await new Promise((r) => setTimeout(r, 3000));
    const idleAfter = await rssKb(ours.child.pid!);
    const sender = await staffSender(ours, 'benchadmin');
    const o = await measure(
      (tag) =>
        sender.ws.send(
          JSON.stringify({
            msgId: 10003,
            msgData: { roomId: 1, content: `${tag} 今晚的比赛太精彩了，主队加油！` },
          }),
        ),
      received,
      sentAt,
      CLIENTS,
    );
    for (const c of clients) c.terminate();
    sender.ws.terminate();

    // --- peer: same number of clients, same payload (our broadcast frame's size)
    const pReceived = new Map<string, number[]>();
    const pSent = new Map<string, number>();
    const pOn = (text: string, at: number) => {
      const tag = tagOf(text);
      if (tag) (pReceived.get(tag) ?? pReceived.set(tag, []).get(tag)!).push(at);
    };
    const peerUrl = peer.url.replace('http', 'ws');
    const pClients = await connectMany(CLIENTS, peerUrl, peer.url, pOn);
    const pSender = await connect(peerUrl, peer.url, () => undefined);
    const frame = (tag: string) =>
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
    // The sender's own echo is not counted: CLIENTS receivers, as for ours.
    const p = await measure((tag) => pSender.send(frame(tag)), pReceived, pSent, CLIENTS);
    for (const c of pClients) c.terminate();
    pSender.terminate();
    rows.single = {
      ours: o,
      peer: p,
      ratio: o.rate / p.rate,
      memoryPerIdleConnectionKb: (idleAfter - idleBefore) / CLIENTS,
    };

    const table = [
      '| measure | ours | minimal ws loop | ratio (goal ≥ 0.7) |',
      '|---|---|---|---|',
      `| deliveries/s (${CLIENTS} clients × ${MESSAGES} messages) | ${o.rate.toFixed(0)} | ${p.rate.toFixed(0)} | ${(o.rate / p.rate).toFixed(2)}× |`,
      `| p50 / p99 latency ms | ${o.p50.toFixed(1)} / ${o.p99.toFixed(1)} | ${p.p50.toFixed(1)} / ${p.p99.toFixed(1)} | |`,
      `| delivered / expected | ${o.delivered} / ${o.expected} | ${p.delivered} / ${p.expected} | |`,
      `| memory per idle connection | ${((idleAfter - idleBefore) / CLIENTS).toFixed(1)} KiB | | |`,
    ];

    // --- two nodes over Redis
    const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
    if (dbUrl && redisUrl) {
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
      try {
        const xr = new Map<string, number[]>();
        const xs = new Map<string, number>();
        const n = Math.min(1000, CLIENTS);
        const onB = await connectMany(
          n,
          `${b.url.replace('http', 'ws')}/stream/ws/v1/handshake`,
          b.url,
          (text, at) => {
            const tag = tagOf(text);
            if (tag) (xr.get(tag) ?? xr.set(tag, []).get(tag)!).push(at);
          },
          JSON.stringify({ msgId: 10002, msgData: { roomId: 1 } }),
        );
        await new Promise((r) => setTimeout(r, 1000));
        const s = await staffSender(a, 'benchadmin');
        const x = await measure(
          (tag) =>
            s.ws.send(
              JSON.stringify({
                msgId: 10003,
                msgData: { roomId: 1, content: `${tag} 跨节点消息` },
              }),
            ),
          xr,
          xs,
          n,
        );
        for (const c of onB) c.terminate();
        s.ws.terminate();
        rows.crossNode = x;
        table.push(
          `| cross-node (A → ${n} sockets on B over Redis) p99 ms (goal ≤ 200) | ${x.p99.toFixed(1)} | | |`,
        );
        table.push(`| cross-node messages lost | ${x.expected - x.delivered} | | |`);
      } finally {
        await a.stop();
        await b.stop();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    } else {
      table.push(
        '| cross-node over Redis | skipped: set TEST_DATABASE_URL and TEST_REDIS_URL | | |',
      );
    }
    const text = table.join('\n');
    process.stdout.write(`\n${text}\n`);
    await writeReport('chat', rows, text);
  } finally {
    await ours.stop();
    await peer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
