import { MessageId } from '@nebula/protocol';
import { ErrorCode } from '@nebula/protocol';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../test/services';
import { createTestDb, testDbKind, type TestDb } from '../test/test-db';
import { testSecrets } from '../test/test-app';
import { WsClient } from '../test/ws-client';

/**
 * Two platform processes (separate OS processes) on one PostgreSQL and one Redis: a message sent
 * through node A reaches a member on node B; a mute or a logout issued on node A reaches node B.
 */
const redisUrl = serviceUrl('TEST_REDIS_URL');
const run = testDbKind() === 'postgres' && redisUrl !== null;
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const secrets = testSecrets();

interface Node {
  url: string;
  child: ChildProcess;
}
let db: TestDb;
let dataDir: string;
const nodes: Node[] = [];

function startNode(env: Record<string, string>): Promise<Node> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`node exited ${code}: ${out}`)));
  });
}

function signedFetch(url: string, deviceId: string) {
  const key = createHmac('sha256', secrets.SIGN_KEY).update(deviceId).digest();
  return async <T>(
    method: 'GET' | 'POST',
    p: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status_code: number; data: T }> => {
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
    return (await res.json()) as { status_code: number; data: T };
  };
}

beforeAll(async () => {
  if (!run) return;
  db = await createTestDb();
  await db.db.close();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-nodes-'));
  const env = {
    ...secrets,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url!,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `nebula-t-${randomBytes(4).toString('hex')}:`,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    REGISTER_CAPTCHA: 'off',
    RATE_LIMIT_MAX: '100000',
    ADMIN_USER: 'nodesadmin',
    ADMIN_PASSWORD: 'nodes-admin-pass-1',
    SEED_DEMO: 'off',
  };
  nodes.push(await startNode(env));
  nodes.push(await startNode(env));
}, 120_000);

afterAll(async () => {
  for (const n of nodes) n.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (run) {
    await db.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
});

async function member(node: Node) {
  const deviceId = randomUUID();
  const call = signedFetch(node.url, deviceId);
  const reg = await call<{ token: string }>('POST', '/site/api/v1/user/register', {
    userName: `n${randomBytes(4).toString('hex')}`,
    password: 'Nodes-Test-Pass-1',
    ageConfirmed: true,
  });
  expect(reg.status_code).toBe(ErrorCode.Success);
  const jwt = await call<{ token: string }>(
    'GET',
    '/site/api/v1/user/member/jwt',
    undefined,
    reg.data.token,
  );
  const ws = await WsClient.open(
    `${node.url.replace('http', 'ws')}/stream/ws/v1/handshake?clientType=web`,
    node.url,
  );
  ws.send(10001, { token: jwt.data.token, body: { clientType: 'web', deviceId } });
  await ws.id(10001);
  ws.send(10002, { roomId: 1 });
  await ws.id(10002);
  return { call, token: reg.data.token, ws, deviceId };
}

describe.skipIf(!run)('chat across two platform processes (PostgreSQL + Redis)', () => {
  it('a message, a mute and a logout issued on node A reach node B', async () => {
    const [a, b] = nodes as [Node, Node];
    const onA = await member(a);
    const onB = await member(b);
    onA.ws.send(10003, { roomId: 1, content: '来自 A 节点的消息' });
    const got = await onB.ws.next(
      (f) => f.msgId === 10003 && f.msgData.content === '来自 A 节点的消息',
      3000,
    );
    expect(got.msgData).toMatchObject({ roomId: 1 });
    // Mute B's member through node A's back office.
    const login = await fetch(`${a.url}/admin/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'nodesadmin', password: 'nodes-admin-pass-1' }),
    });
    const admin = ((await login.json()) as { data: { token: string } }).data.token;
    const members = await fetch(`${a.url}/admin/api/v1/members?pageSize=10`, {
      headers: { 'x-admin-token': admin },
    });
    const list = (
      (await members.json()) as { data: { list: { memberId: number; userName: string }[] } }
    ).data.list;
    const target = list[0]!.memberId; // the newest member is B's
    const started = Date.now();
    await fetch(`${a.url}/admin/api/v1/chat/members/${target}/mute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': admin },
      body: JSON.stringify({ muted: true, minutes: 5, reason: '跨节点禁言' }),
    });
    const push = await onB.ws.id(MessageId.SpeechStatus, 2000);
    expect(push.msgData).toMatchObject({ speechStatus: 1 });
    expect(Date.now() - started).toBeLessThan(1500);
    // Log B's member out through node A (same device, other node): the socket on node B closes.
    const viaA = signedFetch(a.url, onB.deviceId);
    expect((await viaA('POST', '/site/api/v1/user/logout', {}, onB.token)).status_code).toBe(
      ErrorCode.Success,
    );
    expect((await onB.ws.waitClose(3000)).code).toBe(4001);
    onA.ws.close();
  }, 60_000);
});
