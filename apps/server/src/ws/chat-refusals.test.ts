import { ErrorCode, MessageId } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, registerMember } from '../test/factories';
import {
  chatErrorOf,
  chatSocket,
  joinRoom,
  listenForChat,
  type ChatEndpoint,
} from '../test/chat-harness';
import { createTestApp, type TestApp } from '../test/test-app';
import { WsClient } from '../test/ws-client';
import { CLOSE_POLICY, FRAME_BUDGET } from './frame-budget';

/**
 * A message the node refuses is answered with a code, never dropped unseen (docs/benchmarks.md,
 * chat: bench:chat's staff sender lost messages between its socket and the room with nothing to
 * say why). Staff are exempt from the member flood control, not from the socket's frame budget: a
 * frame past the budget is answered with 9105 under its own msgId before the 1008 close.
 */
let t: TestApp;
let at: ChatEndpoint;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  at = await listenForChat(t);
});
afterAll(() => t.close());

describe('a frame past the socket’s budget', () => {
  it('is answered with 9105 under its msgId, then the socket is closed with 1008', async () => {
    const ws = await WsClient.open(at.wsUrl, at.origin);
    // Three budgets' worth at once: past it however slowly a loaded machine reads them (it refills).
    for (let i = 0; i < FRAME_BUDGET.capacity * 3; i += 1) ws.send(MessageId.Heartbeat, {});
    const closed = await ws.waitClose(5000);
    expect(closed.code).toBe(CLOSE_POLICY);
    const answers = ws.frames.filter((f) => f.msgId === MessageId.Heartbeat);
    const refusals = answers.filter((f) => chatErrorOf(f) === ErrorCode.ChatFloodLimited);
    expect(refusals).toHaveLength(1);
    // Every frame within the budget was served; the one past it is the refusal.
    expect(answers.length - refusals.length).toBeGreaterThanOrEqual(FRAME_BUDGET.capacity);
    expect(answers.at(-1)).toBe(refusals[0]);
  });

  it('a staff sender’s message past it gets 9105 on 10003: every message is accounted for', async () => {
    // 127.0.0.1 has one strike from the test above; it takes three to refuse its sockets.
    const staffer = await registerMember(t);
    const admin = await adminToken(t);
    await adminCall(t, admin, 'POST', `/admin/api/v1/chat/members/${staffer.memberId}/staff`, {
      staff: true,
    });
    const ws = await chatSocket(at, staffer);
    await joinRoom(ws);
    const sent = FRAME_BUDGET.capacity * 3;
    for (let i = 0; i < sent; i += 1)
      ws.send(MessageId.BroadcastRoom, { roomId: 1, content: `staff ${i}` });
    expect((await ws.waitClose(10_000)).code).toBe(CLOSE_POLICY);
    const refusals = ws.frames.filter((f) => f.msgId === MessageId.BroadcastRoom && chatErrorOf(f));
    // The first frame past the budget is refused with its code (not the member flood control's
    // 9105 for each message: staff pass it); later ones meet a closing socket.
    expect(refusals.map(chatErrorOf)).toEqual([ErrorCode.ChatFloodLimited]);
  });
});
