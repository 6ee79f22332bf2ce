import { ErrorCode } from '@nebula/protocol/errors/codes';
import { chatMessage } from './code-messages';
import { isChatErrorCode, type ChatErrorCode } from '@nebula/protocol/ws/frame';
import type { LoginAck } from '@nebula/protocol/ws/messages';

/** The chat socket's vocabulary: what it needs of a WebSocket, its state, its errors, its URL. */

/** What the client needs of a WebSocket; the browser's WebSocket fits, tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** WebSocket.OPEN, without needing the browser's WebSocket (tests run without it). */
export const SOCKET_OPEN = 1;

export interface WsClientDeps {
  createSocket: (url: string) => SocketLike;
  /** The full handshake URL (see `chatSocketUrl`). */
  url: () => string;
  /** The member's session token; null for a visitor. */
  getToken: () => string | null;
  /** The chat JWT (GET member/jwt). */
  fetchJwt: () => Promise<string>;
  getDeviceId: () => string;
}

/**
 * `connecting` the first connection, `open` connected, `reconnecting` a retry is scheduled or
 * under way (attempt n of 5), `offline` disconnected with no retry left: the page offers its
 * reconnect button. `idle` before `connect()` and after `close()`.
 */
export type ConnectionPhase = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

export interface ConnectionState {
  /** contract §8.3: 0 disconnected, 1 connected. */
  status: 0 | 1;
  phase: ConnectionPhase;
  /** The reconnect attempt under way or scheduled (1–5); 0 when none. */
  attempt: number;
  /** The login flag: this socket is logged in as the member. */
  loggedIn: boolean;
  /** The joined room: set on joining, cleared on close. */
  roomId: number | null;
  /** The last login answer (speech status, VIP range). */
  login: LoginAck | null;
}

/** An error answer of the chat, with the catalogue's Chinese text for its code. */
export interface ChatFrameError {
  /** The msgId of the request it answers (-1 when the server could not read one). */
  msgId: number;
  code: ChatErrorCode;
  message: string;
}

/** Chinese text of a chat error code (contract §7: always a 9xxx catalogue code). */
export function chatErrorText(code: number): string {
  return (
    chatMessage(isChatErrorCode(code) ? code : ErrorCode.ChatServerError) ??
    chatMessage(ErrorCode.ChatServerError) ??
    ''
  );
}

/** The contract §8.3 handshake path, appended to the configured websocket base. */
export const CHAT_HANDSHAKE_PATH = '/stream/ws/v1/handshake?clientType=web';

/**
 * The websocket URL: `wsUrl` of the device configuration, or — before that is loaded — this
 * page's own origin with ws/wss, which is where the embedded server listens anyway.
 */
export function chatSocketUrl(wsUrl: string | null | undefined, location: Location): string {
  const base = wsUrl || `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
  return `${base.replace(/\/+$/, '')}${CHAT_HANDSHAKE_PATH}`;
}

/** Before `connect()` and after `close()`. */
export function initialConnectionState(): ConnectionState {
  return { status: 0, phase: 'idle', attempt: 0, loggedIn: false, roomId: null, login: null };
}
