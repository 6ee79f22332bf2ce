import type { LiveEventFrame } from '@nebula/protocol/venue/live-frames';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClient } from './live-client';

/** The network end of the socket: what the page sent, and a way to answer or drop it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

afterEach(() => {
  FakeSocket.all = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function client(held = new Map<string, number>()) {
  const events: LiveEventFrame[] = [];
  const ended = vi.fn();
  const c = new LiveClient({
    token: () => 'session-token',
    held: (id) => ({ version: held.get(id) ?? 0 }),
    onEvent: (f) => events.push(f),
    onSessionEnded: ended,
    socketUrl: 'ws://venue.test/h5/api/live',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { c, events, ended, held };
}

describe('the live client', () => {
  it('authenticates first, then subscribes with what the page holds, by scope', () => {
    vi.stubGlobal('WebSocket', { OPEN: 1 });
    const { c } = client(new Map([['a', 4]]));
    c.follow(
      new Map([
        ['a', 'main'],
        ['b', 'full'],
      ]),
    );
    c.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    expect(ws.sent).toEqual([{ type: 'auth', token: 'session-token' }]);
    ws.receive({ type: 'ready' });
    expect(ws.sent.slice(1)).toEqual([
      { type: 'subscribe', scope: 'main', events: [{ eventId: 'a', version: 4 }] },
      { type: 'subscribe', scope: 'full', events: [{ eventId: 'b', version: 0 }] },
    ]);
    c.follow(new Map([['b', 'full']]));
    expect(ws.sent.at(-1)).toEqual({ type: 'unsubscribe', eventIds: ['a'] });
    c.stop();
  });

  it('reconnects after a drop and resubscribes with the versions it holds now', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', { OPEN: 1 });
    const { c, held, events } = client(new Map([['a', 4]]));
    c.follow(new Map([['a', 'main']]));
    c.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive({ type: 'ready' });
    FakeSocket.all[0]!.receive({
      type: 'event',
      eventId: 'a',
      version: 5,
      status: 'live',
      score: '0-0',
      clock: "1'",
      suspended: [],
      prices: [],
      snapshot: false,
    });
    // Applied in a slice of its own task, not inside the socket's message handler.
    expect(events).toHaveLength(0);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    held.set('a', 5);
    FakeSocket.all[0]!.drop(1006);
    expect(c.status.get()).toBe('offline');
    vi.advanceTimersByTime(1000);
    const again = FakeSocket.all[1]!;
    again.open();
    again.receive({ type: 'ready' });
    expect(again.sent).toEqual([
      { type: 'auth', token: 'session-token' },
      { type: 'subscribe', scope: 'main', events: [{ eventId: 'a', version: 5 }] },
    ]);
    expect(c.status.get()).toBe('live');
    c.stop();
  });

  it('stops and ends the page’s session when the venue says the session ended', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', { OPEN: 1 });
    const { c, ended } = client();
    c.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(4401);
    expect(ended).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    c.stop();
  });
});
