import { MessageId } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_BUDGET } from '../ws/frame-budget';
import { listenForChat, type ChatEndpoint } from '../test/chat-harness';
import { createTestApp, type TestApp } from '../test/test-app';
import { WsClient } from '../test/ws-client';

/**
 * Finding 6: one anonymous socket sending 2,000 ChatHistory frames stalled the node. Every
 * frame now spends from a per-socket budget, history comes from a per-room cache, and a flood
 * closes the socket with 1008 and counts against its address.
 */
let t: TestApp;
let at: ChatEndpoint;
beforeAll(async () => {
  t = await createTestApp();
  at = await listenForChat(t);
});
afterAll(() => t.close());

describe('a socket that floods', () => {
  it('2,000 history frames: closed with 1008 after its budget, and few of them were served', async () => {
    const ws = await WsClient.open(at.wsUrl, at.origin);
    for (let i = 0; i < 2000; i += 1) ws.send(MessageId.ChatHistory, { roomId: 1 });
    const closed = await ws.waitClose(5000);
    expect(closed.code).toBe(1008);
    const served = ws.frames.filter((f) => f.msgId === MessageId.ChatHistory).length;
    expect(served).toBeLessThanOrEqual(FRAME_BUDGET.capacity);
    // The node still answers at once.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });

  it('a normal page (heartbeats, a join, some scroll-back) is never closed', async () => {
    const ws = await WsClient.open(at.wsUrl, at.origin);
    for (let i = 0; i < 5; i += 1) ws.send(MessageId.Heartbeat, {});
    for (let i = 0; i < 4; i += 1) ws.send(MessageId.ChatHistory, { roomId: 1 });
    for (let i = 0; i < 4; i += 1) await ws.id(MessageId.ChatHistory);
    expect(ws.closed).toBeNull();
    ws.close();
  });

  it('three floods from one address refuse its next socket until the window passes', async () => {
    // The first test already gave 127.0.0.1 one strike.
    for (let strike = 0; strike < 2; strike += 1) {
      const ws = await WsClient.open(at.wsUrl, at.origin);
      for (let i = 0; i < 400; i += 1) ws.send(MessageId.Heartbeat, {});
      expect((await ws.waitClose(5000)).code).toBe(1008);
    }
    // Refused before the upgrade: no socket is made for the address.
    await expect(WsClient.open(at.wsUrl, at.origin)).rejects.toThrow('HTTP 503');
    t.clock.advance(11 * 60 * 1000);
    const later = await WsClient.open(at.wsUrl, at.origin);
    later.send(MessageId.Heartbeat, {});
    await later.id(MessageId.Heartbeat);
    expect(later.closed).toBeNull();
    later.close();
  });
});
