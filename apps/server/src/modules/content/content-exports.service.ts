import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { Actor, AuditService } from '../audit/audit.service';
import { EXPORT_MAX_ROWS, startCsvExport, type CsvExport } from '../reports/csv-export';
import type { ContentAdminService } from './content-admin.service';

const yesNo = (b: boolean) => (b ? '是' : '否');

/**
 * The CSV exports of the four home-content lists, as the console's tables show them (whole
 * lists, disabled rows too): counted against the cap (9621), audited, written by the one CSV
 * writer, as the registry exports are.
 */
export class ContentExportService {
  constructor(
    private readonly d: { db: Db; clock: Clock; audit: AuditService; admin: ContentAdminService },
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  async notices(op: Actor): Promise<CsvExport> {
    const rows = (await this.d.admin.notices()).map((n) => [
      n.id,
      n.category,
      n.title,
      n.content,
      n.sort,
      yesNo(n.enabled),
      n.publishedAt,
    ]);
    const header = ['编号', '分类', '标题', '内容', '排序', '启用', '发布时间'];
    return this.#start(op, 'notices', header, rows);
  }

  async stationAds(op: Actor): Promise<CsvExport> {
    const rows = (await this.d.admin.stationAds()).map((a) => [
      a.id,
      a.title,
      a.imageUrl,
      a.link,
      a.sort,
      yesNo(a.enabled),
      a.startsAt ?? '',
      a.endsAt ?? '',
    ]);
    const header = ['编号', '标题', '图片', '链接', '排序', '启用', '开始时间', '结束时间'];
    return this.#start(op, 'station-ads', header, rows);
  }

  async suspensionIcons(op: Actor): Promise<CsvExport> {
    const rows = (await this.d.admin.suspensionIcons()).map((i) => [
      i.id,
      i.title,
      i.iconUrl,
      i.link,
      i.displayEquipment,
      i.sort,
      yesNo(i.enabled),
    ]);
    const header = ['编号', '标题', '图标', '链接', '显示设备', '排序', '启用'];
    return this.#start(op, 'suspension-icons', header, rows);
  }

  async popActivities(op: Actor): Promise<CsvExport> {
    const rows = (await this.d.admin.popActivities()).map((p) => [
      p.id,
      p.title,
      p.content,
      p.imageUrl,
      p.link,
      p.sort,
      yesNo(p.enabled),
      p.startsAt ?? '',
      p.endsAt ?? '',
    ]);
    const header = ['编号', '标题', '内容', '图片', '链接', '排序', '启用', '开始时间', '结束时间'];
    return this.#start(op, 'pop-activities', header, rows);
  }

  #start(op: Actor, what: string, header: string[], rows: unknown[][]): Promise<CsvExport> {
    const e = { op, what, filters: {}, rows: rows.length, header, source: rows };
    return startCsvExport(this.d, this.maxRows, e);
  }
}
