/**
 * bench:chat's sender: a staff member logged in on a node's chat, in the lobby, sending as a
 * member's page would and keeping an account of what became of each message — sent on its
 * socket or not, its own copy back from the room (the room got it), a coded refusal (an error
 * frame), or its socket closed by the node (with the code). A loss is then traced to the side
 * it happened on instead of being inferred from the clients' tallies.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Spawned } from './spawn-server';

export const BENCH_SECRETS = {
  SIGN_KEY: 's'.repeat(64),
  SESSION_SECRET: 'e'.repeat(64),
  JWT_SECRET: 'j'.repeat(64),
  PAYMENT_CALLBACK_SECRET: 'p'.repeat(64),
};

/** A member's page beats every 5 s; the node closes sockets silent for 15 s. */
export const HEARTBEAT = { frame: JSON.stringify({ msgId: 0, msgData: {} }), everyMs: 5000 };

export function connect(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function signed(url: string, deviceId: string) {
  const key = createHmac('sha256', BENCH_SECRETS.SIGN_KEY).update(deviceId).digest();
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

/** What became of the messages of one round, as the sender saw it. */
export interface SenderAccount {
  /** Handed to an open socket. */
  sent: number;
  /** Not sent: the socket was no longer open (ws refuses the write). */
  notSent: number;
  /** Its own copy came back from the room. */
  echoed: number;
  /** Error frames answering its messages, by code. */
  refused: Record<string, number>;
  /** The node closed the sender's socket: code, reason and when (ISO). */
  closed: { code: number; reason: string; at: string } | null;
  /** Its socket's own error (ws closes the socket after one), if any. */
  error: string | null;
  /** Heartbeats sent and answered this round, and the slowest answer in ms: a node that stops
   * reading (or answering) this socket shows here before any message is missed. */
  beats: { sent: number; answered: number; slowestMs: number };
}

const BROADCAST = '{"msgId":10003,';
const HEARTBEAT_ANSWER = '{"msgId":0,';
const TAG = /"content":"(m\d+-[0-9a-f]{6}) /;

export class StaffSender {
  #account: SenderAccount = StaffSender.#fresh(null);
  #tags = new Set<string>();
  #closed: SenderAccount['closed'] = null;
  #error: string | null = null;
  #beatSentAt: number[] = [];

  constructor(
    readonly ws: WebSocket,
    readonly memberId: number,
  ) {
    ws.on('message', (d: Buffer) => this.#onFrame(d.toString('utf8')));
    ws.once('close', (code: number, reason: Buffer) => {
      this.#closed = { code, reason: reason.toString('utf8'), at: new Date().toISOString() };
      this.#account.closed = this.#closed;
    });
    ws.on('error', (err: Error) => {
      this.#error = err.message;
      this.#account.error = err.message;
    });
    // Beats like a page between rounds, or the node closes it as silent after 15 s.
    const beat = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN) return;
      this.#beatSentAt.push(performance.now());
      this.#account.beats.sent += 1;
      ws.send(HEARTBEAT.frame);
    }, HEARTBEAT.everyMs);
    ws.once('close', () => clearInterval(beat));
  }

  static #fresh(closed: SenderAccount['closed'], error: string | null = null): SenderAccount {
    return {
      sent: 0,
      notSent: 0,
      echoed: 0,
      refused: {},
      closed,
      error,
      beats: { sent: 0, answered: 0, slowestMs: 0 },
    };
  }

  /** Sends a tagged message (10003) to the lobby; counted as sent or not sent. */
  send(tag: string, text: string): void {
    this.#tags.add(tag);
    if (this.ws.readyState !== WebSocket.OPEN) {
      this.#account.notSent += 1;
      return;
    }
    this.#account.sent += 1;
    this.ws.send(
      JSON.stringify({ msgId: 10003, msgData: { roomId: 1, content: `${tag} ${text}` } }),
    );
  }

  /** This round's account; the next round starts afresh (a close stays recorded). */
  takeAccount(): SenderAccount {
    const a = this.#account;
    this.#account = StaffSender.#fresh(this.#closed, this.#error);
    this.#tags = new Set();
    return a;
  }

  #onFrame(text: string): void {
    if (text.startsWith(HEARTBEAT_ANSWER)) {
      const at = this.#beatSentAt.shift();
      if (at === undefined) return;
      const b = this.#account.beats;
      b.answered += 1;
      b.slowestMs = Math.max(b.slowestMs, Math.round(performance.now() - at));
      return;
    }
    if (text.startsWith(BROADCAST)) {
      const tag = TAG.exec(text)?.[1];
      if (tag !== undefined && this.#tags.has(tag)) {
        this.#account.echoed += 1;
        return;
      }
    }
    // Error frames are rare: parse them whole. Only answers to its messages (10003) count.
    if (!text.includes('"error"')) return;
    const f = JSON.parse(text) as { msgId: number; msgData: { error?: { code: number } } };
    const code = f.msgData.error?.code;
    if (code !== undefined && f.msgId === 10003)
      this.#account.refused[code] = (this.#account.refused[code] ?? 0) + 1;
  }
}

/**
 * Registers a member, makes them staff through the operator API (so the member-level flood
 * control is not what is measured), and logs them in on the node's chat, waiting for the login's
 * answer before joining the lobby as a member's page does.
 */
export async function staffSender(
  node: Spawned,
  adminUser: string,
  adminPassword: string,
): Promise<StaffSender> {
  const deviceId = randomUUID();
  const call = signed(node.url, deviceId);
  const userName = `s${randomBytes(4).toString('hex')}`;
  const reg = await call<{ token: string }>('POST', '/site/api/v1/user/register', {
    userName,
    password: 'Bench-Chat-Pass-1',
    ageConfirmed: true,
  });
  const login = await fetch(`${node.url}/admin/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: adminUser, password: adminPassword }),
  });
  const admin = ((await login.json()) as { data: { token: string } }).data.token;
  // By its name: the node may hold other members (a second sender, another round's).
  const list = await fetch(`${node.url}/admin/api/v1/members?pageSize=10&q=${userName}`, {
    headers: { 'x-admin-token': admin },
  });
  const page = (await list.json()) as { data: { list: { memberId: number; userName: string }[] } };
  const memberId = page.data.list.find((m) => m.userName === userName)!.memberId;
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
  const ws = await connect(`${node.url.replace('http', 'ws')}/stream/ws/v1/handshake`, node.url);
  const answered = (msgId: number) =>
    new Promise<void>((resolve) => {
      const on = (d: Buffer) => {
        if (!d.toString('utf8').startsWith(`{"msgId":${msgId},`)) return;
        ws.off('message', on);
        resolve();
      };
      ws.on('message', on);
    });
  const loggedIn = answered(10001);
  ws.send(
    JSON.stringify({
      msgId: 10001,
      msgData: { token: jwt.token, body: { clientType: 'web', deviceId } },
    }),
  );
  await loggedIn;
  const joined = answered(10002);
  ws.send(JSON.stringify({ msgId: 10002, msgData: { roomId: 1 } }));
  await joined;
  return new StaffSender(ws, memberId);
}
