import type { Db } from '@nebula/db';
import {
  ErrorCode,
  formatMoney,
  type MemberBetsExportQuery,
  type MemberDevicesExportQuery,
  type MemberLedgerExportQuery,
  type MemberLoginsExportQuery,
  type MemberNotesExportQuery,
} from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { MemberDetailService } from '../admin/member-detail.service';
import type { Actor, AuditService } from '../audit/audit.service';
import type { BetsService } from '../bets/bets.service';
import type { MemberService } from '../member/member.service';
import type { RecordsService } from '../wallet/records.service';
import {
  EXPORT_MAX_ROWS,
  iso,
  mapRows,
  rowsOf,
  startCsvExport,
  type CsvExport,
  type ExportSource,
} from './csv-export';

export interface MemberExportDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  records: RecordsService;
  bets: BetsService;
  members: MemberService;
  memberDetail: MemberDetailService;
}

const yesNo = (b: boolean) => (b ? '是' : '否');

/**
 * The CSV exports of the member detail page's sub-lists (ledger, bets, logins, devices,
 * notes), made like every console export (csv-export.ts): the list's own filters and member,
 * counted and capped at 50,000 rows (9621), audited, streamed in keyset pages. Each list's rows
 * come from the module that owns them.
 */
export class MemberExportService {
  constructor(
    private readonly d: MemberExportDeps,
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  /** An unknown member is refused as the member detail's lists refuse it; nothing audited. */
  async #start<T, K>(
    op: Actor,
    what: string,
    f: { memberId: number },
    from: ExportSource<T, K>,
    header: string[],
    row: (r: T) => unknown[],
  ): Promise<CsvExport> {
    if (!(await this.d.members.exists(this.d.db, f.memberId)))
      throw new AppError(ErrorCode.AdminMemberNotFound);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), row);
    return startCsvExport(this.d, this.maxRows, { op, what, filters: f, rows, header, source });
  }

  async ledger(op: Actor, f: MemberLedgerExportQuery): Promise<CsvExport> {
    const { memberId, ...filter } = f;
    const show = (v: bigint) => (f.asset === 'COIN' ? v.toString() : formatMoney(v));
    const header = ['编号', '时间', '类型', '账户', '金额', '余额', '说明', '参考号'];
    return this.#start(
      op,
      'member-ledger',
      f,
      this.d.records.exportSource(memberId, filter),
      header,
      (r) => [
        String(r.id),
        iso(r.created_at),
        r.kind,
        f.asset,
        show(r.amount),
        show(r.balance_after),
        r.memo,
        r.reference,
      ],
    );
  }

  async bets(op: Actor, f: MemberBetsExportQuery): Promise<CsvExport> {
    const { memberId, ...filter } = f;
    const from = await this.d.bets.exportSource(memberId, filter);
    const header = [
      '下注时间',
      '场馆代码',
      '场馆',
      '注单号',
      '类型',
      '内容',
      '投注额',
      '赔率',
    ].concat(['状态', '派彩', '输赢', '有效投注', '结算时间']);
    return this.#start(op, 'member-bets', f, from, header, (b) => [
      iso(b.placedAt),
      b.venueCode,
      b.venueName,
      b.betId,
      b.kind,
      b.legs.map((l) => `${l.match} ${l.market} ${l.selection}`).join('；'),
      b.stake,
      (b.oddsMilli / 1000).toFixed(3),
      b.status,
      b.payout ?? '',
      b.winLoss ?? '',
      b.validTurnover,
      iso(b.settledAt),
    ]);
  }

  async logins(op: Actor, f: MemberLoginsExportQuery): Promise<CsvExport> {
    const from = this.d.members.loginExportSource(f.memberId, f.result);
    const header = ['时间', 'IP', '设备', '设备 ID', '成功', '风险', '风险原因'];
    return this.#start(op, 'member-logins', f, from, header, (l) => [
      iso(l.time),
      l.ip,
      l.device,
      l.deviceId,
      yesNo(l.success),
      yesNo(l.risky),
      l.riskReason ?? '',
    ]);
  }

  async devices(op: Actor, f: MemberDevicesExportQuery): Promise<CsvExport> {
    const from = this.d.memberDetail.deviceExportSource(f.memberId, f.status);
    const header = ['设备 ID', '设备', '已信任', '已禁用', '最近 IP', '首次使用', '最近使用'];
    return this.#start(op, 'member-devices', f, from, header, (d) => [
      d.deviceId,
      d.label,
      yesNo(d.trusted),
      yesNo(d.blocked),
      d.lastIp,
      iso(d.firstSeenAt),
      iso(d.lastSeenAt),
    ]);
  }

  async notes(op: Actor, f: MemberNotesExportQuery): Promise<CsvExport> {
    const from = this.d.memberDetail.noteExportSource(f.memberId, f.author);
    const header = ['编号', '时间', '作者', '备注'];
    return this.#start(op, 'member-notes', f, from, header, (n) => [
      n.id,
      iso(n.createdAt),
      n.author,
      n.text,
    ]);
  }
}
