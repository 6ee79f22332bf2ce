import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import type { Bus } from '../../bus/bus';
import type { Db, Queryable } from '@nebula/db';
import type { ResolvedSession, SessionResolver } from '../../http/session-resolver';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { newToken, randomId, tokenHash } from '../../lib/tokens';
import {
  endLiveSessions,
  endSession,
  insertSession,
  isSessionLive,
  lookupSession,
  readSessionStart,
  touchSession,
  type EndReason,
  type SessionLookup,
} from './session.repository';
import { isDeviceBlocked } from './device.repository';
import { SessionCache } from './session-cache';

const DAY = 24 * 3600 * 1000;
/** Lifetimes (contract §4): 1 day absolute; with "remember", 30 days absolute and 7 days idle. */
export const SESSION_TTL_MS = DAY;
export const REMEMBER_TTL_MS = 30 * DAY;
export const REMEMBER_IDLE_S = 7 * 24 * 3600;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60 * 1000;

/** The code a request on an ended session gets (contract §3, contract §2). */
const ENDED_CODE: Record<EndReason, number> = {
  replaced: ErrorCode.LoggedInElsewhere,
  password: ErrorCode.PasswordChanged,
  blocked: ErrorCode.MemberBlocked,
  logout: ErrorCode.AuthRequired,
  logoutAll: ErrorCode.AuthRequired,
  expired: ErrorCode.AuthRequired,
  locked: ErrorCode.AuthRequired,
};

/** Why a member's session ended, as announced: an end reason or an operator's device block. */
export type EndedReason = EndReason | 'deviceBlocked';

/**
 * Told once, on the node that ended them, after a member's sessions ended and the member had
 * their answer's state written. It must not throw or wait on a third party (venues).
 */
export type SessionsEndedListener = (memberId: number, reason: EndedReason) => Promise<void>;

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: number;
  /** Sessions this one replaced: publish them after the transaction commits. */
  ended: string[];
}

export interface SessionInfo extends ResolvedSession {
  userName: string;
  vipLevel: number;
}

export class SessionService implements SessionResolver {
  /** Live sessions this node has read (see SessionCache): most member calls skip the lookup. */
  readonly #cache = new SessionCache();
  /**
   * Lookups in flight by token and device, with the cache epoch each began at: the calls a page
   * sends at once after a login (six on the member site's home) share one read instead of one
   * each (docs/benchmarks.md, "## site").
   */
  readonly #reading = new Map<string, { epoch: number; read: Promise<SessionLookup | null> }>();
  #onEnded: SessionsEndedListener | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly clock: Clock,
  ) {}

  /** What else ends with a member's session (their venue sessions, bound in services.ts). */
  onEnded(listener: SessionsEndedListener): void {
    this.#onEnded = listener;
  }

  /** Sessions that end on any node leave this node's cache. */
  async start(): Promise<void> {
    await this.bus.subscribe('session.ended', (e) => this.#cache.drop(e.sessionIds));
  }

  /**
   * Opens a session inside the caller's transaction (which must hold the member row lock):
   * one live session per member, so every other live session ends as "replaced". A blocked
   * device gets no session (10102), checked in the same transaction so that a device blocked
   * while a login runs can never end the member's live session elsewhere.
   */
  async open(
    q: Queryable,
    s: { memberId: number; deviceId: string; ip: string; userAgent: string; remember: boolean },
  ): Promise<NewSession> {
    if (await isDeviceBlocked(q, s.deviceId)) throw new AppError(ErrorCode.SessionInvalid);
    const now = this.clock.now();
    const ended = await endLiveSessions(q, s.memberId, 'replaced', now);
    this.#cache.drop(ended);
    const { token, hash } = newToken();
    const sessionId = randomId(16);
    const expiresAt = now + (s.remember ? REMEMBER_TTL_MS : SESSION_TTL_MS);
    await insertSession(q, {
      id: sessionId,
      memberId: s.memberId,
      tokenHash: hash,
      deviceId: s.deviceId,
      ip: s.ip,
      userAgent: s.userAgent.slice(0, 300),
      remember: s.remember,
      now,
      expiresAt,
      idleSeconds: s.remember ? REMEMBER_IDLE_S : null,
    });
    return { token, sessionId, expiresAt, ended };
  }

  /**
   * Refuses a blocked device before any work with side effects (password checks, counters,
   * challenges, one-time tokens): every way in answers 10102 like a member call would.
   */
  async refuseBlockedDevice(deviceId: string): Promise<void> {
    if (await isDeviceBlocked(this.db, deviceId)) throw new AppError(ErrorCode.SessionInvalid);
  }

  /**
   * Tells every node (chat sockets) that these sessions ended, and this node's listener (every
   * path that ends a member's sessions comes through here: logout, logout everywhere, a password
   * change or reset, a lockout, a login elsewhere, a block, a device block, expiry).
   */
  async announceEnded(memberId: number, sessionIds: string[], reason: EndedReason): Promise<void> {
    // This node forgets them before answering; the others on the bus message.
    this.#cache.drop(sessionIds);
    if (sessionIds.length === 0) return;
    await this.bus.publish('session.ended', { memberId, sessionIds, reason });
    await this.#onEnded?.(memberId, reason);
  }

  async end(memberId: number, sessionId: string, reason: EndReason): Promise<void> {
    if (await endSession(this.db, sessionId, reason, this.clock.now())) {
      await this.announceEnded(memberId, [sessionId], reason);
    }
  }

  /** Ends every live session of the member, inside the caller's transaction. */
  async endAllIn(q: Queryable, memberId: number, reason: EndReason): Promise<string[]> {
    const ended = await endLiveSessions(q, memberId, reason, this.clock.now());
    this.#cache.drop(ended);
    return ended;
  }

  async resolve(
    req: FastifyRequest,
    token: string | undefined,
    required: boolean,
  ): Promise<SessionInfo | null> {
    // Most anonymous calls carry no token: answer without building (and throwing) an error.
    if (!token && !required) return null;
    try {
      return await this.#resolve(req.ctx.deviceId, token);
    } catch (err) {
      if (required) throw err;
      return null;
    }
  }

  async #resolve(deviceId: string, token: string | undefined): Promise<SessionInfo> {
    if (!token || token.length > 128) throw new AppError(ErrorCode.AuthRequired);
    const hash = tokenHash(token);
    const key = hash.toString('hex');
    const now = this.clock.now();
    // A cached row is trusted only to say "live": every refusal is decided on a fresh read.
    const cached = this.#cache.get(key, now);
    if (cached && cached.deviceId === deviceId && isLiveAt(cached, now))
      return this.#accept(key, cached, now);
    const { epoch, read } = this.#read(key, hash, deviceId);
    const s = await read;
    if (!s) throw new AppError(ErrorCode.AuthRequired);
    if (s.deviceBlocked || s.deviceId !== deviceId) throw new AppError(ErrorCode.SessionInvalid);
    if (s.endReason) throw new AppError(ENDED_CODE[s.endReason]);
    if (s.memberBlocked) throw new AppError(ErrorCode.MemberBlocked);
    if (!isLiveAt(s, now)) {
      await this.end(s.memberId, s.sessionId, 'expired');
      throw new AppError(ErrorCode.AuthRequired);
    }
    this.#cache.put(key, s, epoch, now);
    return this.#accept(key, s, now);
  }

  /**
   * The read in flight for this token and device, joined only while no session has ended since
   * it began (so a refusal is still decided on a read that began after any end), else a new one.
   */
  #read(key: string, hash: Buffer, deviceId: string) {
    const flightKey = `${key}:${deviceId}`;
    const flight = this.#reading.get(flightKey);
    if (flight && flight.epoch === this.#cache.epoch) return flight;
    const mine = { epoch: this.#cache.epoch, read: lookupSession(this.db, hash, deviceId) };
    this.#reading.set(flightKey, mine);
    const done = () => {
      if (this.#reading.get(flightKey) === mine) this.#reading.delete(flightKey);
    };
    mine.read.then(done, done);
    return mine;
  }

  async #accept(key: string, s: SessionLookup, now: number): Promise<SessionInfo> {
    if (now - s.lastSeenAt >= TOUCH_EVERY_MS) {
      await touchSession(this.db, s.sessionId, now);
      this.#cache.touched(key, now);
    }
    return {
      memberId: s.memberId,
      sessionId: s.sessionId,
      userName: s.userName,
      vipLevel: s.vipLevel,
    };
  }

  /** When the session began (responsible gambling's session clock, contract §5). */
  startedAt(sessionId: string): Promise<number | null> {
    return readSessionStart(this.db, sessionId);
  }

  /** For the chat: is this session still live right now? */
  isLive(sessionId: string): Promise<boolean> {
    return isSessionLive(this.db, sessionId, this.clock.now());
  }
}

/** Within its absolute lifetime and, with "remember", its idle limit. */
function isLiveAt(s: SessionLookup, now: number): boolean {
  const idleExpired = s.idleSeconds !== null && s.lastSeenAt + s.idleSeconds * 1000 <= now;
  return s.expiresAt > now && !idleExpired;
}
