import WebSocket from 'ws';

export interface Frame {
  msgId: number;
  msgData: Record<string, unknown>;
}

/** A raw websocket client for conformance tests: collects frames, waits for the next match. */
export class WsClient {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  #waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as Frame;
      this.frames.push(frame);
      for (const w of [...this.#waiters]) {
        if (w.match(frame)) {
          this.#waiters.splice(this.#waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static open(url: string, origin?: string): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, origin ? { origin } : {});
      ws.once('open', () => resolve(new WsClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(msgId: number, msgData: unknown): void {
    this.ws.send(JSON.stringify({ msgId, msgData }));
  }

  raw(text: string | Buffer): void {
    this.ws.send(text);
  }

  /** The next frame (already received or coming) that matches, within `ms`. */
  next(match: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(
            `no matching frame within ${ms} ms; got ${JSON.stringify(this.frames.slice(-5))}`,
          ),
        );
      }, ms);
      const done = (f: Frame) => {
        clearTimeout(timer);
        const i = this.frames.indexOf(f);
        if (i >= 0) this.frames.splice(i, 1);
        resolve(f);
      };
      this.#waiters.push({ match, resolve: done });
    });
  }

  id(msgId: number, ms?: number): Promise<Frame> {
    return this.next((f) => f.msgId === msgId, ms);
  }

  /** Resolves true if no matching frame arrives within `ms`. */
  async none(match: (f: Frame) => boolean, ms = 400): Promise<boolean> {
    try {
      await this.next(match, ms);
      return false;
    } catch {
      return true;
    }
  }

  waitClose(ms = 3000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket did not close')), ms);
      this.ws.once('close', (code, reason) => {
        clearTimeout(timer);
        resolve({ code, reason: reason.toString() });
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
