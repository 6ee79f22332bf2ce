import { deviceName, ErrorCode, type LoginResult } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import * as credentials from './credentials.repository';
import * as devices from './device.repository';
import * as loginRecords from './login-record.repository';
import type { RiskReason } from './login-risk';
import type { SessionService } from './session.service';

/** Who is asking, as every way in sees it (the route reads it from the request). */
export interface RequestMeta {
  deviceId: string;
  ip: string;
  userAgent: string;
}

/** A login that passed its checks: what the completion needs to open its session. */
export interface PassedLogin {
  memberId: number;
  userName: string;
  meta: RequestMeta;
  network: string;
  remember: boolean;
  /** The risk the login carried; null when none. */
  risk: RiskReason | null;
  /** The member proved it (SMS device authorization, a handover token, a fresh registration). */
  authorized: boolean;
}

/** A completed login inside its transaction: announced once the transaction has committed. */
export interface CompletedLogin {
  memberId: number;
  result: LoginResult;
  ended: string[];
}

export interface LoginCompletionDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
}

/**
 * The one way every successful way in ends (registration, password login, device authorization,
 * token exchange): the device is remembered (trusted when no risk was left unproven), the login
 * is recorded, the last-login time moves and the session opens; sessions it replaces are
 * announced after the commit.
 */
export class LoginCompletionService {
  constructor(private readonly d: LoginCompletionDeps) {}

  /** Completes in its own transaction and announces what it replaced. */
  async complete(login: PassedLogin): Promise<LoginResult> {
    return this.announce(await this.d.db.tx((q) => this.completeIn(q, login)));
  }

  /** Completes inside the caller's transaction; the caller announces after its commit. */
  async completeIn(q: Queryable, login: PassedLogin): Promise<CompletedLogin> {
    const { memberId, meta } = login;
    const now = this.d.clock.now();
    const m = await credentials.findMemberById(q, memberId, true);
    if (!m || m.blocked) throw new AppError(ErrorCode.MemberBlocked);
    await devices.upsertDevice(q, {
      memberId,
      deviceId: meta.deviceId,
      // "iPhone · Safari": the site names login records the same way.
      label: deviceName(meta.userAgent),
      trusted: login.risk === null || login.authorized,
      ip: meta.ip,
      now,
    });
    await loginRecords.insertLoginRecord(q, {
      memberId,
      userNameLower: login.userName.toLowerCase(),
      ip: meta.ip,
      network: login.network,
      deviceId: meta.deviceId,
      userAgent: meta.userAgent,
      success: true,
      risky: login.risk !== null,
      riskReason: login.risk,
      now,
    });
    await credentials.setLastLogin(q, memberId, now);
    const session = await this.d.sessions.open(q, {
      memberId,
      deviceId: meta.deviceId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      remember: login.remember,
    });
    return {
      memberId,
      result: { token: session.token, userName: login.userName, expiresAt: session.expiresAt },
      ended: session.ended,
    };
  }

  async announce(done: CompletedLogin): Promise<LoginResult> {
    await this.d.sessions.announceEnded(done.memberId, done.ended, 'replaced');
    return done.result;
  }
}
