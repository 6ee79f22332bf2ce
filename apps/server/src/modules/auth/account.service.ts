import { ErrorCode } from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
import * as accounts from './account.repository';

/**
 * The members row for the modules beside auth (the member's own settings, the operators'
 * block). The auth module is the row's one writer, so every change to it is made here or in
 * registration, login and passwords.
 */
export class AccountService {
  constructor(private readonly db: Db) {}

  async updateProfile(
    memberId: number,
    p: { nickname?: string; avatar?: string; email?: string | null },
  ): Promise<void> {
    await accounts.updateProfile(this.db, memberId, p);
  }

  /** Binds a phone; PhoneInUse when another member holds it. */
  async setPhone(memberId: number, countryCode: string, phone: string): Promise<void> {
    const ok = await this.db.tx((q) => accounts.setPhone(q, memberId, countryCode, phone));
    if (!ok) throw new AppError(ErrorCode.PhoneInUse);
  }

  async setFundPasswordHash(memberId: number, hash: string): Promise<void> {
    await accounts.setFundPassword(this.db, memberId, hash);
  }

  /** In the operator's transaction; the earlier state, or null for an unknown member. */
  async setBlocked(
    q: Queryable,
    memberId: number,
    blocked: boolean,
    reason: string,
  ): Promise<{ before: boolean } | null> {
    return accounts.setMemberBlocked(q, memberId, blocked, reason);
  }

  /** The VIP job's decision (contract §5 Rewards), in its transaction. */
  async setVipLevel(q: Queryable, memberId: number, level: number): Promise<void> {
    await accounts.setVipLevel(q, memberId, level);
  }
}
