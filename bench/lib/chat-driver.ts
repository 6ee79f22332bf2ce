/**
 * A bench:chat driver process: holds its share of the benchmark's websocket clients, so that
 * reading 20,000 sockets is spread over several processes (and cores) instead of the one
 * that also sends and measures. Talks to its parent over IPC (`chat-drivers.ts`).
 *
 * Each received frame that carries a tag (`"content":"m<i>-<hex>`) is timed on the shared
 * wall clock (Date.now() taken once, advanced by `performance.now()`), so the parent can subtract its own
 * send times.
 */
import WebSocket from 'ws';

export type DriverCommand =
  | {
      type: 'connect';
      url: string;
      origin: string;
      count: number;
      /** Sent once open; the client then waits for its answer (a frame with this msgId). */
      join?: { frame: string; answerMsgId: number };
      /** Heartbeat frame each client sends every `heartbeatMs`, as a member's page does. */
      heartbeat?: { frame: string; everyMs: number };
    }
  | { type: 'count' }
  | { type: 'collect' }
  | { type: 'close' };

export type DriverReply =
  | {
      type: 'connected';
      count: number;
      joined: number;
      /** The longest this driver's heartbeat timer fired late while connecting (ms). */
      beatLateMs: number;
    }
  | { type: 'count'; received: number }
  | {
      type: 'arrivals';
      byTag: Record<string, number[]>;
      closes: Record<string, number>;
      /** How many clients got how many tagged frames this round: { frames: clients }. */
      perClient: Record<string, number>;
      /** The longest the heartbeat timer fired late this round (ms): a starved driver beats late. */
      beatLateMs: number;
    }
  | { type: 'closed' }
  | { type: 'error'; message: string };

const BROADCAST = Buffer.from('{"msgId":10003,');
const TAG_AT = Buffer.from('"content":"m');
const SPACE = 0x20;
const clients: WebSocket[] = [];
let arrivals = new Map<string, number[]>();
let received = 0;
/** Tagged frames each client got this round (by its place in `clients`). */
const perClient = new WeakMap<WebSocket, number>();
let joined = 0;
let joinAnswer: Buffer | null = null;
let heartbeat: NodeJS.Timeout | null = null;
/** The heartbeat timer's worst lateness since the last report (its own loop's stalls). */
let beatLateMs = 0;
function takeBeatLate(): number {
  const late = Math.round(beatLateMs);
  beatLateMs = 0;
  return late;
}
/** Clients the server closed, by close code (4002 silent, 1008 flood, …). */
let closes: Record<string, number> = {};
function onClose(code: number): void {
  closes[code] = (closes[code] ?? 0) + 1;
}

const reply = (r: DriverReply) => process.send?.(r);
// `performance.timeOrigin` was seen 21 ms off Date.now(); one Date.now() reading is within 1 ms.
const clockBase = Date.now() - performance.now();
const now = () => clockBase + performance.now();

/**
 * One listener for every client: finds the tag without decoding the frame to a string. Only
 * room broadcasts count: a join's answer carries earlier tagged messages in its history.
 */
function onFrame(this: WebSocket, data: Buffer): void {
  if (data.indexOf(BROADCAST) !== 0) {
    if (joinAnswer && data.indexOf(joinAnswer) === 0) joined += 1;
    return;
  }
  const at = data.indexOf(TAG_AT);
  if (at < 0) return;
  const start = at + TAG_AT.length - 1;
  const end = data.indexOf(SPACE, start);
  const tag = data.toString('latin1', start, end < 0 ? start + 16 : end);
  const list = arrivals.get(tag);
  if (list) list.push(now());
  else arrivals.set(tag, [now()]);
  received += 1;
  perClient.set(this, (perClient.get(this) ?? 0) + 1);
}

/** The round's per-client tallies as { frames: clients } (a client that got none counts at 0); resets them. */
function tallyClients(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const ws of clients) {
    const n = perClient.get(ws) ?? 0;
    out[n] = (out[n] ?? 0) + 1;
    perClient.delete(ws);
  }
  return out;
}

function open(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, perMessageDeflate: false });
    ws.on('message', onFrame);
    ws.on('close', onClose);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function connect(c: Extract<DriverCommand, { type: 'connect' }>): Promise<void> {
  joined = 0;
  // The previous round's own terminations (1006) land after its collect: not the server's.
  closes = {};
  joinAnswer = c.join ? Buffer.from(`{"msgId":${c.join.answerMsgId},`) : null;
  if (c.heartbeat) {
    // One timer for all clients, started before they open (connecting 10,000 takes longer than
    // the node's silence limit): each tick beats a slice, so every client beats once a period.
    const { frame, everyMs } = c.heartbeat;
    const ticks = 20;
    let tick = 0;
    let last = performance.now();
    heartbeat = setInterval(() => {
      const at = performance.now();
      beatLateMs = Math.max(beatLateMs, at - last - everyMs / ticks);
      last = at;
      for (let i = tick; i < clients.length; i += ticks) {
        const ws = clients[i]!;
        if (ws.readyState === ws.OPEN) ws.send(frame);
      }
      tick = (tick + 1) % ticks;
    }, everyMs / ticks);
  }
  for (let i = 0; i < c.count; i += 200) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(200, c.count - i) }, () => open(c.url, c.origin)),
    );
    if (c.join) for (const ws of batch) ws.send(c.join.frame);
    clients.push(...batch);
  }
  const deadline = Date.now() + 60_000;
  while (c.join && joined < c.count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  reply({ type: 'connected', count: clients.length, joined, beatLateMs: takeBeatLate() });
}

process.on('message', (cmd: DriverCommand) => {
  switch (cmd.type) {
    case 'connect':
      connect(cmd).catch((err: unknown) => reply({ type: 'error', message: String(err) }));
      break;
    case 'count':
      reply({ type: 'count', received });
      break;
    case 'collect':
      reply({
        type: 'arrivals',
        byTag: Object.fromEntries(arrivals),
        closes,
        perClient: tallyClients(),
        beatLateMs: takeBeatLate(),
      });
      closes = {};
      arrivals = new Map();
      received = 0;
      break;
    case 'close':
      if (heartbeat) clearInterval(heartbeat);
      for (const ws of clients) ws.terminate();
      clients.length = 0;
      reply({ type: 'closed' });
      break;
  }
});
process.on('disconnect', () => process.exit(0));
