import { ErrorCode, type LoginResult } from '@nebula/protocol';
import type { SelfExclusionCheck } from './self-exclusion-check.types';
import type { Db } from '@nebula/db';
import { signChatJwt } from '../../lib/chat-jwt';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { networkOf } from '../../lib/network';
import { newToken, tokenHash } from '../../lib/tokens';
import * as credentials from './credentials.repository';
import * as handovers from './handover.repository';
import type { LoginCompletionService, RequestMeta } from './login-completion.service';
import type { SessionService } from './session.service';

const HANDOVER_TTL_MS = 5 * 60 * 1000;

export interface TokenDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  completion: LoginCompletionService;
  jwtSecret: string;
  /** The self-exclusion register, asked when a handover token is exchanged (bound late). */
  selfExclusion?: SelfExclusionCheck;
}

/** Tokens beside the session: the URL handover, the chat JWT, and ending them all. */
export class TokenService {
  constructor(private readonly d: TokenDeps) {}

  async handover(memberId: number): Promise<{ token: string; expiresAt: number }> {
    const now = this.d.clock.now();
    const { token, hash } = newToken();
    await handovers.insertHandover(this.d.db, {
      hash,
      memberId,
      now,
      expiresAt: now + HANDOVER_TTL_MS,
    });
    return { token, expiresAt: now + HANDOVER_TTL_MS };
  }

  /** A URL-handed token, once, for a session bound to this device (contract §2). */
  async exchange(token: string, meta: RequestMeta): Promise<LoginResult> {
    // Before the token is used: a blocked device must not void the member's handover.
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const memberId = await handovers.useHandover(this.d.db, tokenHash(token), this.d.clock.now());
    if (memberId === null) throw new AppError(ErrorCode.TokenExchangeInvalid);
    const m = await credentials.findMemberById(this.d.db, memberId);
    if (!m || m.blocked) throw new AppError(ErrorCode.MemberBlocked);
    // A handover is a login on another device: the register is asked as at a password login.
    await this.d.selfExclusion?.assertMayLogin(m.id);
    return this.d.completion.complete({
      memberId: m.id,
      userName: m.userName,
      meta,
      network: networkOf(meta.ip),
      remember: false,
      risk: null,
      authorized: true,
    });
  }

  /** The chat JWT for this session (contract §4). */
  async chatJwt(
    memberId: number,
    sessionId: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const m = await credentials.findMemberById(this.d.db, memberId);
    if (!m) throw new AppError(ErrorCode.AuthRequired);
    return signChatJwt(
      this.d.jwtSecret,
      { memberId, vipLevel: m.vipLevel, sessionId },
      this.d.clock.now(),
    );
  }

  /** Every session and unused handover of the member ends (logout everywhere). */
  async logoutAll(memberId: number): Promise<void> {
    const ended = await this.d.db.tx(async (q) => {
      await handovers.voidHandovers(q, memberId, this.d.clock.now());
      return this.d.sessions.endAllIn(q, memberId, 'logoutAll');
    });
    await this.d.sessions.announceEnded(memberId, ended, 'logoutAll');
  }
}
