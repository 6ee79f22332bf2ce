import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { DriverCommand, DriverReply } from './chat-driver';
import { RAISE_FILE_LIMIT } from './spawn-server';

const driverScript = path.join(path.dirname(new URL(import.meta.url).pathname), 'chat-driver.ts');

type ConnectOptions = Omit<Extract<DriverCommand, { type: 'connect' }>, 'type' | 'count'>;

/**
 * The benchmark's websocket clients, spread over child processes (`chat-driver.ts`), each
 * started with its open-files limit raised to the hard limit.
 */
export class ChatDrivers {
  private constructor(private readonly children: ChildProcess[]) {}

  static start(processes: number): ChatDrivers {
    const children = Array.from({ length: processes }, () =>
      spawn('sh', ['-c', RAISE_FILE_LIMIT, process.execPath, '--import', 'tsx', driverScript], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    return new ChatDrivers(children);
  }

  get size(): number {
    return this.children.length;
  }

  /** Opens `total` clients, shared evenly; resolves with how many are open and joined. */
  async connect(
    total: number,
    options: ConnectOptions,
  ): Promise<{ open: number; joined: number; beatLateMs: number }> {
    const share = (i: number) => Math.floor(total / this.size) + (i < total % this.size ? 1 : 0);
    const replies = await Promise.all(
      this.children.map((c, i) =>
        ask(c, { type: 'connect', count: share(i), ...options }, 'connected'),
      ),
    );
    return {
      open: replies.reduce((n, r) => n + r.count, 0),
      joined: replies.reduce((n, r) => n + r.joined, 0),
      beatLateMs: Math.max(0, ...replies.map((r) => r.beatLateMs)),
    };
  }

  /** Tagged frames received so far, over all drivers. */
  async received(): Promise<number> {
    const replies = await Promise.all(this.children.map((c) => ask(c, { type: 'count' }, 'count')));
    return replies.reduce((n, r) => n + r.received, 0);
  }

  /** Every driver's arrival times by tag (and the drivers start counting afresh). */
  async collect(): Promise<{
    arrivals: Map<string, number[]>;
    closes: Record<string, number>;
    /** { tagged frames received: clients } over every driver. */
    perClient: Record<string, number>;
    /** The longest any driver's heartbeat timer fired late this round (ms). */
    beatLateMs: number;
  }> {
    const replies = await Promise.all(
      this.children.map((c) => ask(c, { type: 'collect' }, 'arrivals')),
    );
    const merged = new Map<string, number[]>();
    const closes: Record<string, number> = {};
    const perClient: Record<string, number> = {};
    for (const r of replies) {
      for (const [code, n] of Object.entries(r.closes)) closes[code] = (closes[code] ?? 0) + n;
      for (const [k, n] of Object.entries(r.perClient)) perClient[k] = (perClient[k] ?? 0) + n;
    }
    for (const r of replies)
      for (const [tag, times] of Object.entries(r.byTag)) {
        const list = merged.get(tag);
        if (list) list.push(...times);
        else merged.set(tag, times);
      }
    const beatLateMs = Math.max(0, ...replies.map((r) => r.beatLateMs));
    return { arrivals: merged, closes, perClient, beatLateMs };
  }

  /** Closes every client (the processes stay for the next round). */
  async close(): Promise<void> {
    await Promise.all(this.children.map((c) => ask(c, { type: 'close' }, 'closed')));
  }

  stop(): void {
    for (const c of this.children) if (c.connected) c.disconnect();
  }
}

function ask<T extends DriverReply['type']>(
  child: ChildProcess,
  cmd: DriverCommand,
  want: T,
): Promise<Extract<DriverReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (r: DriverReply) => {
      if (r.type !== want && r.type !== 'error') return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (r.type === 'error') reject(new Error(`chat driver: ${r.message}`));
      else resolve(r as Extract<DriverReply, { type: T }>);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`chat driver exited with ${code}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(cmd);
  });
}
