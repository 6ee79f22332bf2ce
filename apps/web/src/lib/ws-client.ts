/*
 * Over 300 lines on purpose: the socket's state machine (connect, heartbeat, login, reconnect,
 * joins) must be read as one.
 */
import {
  HEARTBEAT_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  RECONNECT_MAX_ATTEMPTS,
} from '@nebula/protocol/constants/constants';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import {
  decodeServerFrame,
  encodeClientFrame,
  isChatErrorCode,
  isErrorFrame,
} from '@nebula/protocol/ws/frame';
import { MessageId } from '@nebula/protocol/ws/message-ids';
import type {
  ClientMessageId,
  ClientMessages,
  ServerMessageId,
  ServerMessages,
} from '@nebula/protocol/ws/messages';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  SOCKET_OPEN,
  chatErrorText,
  initialConnectionState,
  type ChatFrameError,
  type ConnectionState,
  type SocketLike,
  type WsClientDeps,
} from './ws-types';
import { FrameListeners } from './ws-listeners';

/**
 * The chat websocket client of contract §8.3 / contract §7: connection status, heartbeat, login with
 * the chat JWT, reconnects, the joined room and typed per-msgId listeners. Chat error frames
 * (9xxx) go to this client's own error listeners only: websocket ids and codes are another
 * namespace than the HTTP codes (10001–10017 are both), so they never reach `apiEvents`.
 */

export class ChatSocketClient {
  /** Connection state for the UI (zustand vanilla store: `useStore(client.state, …)`). */
  readonly state: StoreApi<ConnectionState> = createStore<ConnectionState>(() =>
    initialConnectionState(),
  );

  readonly #deps: WsClientDeps;
  readonly #listeners = new FrameListeners();
  #socket: SocketLike | null = null;
  #connecting = false;
  #attempts = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  #heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  /** The room the page wants; joined again after every reconnect. */
  #wantedRoom: number | null = null;
  /** Joining waits for the login answer, so history comes filtered by the member's shields. */
  #loginSettled = false;
  #lastFrameAt = 0;
  /** Bumped on every new socket: answers of an older socket's async login are dropped. */
  #generation = 0;
  #active = false;

  constructor(deps: WsClientDeps) {
    this.#deps = deps;
  }

  // ---- public API --------------------------------------------------------------------------

  /** Opens the connection (no-op while one is open, in progress or scheduled). */
  connect(): void {
    this.#active = true;
    if (this.#socket || this.#connecting || this.#reconnectTimer) return;
    this.#attempts = 0;
    this.#set({ phase: 'connecting', attempt: 0 });
    this.#open();
  }

  /** The reconnect button: starts over with a fresh count of attempts. */
  reconnect(): void {
    this.#active = true;
    this.#clearReconnect();
    if (this.#socket || this.#connecting) return;
    this.#attempts = 0;
    this.#set({ phase: 'connecting', attempt: 0 });
    this.#open();
  }

  /** Closing resets everything (contract §8.3): no reconnect, no room, no login. */
  close(): void {
    this.#active = false;
    this.#clearReconnect();
    this.#stopHeartbeat();
    const socket = this.#socket;
    this.#socket = null;
    this.#connecting = false;
    this.#attempts = 0;
    this.#wantedRoom = null;
    this.#loginSettled = false;
    this.#generation += 1;
    if (socket) {
      detach(socket);
      socket.close(1000, 'closed');
    }
    this.state.setState(initialConnectionState());
  }

  /** Joins a room now if connected, and again after every reconnect. */
  joinRoom(roomId: number): void {
    const previous = this.state.getState().roomId;
    this.#wantedRoom = roomId;
    if (!this.#isOpen() || !this.#loginSettled) return;
    if (previous !== null && previous !== roomId) {
      this.send(MessageId.LeaveRoom, { roomId: previous });
      this.#set({ roomId: null });
    }
    this.send(MessageId.JoinRoom, { roomId });
  }

  /** Leaves the room the page had joined, keeping the connection for its other holders. */
  leaveRoom(): void {
    const roomId = this.state.getState().roomId ?? this.#wantedRoom;
    this.#wantedRoom = null;
    if (roomId !== null && this.#isOpen()) this.send(MessageId.LeaveRoom, { roomId });
    this.#set({ roomId: null });
  }

  /** Sends a frame; false when the socket is not open (nothing is queued). */
  send<Id extends ClientMessageId>(msgId: Id, msgData: ClientMessages[Id]): boolean {
    const socket = this.#socket;
    if (!socket || socket.readyState !== SOCKET_OPEN) return false;
    socket.send(encodeClientFrame(msgId, msgData));
    return true;
  }

  /** Listens to one server message id; returns the unsubscribe function. */
  on<Id extends ServerMessageId>(msgId: Id, listener: (data: ServerMessages[Id]) => void) {
    return this.#listeners.on(msgId, listener);
  }

  /** Listens to every chat error frame; returns the unsubscribe function. */
  onError(listener: (error: ChatFrameError) => void): () => void {
    return this.#listeners.onError(listener);
  }

  // ---- connection --------------------------------------------------------------------------

  #isOpen(): boolean {
    return this.#socket !== null && this.#socket.readyState === SOCKET_OPEN;
  }

  #set(patch: Partial<ConnectionState>): void {
    this.state.setState(patch);
  }

  #open(): void {
    this.#generation += 1;
    this.#connecting = true;
    this.#loginSettled = false;
    let socket: SocketLike;
    try {
      socket = this.#deps.createSocket(this.#deps.url());
    } catch {
      // A malformed URL throws synchronously: count it like a failed connection.
      this.#connecting = false;
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => this.#handleOpen(socket);
    socket.onmessage = (event) => this.#handleMessage(socket, event.data);
    // Both end the connection the same way; the second of the pair finds it already handled.
    socket.onerror = () => this.#handleDown(socket);
    socket.onclose = () => this.#handleDown(socket);
  }

  #handleOpen(socket: SocketLike): void {
    if (socket !== this.#socket) return;
    this.#connecting = false;
    this.#attempts = 0;
    this.#lastFrameAt = Date.now();
    this.#set({ status: 1, phase: 'open', attempt: 0 });
    this.#startHeartbeat();
    void this.#login(this.#generation);
  }

  #handleDown(socket: SocketLike): void {
    if (socket !== this.#socket) return;
    detach(socket);
    // After an error the socket may still be half open: make sure it is gone.
    if (socket.readyState <= SOCKET_OPEN) socket.close();
    this.#socket = null;
    this.#connecting = false;
    this.#loginSettled = false;
    this.#stopHeartbeat();
    this.#set({ status: 0, roomId: null });
    if (!this.#deps.getToken()) this.#set({ loggedIn: false });
    this.#scheduleReconnect();
  }

  /**
   * contract §8.3: a reconnect only when a token exists, fewer than 5 attempts were made and no
   * connection is in progress, after 3000 ms. Otherwise the page offers its button.
   */
  #scheduleReconnect(): void {
    if (!this.#active || this.#reconnectTimer || this.#connecting) return;
    if (!this.#deps.getToken() || this.#attempts >= RECONNECT_MAX_ATTEMPTS) {
      this.#set({ phase: 'offline', attempt: 0 });
      return;
    }
    this.#attempts += 1;
    this.#set({ phase: 'reconnecting', attempt: this.#attempts });
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      this.#open();
    }, RECONNECT_DELAY_MS);
  }

  #clearReconnect(): void {
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
  }

  #startHeartbeat(): void {
    this.#stopHeartbeat();
    this.#heartbeatTimer = setInterval(() => this.#heartbeat(), HEARTBEAT_INTERVAL_MS);
  }

  #stopHeartbeat(): void {
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer);
    this.#heartbeatTimer = null;
  }

  #heartbeat(): void {
    if (!this.#deps.getToken()) this.#set({ loggedIn: false });
    const socket = this.#socket;
    // The server answers every heartbeat; three periods of silence mean a dead link that the
    // browser may take minutes to notice, so it is treated as closed now.
    if (socket && Date.now() - this.#lastFrameAt > 3 * HEARTBEAT_INTERVAL_MS) {
      this.#handleDown(socket);
      return;
    }
    this.send(MessageId.Heartbeat, {});
  }

  // ---- login and rooms ---------------------------------------------------------------------

  async #login(generation: number): Promise<void> {
    if (!this.#deps.getToken()) {
      this.#set({ loggedIn: false });
      this.#afterLogin();
      return;
    }
    let jwt: string;
    try {
      jwt = await this.#deps.fetchJwt();
    } catch {
      // No JWT (session gone, network): read the room as a visitor.
      if (generation !== this.#generation) return;
      this.#set({ loggedIn: false });
      this.#afterLogin();
      return;
    }
    if (generation !== this.#generation) return;
    const sent = this.send(MessageId.Login, {
      token: jwt,
      body: { clientType: 'web', deviceId: this.#deps.getDeviceId() },
    });
    if (!sent) this.#afterLogin();
  }

  #afterLogin(): void {
    this.#loginSettled = true;
    if (this.#wantedRoom !== null) this.send(MessageId.JoinRoom, { roomId: this.#wantedRoom });
  }

  // ---- frames ------------------------------------------------------------------------------

  #handleMessage(socket: SocketLike, raw: unknown): void {
    if (socket !== this.#socket) return;
    this.#lastFrameAt = Date.now();
    if (typeof raw !== 'string') return;
    const frame = decodeServerFrame(raw);
    if (!frame) return;
    if (isErrorFrame(frame)) {
      const code = isChatErrorCode(frame.msgData.error.code)
        ? frame.msgData.error.code
        : ErrorCode.ChatServerError;
      if (frame.msgId === MessageId.Login) {
        this.#set({ loggedIn: false });
        this.#afterLogin();
      }
      const error: ChatFrameError = { msgId: frame.msgId, code, message: chatErrorText(code) };
      this.#listeners.emitError(error);
      return;
    }
    if (frame.msgId === MessageId.Login) {
      this.#set({ loggedIn: true, login: frame.msgData });
      this.#afterLogin();
    } else if (frame.msgId === MessageId.JoinRoom) {
      if (frame.msgData.roomId === this.#wantedRoom) this.#set({ roomId: frame.msgData.roomId });
    }
    this.#listeners.emit(frame.msgId, frame.msgData);
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onerror = null;
  socket.onmessage = null;
}
