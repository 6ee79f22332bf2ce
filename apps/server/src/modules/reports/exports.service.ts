import type { Db } from '@nebula/db';
import { fenToYuanString, type ReportQuery } from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import type { Actor, AuditFilter, AuditService } from '../audit/audit.service';
import {
  EXPORT_MAX_ROWS,
  EXPORT_PAGE as PAGE,
  iso,
  mapRows,
  paged,
  startCsvExport,
  type CsvExport,
} from './csv-export';
import * as repo from './exports.repository';
import type { ReportService } from './reports.service';

export { EXPORT_MAX_ROWS, type CsvExport };

const yuan = (fen: bigint) => fenToYuanString(fen);

/**
 * The console's CSV exports: counted first (over 50,000 rows: 9621, nothing written), audited
 * (who, what, the filters, how many rows), then streamed page by page through the one CSV writer.
 */
export class ExportService {
  constructor(
    private readonly d: { db: Db; clock: Clock; audit: AuditService; reports: ReportService },
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  #start(
    op: Actor,
    what: string,
    filters: object,
    rows: number,
    header: string[],
    source: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
  ): Promise<CsvExport> {
    return startCsvExport(this.d, this.maxRows, { op, what, filters, rows, header, source });
  }

  async report(
    op: Actor,
    q: ReportQuery & { view: 'days' | 'venues' | 'families' },
  ): Promise<CsvExport> {
    const r = await this.d.reports.report(q);
    const money = (t: (typeof r.families)[number]) => [
      t.bets,
      t.stakes,
      t.payouts,
      t.ggr,
      t.bonuses,
      t.ngr,
    ];
    const moneyHeader = ['注单数', '投注额', '派彩', 'GGR', '优惠', 'NGR'];
    if (q.view === 'venues') {
      const rows = r.venues.map((v) => [v.date, v.family, v.venueCode, v.venueName, ...money(v)]);
      const header = ['日期', '类别', '场馆代码', '场馆', ...moneyHeader];
      return this.#start(op, 'report-venues', q, rows.length, header, rows);
    }
    if (q.view === 'families') {
      const rows = r.families.map((f) => [f.date, f.family, ...money(f)]);
      const header = ['日期', '类别', ...moneyHeader];
      return this.#start(op, 'report-families', q, rows.length, header, rows);
    }
    const rows = r.days.map((d) => [
      d.date,
      d.deposits,
      d.depositCount,
      d.withdrawals,
      d.withdrawCount,
      d.bets,
      d.stakes,
      d.payouts,
      d.ggr,
      d.bonuses,
      d.ngr,
      d.newMembers,
      d.activeMembers,
    ]);
    const header = [
      '日期',
      '存款',
      '存款笔数',
      '取款',
      '取款笔数',
      '注单数',
      '投注额',
      '派彩',
    ].concat(['GGR', '优惠', 'NGR', '新会员', '活跃会员']);
    return this.#start(op, 'report', q, rows.length, header, rows);
  }

  async audit(op: Actor, f: AuditFilter): Promise<CsvExport> {
    const rows = await this.d.audit.count(f);
    const source = mapRows(this.d.audit.rows(f, PAGE), (a) => [
      a.seq,
      new Date(a.time).toISOString(),
      a.actor,
      a.action,
      a.target,
      a.before,
      a.after,
      a.hash,
    ]);
    const header = ['序号', '时间', '操作人', '操作', '对象', '变更前', '变更后', '哈希'];
    return this.#start(op, 'audit', f, rows, header, source);
  }

  async members(op: Actor, f: repo.MemberFilter): Promise<CsvExport> {
    const rows = await repo.countMembers(this.d.db, f);
    const source = mapRows(
      paged(
        (after: number) => repo.membersAfter(this.d.db, f, after, PAGE),
        (m) => m.id,
        0,
      ),
      (m) => [
        m.id,
        m.userName,
        m.nickname,
        m.vipLevel,
        m.blocked ? '是' : '否',
        m.realName ?? '',
        iso(m.registeredAt),
        iso(m.lastLoginAt),
      ],
    );
    const header = ['会员ID', '用户名', '昵称', 'VIP', '冻结', '实名', '注册时间', '最后登录'];
    return this.#start(op, 'members', f, rows, header, source);
  }

  async deposits(op: Actor, f: repo.OrderFilter): Promise<CsvExport> {
    const rows = await repo.countOrders(this.d.db, 'deposit_orders', f);
    const source = mapRows(
      paged(
        (after: string) => repo.depositsAfter(this.d.db, f, after, PAGE),
        (o) => o.id,
        '',
      ),
      (o) => [
        o.id,
        o.memberId,
        o.userName,
        o.channelType,
        o.channelName,
        yuan(o.amount),
        yuan(o.creditAmount),
        o.status,
        iso(o.createdAt),
        iso(o.updatedAt),
      ],
    );
    const header = [
      '订单号',
      '会员ID',
      '用户名',
      '渠道类型',
      '渠道',
      '金额',
      '到账金额',
      '状态',
    ].concat(['创建时间', '更新时间']);
    return this.#start(op, 'deposits', f, rows, header, source);
  }

  async withdrawals(op: Actor, f: repo.OrderFilter): Promise<CsvExport> {
    const rows = await repo.countOrders(this.d.db, 'withdraw_orders', f);
    const source = mapRows(
      paged(
        (after: string) => repo.withdrawalsAfter(this.d.db, f, after, PAGE),
        (o) => o.id,
        '',
      ),
      (o) => [
        o.id,
        o.memberId,
        o.userName,
        o.accountLabel,
        yuan(o.amount),
        o.status,
        iso(o.createdAt),
        iso(o.updatedAt),
      ],
    );
    const header = [
      '订单号',
      '会员ID',
      '用户名',
      '收款账户',
      '金额',
      '状态',
      '创建时间',
      '更新时间',
    ];
    return this.#start(op, 'withdrawals', f, rows, header, source);
  }

  async transfers(op: Actor, f: repo.TransferFilter): Promise<CsvExport> {
    const rows = await repo.countTransfers(this.d.db, f);
    const source = mapRows(
      paged(
        (after: string) => repo.transfersAfter(this.d.db, f, after, PAGE),
        (t) => t.id,
        '',
      ),
      (t) => [
        t.id,
        t.memberId,
        t.userName,
        t.venueCode,
        t.direction === 'in' ? '转入场馆' : '转出场馆',
        t.kind,
        yuan(t.amount),
        t.status,
        t.attempts,
        t.resolvedBy ?? '',
        iso(t.createdAt),
        iso(t.completedAt),
      ],
    );
    const header = ['转账单号', '会员ID', '用户名', '场馆', '方向', '类型', '金额', '状态'].concat([
      '查询次数',
      '处理人',
      '创建时间',
      '完成时间',
    ]);
    return this.#start(op, 'transfers', f, rows, header, source);
  }
}
