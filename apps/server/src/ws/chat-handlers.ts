import {
  CHAT_HISTORY_LIMIT_DEFAULT,
  ErrorCode,
  MessageId,
  encodeServerFrame,
  type ClientMessageId,
  type ClientMessages,
  type ServerMessageId,
  type ServerMessages,
} from '@nebula/protocol';
import { AppError } from '../lib/errors';
import type { ChatHubPort, ChatSocket } from './chat-state';
import { TEXT_FRAME } from './fan-out-queue';

type Handler<Id extends ClientMessageId> = (
  hub: ChatHubPort,
  s: ChatSocket,
  data: ClientMessages[Id],
) => Promise<void>;

export function send<Id extends ServerMessageId>(
  s: ChatSocket,
  id: Id,
  data: ServerMessages[Id],
): void {
  if (s.ws.readyState === s.ws.OPEN) s.ws.send(encodeServerFrame(id, data));
}

function requireLogin(s: ChatSocket): number {
  if (s.memberId === null) throw new AppError(ErrorCode.ChatNotLoggedIn);
  return s.memberId;
}

function requireRoom(s: ChatSocket, roomId: number): void {
  if (!s.rooms.has(roomId)) throw new AppError(ErrorCode.ChatNotInRoom);
}

/**
 * One handler per client message id (contract §7). Authorization is checked per
 * message, not only at login: before login a socket may only read public rooms.
 */
export const handlers: { [Id in ClientMessageId]: Handler<Id> } = {
  [MessageId.Heartbeat]: (hub, s) => {
    send(s, MessageId.Heartbeat, { serverTime: hub.now() });
    return Promise.resolve();
  },
  [MessageId.Login]: async (hub, s, data) => {
    await hub.login(s, data.token);
  },
  [MessageId.JoinRoom]: async (hub, s, data) => {
    const room = await hub.chat.room(data.roomId);
    if (s.memberId === null) {
      // Anonymous readers all see the same page: one query and one encoding per page, not per join.
      const page = await hub.chat.cachedHistory(
        room.roomId,
        undefined,
        CHAT_HISTORY_LIMIT_DEFAULT,
        s.shields,
      );
      hub.join(s, room.roomId);
      if (s.ws.readyState === s.ws.OPEN) s.ws.send(hub.joinFrame(room, page), TEXT_FRAME);
      return;
    }
    const history = await hub.chat.history(
      room.roomId,
      undefined,
      CHAT_HISTORY_LIMIT_DEFAULT,
      s.memberId,
    );
    hub.join(s, room.roomId);
    send(s, MessageId.JoinRoom, {
      roomId: room.roomId,
      name: room.name,
      status: room.status,
      vipMin: room.vipMin,
      vipMax: room.vipMax,
      history,
    });
  },
  [MessageId.LeaveRoom]: (hub, s, data) => {
    hub.leave(s, data.roomId);
    send(s, MessageId.LeaveRoom, { roomId: data.roomId });
    return Promise.resolve();
  },
  [MessageId.BroadcastRoom]: async (hub, s, data) => {
    const memberId = requireLogin(s);
    requireRoom(s, data.roomId);
    const result = await hub.chat.post(
      { memberId, vipLevel: s.vipLevel },
      data.roomId,
      data.content,
    );
    // A sent message reaches this socket with everyone else's, through the bus.
    if (result.kind === 'shielded') {
      send(s, MessageId.MsgShield, {
        roomId: data.roomId,
        clientMsgId: data.clientMsgId ?? '',
        reason: result.reason,
      });
    }
  },
  [MessageId.MsgShield]: async (hub, s, data) => {
    const memberId = requireLogin(s);
    await hub.chat.shield(memberId, data.memberId, data.shield);
    hub.setShield(memberId, data.memberId, data.shield);
    send(s, MessageId.MsgShield, { memberId: data.memberId, shield: data.shield });
  },
  [MessageId.ChatHistory]: async (hub, s, data) => {
    const messages = await hub.chat.cachedHistory(
      data.roomId,
      data.beforeId,
      data.limit ?? CHAT_HISTORY_LIMIT_DEFAULT,
      s.shields,
    );
    send(s, MessageId.ChatHistory, { roomId: data.roomId, messages });
  },
  [MessageId.Gift]: async (hub, s, data) => {
    const memberId = requireLogin(s);
    requireRoom(s, data.roomId);
    const { message, fresh } = await hub.chat.gift(
      { memberId, vipLevel: s.vipLevel },
      data.roomId,
      data.giftId,
      data.count,
      data.idempotencyKey,
    );
    // A retry of the same key is answered to its sender only; a new gift reaches the room via the bus.
    if (!fresh) send(s, MessageId.Gift, message);
  },
  [MessageId.ShareBetRecord]: async (hub, s, data) => {
    const memberId = requireLogin(s);
    requireRoom(s, data.roomId);
    // The card reaches this socket with everyone else's, through the bus.
    await hub.shareBet({ memberId, vipLevel: s.vipLevel }, data.roomId, data.betId);
  },
};
