import type { WebSocket } from 'ws';

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
  shields: Set<number>;
  speechStatus: 0 | 1;
  lastSeen: number;
}
