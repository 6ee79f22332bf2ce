import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { ChatSocket } from './chat-state';
import { FAN_OUT_SLICE, FanOutQueue } from './fan-out-queue';

/** A socket that records what is written to it (the queue only reads readyState and send). */
function socket(open = true): ChatSocket & { got: Buffer[] } {
  const got: Buffer[] = [];
  const ws = {
    OPEN: 1,
    readyState: open ? 1 : 3,
    send: (data: Buffer, options: { binary: boolean }) => {
      expect(options.binary).toBe(false);
      got.push(data);
    },
  } as unknown as WebSocket;
  return { id: 0, ws, memberId: null, shields: new Set<number>(), got } as unknown as ChatSocket & {
    got: Buffer[];
  };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('FanOutQueue', () => {
  it('writes one encoded Buffer to every socket, a slice per turn of the event loop', async () => {
    const room = new Set(Array.from({ length: FAN_OUT_SLICE * 2 + 10 }, () => socket()));
    const q = new FanOutQueue();
    q.push('{"msgId":10003,"msgData":{"content":"主队加油"}}', room);
    const sockets = [...room];
    // The first slice is written at once; the rest waits for later turns.
    expect(sockets.filter((s) => s.got.length === 1)).toHaveLength(FAN_OUT_SLICE);
    await turn();
    await turn();
    await turn();
    expect(sockets.every((s) => s.got.length === 1)).toBe(true);
    const first = sockets[0]!.got[0]!;
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(first.toString('utf8')).toContain('主队加油');
    expect(sockets.every((s) => s.got[0] === first)).toBe(true);
    expect(q.pending).toBe(0);
  });

  it('keeps publication order on every socket while a fan-out is cut in slices', async () => {
    const room = new Set(Array.from({ length: FAN_OUT_SLICE + 500 }, () => socket()));
    const q = new FanOutQueue();
    q.push('first', room);
    q.push('second', room);
    q.push('third', room);
    for (let i = 0; i < 5; i += 1) await turn();
    for (const s of room)
      expect(s.got.map((b) => b.toString())).toEqual(['first', 'second', 'third']);
  });

  it('skips closed sockets and those the frame excludes', () => {
    const open = socket();
    const closed = socket(false);
    const shielding = socket();
    const q = new FanOutQueue();
    q.push('x', [open, closed, shielding], (s) => s === shielding);
    expect([open.got.length, closed.got.length, shielding.got.length]).toEqual([1, 0, 0]);
  });

  it('counts the time it is behind: while a fan-out waits for later turns, not once drained', async () => {
    let now = 1_000;
    const q = new FanOutQueue(() => now);
    q.push('small', [socket(), socket()]);
    now += 500;
    // Written in the same turn: the node was never behind.
    expect(q.behindMs()).toBe(0);
    const room = new Set(Array.from({ length: FAN_OUT_SLICE + 1 }, () => socket()));
    q.push('big', room);
    now += 3_000;
    expect(q.behindMs()).toBe(3_000);
    await turn();
    now += 10_000;
    expect(q.pending).toBe(0);
    expect(q.behindMs()).toBe(3_000);
  });
});
