import {
  ErrorCode,
  maskPhone,
  type AdminMemberDetail,
  type AdminMemberDevice,
  type MemberNote,
} from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Operator } from '../../http/operator-context';
import type { AuditService } from '../audit/audit.service';
import type { SessionService } from '../auth/session.service';
import type { BetsService } from '../bets/bets.service';
import type { MemberService } from '../member/member.service';
import type { VipService } from '../rewards/vip.service';
import type { RecordsService } from '../wallet/records.service';
import type { WalletService } from '../wallet/wallet.service';
import * as repo from './member-detail.repository';

export interface MemberDetailDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  sessions: SessionService;
  /** Each part is read from the module that owns it (docs/architecture.md). */
  members: MemberService;
  vip: VipService;
  wallet: WalletService;
  records: RecordsService;
  bets: BetsService;
}

type RecordsFilter = Parameters<RecordsService['page']>[1];
type BetsFilter = Parameters<BetsService['page']>[1];

/**
 * Everything the console's member detail shows: profile, real name, VIP, every wallet, the
 * ledger, bets, logins, devices, notes; and ending the member's sessions (audited).
 */
export class MemberDetailService {
  constructor(private readonly d: MemberDetailDeps) {}

  async detail(memberId: number): Promise<AdminMemberDetail> {
    const m = await repo.memberById(this.d.db, memberId, this.d.clock.now());
    if (!m) throw new AppError(ErrorCode.AdminMemberNotFound);
    const [realName, vip, balances, liveSessions] = await Promise.all([
      this.d.members.realNameStatus(memberId),
      this.d.vip.status(memberId),
      this.d.wallet.balances(memberId),
      repo.countLiveSessions(this.d.db, memberId),
    ]);
    return {
      member: {
        memberId: m.id,
        userName: m.user_name,
        nickname: m.nickname,
        blocked: m.blocked,
        vipLevel: m.vip_level,
        phoneMasked: m.phone ? maskPhone(m.phone) : null,
        realNameStatus: m.status ?? 'none',
        registeredAt: m.registered_at.getTime(),
        lastLoginAt: m.last_login_at?.getTime() ?? null,
        playBreak:
          m.break_kind && m.break_started_at && m.break_ends_at
            ? {
                kind: m.break_kind,
                startedAt: m.break_started_at.getTime(),
                endsAt: m.break_ends_at.getTime(),
              }
            : null,
      },
      realName,
      vip,
      balances,
      liveSessions,
    };
  }

  async ledger(memberId: number, f: RecordsFilter) {
    await this.#known(memberId);
    return this.d.records.page(memberId, f);
  }

  async bets(memberId: number, f: BetsFilter) {
    await this.#known(memberId);
    return this.d.bets.page(memberId, f);
  }

  async logins(memberId: number, page: number, pageSize: number) {
    await this.#known(memberId);
    return this.d.members.loginHistory(memberId, page, pageSize);
  }

  async devices(memberId: number): Promise<{ list: AdminMemberDevice[] }> {
    await this.#known(memberId);
    return { list: await repo.devicesOf(this.d.db, memberId) };
  }

  async notes(memberId: number, page: number, pageSize: number) {
    await this.#known(memberId);
    const r = await repo.notesOf(this.d.db, memberId, pageSize, (page - 1) * pageSize);
    return { ...r, page, pageSize };
  }

  /** A note and its audit record commit together. */
  async addNote(op: Operator, memberId: number, text: string): Promise<MemberNote> {
    await this.#known(memberId);
    return this.d.db.tx(async (q) => {
      const note = await repo.insertNote(q, memberId, text, op.userName, this.d.clock.now());
      await this.d.audit.record(q, {
        actor: op.userName,
        action: 'member.note',
        target: `member:${memberId}`,
        before: null,
        after: { noteId: note.id, text },
      });
      return note;
    });
  }

  /** Signs the member out everywhere (their next call: 10102); they may sign in again. */
  async endSessions(op: Operator, memberId: number, reason: string): Promise<{ ended: number }> {
    await this.#known(memberId);
    const ended = await this.d.db.tx(async (q) => {
      const ids = await this.d.sessions.endAllIn(q, memberId, 'logoutAll');
      await this.d.audit.record(q, {
        actor: op.userName,
        action: 'member.sessions.end',
        target: `member:${memberId}`,
        before: { liveSessions: ids.length },
        after: { liveSessions: 0, reason },
      });
      return ids;
    });
    await this.d.sessions.announceEnded(memberId, ended, 'logoutAll');
    return { ended: ended.length };
  }

  async #known(memberId: number): Promise<void> {
    if (!(await repo.memberExists(this.d.db, memberId)))
      throw new AppError(ErrorCode.AdminMemberNotFound);
  }
}
