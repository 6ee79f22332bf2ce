import WebSocket from 'ws';
import {
  h5LivePath,
  type LiveEventFrame,
  type LiveServerFrame,
} from '@nebula/protocol/venue/live-frames';
import { textOf } from '../modules/live/live-connection.service';

/**
 * A live-socket client for tests: it keeps every frame it receives (a batch read frame by
 * frame) and waits for the one a test expects. `base` is the listening venue's ws:// address.
 */
export class Client {
  readonly frames: LiveServerFrame[] = [];
  readonly raw: string[] = [];
  closed: { code: number } | null = null;
  #waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      this.raw.push(textOf(d));
      const frame = JSON.parse(textOf(d)) as LiveServerFrame;
      // A batch carries several event frames in one message: read them one by one.
      if (frame.type === 'batch') this.frames.push(...frame.events);
      else this.frames.push(frame);
      for (const w of this.#waiters.splice(0)) w();
    });
    ws.on('close', (code) => {
      this.closed = { code };
      for (const w of this.#waiters.splice(0)) w();
    });
  }
  static async open(base: string, headers: Record<string, string> = {}): Promise<Client> {
    const ws = new WebSocket(`${base}${h5LivePath}`, { headers });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new Client(ws);
  }
  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }
  /** Waits for a frame (or the close) matching `test`, past those already seen when given. */
  async until<T extends LiveServerFrame>(
    test: (f: LiveServerFrame) => f is T,
    timeoutMs = 5000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(test);
      if (found) {
        this.frames.splice(this.frames.indexOf(found), 1);
        return found;
      }
      if (this.closed) throw new Error(`closed ${this.closed.code}`);
      if (Date.now() > deadline) throw new Error('no such frame');
      await new Promise<void>((r) => {
        this.#waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
  async closedWith(timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed?.code ?? -1;
  }
  close(): void {
    this.ws.close();
  }
}

export const isEvent =
  (id: string, pred: (f: LiveEventFrame) => boolean = () => true) =>
  (f: LiveServerFrame): f is LiveEventFrame =>
    f.type === 'event' && f.eventId === id && pred(f);
export const isError =
  (code: number) =>
  (f: LiveServerFrame): f is Extract<LiveServerFrame, { type: 'error' }> =>
    f.type === 'error' && f.code === code;
export const isReady = (f: LiveServerFrame): f is { type: 'ready' } => f.type === 'ready';
