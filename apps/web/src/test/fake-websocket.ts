import type { SocketLike } from '../lib/ws-types';

/**
 * A WebSocket stand-in for unit tests: records what the client sends and lets the test play
 * the server (open, frames, close, a refused connection).
 */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: { msgId: number; msgData: Record<string, unknown> }[] = [];
  closedByClient = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as { msgId: number; msgData: Record<string, unknown> });
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }

  // ---- the test plays the server -------------------------------------------------------------

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(msgId: number, msgData: object): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ msgId, msgData }) }));
  }

  receiveRaw(data: string): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server went away: error then close, as browsers report it. */
  drop(): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** Frames of one id the client sent. */
  sentOf(msgId: number): Record<string, unknown>[] {
    return this.sent.filter((f) => f.msgId === msgId).map((f) => f.msgData);
  }
}

/** A socket factory that keeps every socket made, newest last. */
export function fakeSockets(): {
  create: (url: string) => FakeSocket;
  all: FakeSocket[];
  last: () => FakeSocket;
} {
  const all: FakeSocket[] = [];
  return {
    all,
    create: (url: string) => {
      const socket = new FakeSocket(url);
      all.push(socket);
      return socket;
    },
    last: () => {
      const socket = all[all.length - 1];
      if (!socket) throw new Error('no socket was made');
      return socket;
    },
  };
}
