import {
  CHAT_HISTORY_LIMIT_DEFAULT,
  CHAT_HISTORY_LIMIT_MAX,
  type ChatMessage,
  type RoomJoined,
} from '@nebula/protocol/ws/messages';
import { MessageId } from '@nebula/protocol/ws/message-ids';
import type { ChatSocketClient } from '../../../lib/ws-client';
import {
  betItem,
  giftItem,
  hasItem,
  historyItem,
  mergeItems,
  newestId,
  removeItem,
  textItem,
} from './chat-items';
import {
  announceJoin,
  initialRoomState,
  pushScore,
  queueBurst,
  rememberPending,
  useChatRoomStore,
} from './chat-room.store';

/**
 * Keeps the room store in step with the socket: the JoinRoom answer (first join or rejoin
 * after a reconnect), live messages, gifts, removals, shields, mutes, room changes. After a
 * reconnect the JoinRoom history may not reach back to the last message shown; the gap is
 * then filled with ChatHistory pages (10011) down to it, merged without duplicates.
 */

/** Pages asked for to fill one gap (100 each); a longer outage leaves older ones to scroll-back. */
const GAP_PAGES_MAX = 5;

function inRoom(roomId: number): boolean {
  return useChatRoomStore.getState().roomId === roomId;
}

export function bindRoomSync(client: ChatSocketClient): () => void {
  /** While filling a gap: the newest id shown before the reconnect, and pages left to ask. */
  let gap: { floor: number; pagesLeft: number } | null = null;

  const askOlder = (roomId: number, beforeId: number) => {
    client.send(MessageId.ChatHistory, { roomId, beforeId, limit: CHAT_HISTORY_LIMIT_MAX });
  };

  const onJoined = (joined: RoomJoined) => {
    if (!inRoom(joined.roomId)) return;
    const { items } = useChatRoomStore.getState();
    const floor = newestId(items);
    const first = joined.history[0];
    useChatRoomStore.setState({
      room: {
        name: joined.name,
        status: joined.status,
        vipMin: joined.vipMin,
        vipMax: joined.vipMax,
      },
      joinError: null,
      items: mergeItems(items, joined.history.map(historyItem)),
      ...(items.length === 0
        ? { hasOlder: joined.history.length >= CHAT_HISTORY_LIMIT_DEFAULT }
        : {}),
    });
    gap = null;
    if (
      floor !== null &&
      first &&
      first.id > floor &&
      joined.history.length >= CHAT_HISTORY_LIMIT_DEFAULT
    ) {
      gap = { floor, pagesLeft: GAP_PAGES_MAX - 1 };
      askOlder(joined.roomId, first.id);
    }
  };

  const onHistory = (page: { roomId: number; messages: ChatMessage[] }) => {
    if (!gap || !inRoom(page.roomId)) return;
    useChatRoomStore.setState((state) => ({
      items: mergeItems(state.items, page.messages.map(historyItem)),
    }));
    const first = page.messages[0];
    if (
      first &&
      first.id > gap.floor &&
      page.messages.length >= CHAT_HISTORY_LIMIT_MAX &&
      gap.pagesLeft > 0
    ) {
      gap.pagesLeft -= 1;
      askOlder(page.roomId, first.id);
    } else {
      gap = null;
    }
  };

  const offs = [
    client.on(MessageId.JoinRoom, onJoined),
    client.on(MessageId.ChatHistory, onHistory),
    client.on(MessageId.Login, (ack) => {
      useChatRoomStore.setState({ speech: { speechStatus: ack.speechStatus } });
    }),
    client.on(MessageId.BroadcastRoom, (message) => {
      if (!inRoom(message.roomId)) return;
      useChatRoomStore.setState((state) => ({
        items: mergeItems(state.items, [textItem(message)]),
      }));
    }),
    client.on(MessageId.Gift, (gift) => {
      if (!inRoom(gift.roomId)) return;
      // A retried gift is answered again with the same id: one entry, one animation.
      if (hasItem(useChatRoomStore.getState().items, gift.id)) return;
      useChatRoomStore.setState((state) => ({ items: mergeItems(state.items, [giftItem(gift)]) }));
      queueBurst(gift);
    }),
    client.on(MessageId.ShareBetRecord, (card) => {
      if (!inRoom(card.roomId)) return;
      useChatRoomStore.setState((state) => ({ items: mergeItems(state.items, [betItem(card)]) }));
    }),
    client.on(MessageId.Score, (score) => pushScore(score)),
    client.on(MessageId.MsgShield, (data) => {
      if ('messageId' in data) {
        if (!inRoom(data.roomId)) return;
        useChatRoomStore.setState((state) => ({ items: removeItem(state.items, data.messageId) }));
      } else if ('clientMsgId' in data) {
        const sent = useChatRoomStore
          .getState()
          .pending.find((p) => p.clientMsgId === data.clientMsgId);
        useChatRoomStore.setState({
          filtered: { content: sent?.content ?? '', reason: data.reason, at: Date.now() },
        });
      } else {
        const others = (ids: number[]) => ids.filter((id) => id !== data.memberId);
        useChatRoomStore.setState((state) => ({
          shielded: data.shield
            ? [...others(state.shielded), data.memberId]
            : others(state.shielded),
          unshielded: data.shield
            ? others(state.unshielded)
            : [...others(state.unshielded), data.memberId],
        }));
      }
    }),
    client.on(MessageId.SpeechStatus, (speech) => {
      useChatRoomStore.setState({ speech });
    }),
    client.on(MessageId.RoomStatus, ({ roomId, status }) => {
      if (!inRoom(roomId)) return;
      useChatRoomStore.setState((state) => ({ room: state.room && { ...state.room, status } }));
    }),
    client.on(MessageId.ChatVIPLevel, ({ roomId, vipMin, vipMax }) => {
      if (!inRoom(roomId)) return;
      useChatRoomStore.setState((state) => ({
        room: state.room && { ...state.room, vipMin, vipMax },
      }));
    }),
    client.on(MessageId.BroadcastJoin, (joined) => {
      if (inRoom(joined.roomId)) announceJoin(joined, Date.now());
    }),
    client.on(MessageId.AllRoomMaintain, (maintain) => {
      useChatRoomStore.setState({ maintain });
    }),
    client.onError((error) => {
      if (error.msgId === MessageId.JoinRoom) useChatRoomStore.setState({ joinError: error });
      if (error.msgId === MessageId.ChatHistory) gap = null;
    }),
  ];
  return () => offs.forEach((off) => off());
}

/** Shows a room: a fresh store unless it is already the room on screen, then joins it. */
export function enterRoom(client: ChatSocketClient, roomId: number): void {
  if (useChatRoomStore.getState().roomId !== roomId) {
    useChatRoomStore.setState(initialRoomState(roomId));
  }
  client.joinRoom(roomId);
}

/** Leaving the page: the store forgets the room (the socket is closed by the caller). */
export function leaveRoom(): void {
  useChatRoomStore.setState(initialRoomState());
}

let sequence = 0;

/** Sends a text; false when not connected. The clientMsgId ties a filter notice to it. */
export function sendText(client: ChatSocketClient, roomId: number, content: string): boolean {
  sequence += 1;
  const clientMsgId = `c${Date.now().toString(36)}${sequence.toString(36)}`;
  const sent = client.send(MessageId.BroadcastRoom, { roomId, content, clientMsgId });
  if (sent) rememberPending({ clientMsgId, content });
  return sent;
}

export function shieldMember(client: ChatSocketClient, memberId: number, shield: boolean): boolean {
  return client.send(MessageId.MsgShield, { memberId, shield });
}

/** Shares one of the member's bets into the room: the server builds the card from its copy. */
export function shareBet(client: ChatSocketClient, roomId: number, betId: string): boolean {
  return client.send(MessageId.ShareBetRecord, { roomId, betId });
}
