import type { Db } from '@nebula/db';
import type {
  AdminHelpFilter,
  AdminSponsorFilter,
  AdminVenueFilter,
  OperatorRoleFilter,
  RealNameListFilter,
} from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import type { AdminService } from '../admin/admin.service';
import type { RolesService } from '../admin/roles.service';
import type { Actor, AuditService } from '../audit/audit.service';
import type { HelpService } from '../help/help.service';
import type { MallAdminService } from '../mall/mall-admin.service';
import type { PointsAdminService } from '../mall/points-admin.service';
import type { RebateAdminService } from '../rewards/rebate-admin.service';
import type { VipService } from '../rewards/vip.service';
import type { ListedRegister } from '../self-exclusion/listed-register.service';
import type { SponsorService } from '../sponsor/sponsor.service';
import type { VenueRegistry } from '../venue-registry/venue-registry.service';
import {
  EXPORT_MAX_ROWS,
  iso,
  mapRows,
  rowsOf,
  startCsvExport,
  type CsvExport,
} from './csv-export';

export interface RegistryExportDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  roles: RolesService;
  help: HelpService;
  sponsors: SponsorService;
  admin: AdminService;
  venues: VenueRegistry;
  selfExclusionList: ListedRegister;
  mallAdmin: MallAdminService;
  vip: VipService;
  rebateAdmin: RebateAdminService;
  pointsAdmin: PointsAdminService;
}

const yesNo = (b: boolean) => (b ? '是' : '否');

/**
 * The CSV exports of the console's whole-list registries (roles, help pages, sponsors, the
 * real-name queue, venues, the self-exclusion register, mall items, the VIP table, rebate and
 * points rates): the list as its page shows it — these lists have no filters and no paging, the
 * service already holds them whole — counted against the 50,000-row cap (9621), audited,
 * written by the one CSV writer.
 */
export class RegistryExportService {
  constructor(
    private readonly d: RegistryExportDeps,
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  /** The roles the list's filters show, in keyset pages (id order). */
  async roles(op: Actor, f: OperatorRoleFilter = {}): Promise<CsvExport> {
    const from = this.d.roles.rolesExportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (r) => [
      r.id,
      r.name,
      yesNo(r.superuser),
      r.permissions.join(' '),
      r.operatorCount,
    ]);
    const header = ['编号', '名称', '超级管理员', '权限', '人员数'];
    const e = { op, what: 'roles', filters: f, rows, header, source };
    return startCsvExport(this.d, this.maxRows, e);
  }

  /** The help pages as the list's filters show them (every node holds them whole). */
  async helpDocs(op: Actor, f: AdminHelpFilter = {}): Promise<CsvExport> {
    const rows = (await this.d.help.adminList(f)).map((h) => [
      h.slug,
      h.title,
      h.category,
      h.version,
      iso(h.updatedAt),
    ]);
    return this.#start(op, 'help-docs', ['标识', '标题', '分类', '版本', '更新时间'], rows, f);
  }

  /** The sponsorships the list's filters show, in keyset pages (id order). */
  async sponsors(op: Actor, f: AdminSponsorFilter = {}): Promise<CsvExport> {
    const from = this.d.sponsors.exportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (s) => [
      s.id,
      s.title,
      s.summary,
      s.imageUrl,
      s.startsOn,
      s.endsOn ?? '',
      s.sort,
      yesNo(s.enabled),
    ]);
    const header = ['编号', '标题', '摘要', '图片', '开始日期', '结束日期', '排序', '启用'];
    const e = { op, what: 'sponsors', filters: f, rows, header, source };
    return startCsvExport(this.d, this.maxRows, e);
  }

  /** The real-name list as filtered (the queue by default), in keyset pages. */
  async realNamePending(op: Actor, f: RealNameListFilter = { status: 'pending' }) {
    const from = this.d.admin.realNamesExportSource(f);
    const rows = await from.count();
    const source = mapRows(rowsOf(from), (r) => [
      r.memberId,
      r.userName,
      r.realName,
      iso(r.submittedAt),
      r.status,
      r.reason ?? '',
      r.reviewedBy ?? '',
      iso(r.reviewedAt),
    ]);
    const header = ['会员ID', '账号', '姓名', '提交时间', '状态', '驳回原因', '审核人', '审核时间'];
    const e = { op, what: 'real-name-pending', filters: f, rows, header, source };
    return startCsvExport(this.d, this.maxRows, e);
  }

  /** The registry as the list's filters show it (the registry is whole in every node). */
  async venues(op: Actor, f: AdminVenueFilter = {}): Promise<CsvExport> {
    const rows = (await this.d.venues.adminList(f)).map((v) => [
      v.code,
      v.name,
      v.family,
      v.status,
      v.sort,
      v.dialect ?? '',
      v.apiUrl,
      v.merchantCode,
      yesNo(v.secretConfigured),
      iso(v.updatedAt),
    ]);
    const header = ['代码', '名称', '类别', '状态', '排序', '接口方言', '接口地址', '商户号'];
    return this.#start(op, 'venues', header.concat(['密钥已配置', '更新时间']), rows, f);
  }

  async selfExclusion(op: Actor): Promise<CsvExport> {
    const rows = (await this.d.selfExclusionList.list()).list.map((e) => [
      e.id,
      e.kind,
      e.value,
      e.reason,
      e.addedBy,
      iso(e.addedAt),
    ]);
    const header = ['编号', '类型', '登记值', '原因', '登记人', '登记时间'];
    return this.#start(op, 'self-exclusion-register', header, rows);
  }

  async mallItems(op: Actor): Promise<CsvExport> {
    const rows = (await this.d.mallAdmin.items()).list.map((i) => [
      i.id,
      i.kind,
      i.title,
      i.price,
      i.stock,
      i.value,
      i.turnoverMultiple,
      i.perMemberLimit ?? '',
      yesNo(i.active),
      i.sort,
      iso(i.startsAt),
      iso(i.endsAt),
    ]);
    const header = ['编号', '类型', '名称', '积分', '库存', '价值', '流水倍数', '每人限兑'];
    return this.#start(op, 'mall-items', header.concat(['上架', '排序', '开始', '结束']), rows);
  }

  async vipLevels(op: Actor): Promise<CsvExport> {
    const rows = (await this.d.vip.table()).list.map((v) => [
      v.level,
      v.name,
      v.depositThreshold,
      v.turnoverThreshold,
      v.upgradeBonus,
      v.monthlyPacket,
      v.monthlyMinDeposit,
      v.birthdayPacket,
      v.retentionTurnover,
      v.packetMultiple,
      v.rebateDailyCap,
    ]);
    const header = ['等级', '名称', '累计存款', '累计流水', '晋级礼金', '每月红包', '红包最低存款'];
    const more = ['生日礼金', '保级流水', '红包流水倍数', '返水日上限'];
    return this.#start(op, 'vip-levels', header.concat(more), rows);
  }

  async rebateRates(op: Actor): Promise<CsvExport> {
    const r = await this.d.rebateAdmin.rates();
    const names = new Map(r.families.map((f) => [f.family, f.name]));
    const rows = r.list.map((x) => [x.level, x.family, names.get(x.family) ?? '', x.ratePercent]);
    return this.#start(op, 'rebate-rates', ['VIP等级', '类别代码', '类别', '返水比例(%)'], rows);
  }

  async pointsRates(op: Actor): Promise<CsvExport> {
    const r = await this.d.pointsAdmin.rates();
    const rows = r.list.map((x) => [x.family, x.name, x.pointsPerYuan, r.expireDays]);
    const header = ['类别代码', '类别', '每元流水积分', '积分有效期(天)'];
    return this.#start(op, 'points-rates', header, rows);
  }

  #start(
    op: Actor,
    what: string,
    header: string[],
    rows: unknown[][],
    filters: object = {},
  ): Promise<CsvExport> {
    const e = { op, what, filters, rows: rows.length, header, source: rows };
    return startCsvExport(this.d, this.maxRows, e);
  }
}
