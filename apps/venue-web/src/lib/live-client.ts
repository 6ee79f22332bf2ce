import type {
  LiveClientFrame,
  LiveEventFrame,
  LiveScope,
  LiveServerFrame,
} from '@nebula/protocol/venue/live-frames';
import { LIVE_PATH } from './contract';
import { createStore } from './store';

const PING_MS = 20_000;
const BATCH = 200;
/**
 * Pushes arrive in batches (a node publishes every followed match that changed at once): they
 * are applied a few milliseconds at a time, yielding between slices, so a batch of 200 never
 * makes one long task of applying and redrawing (no task over 50 ms).
 */
const SLICE_MS = 4;

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveDeps {
  token: () => string | null;
  /** What the page holds of an event in a scope (version 0 asks for a snapshot). */
  held: (eventId: string, scope: LiveScope) => { version: number; suspended?: boolean };
  onEvent: (frame: LiveEventFrame, scope: LiveScope) => void;
  onSessionEnded: () => void;
  /**
   * Runs one push's work and its redraw to the end (react-dom's flushSync), so a slice's time
   * includes the drawing it causes — otherwise the redraws of a whole slice land in one task.
   */
  drawNow?: (apply: () => void) => void;
  socketUrl?: string;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The page's live socket: authenticates with the session token, follows the events
 * the page shows (main lines for the list, the whole book for the detail, the slip and expanded
 * rows), and on every reconnect resubscribes with what it holds so the venue sends what it
 * missed. Reconnects back off (1 s doubling to 15 s); a session the venue ended stops it.
 */
export class LiveClient {
  readonly status = createStore<LiveStatus>('connecting');
  #ws: WebSocket | null = null;
  #ready = false;
  #wanted = new Map<string, LiveScope>();
  #sent = new Map<string, LiveScope>();
  #attempt = 0;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #ping: ReturnType<typeof setInterval> | null = null;
  #stopped = false;
  /** Event frames waiting for a slice. */
  readonly #pending: LiveEventFrame[] = [];
  #draining = false;
  readonly #channel = typeof MessageChannel === 'undefined' ? null : new MessageChannel();

  constructor(private readonly deps: LiveDeps) {
    if (this.#channel) this.#channel.port1.onmessage = () => this.#drain();
  }

  start(): void {
    this.#stopped = false;
    this.#connect();
    document.addEventListener('visibilitychange', this.#onVisible);
  }

  stop(): void {
    this.#stopped = true;
    this.#pending.length = 0;
    document.removeEventListener('visibilitychange', this.#onVisible);
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#ping) clearInterval(this.#ping);
    this.#ws?.close(1000);
    this.#ws = null;
  }

  /** The events to follow and in which scope; the socket catches up with the difference. */
  follow(wanted: ReadonlyMap<string, LiveScope>): void {
    this.#wanted = new Map(wanted);
    if (this.#ready) this.#sync();
  }

  #onVisible = () => {
    // A phone that slept may have a dead socket: come back at once rather than after a backoff.
    if (document.visibilityState === 'visible' && !this.#ws && !this.#stopped) {
      if (this.#retry) clearTimeout(this.#retry);
      this.#attempt = 0;
      this.#connect();
    }
  };

  #connect(): void {
    const token = this.deps.token();
    if (!token || this.#stopped) return;
    const url =
      this.deps.socketUrl ??
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
    const ws = (this.deps.createSocket ?? ((u) => new WebSocket(u)))(url);
    this.#ws = ws;
    this.#ready = false;
    this.#sent.clear();
    this.status.set('connecting');
    ws.onopen = () => this.#send({ type: 'auth', token });
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      this.#receive(JSON.parse(e.data) as LiveServerFrame);
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      this.#ready = false;
      if (this.#ping) clearInterval(this.#ping);
      this.status.set('offline');
      if (e.code === 4401) {
        this.#stopped = true;
        this.deps.onSessionEnded();
        return;
      }
      if (this.#stopped) return;
      // 4429: a bound was passed; wait the longest before trying again.
      const delay = e.code === 4429 ? 15_000 : Math.min(15_000, 1000 * 2 ** this.#attempt);
      this.#attempt += 1;
      this.#retry = setTimeout(() => this.#connect(), delay);
    };
  }

  #receive(frame: LiveServerFrame): void {
    switch (frame.type) {
      case 'ready':
        this.#ready = true;
        this.#attempt = 0;
        this.status.set('live');
        if (this.#ping) clearInterval(this.#ping);
        this.#ping = setInterval(() => this.#send({ type: 'ping' }), PING_MS);
        this.#sync();
        return;
      case 'event':
        this.#pending.push(frame);
        this.#schedule();
        return;
      case 'batch':
        // The venue sends each look at its database as one batch: one message, one parse.
        this.#pending.push(...frame.events);
        this.#schedule();
        return;
      case 'error':
        if (frame.code === 8020) this.deps.onSessionEnded();
        return;
      case 'pong':
        return;
    }
  }

  #apply(frame: LiveEventFrame): void {
    const scope = this.#sent.get(frame.eventId);
    if (scope) this.deps.onEvent(frame, scope);
  }

  #schedule(): void {
    if (this.#draining) return;
    this.#draining = true;
    // A new task (not a microtask): the browser may paint and handle input in between.
    if (this.#channel) this.#channel.port2.postMessage(null);
    else setTimeout(() => this.#drain(), 0);
  }

  #drain(): void {
    const end = performance.now() + SLICE_MS;
    const drawNow = this.deps.drawNow ?? ((apply: () => void) => apply());
    let i = 0;
    while (i < this.#pending.length && performance.now() < end) {
      const frame = this.#pending[i++]!;
      drawNow(() => this.#apply(frame));
    }
    this.#pending.splice(0, i);
    this.#draining = false;
    if (this.#pending.length > 0) this.#schedule();
  }

  /** Sends the difference between what is followed and what is wanted. */
  #sync(): void {
    const gone = [...this.#sent.keys()].filter((id) => !this.#wanted.has(id));
    for (let i = 0; i < gone.length; i += BATCH) {
      this.#send({ type: 'unsubscribe', eventIds: gone.slice(i, i + BATCH) });
    }
    for (const id of gone) this.#sent.delete(id);
    for (const scope of ['main', 'full'] as const) {
      const add = [...this.#wanted]
        .filter(([id, s]) => s === scope && this.#sent.get(id) !== s)
        .map(([id]) => id);
      for (let i = 0; i < add.length; i += BATCH) {
        const ids = add.slice(i, i + BATCH);
        for (const id of ids) this.#sent.set(id, scope);
        this.#send({
          type: 'subscribe',
          scope,
          events: ids.map((eventId) => ({ eventId, ...this.deps.held(eventId, scope) })),
        });
      }
    }
  }

  #send(frame: LiveClientFrame): void {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(frame));
  }
}
