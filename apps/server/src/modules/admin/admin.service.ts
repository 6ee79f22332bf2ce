import { ErrorCode, maskPhone, type RealNameListFilter } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
import { shanghaiDayRange } from '../../lib/shanghai-time';
import type { AccountService } from '../auth/account.service';
import type { SessionService } from '../auth/session.service';
import type { MemberService } from '../member/member.service';
import type { SmsCodeService } from '../sms/sms-code.service';
import type { SettingsService } from '../settings/settings.service';
import { SiteSettingsPatch } from '../settings/settings.schema';
import type { AuditService } from '../audit/audit.service';
import type { AuditFilter } from '../audit/audit.service';
import * as repo from './admin.repository';
import * as realNames from './real-name-list.repository';
import type { Operator } from './operator.service';

export interface AdminDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  settings: SettingsService;
  sms: SmsCodeService;
  audit: AuditService;
  /** The members row is the auth module's, real names the member module's: changes go there. */
  accounts: AccountService;
  members: MemberService;
  /** A member was blocked: their venue sessions end too (the venues issue). */
  onBlocked?: (memberId: number) => Promise<void>;
  /** CONSOLE_IDLE_MINUTES: the ceiling of the consoleIdleMinutes setting. */
  consoleIdleCeiling?: number;
}

/** Shanghai days to epoch bounds (`to` included); a backwards range is 9773. */
function realNameBounds(f: RealNameListFilter): realNames.RealNameFilter {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to)
    throw new AppError(ErrorCode.ListDateRangeInvalid);
  return {
    status: f.status,
    q: f.q || undefined,
    from: f.from === undefined ? undefined : shanghaiDayRange(f.from)[0],
    to: f.to === undefined ? undefined : shanghaiDayRange(f.to)[1],
  };
}

/**
 * The operators' first tools. Every change is written to the append-only audit log in the
 * same transaction as the change itself.
 */
export class AdminService {
  constructor(private readonly d: AdminDeps) {}

  async members(q: string | undefined, page: number, pageSize: number) {
    const r = await repo.listMembers(
      this.d.db,
      q,
      pageSize,
      (page - 1) * pageSize,
      this.d.clock.now(),
    );
    return {
      page,
      pageSize,
      total: r.total,
      list: r.rows.map((m) => ({
        memberId: m.id,
        userName: m.user_name,
        nickname: m.nickname,
        blocked: m.blocked,
        vipLevel: m.vip_level,
        phoneMasked: m.phone ? maskPhone(m.phone) : null,
        realNameStatus: m.status ?? ('none' as const),
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
      })),
    };
  }

  /** Blocking ends the member's sessions (their next call: 10104) and chat sockets. */
  async blockMember(
    op: Operator,
    memberId: number,
    blocked: boolean,
    reason: string,
  ): Promise<void> {
    const ended = await this.d.db.tx(async (q) => {
      const before = await this.d.accounts.setBlocked(q, memberId, blocked, reason);
      if (!before)
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'memberId', message: 'unknown member' }],
        });
      await this.d.audit.record(q, {
        actor: op.userName,
        action: blocked ? 'member.block' : 'member.unblock',
        target: `member:${memberId}`,
        before: { blocked: before.before },
        after: { blocked, reason },
      });
      return blocked ? this.d.sessions.endAllIn(q, memberId, 'blocked') : [];
    });
    await this.d.sessions.announceEnded(memberId, ended, 'blocked');
    if (blocked) await this.d.onBlocked?.(memberId);
  }

  /** A blocked device gets 10102 on every call; its live sessions' sockets close. */
  async blockDevice(
    op: Operator,
    deviceId: string,
    blocked: boolean,
    reason: string,
  ): Promise<void> {
    const live = await this.d.db.tx(async (q) => {
      const changed = await repo.setDeviceBlocked(
        q,
        deviceId,
        blocked,
        reason,
        op.userName,
        this.d.clock.now(),
      );
      if (changed) {
        await this.d.audit.record(q, {
          actor: op.userName,
          action: blocked ? 'device.block' : 'device.unblock',
          target: `device:${deviceId}`,
          before: { blocked: !blocked },
          after: { blocked, reason },
        });
      }
      return blocked ? repo.liveSessionsOnDevice(q, deviceId) : [];
    });
    for (const s of live) await this.d.sessions.announceEnded(s.memberId, [s.id], 'deviceBlocked');
  }

  /** The real-name list (the review queue by default), paged, oldest submission first. */
  async realNames(f: RealNameListFilter & { page: number; pageSize: number }) {
    const { page, pageSize } = f;
    const w = realNameBounds(f);
    const [rows, total] = await Promise.all([
      realNames.pageRealNames(this.d.db, w, pageSize, (page - 1) * pageSize),
      realNames.countRealNames(this.d.db, w),
    ]);
    return { list: rows.map(({ key: _key, ...r }) => r), page, pageSize, total };
  }

  /** The real-name CSV export's rows (reports/registry-exports.service.ts): the list's filter. */
  realNamesExportSource(
    f: RealNameListFilter,
  ): ExportSource<realNames.RealNameRow & { key: realNames.RealNameKey }, realNames.RealNameKey> {
    const w = realNameBounds(f);
    return {
      count: () => realNames.countRealNames(this.d.db, w),
      page: (after, limit) => realNames.realNamesAfter(this.d.db, w, after, limit),
      // Before any submission: the site has none from before 1970.
      first: { atMicros: '0', memberId: 0 },
      keyOf: (r) => r.key,
    };
  }

  async reviewRealName(
    op: Operator,
    memberId: number,
    approve: boolean,
    reason: string | undefined,
  ): Promise<void> {
    await this.d.db.tx(async (q) => {
      const name = await this.d.members.reviewRealName(q, memberId, {
        approve,
        reason: reason ?? null,
        reviewer: op.userName,
      });
      if (name === null)
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'memberId', message: 'no pending submission' }],
        });
      await this.d.audit.record(q, {
        actor: op.userName,
        action: approve ? 'realName.approve' : 'realName.reject',
        target: `member:${memberId}`,
        before: { status: 'pending' },
        after: { status: approve ? 'approved' : 'rejected', reason: reason ?? null },
      });
    });
  }

  async smsOutbox() {
    return { list: await this.d.sms.outbox(100) };
  }

  async settings(): Promise<Record<string, unknown>> {
    return { ...(await this.d.settings.get()) };
  }

  async updateSettings(
    op: Operator,
    patch: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const parsed = SiteSettingsPatch.safeParse(patch);
    if (!parsed.success) {
      throw new AppError(ErrorCode.Validation, {
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const idle = parsed.data.consoleIdleMinutes;
    if (idle !== undefined && idle > (this.d.consoleIdleCeiling ?? Infinity))
      throw new AppError(ErrorCode.ConsoleIdleAboveCeiling, { max: this.d.consoleIdleCeiling });
    const before = await this.d.settings.get();
    const keys = Object.keys(parsed.data);
    const updated = await this.d.settings.update(parsed.data, async (q) => {
      await this.d.audit.record(q, {
        actor: op.userName,
        action: 'settings.update',
        target: `settings:${keys.join(',')}`,
        before: Object.fromEntries(keys.map((k) => [k, before[k as keyof typeof before]])),
        after: parsed.data,
      });
    });
    return { ...updated };
  }

  audit(q: { page: number; pageSize: number } & AuditFilter) {
    const { page, pageSize, ...filter } = q;
    return this.d.audit.page(page, pageSize, filter);
  }
}
