import { MessageId } from '@nebula/protocol/ws/message-ids';
import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { chatSocket, holdChatSocket } from '../../../client/chat-socket';
import { bindRoomSync, enterRoom, leaveRoom } from '../model/room-sync';

/** Errors the page reports itself (join state, gift sheet) or that need no word (login, gap fill). */
const HANDLED_ELSEWHERE: ReadonlySet<number> = new Set([
  MessageId.Login,
  MessageId.JoinRoom,
  MessageId.ChatHistory,
  MessageId.Gift,
]);

/**
 * The room page's connection: the socket opens with the page and closes when it is left (a
 * chat not on screen costs the phone a socket and a heartbeat for nothing). Switching rooms
 * keeps the socket and joins the other room.
 */
export function useChatRoom(roomId: number | null): void {
  useEffect(() => {
    const unbind = bindRoomSync(chatSocket);
    const offErrors = chatSocket.onError((error) => {
      if (!HANDLED_ELSEWHERE.has(error.msgId)) Toast.show({ content: error.message });
    });
    const release = holdChatSocket();
    return () => {
      offErrors();
      unbind();
      chatSocket.leaveRoom();
      release();
      leaveRoom();
    };
  }, []);

  useEffect(() => {
    if (roomId !== null) enterRoom(chatSocket, roomId);
  }, [roomId]);
}
