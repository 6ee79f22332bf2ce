import { RECONNECT_DELAY_MS } from '@nebula/protocol/constants/constants';
import { MessageId } from '@nebula/protocol/ws/message-ids';
import {
  CHAT_HISTORY_LIMIT_DEFAULT,
  CHAT_HISTORY_LIMIT_MAX,
  type ChatMessage,
} from '@nebula/protocol/ws/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatSocketClient } from '../../../lib/ws-client';
import { fakeSockets } from '../../../test/fake-websocket';
import { JOIN_NOTICE_GAP_MS, initialRoomState, useChatRoomStore } from './chat-room.store';
import { bindRoomSync, enterRoom, sendText } from './room-sync';

const sender = (memberId: number) => ({
  memberId,
  nickname: `m${memberId}`,
  vipLevel: 1,
  avatar: '',
  staff: false,
});

function message(id: number, roomId = 1): ChatMessage {
  return { roomId, id, content: `text ${id}`, sender: sender(7), time: id };
}

function range(from: number, to: number): ChatMessage[] {
  return Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
}

function joined(history: ChatMessage[], roomId = 1) {
  return { roomId, name: '大厅', status: 1, vipMin: 0, vipMax: 99, history };
}

/** A member's client (with a token, so it reconnects) bound to the room store, room 1 wanted. */
function setup() {
  const sockets = fakeSockets();
  const client = new ChatSocketClient({
    createSocket: sockets.create,
    url: () => 'ws://chat.test/x',
    getToken: () => 'token',
    fetchJwt: () => Promise.resolve('jwt'),
    getDeviceId: () => 'd',
  });
  const unbind = bindRoomSync(client);
  client.connect();
  enterRoom(client, 1);
  return { client, sockets, unbind };
}

const ids = () => useChatRoomStore.getState().items.map((item) => item.id);

beforeEach(() => {
  vi.useFakeTimers();
  useChatRoomStore.setState(initialRoomState());
});
afterEach(() => {
  vi.useRealTimers();
});

/** Opens the newest socket and answers its login, so the client joins the room. */
async function open(sockets: ReturnType<typeof fakeSockets>) {
  sockets.last().open();
  await vi.advanceTimersByTimeAsync(0);
  sockets
    .last()
    .receive(MessageId.Login, { speechStatus: 0, vipMin: 0, vipMax: 99, serverTime: 1 });
}

/** The server went away and came back: the client reconnects after 3000 ms. */
async function reconnect(sockets: ReturnType<typeof fakeSockets>) {
  sockets.last().drop();
  await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
  await open(sockets);
}

describe('room sync', () => {
  it('shows the JoinRoom history and live messages of its room, each once', async () => {
    const { sockets } = setup();
    await open(sockets);
    expect(sockets.last().sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }]);
    sockets.last().receive(MessageId.JoinRoom, joined(range(1, 3)));
    expect(useChatRoomStore.getState().room?.name).toBe('大厅');
    sockets.last().receive(MessageId.BroadcastRoom, message(4));
    sockets.last().receive(MessageId.BroadcastRoom, message(4));
    sockets.last().receive(MessageId.BroadcastRoom, message(9, 2));
    expect(ids()).toEqual([1, 2, 3, 4]);
    expect(useChatRoomStore.getState().hasOlder).toBe(false);
  });

  it('shared cards in the JoinRoom history show as bet cards, in id order', async () => {
    const { sockets } = setup();
    await open(sockets);
    const card = {
      roomId: 1,
      betId: 'B9',
      venueCode: 'FAKE',
      venueName: '体育',
      kind: 'single' as const,
      status: 'won',
      legs: [],
      stake: '100.00',
      oddsMilli: 1950,
      potentialWin: '95.00',
    };
    sockets
      .last()
      .receive(MessageId.JoinRoom, joined([message(1), { ...message(2), content: '', card }]));
    const items = useChatRoomStore.getState().items;
    expect(items.map((item) => item.kind)).toEqual(['text', 'bet']);
    expect(items[1]?.kind === 'bet' && items[1].card).toMatchObject({
      id: 2,
      betId: 'B9',
      sender: sender(7),
    });
  });

  it('a full first page means older history may exist', async () => {
    const { sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, joined(range(1, CHAT_HISTORY_LIMIT_DEFAULT)));
    expect(useChatRoomStore.getState().hasOlder).toBe(true);
  });

  it('after a reconnect the room is joined again and the overlap is not duplicated', async () => {
    const { sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, joined(range(1, 5)));
    sockets.last().receive(MessageId.BroadcastRoom, message(6));
    await reconnect(sockets);
    expect(sockets.last().sentOf(MessageId.JoinRoom)).toEqual([{ roomId: 1 }]);
    // Messages 7 and 8 were sent while disconnected; the JoinRoom history covers them.
    sockets.last().receive(MessageId.JoinRoom, joined(range(1, 8)));
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sockets.last().sentOf(MessageId.ChatHistory)).toEqual([]);
  });

  it('fills a gap longer than the JoinRoom history with ChatHistory pages down to the last message shown', async () => {
    const { sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, joined(range(1, 10)));
    await reconnect(sockets);
    const socket = sockets.last();
    // 250 messages were missed: the JoinRoom history holds the newest 50 (211–260).
    socket.receive(MessageId.JoinRoom, joined(range(211, 260)));
    expect(socket.sentOf(MessageId.ChatHistory)).toEqual([
      { roomId: 1, beforeId: 211, limit: CHAT_HISTORY_LIMIT_MAX },
    ]);
    socket.receive(MessageId.ChatHistory, { roomId: 1, messages: range(111, 210) });
    expect(socket.sentOf(MessageId.ChatHistory)).toHaveLength(2);
    expect(socket.sentOf(MessageId.ChatHistory)[1]).toEqual({
      roomId: 1,
      beforeId: 111,
      limit: CHAT_HISTORY_LIMIT_MAX,
    });
    // Ids are not contiguous, so a full page ending right above message 10 asks once more; the
    // answer reaches message 10, which is already shown, and the filling stops.
    socket.receive(MessageId.ChatHistory, { roomId: 1, messages: range(11, 110) });
    expect(socket.sentOf(MessageId.ChatHistory)[2]).toMatchObject({ beforeId: 11 });
    socket.receive(MessageId.ChatHistory, { roomId: 1, messages: range(1, 10) });
    expect(socket.sentOf(MessageId.ChatHistory)).toHaveLength(3);
    expect(ids()).toEqual(range(1, 260).map((m) => m.id));
  });

  it('an operator deletion removes the message live', async () => {
    const { sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, joined(range(1, 3)));
    sockets.last().receive(MessageId.MsgShield, { roomId: 1, messageId: 2, reason: 'deleted' });
    expect(ids()).toEqual([1, 3]);
  });

  it('shield acks update the shielded members; a filter notice names the message sent', async () => {
    const { client, sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, joined([]));
    sockets.last().receive(MessageId.MsgShield, { memberId: 7, shield: true });
    expect(useChatRoomStore.getState().shielded).toEqual([7]);
    sockets.last().receive(MessageId.MsgShield, { memberId: 7, shield: false });
    expect(useChatRoomStore.getState().shielded).toEqual([]);

    expect(sendText(client, 1, '加我 vx abcdef')).toBe(true);
    const sent = sockets.last().sentOf(MessageId.BroadcastRoom)[0];
    expect(sent).toMatchObject({ roomId: 1, content: '加我 vx abcdef' });
    sockets.last().receive(MessageId.MsgShield, {
      roomId: 1,
      clientMsgId: sent?.clientMsgId,
      reason: '消息含有 QQ / 微信等联系方式，已被屏蔽',
    });
    expect(useChatRoomStore.getState().filtered).toMatchObject({
      content: '加我 vx abcdef',
      reason: '消息含有 QQ / 微信等联系方式，已被屏蔽',
    });
  });

  it('a gift answered twice (a retried key) is one entry and one animation', async () => {
    const { sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, joined(range(1, 2)));
    const gift = { roomId: 1, id: 3, giftId: 1, count: 1, sender: sender(8), time: 3 };
    sockets.last().receive(MessageId.Gift, gift);
    sockets.last().receive(MessageId.Gift, gift);
    expect(ids()).toEqual([1, 2, 3]);
    expect(useChatRoomStore.getState().bursts).toEqual([gift]);
  });

  it('join notices are throttled', async () => {
    const { sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, joined([]));
    sockets.last().receive(MessageId.BroadcastJoin, { roomId: 1, nickname: 'a', vipLevel: 0 });
    sockets.last().receive(MessageId.BroadcastJoin, { roomId: 1, nickname: 'b', vipLevel: 0 });
    expect(useChatRoomStore.getState().joinNotice?.nickname).toBe('a');
    await vi.advanceTimersByTimeAsync(JOIN_NOTICE_GAP_MS);
    sockets.last().receive(MessageId.BroadcastJoin, { roomId: 1, nickname: 'c', vipLevel: 0 });
    expect(useChatRoomStore.getState().joinNotice?.nickname).toBe('c');
  });

  it('mutes, room status, VIP range and maintenance reach the store', async () => {
    const { sockets } = setup();
    await open(sockets);
    const socket = sockets.last();
    socket.receive(MessageId.JoinRoom, joined([]));
    socket.receive(MessageId.SpeechStatus, { speechStatus: 1, until: 99 });
    socket.receive(MessageId.RoomStatus, { roomId: 1, status: 0 });
    socket.receive(MessageId.ChatVIPLevel, { roomId: 1, vipMin: 3, vipMax: 5 });
    socket.receive(MessageId.AllRoomMaintain, { maintain: true, message: '维护' });
    const state = useChatRoomStore.getState();
    expect(state.speech).toEqual({ speechStatus: 1, until: 99 });
    expect(state.room).toMatchObject({ status: 0, vipMin: 3, vipMax: 5 });
    expect(state.maintain).toEqual({ maintain: true, message: '维护' });
  });

  it('a refused join is kept for the page', async () => {
    const { sockets } = setup();
    await open(sockets);
    sockets.last().receive(MessageId.JoinRoom, { error: { code: 9110, message: 'x' } });
    expect(useChatRoomStore.getState().joinError).toMatchObject({ code: 9110, msgId: 10002 });
  });
});
