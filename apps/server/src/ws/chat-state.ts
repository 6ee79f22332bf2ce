import type { ChatMessage, ChatRoomInfo } from '@nebula/protocol';
import type { WebSocket } from 'ws';
import type { ChatService } from '../modules/chat/chat.service';
import type { FrameBudget } from './frame-budget';

/** What a node knows about one of its sockets. */
export interface ChatSocket {
  id: number;
  ws: WebSocket;
  ip: string;
  memberId: number | null;
  sessionId: string | null;
  vipLevel: number;
  nickname: string;
  rooms: Set<number>;
  /** Members this socket's member shields: their messages are not delivered here. */
  shields: ReadonlySet<number>;
  speechStatus: 0 | 1;
  /** Its last frame read, on the hub's silence clock (chat-hub.ts `#silenceNow`). */
  lastSeen: number;
  /** Bytes queued for it but not yet taken by its connection, at the last sweep. */
  unsent: number;
  /** What the socket may still send (frame-budget.ts). */
  budget: FrameBudget;
  /** Closed for flooding: frames still queued are dropped unread. */
  flooded: boolean;
}

/**
 * What the frame handlers need of the node's hub. The hub implements it; the handlers depend
 * on this interface, not on the hub, so the two modules do not import each other.
 */
export interface ChatHubPort {
  readonly chat: ChatService;
  now(): number;
  login(s: ChatSocket, token: string): Promise<void>;
  join(s: ChatSocket, roomId: number): void;
  /** The JoinRoom answer for this room and history page, encoded once per page. */
  joinFrame(room: ChatRoomInfo, history: ChatMessage[]): Buffer;
  leave(s: ChatSocket, roomId: number): void;
  setShield(memberId: number, target: number, on: boolean): void;
  shareBet(
    speaker: { memberId: number; vipLevel: number },
    roomId: number,
    betId: string,
  ): Promise<void>;
}
