import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { MemoryBus } from '../bus/memory-bus';
import { FakeClock } from '../lib/clock';
import type { SessionService } from '../modules/auth/session.service';
import type { ChatService } from '../modules/chat/chat.service';
import { CLOSE_SILENT, ChatHub, SILENCE_LIMIT_MS } from './chat-hub';
import { FAN_OUT_SLICE } from './fan-out-queue';
import { LOOP_PROBE_MS } from './loop-stall';

/**
 * The silence rule on a busy node, on the real hub, fan-out queue and bus with sockets that
 * record what the hub does to them (a room big enough to put the node behind would take
 * thousands of real connections). chat-lifecycle.test.ts proves the rule with real sockets.
 */
class RecordingSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  frames = 0;
  closedWith: number | null = null;
  send(): void {
    this.frames += 1;
  }
  close(code: number): void {
    if (this.closedWith !== null) return;
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  terminate(): void {
    this.close(1006);
  }
  /** The client's heartbeat frame, as ws hands it to the hub. */
  beat(): void {
    this.emit('message', Buffer.from('{"msgId":0,"msgData":{}}'), false);
  }
}

const noLog = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const turn = () => new Promise((r) => setImmediate(r));

/** The node's monotonic clock, moved by the test: the event loop "stands still" between moves. */
class LoopClock {
  t = 0;
  readonly now = () => this.t;
}

async function hubWith(crowd: number) {
  const clock = new FakeClock();
  const loop = new LoopClock();
  const bus = new MemoryBus();
  // Heartbeats and a maintenance notice use neither the chat service nor sessions.
  const hub = new ChatHub(
    {} as ChatService,
    {} as SessionService,
    bus,
    clock,
    'j'.repeat(64),
    noLog,
    1_000_000,
    undefined,
    loop.now,
  );
  await hub.start();
  const open = (): RecordingSocket => {
    const ws = new RecordingSocket();
    hub.accept(ws as unknown as WebSocket, '10.0.0.1');
    return ws;
  };
  const sockets = Array.from({ length: crowd }, open);
  /** Time passes with the loop turning: the hub looks at it every probe period. */
  const elapse = (ms: number): void => {
    for (let left = ms; left > 0; left -= LOOP_PROBE_MS) {
      const step = Math.min(LOOP_PROBE_MS, left);
      clock.advance(step);
      loop.t += step;
      hub.sweep();
    }
  };
  return { clock, loop, bus, hub, open, sockets, elapse };
}

describe('the silence rule on a node behind on its room frames', () => {
  it('does not cut a member whose beats wait behind the node’s backlog; cuts the silent after it drains', async () => {
    const { clock, bus, hub, open, sockets } = await hubWith(FAN_OUT_SLICE * 3);
    const member = open();
    const quiet = open();
    // A notice to every socket: more than a slice, so the node is behind until later turns.
    await bus.publish('chat.maintain', { maintain: true, message: '维护通知' });
    expect(sockets.at(-1)!.frames).toBe(0);
    // The node stays behind past the silence limit; nobody's frames are read meanwhile.
    clock.advance(SILENCE_LIMIT_MS + 5_000);
    hub.sweep();
    expect(member.closedWith).toBeNull();
    expect(quiet.closedWith).toBeNull();

    // The notice reaches the sockets in the order they opened: the quiet one is the last.
    while (quiet.frames === 0) await turn();
    // Drained: from here on silence counts again. The member beats; the quiet one never does.
    clock.advance(SILENCE_LIMIT_MS - 1_000);
    hub.sweep();
    expect(quiet.closedWith).toBeNull();
    member.beat();
    clock.advance(2_000);
    hub.sweep();
    expect(quiet.closedWith).toBe(CLOSE_SILENT);
    expect(member.closedWith).toBeNull();
    hub.stop();
  });

  it('a node that keeps up closes a socket silent for the limit, as before', async () => {
    const { clock, hub, open } = await hubWith(0);
    const quiet = open();
    const member = open();
    clock.advance(SILENCE_LIMIT_MS - 1_000);
    member.beat();
    clock.advance(2_000);
    hub.sweep();
    expect(quiet.closedWith).toBe(CLOSE_SILENT);
    expect(member.closedWith).toBeNull();
    hub.stop();
  });

  it('does not cut a silent member still reading the node’s backlog to it; cuts one whose backlog is stuck', async () => {
    const { clock, hub, open } = await hubWith(0);
    const reading = open();
    const stuck = open();
    // Both fell behind the room: bytes wait in the node for their connections to take them.
    reading.bufferedAmount = 900_000;
    stuck.bufferedAmount = 900_000;
    hub.sweep();
    for (let i = 0; i < 4; i += 1) {
      clock.advance(SILENCE_LIMIT_MS / 3);
      reading.bufferedAmount -= 200_000;
      hub.sweep();
    }
    expect(reading.closedWith).toBeNull();
    expect(stuck.closedWith).toBe(CLOSE_SILENT);
    // Caught up, and still silent: judged on its frames again.
    clock.advance(SILENCE_LIMIT_MS + 1_000);
    hub.sweep();
    expect(reading.closedWith).toBe(CLOSE_SILENT);
    hub.stop();
  });
});

describe('the silence rule after the node’s event loop stood still', () => {
  it('does not cut sockets whose beats wait unread behind a stall; cuts the silent once it listens again', async () => {
    const { clock, loop, hub, open, elapse } = await hubWith(0);
    const member = open();
    const quiet = open();
    // A long synchronous task: for 20 s the node reads nothing, and the beats sent meanwhile
    // wait in the kernel. The sweep's timer is the first callback after it (the timers phase
    // comes before the poll phase that reads them).
    clock.advance(20_000);
    loop.t += 20_000;
    hub.sweep();
    expect(member.closedWith).toBeNull();
    expect(quiet.closedWith).toBeNull();
    // The poll phase reads the member's waiting beat; the quiet one never beats again.
    member.beat();
    elapse(SILENCE_LIMIT_MS - 1_000);
    expect(quiet.closedWith).toBeNull();
    member.beat();
    elapse(2_000);
    expect(quiet.closedWith).toBe(CLOSE_SILENT);
    expect(member.closedWith).toBeNull();
    hub.stop();
  });

  it('a loop that turns, however busy, is no stall: silence counts in full', async () => {
    const { hub, open, elapse } = await hubWith(0);
    const quiet = open();
    elapse(SILENCE_LIMIT_MS + 1_000);
    expect(quiet.closedWith).toBe(CLOSE_SILENT);
    hub.stop();
  });
});
