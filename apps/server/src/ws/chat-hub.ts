/*
 * Over 300 lines on purpose: the one place that holds every socket of this node (rooms, members,
 * shields, silence, fan-out), whose bookkeeping must change together.
 */
import {
  ErrorCode,
  HEARTBEAT_INTERVAL_MS,
  MessageId,
  decodeClientFrame,
  encodeErrorFrame,
  encodeServerFrame,
  isChatErrorCode,
  type ChatErrorCode,
  type ChatMessage,
  type ChatRoomInfo,
  type SharedBetCard,
} from '@nebula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus/bus';
import { verifyChatJwt } from '../lib/chat-jwt';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { SessionService } from '../modules/auth/session.service';
import type { ChatService } from '../modules/chat/chat.service';
import { handlers, send } from './chat-handlers';
import type { ChatHubPort, ChatSocket } from './chat-state';
import { setBounded } from '../lib/bounded-map';
import { CLOSE_POLICY, FloodStrikes, FrameBudget, frameCost, msgIdOf } from './frame-budget';
import { FanOutQueue } from './fan-out-queue';
import { LOOP_PROBE_MS, LoopStall } from './loop-stall';

export const MAX_SOCKETS_PER_MEMBER = 5;
/**
 * A socket silent for three heartbeat periods is closed. Silence is counted on the hub's silence
 * clock, which stops while the node itself is behind on its room frames or its event loop
 * stands still (`#silenceNow`).
 */
export const SILENCE_LIMIT_MS = 3 * HEARTBEAT_INTERVAL_MS;
const JOIN_NOTICE_PER_MEMBER_MS = 60_000;
const JOIN_NOTICE_PER_ROOM_MS = 1_000;

export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_SILENT = 4002;
export const CLOSE_REPLACED = 4003;

/** An anonymous socket shields no one; login gives the socket a set of its own. */
const NO_SHIELDS: ReadonlySet<number> = new Set<number>();

interface SocketListeners {
  message: (this: WebSocket, data: Buffer, isBinary: boolean) => void;
  close: (this: WebSocket) => void;
  error: (this: WebSocket, err: Error) => void;
}

/**
 * The chat on one node: its sockets, by member and by room. Rooms fan out across nodes through
 * the bus — every node delivers each published message to its own sockets in that room.
 */
export class ChatHub implements ChatHubPort {
  readonly #sockets = new Map<WebSocket, ChatSocket>();
  readonly #byMember = new Map<number, Set<ChatSocket>>();
  readonly #byRoom = new Map<number, Set<ChatSocket>>();
  readonly #anonymousByIp = new Map<string, number>();
  readonly #joinNotices = new Map<string, number>();
  readonly #floods = new FloodStrikes();
  readonly #fanOut = new FanOutQueue(() => this.now());
  readonly #joinFrames = new Map<
    number,
    { room: ChatRoomInfo; history: ChatMessage[]; frame: Buffer }
  >();
  #nextId = 1;
  readonly #listeners = ChatHub.#listenersOf(this);
  #sweeper: NodeJS.Timeout | null = null;
  #loopProbe: NodeJS.Timeout | null = null;
  readonly #stall: LoopStall;

  constructor(
    readonly chat: ChatService,
    private readonly sessions: SessionService,
    private readonly bus: Bus,
    private readonly clock: Clock,
    private readonly jwtSecret: string,
    private readonly log: FastifyBaseLogger,
    private readonly anonymousPerIp = 20,
    /** The member's own bet as a card, from the platform's bet copies (null: not theirs). */
    private readonly betCards: (
      memberId: number,
      roomId: number,
      betId: string,
    ) => Promise<SharedBetCard | null> = () => Promise.resolve(null),
    /** The monotonic clock the event loop's stalls are measured on (tests drive their own). */
    monotonic?: () => number,
  ) {
    this.#stall = new LoopStall(monotonic);
  }

  /** ShareBetRecord: the card is built from the member's own bet (9116 otherwise). */
  async shareBet(speaker: { memberId: number; vipLevel: number }, roomId: number, betId: string) {
    const card = await this.betCards(speaker.memberId, roomId, betId);
    if (!card) throw new AppError(ErrorCode.ChatBetNotShareable);
    const sender = await this.chat.mayShare(speaker, roomId, betId);
    await this.chat.share(card, sender);
  }

  now(): number {
    return this.clock.now();
  }

  async start(): Promise<void> {
    const room = (roomId: number, frame: string, skip?: (s: ChatSocket) => boolean) => {
      const set = this.#byRoom.get(roomId);
      if (set && set.size > 0) this.#fanOut.push(frame, set, skip);
    };
    await this.bus.subscribe('chat.message', (m) =>
      room(m.roomId, encodeServerFrame(MessageId.BroadcastRoom, m), (s) =>
        s.shields.has(m.sender.memberId),
      ),
    );
    await this.bus.subscribe('chat.gift', (g) =>
      room(g.roomId, encodeServerFrame(MessageId.Gift, g), (s) => s.shields.has(g.sender.memberId)),
    );
    await this.bus.subscribe('chat.share', (c) =>
      room(c.roomId, encodeServerFrame(MessageId.ShareBetRecord, c), (s) =>
        s.shields.has(c.sender.memberId),
      ),
    );
    // A live score reaches every socket in a room (the rooms all follow the matches).
    await this.bus.subscribe('chat.score', (score) =>
      this.#fanOut.push(
        encodeServerFrame(MessageId.Score, score),
        this.#sockets.values(),
        (s) => s.rooms.size === 0,
      ),
    );
    await this.bus.subscribe('chat.delete', (d) =>
      room(
        d.roomId,
        encodeServerFrame(MessageId.MsgShield, {
          roomId: d.roomId,
          messageId: d.messageId,
          reason: 'deleted',
        }),
      ),
    );
    await this.bus.subscribe('chat.roomStatus', (r) =>
      room(r.roomId, encodeServerFrame(MessageId.RoomStatus, r)),
    );
    await this.bus.subscribe('chat.vip', (r) =>
      room(r.roomId, encodeServerFrame(MessageId.ChatVIPLevel, r)),
    );
    await this.bus.subscribe('chat.join', (j) =>
      room(j.roomId, encodeServerFrame(MessageId.BroadcastJoin, j)),
    );
    await this.bus.subscribe('chat.maintain', (m) =>
      this.#fanOut.push(encodeServerFrame(MessageId.AllRoomMaintain, m), this.#sockets.values()),
    );
    await this.bus.subscribe('chat.speech', (sp) => {
      for (const s of this.#byMember.get(sp.memberId) ?? []) {
        s.speechStatus = sp.speechStatus;
        send(
          s,
          MessageId.SpeechStatus,
          sp.until === undefined
            ? { speechStatus: sp.speechStatus }
            : { speechStatus: sp.speechStatus, until: sp.until },
        );
      }
    });
    await this.bus.subscribe('session.ended', (e) => {
      for (const s of [...(this.#byMember.get(e.memberId) ?? [])]) {
        if (s.sessionId && e.sessionIds.includes(s.sessionId))
          s.ws.close(CLOSE_SESSION_ENDED, 'session ended');
      }
    });
    this.#sweeper = setInterval(() => this.sweep(), HEARTBEAT_INTERVAL_MS);
    this.#sweeper.unref();
    this.#loopProbe = setInterval(() => this.#stall.look(), LOOP_PROBE_MS);
    this.#loopProbe.unref();
  }

  stop(): void {
    if (this.#sweeper) clearInterval(this.#sweeper);
    if (this.#loopProbe) clearInterval(this.#loopProbe);
    for (const s of this.#sockets.values()) s.ws.close(1001, 'server shutting down');
  }

  /**
   * Whether an upgrade from `ip` would be accepted now: the address is not refused for flooding
   * and holds fewer anonymous sockets (not logged in yet) than its limit. Asked before the
   * upgrade, so a refused client sees a failed connection (which it retries a few times, then
   * stops) rather than a socket that opens and closes (which would reset its count of attempts).
   */
  admits(ip: string): boolean {
    return this.#refusal(ip) === null;
  }

  /** Why a connection from `ip` is refused now (flooding, too many anonymous), or null. */
  #refusal(ip: string): 'flood' | 'full' | null {
    if (this.#floods.refused(ip, this.now())) return 'flood';
    return (this.#anonymousByIp.get(ip) ?? 0) >= this.anonymousPerIp ? 'full' : null;
  }

  /** A new connection; false when the address already holds too many anonymous sockets. */
  accept(ws: WebSocket, ip: string): boolean {
    const refusal = this.#refusal(ip);
    if (refusal === 'flood') ws.close(CLOSE_POLICY, 'flood');
    if (refusal === 'full') ws.close(1013, 'too many connections');
    if (refusal) return false;
    this.#anonymousByIp.set(ip, (this.#anonymousByIp.get(ip) ?? 0) + 1);
    const s: ChatSocket = {
      id: this.#nextId++,
      ws,
      ip,
      memberId: null,
      sessionId: null,
      vipLevel: 0,
      nickname: '',
      rooms: new Set(),
      shields: NO_SHIELDS,
      speechStatus: 0,
      lastSeen: this.#silenceNow(),
      unsent: 0,
      budget: new FrameBudget(this.now()),
      flooded: false,
    };
    this.#sockets.set(ws, s);
    ws.on('message', this.#listeners.message);
    ws.on('close', this.#listeners.close);
    ws.on('error', this.#listeners.error);
    return true;
  }

  /**
   * One set of listeners for every socket (ws calls them with the socket as `this`): a room of
   * 20,000 idle sockets holds no closures of its own, only its entries in the hub's maps.
   */
  static #listenersOf(hub: ChatHub): SocketListeners {
    return {
      message(data, isBinary) {
        const s = hub.#sockets.get(this);
        if (!s || s.flooded) return;
        if (!hub.#spend(s, 1, isBinary ? -1 : msgIdOf(data))) return;
        s.lastSeen = hub.#silenceNow();
        if (isBinary) {
          this.send(encodeErrorFrame(-1, ErrorCode.ChatMalformedFrame));
          return;
        }
        void hub.#handle(s, data.toString('utf8'));
      },
      close() {
        const s = hub.#sockets.get(this);
        if (s) hub.#drop(s);
      },
      // A socket's error (a bad frame, a reset) ends it; on record by member, as its other closes.
      error(err) {
        const s = hub.#sockets.get(this);
        hub.log.warn({ memberId: s?.memberId ?? null, err: err.message }, 'chat socket error');
        this.terminate();
      },
    };
  }

  async #handle(s: ChatSocket, text: string): Promise<void> {
    const decoded = decodeClientFrame(text);
    if (!decoded.ok) {
      s.ws.send(encodeErrorFrame(decoded.msgId, decoded.code));
      return;
    }
    const { msgId, msgData } = decoded.frame;
    // The frame's first unit was spent on arrival; a costlier one pays the rest before any work.
    const extra = frameCost(msgId) - 1;
    if (extra > 0 && !this.#spend(s, extra, msgId)) return;
    try {
      await (handlers[msgId] as (hub: ChatHub, s: ChatSocket, data: unknown) => Promise<void>)(
        this,
        s,
        msgData,
      );
    } catch (err) {
      const code: ChatErrorCode =
        err instanceof AppError && isChatErrorCode(err.code) ? err.code : ErrorCode.ChatServerError;
      if (code === ErrorCode.ChatServerError) this.log.error({ err, msgId }, 'chat handler failed');
      if (s.ws.readyState === s.ws.OPEN) s.ws.send(encodeErrorFrame(msgId, code));
    }
  }

  /**
   * Spends from the socket's budget. A socket out of budget is closed (1008) and its address gets
   * a strike; the frame refused is answered first with 9105 under its msgId (-1 when unreadable),
   * so a sender learns which of its frames the node dropped instead of losing it unseen.
   */
  #spend(s: ChatSocket, cost: number, msgId: number): boolean {
    if (s.flooded) return false;
    const now = this.now();
    if (s.budget.spend(cost, now)) return true;
    s.flooded = true;
    this.#floods.strike(s.ip, now);
    this.log.warn({ ip: s.ip, memberId: s.memberId, msgId }, 'chat socket closed for flooding');
    if (s.ws.readyState === s.ws.OPEN)
      s.ws.send(encodeErrorFrame(msgId, ErrorCode.ChatFloodLimited));
    s.ws.close(CLOSE_POLICY, 'flood');
    return false;
  }

  /** Login (10001): the chat JWT, and its session must still be live. */
  async login(s: ChatSocket, token: string): Promise<void> {
    const claims = await verifyChatJwt(this.jwtSecret, token, this.now());
    if (!claims || !(await this.sessions.isLive(claims.sessionId)))
      throw new AppError(ErrorCode.ChatNotLoggedIn);
    const sender = await this.chat.sender(claims.memberId);
    if (!sender) throw new AppError(ErrorCode.ChatNotLoggedIn);
    const [speech, shields, lobby] = await Promise.all([
      this.chat.speech(claims.memberId),
      this.chat.shields(claims.memberId),
      this.chat.room(1),
    ]);
    if (s.memberId === null)
      this.#anonymousByIp.set(s.ip, Math.max(0, (this.#anonymousByIp.get(s.ip) ?? 1) - 1));
    else this.#byMember.get(s.memberId)?.delete(s);
    s.memberId = claims.memberId;
    s.sessionId = claims.sessionId;
    s.vipLevel = sender.vipLevel;
    s.nickname = sender.nickname;
    s.shields = new Set(shields);
    s.speechStatus = speech.speechStatus;
    let mine = this.#byMember.get(claims.memberId);
    if (!mine) this.#byMember.set(claims.memberId, (mine = new Set()));
    mine.add(s);
    // A cap per member: the oldest socket makes way for the newest.
    while (mine.size > MAX_SOCKETS_PER_MEMBER) {
      const oldest = [...mine].sort((a, b) => a.id - b.id)[0]!;
      mine.delete(oldest);
      oldest.ws.close(CLOSE_REPLACED, 'too many sockets');
    }
    send(s, MessageId.Login, {
      speechStatus: speech.speechStatus,
      vipMin: lobby.vipMin,
      vipMax: lobby.vipMax,
      serverTime: this.now(),
    });
    if (speech.until !== undefined)
      send(s, MessageId.SpeechStatus, { speechStatus: speech.speechStatus, until: speech.until });
  }

  join(s: ChatSocket, roomId: number): void {
    s.rooms.add(roomId);
    let set = this.#byRoom.get(roomId);
    if (!set) this.#byRoom.set(roomId, (set = new Set()));
    set.add(s);
    if (s.memberId !== null) void this.#announceJoin(s, roomId);
  }

  /** BroadcastJoin, throttled per member and per room so a busy room is not flooded. */
  async #announceJoin(s: ChatSocket, roomId: number): Promise<void> {
    const now = this.now();
    const memberKey = `${s.memberId}:${roomId}`;
    const roomKey = `room:${roomId}`;
    if ((this.#joinNotices.get(memberKey) ?? 0) > now - JOIN_NOTICE_PER_MEMBER_MS) return;
    if ((this.#joinNotices.get(roomKey) ?? 0) > now - JOIN_NOTICE_PER_ROOM_MS) return;
    setBounded(this.#joinNotices, memberKey, now, 50_000);
    setBounded(this.#joinNotices, roomKey, now, 50_000);
    await this.bus
      .publish('chat.join', { roomId, nickname: s.nickname, vipLevel: s.vipLevel })
      .catch(() => undefined);
  }

  joinFrame(room: ChatRoomInfo, history: ChatMessage[]): Buffer {
    const hit = this.#joinFrames.get(room.roomId);
    // The room's info and its cached page are replaced, never changed, when either changes.
    if (hit && hit.room === room && hit.history === history) return hit.frame;
    const frame = Buffer.from(
      encodeServerFrame(MessageId.JoinRoom, {
        roomId: room.roomId,
        name: room.name,
        status: room.status,
        vipMin: room.vipMin,
        vipMax: room.vipMax,
        history,
      }),
      'utf8',
    );
    setBounded(this.#joinFrames, room.roomId, { room, history, frame }, 1_000);
    return frame;
  }

  leave(s: ChatSocket, roomId: number): void {
    s.rooms.delete(roomId);
    this.#byRoom.get(roomId)?.delete(s);
  }

  setShield(memberId: number, target: number, on: boolean): void {
    // Copied on write: the set may be the shared empty one, and shields change rarely.
    for (const s of this.#byMember.get(memberId) ?? []) {
      const next = new Set(s.shields);
      if (on) next.add(target);
      else next.delete(target);
      s.shields = next;
    }
  }

  #drop(s: ChatSocket): void {
    if (!this.#sockets.delete(s.ws)) return;
    for (const roomId of s.rooms) this.#byRoom.get(roomId)?.delete(s);
    if (s.memberId === null)
      this.#anonymousByIp.set(s.ip, Math.max(0, (this.#anonymousByIp.get(s.ip) ?? 1) - 1));
    else this.#byMember.get(s.memberId)?.delete(s);
  }

  /**
   * The clock silence is judged on: the hub's clock less the time the node was behind writing
   * room frames and less the time its event loop stood still (loop-stall.ts). A member whose
   * heartbeat waited behind the node's own backlog (or who was busy reading it), or in the
   * kernel while the node read nothing, is judged only on the time the node was listening; a
   * socket silent while the node keeps up is closed after SILENCE_LIMIT_MS as before.
   */
  #silenceNow(): number {
    return this.now() - this.#fanOut.behindMs() - this.#stall.look();
  }

  /**
   * Closes the sockets silent for SILENCE_LIMIT_MS on the silence clock (every heartbeat period).
   * A socket whose unsent bytes shrank since the last sweep is reading this node's backlog to it
   * (TCP activity): busy, not gone, so its silence starts again. One whose backlog does not move
   * is judged on its frames alone.
   */
  sweep(): void {
    const now = this.#silenceNow();
    const limit = now - SILENCE_LIMIT_MS;
    let closed = 0;
    const members: number[] = [];
    for (const s of this.#sockets.values()) {
      const unsent = s.ws.bufferedAmount;
      if (unsent < s.unsent) s.lastSeen = now;
      s.unsent = unsent;
      if (s.lastSeen >= limit || s.ws.readyState !== s.ws.OPEN) continue;
      s.ws.close(CLOSE_SILENT, 'silent');
      closed += 1;
      if (s.memberId !== null && members.length < 10) members.push(s.memberId);
    }
    // One line per sweep, not per socket: a sender cut as silent is then on record by member.
    if (closed > 0)
      this.log.warn(
        { closed, members, loopStalledMs: Math.round(this.#stall.look()) },
        'chat sockets closed as silent',
      );
  }

  /** Members with a logged-in socket on this node (mail pushes). */
  memberIds(): number[] {
    return [...this.#byMember].filter(([, set]) => set.size > 0).map(([id]) => id);
  }

  /** Sends a frame to every socket of a member on this node. */
  sendToMember(memberId: number, frame: string): void {
    for (const s of this.#byMember.get(memberId) ?? [])
      if (s.ws.readyState === s.ws.OPEN) s.ws.send(frame);
  }

  stats(): { sockets: number; members: number } {
    return { sockets: this.#sockets.size, members: this.#byMember.size };
  }
}
