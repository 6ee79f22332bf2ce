import type { RawData, WebSocket } from 'ws';
import { ErrorCode, messageFor } from '@nebula/protocol';
import {
  LIVE_LIMITS,
  LiveClientFrame,
  type LiveServerFrame,
} from '@nebula/protocol/venue/live-frames';
import type { GameFamily, VenueFamily } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';
import type { AddressSockets } from './address-sockets.service';
import type { ChannelHub, ChannelWatcher } from './channel-hub.service';
import type { Held, LiveHub, LiveSubscriber } from './live-hub.service';

/** Close codes of the live socket (the page reconnects after any but these two). */
export const LIVE_CLOSE = {
  /** The session is not (or no longer) good: the page shows 请返回重新进入. */
  sessionEnded: 4401,
  /** A bound was passed (flood, sockets per session): the page waits before coming back. */
  limited: 4429,
  /** Nothing heard for three ping periods. */
  idle: 4408,
  /** The page reads too slowly: what it missed comes again as snapshots on reconnect. */
  slow: 1013,
} as const;

/** How often a socket's session is checked again (a new launch or a block ends it). */
const SESSION_RECHECK_MS = 30_000;
/** More than this waiting in a socket's buffer and the page is too slow to follow. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface LiveSessions {
  /** The session of a token, or a VenueError (8020). */
  resolve(token: string): Promise<{ merchant: string; venueCode: string; playerId: string }>;
  familyOf(venueCode: string): VenueFamily;
  /** A house game venue's family (its session watches game channels, never events), or null. */
  gameFamilyOf(venueCode: string): GameFamily | null;
}

/** A text frame's UTF-8, whatever shape `ws` hands it over in. */
export function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(new Uint8Array(data)).toString('utf8');
  return data.toString('utf8');
}

/** Sockets per session on this node (LIVE_LIMITS.socketsPerSession). */
export class SessionSockets {
  readonly #open = new Map<string, number>();
  take(key: string): boolean {
    const n = this.#open.get(key) ?? 0;
    if (n >= LIVE_LIMITS.socketsPerSession) return false;
    this.#open.set(key, n + 1);
    return true;
  }
  release(key: string): void {
    const n = (this.#open.get(key) ?? 1) - 1;
    if (n <= 0) this.#open.delete(key);
    else this.#open.set(key, n);
  }
}

/**
 * One page's live socket: it must authenticate first (the session token in an `auth` frame
 * within LIVE_LIMITS.authWithinMs), then subscribes and pings within a frame budget. Frames are
 * handled one at a time, in order. The session is checked again every 30 s: when it ends the
 * page is told (8020) and the socket closes.
 */
export class LiveConnection implements LiveSubscriber, ChannelWatcher {
  family: VenueFamily = 'TY';
  /** Set for a game venue's session: it watches channels (live-channels.ts) only. */
  gameFamily: GameFamily | null = null;
  readonly held = new Map<string, Held>();
  readonly watched = new Set<string>();
  #token: string | null = null;
  #sessionKey: string | null = null;
  #queue: Promise<void> = Promise.resolve();
  #windowStart = Date.now();
  #framesInWindow = 0;
  #lastHeard = Date.now();
  readonly #timers: NodeJS.Timeout[] = [];
  #closed = false;
  /** Whether this socket holds a place among its address's sockets. */
  #counted = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: LiveHub,
    private readonly sessions: LiveSessions,
    private readonly sockets: SessionSockets,
    private readonly from: { ip: string; addresses: AddressSockets },
    private readonly channels: ChannelHub,
  ) {}

  start(): void {
    // Refused before anything is read: too many sockets of this address, or waiting to auth.
    if (!this.from.addresses.open(this.from.ip)) {
      this.#fail(ErrorCode.LiveTooManyFromAddress, LIVE_CLOSE.limited);
      return;
    }
    this.#counted = true;
    const authTimer = setTimeout(() => {
      if (!this.#token) this.#fail(ErrorCode.LiveAuthRequired, LIVE_CLOSE.sessionEnded);
    }, LIVE_LIMITS.authWithinMs);
    const idleTimer = setInterval(() => {
      if (Date.now() - this.#lastHeard > 3 * LIVE_LIMITS.pingEveryMs) {
        this.socket.close(LIVE_CLOSE.idle, 'idle');
      }
    }, LIVE_LIMITS.pingEveryMs);
    this.#timers.push(authTimer, idleTimer);
    this.socket.on('message', (data, isBinary) => {
      this.#lastHeard = Date.now();
      if (!this.#withinBudget()) return;
      const text = isBinary ? null : textOf(data);
      this.#queue = this.#queue.then(() => this.#handle(text)).catch(() => this.#closeQuietly());
    });
    this.socket.on('close', () => this.#cleanup());
    this.socket.on('error', () => this.#cleanup());
  }

  send(frame: string): void {
    if (this.#closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.close(LIVE_CLOSE.slow, 'slow reader');
      return;
    }
    this.socket.send(frame);
  }

  #reply(frame: LiveServerFrame): void {
    this.send(JSON.stringify(frame));
  }

  #withinBudget(): boolean {
    const now = Date.now();
    if (now - this.#windowStart >= LIVE_LIMITS.budgetWindowMs) {
      this.#windowStart = now;
      this.#framesInWindow = 0;
    }
    this.#framesInWindow += 1;
    if (this.#framesInWindow <= LIVE_LIMITS.framesPerWindow) return true;
    this.#fail(ErrorCode.LiveFlooded, LIVE_CLOSE.limited);
    return false;
  }

  async #handle(text: string | null): Promise<void> {
    if (this.#closed) return;
    let raw: unknown = null;
    try {
      raw = text === null ? null : JSON.parse(text);
    } catch {
      // answered below as a malformed frame
    }
    const parsed = LiveClientFrame.safeParse(raw);
    if (!parsed.success) {
      this.#reply({
        type: 'error',
        code: ErrorCode.LiveFrameInvalid,
        message: messageFor(ErrorCode.LiveFrameInvalid),
      });
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'ping') return this.#reply({ type: 'pong' });
    if (frame.type === 'auth') return this.#auth(frame.token);
    if (!this.#token) {
      return this.#fail(ErrorCode.LiveAuthRequired, LIVE_CLOSE.sessionEnded);
    }
    if (frame.type === 'unsubscribe') return this.hub.unsubscribe(this, frame.eventIds);
    if (frame.type === 'unwatch') return this.channels.unwatch(this, frame.channels);
    // Events are a sportsbook's, channels a game venue's (docs/contract.md §10.11).
    const wrongKind = (frame.type === 'watch') !== (this.gameFamily !== null);
    if (wrongKind) return this.#refuse(ErrorCode.VenueUnknown);
    // A subscription is a new wish: the session must still be good (besides the timer).
    if (!(await this.#stillGood())) return;
    if (frame.type === 'watch') {
      const code = await this.channels.watch(this, frame.channels, this.gameFamily);
      if (code !== null && !this.#closed) this.#refuse(code);
      return;
    }
    const refused = await this.hub.subscribe(this, frame.scope, frame.events);
    if (refused > 0) {
      this.#reply({
        type: 'error',
        code: ErrorCode.LiveTooManySubscriptions,
        message: messageFor(ErrorCode.LiveTooManySubscriptions),
      });
    }
  }

  #refuse(code: ErrorCode): void {
    this.#reply({ type: 'error', code, message: messageFor(code) });
  }

  async #auth(token: string): Promise<void> {
    if (this.#token) return this.#reply({ type: 'ready' });
    let player: Awaited<ReturnType<LiveSessions['resolve']>>;
    try {
      player = await this.sessions.resolve(token);
    } catch (err) {
      if (err instanceof VenueError) {
        return this.#fail(ErrorCode.VenueSessionExpired, LIVE_CLOSE.sessionEnded);
      }
      throw err;
    }
    if (this.#closed) return;
    const key = `${player.merchant}:${player.venueCode}:${player.playerId}`;
    if (!this.sockets.take(key)) {
      return this.#fail(ErrorCode.LiveTooManyConnections, LIVE_CLOSE.limited);
    }
    this.#sessionKey = key;
    this.#token = token;
    this.from.addresses.authed(this.from.ip);
    this.family = this.sessions.familyOf(player.venueCode);
    this.gameFamily = this.sessions.gameFamilyOf(player.venueCode);
    const recheck = setInterval(() => {
      this.#stillGood().catch(() => {});
    }, SESSION_RECHECK_MS);
    this.#timers.push(recheck);
    this.#reply({ type: 'ready' });
  }

  /** Whether the session still stands; when it ended, the page is told and the socket closes. */
  async #stillGood(): Promise<boolean> {
    try {
      await this.sessions.resolve(this.#token ?? '');
      return !this.#closed;
    } catch (err) {
      if (!(err instanceof VenueError)) throw err;
      this.#fail(ErrorCode.VenueSessionExpired, LIVE_CLOSE.sessionEnded);
      return false;
    }
  }

  #fail(code: ErrorCode, closeCode: number): void {
    this.#reply({ type: 'error', code, message: messageFor(code) });
    this.socket.close(closeCode, String(code));
    this.#cleanup();
  }

  #closeQuietly(): void {
    this.socket.close(1011, 'error');
    this.#cleanup();
  }

  #cleanup(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.hub.detach(this);
    this.channels.detach(this);
    if (this.#sessionKey) this.sockets.release(this.#sessionKey);
    if (this.#counted) this.from.addresses.close(this.from.ip, this.#token !== null);
  }
}
