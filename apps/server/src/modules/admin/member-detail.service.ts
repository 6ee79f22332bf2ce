import {
  ErrorCode,
  maskPhone,
  type AdminMemberDetail,
  type AdminMemberDevice,
  type DeviceStatusFilter,
  type LoginResultFilter,
  type MemberNote,
} from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
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
type Paging = { page: number; pageSize: number };

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

  async logins(memberId: number, f: { result?: LoginResultFilter } & Paging) {
    await this.#known(memberId);
    return this.d.members.loginHistory(memberId, f.page, f.pageSize, f.result);
  }

  async devices(memberId: number, f: { status?: DeviceStatusFilter } & Paging) {
    await this.#known(memberId);
    const skip = (f.page - 1) * f.pageSize;
    const r = await repo.devicesOf(this.d.db, memberId, f.status, f.pageSize, skip);
    return { ...r, page: f.page, pageSize: f.pageSize };
  }

  async notes(memberId: number, f: { author?: string } & Paging) {
    await this.#known(memberId);
    const skip = (f.page - 1) * f.pageSize;
    const r = await repo.notesOf(this.d.db, memberId, f.author, f.pageSize, skip);
    return { ...r, page: f.page, pageSize: f.pageSize };
  }

  /** The devices CSV export's rows (reports/member-exports.service.ts), in the list's order. */
  deviceExportSource(
    memberId: number,
    status?: DeviceStatusFilter,
  ): ExportSource<AdminMemberDevice & { key: repo.TimeKey }, repo.TimeKey | null> {
    return {
      count: () => repo.countDevices(this.d.db, memberId, status),
      page: (after, limit) => repo.devicesBefore(this.d.db, memberId, status, after, limit),
      first: null,
      keyOf: (d) => d.key,
    };
  }

  /** The notes CSV export's rows (reports/member-exports.service.ts), newest first. */
  noteExportSource(
    memberId: number,
    author?: string,
  ): ExportSource<MemberNote & { key: repo.TimeKey }, repo.TimeKey | null> {
    return {
      count: () => repo.countNotes(this.d.db, memberId, author),
      page: (after, limit) => repo.notesBefore(this.d.db, memberId, author, after, limit),
      first: null,
      keyOf: (n) => n.key,
    };
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
