import type { ChannelFrame, LiveChannel } from '@nebula/protocol/venue/live-channels';
import type { LiveClientFrame, LiveServerFrame } from '@nebula/protocol/venue/live-frames';
import { LIVE_PATH } from '../../lib/contract';
import { createStore } from '../../lib/store';

const PING_MS = 20_000;

export type ChannelStatus = 'connecting' | 'live' | 'offline';

export interface ChannelDeps {
  token: () => string | null;
  onFrame: (frame: ChannelFrame) => void;
  onSessionEnded: () => void;
  socketUrl?: string;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The games page's live socket (docs/contract.md §10.11, live channels): authenticates with the
 * session token, watches the channels the open screens want (a table, the tables, the lottery
 * games) and on every reconnect watches them again, so each starts from a snapshot of its round
 * as it stands. Reconnects back off (1 s doubling to 15 s); a session the venue ended stops it.
 * `status` is what the stores' fallback polling follows: they poll only while it is not live.
 */
export class ChannelClient {
  readonly status = createStore<ChannelStatus>('connecting');
  #ws: WebSocket | null = null;
  #ready = false;
  #wanted = new Set<LiveChannel>();
  #sent = new Set<LiveChannel>();
  #attempt = 0;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #ping: ReturnType<typeof setInterval> | null = null;
  #stopped = true;

  constructor(private readonly deps: ChannelDeps) {}

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#connect();
    document.addEventListener('visibilitychange', this.#onVisible);
  }

  stop(): void {
    this.#stopped = true;
    document.removeEventListener('visibilitychange', this.#onVisible);
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#ping) clearInterval(this.#ping);
    this.#ws?.close(1000);
    this.#ws = null;
    this.status.set('offline');
  }

  /** The channels to follow; the socket watches the new ones and drops the others. */
  follow(wanted: Iterable<LiveChannel>): void {
    this.#wanted = new Set(wanted);
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
      if (typeof e.data === 'string') this.#receive(JSON.parse(e.data) as LiveServerFrame);
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
        if (this.#ping) clearInterval(this.#ping);
        this.#ping = setInterval(() => this.#send({ type: 'ping' }), PING_MS);
        this.#sync();
        this.status.set('live');
        return;
      case 'error':
        if (frame.code === 8020) this.deps.onSessionEnded();
        return;
      case 'pong':
      case 'event':
      case 'batch':
        return;
      default:
        if (this.#sent.has(frame.channel as LiveChannel)) this.deps.onFrame(frame);
    }
  }

  #sync(): void {
    const gone = [...this.#sent].filter((c) => !this.#wanted.has(c));
    if (gone.length > 0) this.#send({ type: 'unwatch', channels: gone });
    for (const c of gone) this.#sent.delete(c);
    const add = [...this.#wanted].filter((c) => !this.#sent.has(c));
    for (let i = 0; i < add.length; i += 20) {
      const channels = add.slice(i, i + 20);
      for (const c of channels) this.#sent.add(c);
      this.#send({ type: 'watch', channels });
    }
  }

  #send(frame: LiveClientFrame): void {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(frame));
  }
}
