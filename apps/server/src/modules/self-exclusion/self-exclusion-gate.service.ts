import { ErrorCode } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import * as repo from './self-exclusion.repository';
import {
  RegisterUnreachable,
  type RegisterIdentity,
  type SelfExclusionRegister,
} from './self-exclusion-register.port';

export interface SelfExclusionGateDeps {
  db: Db;
  register: SelfExclusionRegister;
  /** Login while the register cannot be asked: `open` (operators alerted) or `closed`. */
  loginOnOutage: 'open' | 'closed';
  audit: AuditService;
  log: FastifyBaseLogger;
}

/**
 * Where the platform asks the self-exclusion register (contract §5): registration (listed:
 * 9222; unreachable: 9223 — fails closed), login (listed: 9226; unreachable: open and alerting
 * operators — an error log and an audit row — or 9223 when the config closes it) and before a
 * marketing push (listed or unreachable: no push).
 */
export class SelfExclusionGate {
  constructor(private readonly d: SelfExclusionGateDeps) {}

  async assertMayRegister(identity: RegisterIdentity): Promise<void> {
    const answer = await this.#ask(identity);
    if (answer === 'unreachable') throw new AppError(ErrorCode.SelfExclusionRegisterUnreachable);
    if (answer === 'listed') throw new AppError(ErrorCode.SelfExclusionRegistered);
  }

  async assertMayLogin(memberId: number): Promise<void> {
    const identity = await repo.memberIdentity(this.d.db, memberId);
    if (!identity) return;
    const answer = await this.#ask(identity);
    if (answer === 'listed') throw new AppError(ErrorCode.SelfExclusionLoginRefused);
    if (answer !== 'unreachable') return;
    if (this.d.loginOnOutage === 'closed')
      throw new AppError(ErrorCode.SelfExclusionRegisterUnreachable);
    this.d.log.error(
      { memberId, alert: 'selfExclusionRegister' },
      'register unreachable: login let through',
    );
    await this.d.audit
      .record(this.d.db, {
        actor: 'system',
        action: 'selfExclusion.unreachable',
        target: `member:${memberId}`,
        before: null,
        after: { login: 'open' },
      })
      .catch(() => undefined);
  }

  /** Whether a marketing push may go to the member: not listed, and the register answered. */
  async mayMarketTo(memberId: number): Promise<boolean> {
    const identity = await repo.memberIdentity(this.d.db, memberId);
    if (!identity) return false;
    return (await this.#ask(identity)) === 'clear';
  }

  async #ask(identity: RegisterIdentity): Promise<'listed' | 'clear' | 'unreachable'> {
    try {
      return await this.d.register.check(identity);
    } catch (err) {
      if (!(err instanceof RegisterUnreachable)) throw err;
      this.d.log.error(
        { err, alert: 'selfExclusionRegister' },
        'self-exclusion register unreachable',
      );
      return 'unreachable';
    }
  }
}
