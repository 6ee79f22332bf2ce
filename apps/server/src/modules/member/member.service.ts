import {
  ErrorCode,
  fenToYuanString,
  maskPhone,
  type CodeSent,
  type LoginRecord,
  type LoginResultFilter,
  type MemberInfo,
  type RealNameInfo,
  type SecurityOverview,
  type StepUp,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { sha256Hex } from '../../lib/tokens';
import type { AccountService } from '../auth/account.service';
import type { DeviceService } from '../auth/device.service';
import type { StepUpGuard } from '../auth/step-up-guard';
import type { SmsCodeService } from '../sms/sms-code.service';
import type { ExportSource } from '../../lib/export-source';
import * as loginRepo from './member-login.repository';
import * as repo from './member.repository';
import * as terminals from './web-terminal.repository';
import type { MemberRow } from './member.repository';

/** Masks a real name for display: 张三 → 张*, 欧阳娜娜 → 欧***. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return '*';
  return chars[0] + '*'.repeat(chars.length - 1);
}

export interface MemberServiceDeps {
  db: Db;
  clock: Clock;
  sms: SmsCodeService;
  stepUps: StepUpGuard;
  /** The members row and the devices table belong to the auth module: changes go through it. */
  accounts: AccountService;
  devices: DeviceService;
}

/** A member's own account: info, profile, phone, real name, fund password, security centre. */
export class MemberService {
  constructor(private readonly d: MemberServiceDeps) {}

  async #member(id: number): Promise<MemberRow> {
    const m = await repo.readMember(this.d.db, id);
    if (!m) throw new AppError(ErrorCode.AuthRequired);
    return m;
  }

  /**
   * Member info (contract §2). X-User-Hash must be the hex SHA-256 of the lower-cased username:
   * a request crafted for another account is refused (6047).
   */
  async info(
    memberId: number,
    userHash: string | undefined,
    withLockMoney: boolean,
  ): Promise<MemberInfo> {
    // Every page load asks for this: the member and the balances are one statement.
    const row = await repo.readMemberWithBalances(this.d.db, memberId);
    if (!row) throw new AppError(ErrorCode.AuthRequired);
    const m = row.member;
    if (!userHash || userHash.toLowerCase() !== sha256Hex(m.userName.toLowerCase()))
      throw new AppError(ErrorCode.UserHashMismatch);
    const info = this.#present(m);
    info.balance = fenToYuanString(row.balances.main);
    if (withLockMoney) info.lockMoney = fenToYuanString(row.balances.locked);
    return info;
  }

  #present(m: MemberRow): MemberInfo {
    return {
      memberId: m.id,
      userName: m.userName,
      nickname: m.nickname,
      avatar: m.avatar,
      vipLevel: m.vipLevel,
      phoneMasked: m.phone ? maskPhone(m.phone) : null,
      countryCode: m.countryCode,
      email: m.email,
      realNameMasked: m.realName ? maskName(m.realName) : null,
      realNameStatus: m.realNameStatus,
      fundPasswordSet: m.fundPasswordHash !== null,
      inviteCode: m.inviteCode,
      registeredAt: m.registeredAt,
      lastLoginAt: m.lastLoginAt,
    };
  }

  async updateProfile(
    memberId: number,
    p: { nickname?: string; avatar?: string; email?: string | null },
  ): Promise<MemberInfo> {
    await this.d.accounts.updateProfile(memberId, p);
    return this.#present(await this.#member(memberId));
  }

  /** SMS for the logged-in member: a new number's bind code, or a step-up code to the bound one. */
  async sendSms(
    memberId: number,
    purpose: 'bindPhone' | 'stepUp',
    countryCode?: string,
    phone?: string,
  ): Promise<CodeSent> {
    if (purpose === 'bindPhone') {
      if (!countryCode || !phone)
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'phone', message: 'required' }],
        });
      return this.d.sms.issue(
        'bindPhone',
        `${memberId}:${countryCode}${phone}`,
        `${countryCode}${phone}`,
      );
    }
    const m = await this.#member(memberId);
    if (!m.phone || !m.countryCode) throw new AppError(ErrorCode.NoPhoneBound);
    return this.d.sms.issue('stepUp', String(memberId), `${m.countryCode}${m.phone}`);
  }

  /**
   * A step-up (contract §4): the login password or an SMS code sent to the bound phone. Without
   * either: 6049.
   */
  async #stepUp(m: MemberRow, stepUp: StepUp | undefined, ip: string): Promise<void> {
    if (stepUp?.password) {
      await this.d.stepUps.password(m, stepUp.password, ip);
      return;
    }
    if (stepUp?.smsCode) {
      if (!m.phone) throw new AppError(ErrorCode.NoPhoneBound);
      await this.d.sms.require('stepUp', String(m.id), stepUp.smsCode);
      return;
    }
    throw new AppError(ErrorCode.StepUpRequired);
  }

  /** A step-up for another module (payout accounts): password or an SMS code. */
  async verifyStepUp(memberId: number, stepUp: StepUp | undefined, ip: string): Promise<void> {
    await this.#stepUp(await this.#member(memberId), stepUp, ip);
  }

  /** The member's real name and its review status (payout account holders). */
  // --- facts other modules need, read in the caller's unit of work
  userNames(q: Queryable, ids: number[]): Promise<Map<number, string>> {
    return repo.readUserNames(q, ids);
  }

  /** VIP level and registration time, for matching mail audiences. */
  audienceFacts(q: Queryable, ids: number[]) {
    return repo.readAudienceFacts(q, ids);
  }

  exists(q: Queryable, memberId: number): Promise<boolean> {
    return repo.memberExists(q, memberId);
  }

  /** Serializes a member's order and account rules inside `q` (see `lockMemberRow`). */
  lock(q: Queryable, memberId: number): Promise<void> {
    return repo.lockMemberRow(q, memberId);
  }

  withdrawFacts(q: Queryable, memberId: number) {
    return repo.readWithdrawFacts(q, memberId);
  }

  /** The venues' view of a member: the name shown there and whether they may play. */
  playFacts(q: Queryable, memberId: number) {
    return repo.readPlayFacts(q, memberId);
  }

  async realName(memberId: number): Promise<{ name: string | null; approved: boolean }> {
    const m = await this.#member(memberId);
    return { name: m.realName, approved: m.realNameStatus === 'approved' };
  }

  async bindPhone(
    memberId: number,
    input: { countryCode: string; phone: string; code: string; stepUp?: StepUp },
    ip: string,
  ): Promise<MemberInfo> {
    const m = await this.#member(memberId);
    if (m.phone) await this.#stepUp(m, input.stepUp, ip);
    await this.d.sms.require(
      'bindPhone',
      `${memberId}:${input.countryCode}${input.phone}`,
      input.code,
    );
    await this.d.accounts.setPhone(memberId, input.countryCode, input.phone);
    return this.#present(await this.#member(memberId));
  }

  async realNameStatus(memberId: number): Promise<RealNameInfo> {
    const m = await this.#member(memberId);
    return {
      status: m.realNameStatus,
      realNameMasked: m.realName ? maskName(m.realName) : null,
      reason: m.realNameReason,
      submittedAt: m.realNameSubmittedAt,
      reviewedAt: m.realNameReviewedAt,
    };
  }

  async submitRealName(memberId: number, realName: string): Promise<RealNameInfo> {
    if (!(await repo.submitRealName(this.d.db, memberId, realName.trim(), this.d.clock.now())))
      throw new AppError(ErrorCode.RealNameLocked);
    return this.realNameStatus(memberId);
  }

  /**
   * An operator's decision on a pending real name, in the operator's transaction (the audit
   * record commits with it); the name, or null when none was pending.
   */
  async reviewRealName(
    q: Queryable,
    memberId: number,
    review: { approve: boolean; reason: string | null; reviewer: string },
  ): Promise<string | null> {
    return repo.reviewRealName(
      q,
      memberId,
      review.approve,
      review.reason,
      review.reviewer,
      this.d.clock.now(),
    );
  }

  async setFundPassword(
    memberId: number,
    fundPassword: string,
    stepUp: StepUp,
    ip: string,
  ): Promise<void> {
    const m = await this.#member(memberId);
    await this.#stepUp(m, stepUp, ip);
    await this.d.accounts.setFundPasswordHash(memberId, await hashPassword(fundPassword));
  }

  async securityOverview(memberId: number, deviceId: string): Promise<SecurityOverview> {
    const m = await this.#member(memberId);
    const [devices, logins, risky] = await Promise.all([
      this.d.devices.trusted(memberId, deviceId),
      loginRepo.readLogins(this.d.db, memberId, 10, 0),
      loginRepo.countRiskyLogins(this.d.db, memberId),
    ]);
    return {
      phoneBound: m.phone !== null,
      fundPasswordSet: m.fundPasswordHash !== null,
      realNameStatus: m.realNameStatus,
      devices,
      recentLogins: logins.list,
      riskyLoginCount: risky,
    };
  }

  async loginHistory(
    memberId: number,
    page: number,
    pageSize: number,
    result?: LoginResultFilter,
  ): Promise<{ list: LoginRecord[]; page: number; pageSize: number; total: number }> {
    const skip = (page - 1) * pageSize;
    const r = await loginRepo.readLogins(this.d.db, memberId, pageSize, skip, result);
    return { ...r, page, pageSize };
  }

  /** The logins CSV export's rows (reports/member-exports.service.ts), newest first. */
  loginExportSource(
    memberId: number,
    result?: LoginResultFilter,
  ): ExportSource<LoginRecord & { key: loginRepo.LoginKey }, loginRepo.LoginKey | null> {
    return {
      count: () => loginRepo.countLogins(this.d.db, memberId, result),
      page: (after, limit) => loginRepo.loginsBefore(this.d.db, memberId, result, after, limit),
      first: null,
      keyOf: (l) => l.key,
    };
  }

  /** Removes a trusted device: its next login is a risky one again. */
  async removeDevice(memberId: number, deviceId: string): Promise<void> {
    await this.d.devices.untrust(memberId, deviceId);
  }

  async recordTerminal(t: {
    deviceId: string;
    memberId: number | null;
    ip: string;
    userAgent: string;
    data: unknown;
  }): Promise<void> {
    await terminals.insertWebTerminal(this.d.db, { ...t, now: this.d.clock.now() });
  }
}
