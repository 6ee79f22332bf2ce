import type { Db } from '@nebula/db';
import type { FeedbackStatus, MailAudience, OperatorListFilter } from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import type { RolesService } from '../admin/roles.service';
import type { Actor, AuditService } from '../audit/audit.service';
import type { FeedbackService } from '../feedback/feedback.service';
import type { MailService } from '../mail/mail.service';
import type { VenueDebtService } from '../transfer/venue-debt.service';
import {
  EXPORT_MAX_ROWS,
  iso,
  mapRows,
  rowsOf,
  startCsvExport,
  type CsvExport,
} from './csv-export';

export interface DeskExportDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  roles: RolesService;
  mail: MailService;
  feedback: FeedbackService;
  venueDebts: VenueDebtService;
}

const yesNo = (b: boolean) => (b ? '是' : '否');

/** Whom a mail went to, as one readable cell. */
export function audienceText(a: MailAudience): string {
  if (a.kind === 'all') return '全体会员';
  if (a.kind === 'member') return `会员 ${a.memberId}`;
  if (a.kind === 'list') return `名单 ${a.userNames.length} 个账号`;
  const vip = `VIP${a.vipMin ?? 0}-${a.vipMax ?? '∞'}`;
  const reg =
    a.registeredFrom || a.registeredTo
      ? ` 注册 ${a.registeredFrom ?? '…'}~${a.registeredTo ?? '…'}`
      : '';
  const active = a.activeWithinDays ? ` 近 ${a.activeWithinDays} 天登录` : '';
  return `分群 ${vip}${reg}${active}`;
}

/**
 * The CSV exports of the console's paged registers — operators, the mail sent, feedback, venue
 * debts — made like the others (list-exports.service.ts): the list's own filters, counted and
 * capped at 50,000 rows (9621), audited, streamed in keyset pages the list's module offers.
 */
export class DeskExportService {
  constructor(
    private readonly d: DeskExportDeps,
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  async operators(op: Actor, f: OperatorListFilter = {}): Promise<CsvExport> {
    const from = this.d.roles.operatorsExportSource(f);
    const source = mapRows(rowsOf(from), (o) => [
      o.id,
      o.userName,
      o.roleId,
      o.roleName,
      o.disabled ? '停用' : '启用',
      yesNo(o.totpEnabled),
      iso(o.createdAt),
    ]);
    const header = ['编号', '用户名', '角色ID', '角色', '状态', '已绑定验证器', '创建时间'];
    return this.#start(op, 'operators', f, await from.count(), header, source);
  }

  async mails(op: Actor): Promise<CsvExport> {
    const from = this.d.mail.sentExportSource();
    const source = mapRows(rowsOf(from), (m) => [
      m.id,
      m.title,
      m.body,
      audienceText(m.audience),
      yesNo(m.marketing),
      m.sentBy,
      iso(m.sentAt),
      yesNo(m.revoked),
      m.reads,
    ]);
    const header = ['编号', '标题', '正文', '对象', '营销', '发送人', '发送时间', '已撤回'];
    return this.#start(op, 'mails', {}, await from.count(), header.concat(['已读人数']), source);
  }

  async feedback(op: Actor, f: { status?: FeedbackStatus }): Promise<CsvExport> {
    const from = this.d.feedback.exportSource(f.status);
    const source = mapRows(rowsOf(from), (x) => [
      x.id,
      x.memberId,
      x.userName,
      x.category,
      x.content,
      x.contact,
      x.status,
      x.reply ?? '',
      x.repliedBy ?? '',
      iso(x.repliedAt),
      iso(x.createdAt),
    ]);
    const header = ['编号', '会员ID', '用户名', '类别', '内容', '联系方式', '状态', '回复'].concat([
      '回复人',
      '回复时间',
      '提交时间',
    ]);
    return this.#start(op, 'feedback', f, await from.count(), header, source);
  }

  async venueDebts(op: Actor, f: { memberId?: number; venueCode?: string }): Promise<CsvExport> {
    const from = this.d.venueDebts.exportSource(f);
    const source = mapRows(rowsOf(from), (x) => [
      x.memberId,
      x.userName,
      x.venueCode,
      x.venueName,
      x.debt,
      x.writtenOff,
      x.held,
      iso(x.syncedAt),
    ]);
    const header = ['会员ID', '用户名', '场馆代码', '场馆', '欠款', '已核销', '暂扣', '同步时间'];
    return this.#start(op, 'venue-debts', f, await from.count(), header, source);
  }

  #start(
    op: Actor,
    what: string,
    filters: object,
    rows: number,
    header: string[],
    source: AsyncIterable<readonly unknown[]>,
  ): Promise<CsvExport> {
    return startCsvExport(this.d, this.maxRows, { op, what, filters, rows, header, source });
  }
}
