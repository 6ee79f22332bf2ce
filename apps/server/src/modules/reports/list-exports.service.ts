import type { Db } from '@nebula/db';
import { fenToYuanString, type RedemptionStatus } from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import type { Operator } from '../../http/operator-context';
import type { ActivityAdminService } from '../activity/activity-admin.service';
import type { AgentService } from '../agent/agent.service';
import type { CommissionAdminService } from '../agent/commission-admin.service';
import type { ApprovalService } from '../approvals/approvals.service';
import type { Actor, AuditService } from '../audit/audit.service';
import type { ChatService } from '../chat/chat.service';
import type { MallAdminService } from '../mall/mall-admin.service';
import type { GrantAdminService } from '../rewards/grant-admin.service';
import {
  EXPORT_MAX_ROWS,
  iso,
  mapRows,
  rowsOf,
  startCsvExport,
  type CsvExport,
} from './csv-export';

const yuan = (fen: bigint | null) => (fen === null ? '' : fenToYuanString(fen));

export interface ListExportDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  approvals: ApprovalService;
  grantAdmin: GrantAdminService;
  commissionAdmin: CommissionAdminService;
  mallAdmin: MallAdminService;
  activityAdmin: ActivityAdminService;
  agents: AgentService;
  chat: ChatService;
}

type ApprovalStatus = Parameters<ApprovalService['exportSource']>[1];
type GrantFilter = Parameters<GrantAdminService['exportSource']>[0];
type StatementFilter = Parameters<CommissionAdminService['exportSource']>[0];
type ActivityFilter = Parameters<ActivityAdminService['exportSource']>[0];
type ApplicationFilter = Parameters<AgentService['exportSource']>[0];

/**
 * The console's later CSV exports (four-eyes requests, grants, agent statements, mall
 * redemptions, chat rooms and filter words), made like the first ones (exports.service.ts):
 * the list's own filters, counted and capped at 50,000 rows (9621), audited, streamed in keyset
 * pages.
 */
export class ListExportService {
  constructor(
    private readonly d: ListExportDeps,
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

  /** The requests the operator's list shows them: those they may decide, and their own. */
  async approvals(op: Operator, f: { status?: ApprovalStatus }): Promise<CsvExport> {
    const from = await this.d.approvals.exportSource(op, f.status);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (a) => [
      a.id,
      a.action,
      a.target,
      yuan(a.amount),
      a.requestedBy,
      a.status,
      a.decidedBy ?? '',
      iso(a.createdAt),
      iso(a.expiresAt),
      iso(a.decidedAt),
      a.payload,
    ]);
    const header = ['编号', '操作', '对象', '金额', '申请人', '状态', '处理人', '申请时间'].concat([
      '过期时间',
      '处理时间',
      '内容',
    ]);
    return this.#start(op, 'approvals', f, rows, header, source);
  }

  async grants(op: Actor, f: GrantFilter): Promise<CsvExport> {
    const from = this.d.grantAdmin.exportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (g) => [
      g.id,
      g.memberId,
      g.kind,
      g.title,
      yuan(g.amount),
      g.turnoverMultiple,
      g.status,
      iso(g.createdAt),
      iso(g.expiresAt),
      iso(g.paidAt),
      yuan(g.forfeited),
    ]);
    const header = [
      '编号',
      '会员ID',
      '类型',
      '名称',
      '金额',
      '流水倍数',
      '状态',
      '发放时间',
    ].concat(['过期时间', '领取时间', '放弃扣回']);
    return this.#start(op, 'grants', f, rows, header, source);
  }

  async agentStatements(op: Actor, f: StatementFilter): Promise<CsvExport> {
    const from = this.d.commissionAdmin.exportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (s) => [
      s.month,
      s.agentId,
      s.agentName,
      s.members,
      s.active,
      yuan(s.stakes),
      yuan(s.payouts),
      yuan(s.grants),
      yuan(s.rebates),
      yuan(s.fees),
      yuan(s.ngr),
      s.rateBp,
      yuan(s.computed),
      yuan(s.amount),
      s.status,
      iso(s.decidedAt),
    ]);
    const header = [
      '月份',
      '代理ID',
      '代理',
      '下级人数',
      '活跃人数',
      '投注额',
      '派彩',
      '优惠',
    ].concat(['返水', '费用', 'NGR', '佣金比例(基点)', '计算佣金', '佣金', '状态', '处理时间']);
    return this.#start(op, 'agent-statements', f, rows, header, source);
  }

  async mallRedemptions(op: Actor, f: { status?: RedemptionStatus }): Promise<CsvExport> {
    const from = this.d.mallAdmin.exportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (r) => [
      r.id,
      r.memberId,
      r.itemId,
      r.kind,
      r.title,
      r.price.toString(),
      r.kind === 'bonus' ? yuan(r.value) : r.value.toString(),
      r.status,
      r.trackingNo ?? '',
      r.cancelReason ?? '',
      iso(r.createdAt),
      iso(r.updatedAt),
    ]);
    const header = ['编号', '会员ID', '商品ID', '类型', '商品', '积分', '价值', '状态'].concat([
      '快递单号',
      '取消原因',
      '兑换时间',
      '更新时间',
    ]);
    return this.#start(op, 'mall-redemptions', f, rows, header, source);
  }

  async activities(op: Actor, f: ActivityFilter): Promise<CsvExport> {
    const from = this.d.activityAdmin.exportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (a) => [
      a.id,
      a.kind,
      a.title,
      a.status,
      iso(a.startsAt),
      iso(a.endsAt),
      a.rule,
      a.eligibility,
      a.createdBy,
      iso(a.createdAt),
      iso(a.updatedAt),
    ]);
    const header = ['编号', '类型', '标题', '状态', '开始', '结束', '规则', '参与条件'].concat([
      '创建人',
      '创建时间',
      '更新时间',
    ]);
    return this.#start(op, 'activities', f, rows, header, source);
  }

  async agentApplications(op: Actor, f: ApplicationFilter): Promise<CsvExport> {
    const from = this.d.agents.exportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (a) => [
      a.id,
      a.memberId,
      a.userName,
      a.status,
      a.contact,
      a.note,
      a.reason ?? '',
      iso(a.createdAt),
      iso(a.decidedAt),
    ]);
    const header = ['编号', '会员ID', '用户名', '状态', '联系方式', '备注', '原因', '申请时间'];
    return this.#start(op, 'agent-applications', f, rows, header.concat(['处理时间']), source);
  }

  /** The rooms as the console's list filters them (a part of the name, the status). */
  async chatRooms(op: Actor, f: { name?: string; status?: 0 | 1 } = {}): Promise<CsvExport> {
    const name = f.name?.toLowerCase();
    const rooms = [...(await this.d.chat.rooms()).values()].filter(
      (r) =>
        (!name || r.name.toLowerCase().includes(name)) &&
        (f.status === undefined || r.status === f.status),
    );
    const rows = rooms.map((r) => [
      r.roomId,
      r.name,
      r.status === 1 ? '开放' : '关闭',
      r.vipMin,
      r.vipMax,
      r.slowModeSeconds,
    ]);
    const header = ['房间ID', '名称', '状态', '最低VIP', '最高VIP', '慢速模式(秒)'];
    return this.#start(op, 'chat-rooms', f, rows.length, header, rows);
  }

  async chatBlockedWords(op: Actor): Promise<CsvExport> {
    const words = await this.d.chat.blockedWords();
    return this.#start(
      op,
      'chat-blocked-words',
      {},
      words.length,
      ['屏蔽词'],
      words.map((w) => [w]),
    );
  }

  /** The grants daily report (per Shanghai day and kind) for the report's days. */
  async grantReport(op: Actor, f: { from: string; to: string }): Promise<CsvExport> {
    const rows = (await this.d.grantAdmin.report(f.from, f.to)).list.map((r) => [
      r.day,
      r.kind,
      r.count,
      r.amount,
    ]);
    const header = ['日期', '类型', '笔数', '金额'];
    return this.#start(op, 'grant-report', f, rows.length, header, rows);
  }

  /** An agent's downline as the agents page lists it (scope and name filter), newest first. */
  async agentDownline(
    op: Actor,
    f: { agentId: number; scope: 'direct' | 'all'; q?: string | undefined },
  ): Promise<CsvExport> {
    const from = this.d.agents.downlineExportSource(f.agentId, f);
    const source = mapRows(rowsOf(from), (m) => [
      m.memberId,
      m.userName,
      m.depth,
      m.isAgent ? '是' : '否',
      iso(m.registeredAt),
      m.deposits,
      m.validTurnover,
      m.active ? '是' : '否',
    ]);
    const header = ['会员ID', '账号', '层级', '代理', '注册时间', '累计存款', '本月有效流水'];
    const rows = await from.count();
    return this.#start(op, 'agent-downline', f, rows, header.concat(['活跃']), source);
  }
}
