import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { Actor, AuditService } from '../audit/audit.service';
import type { AdminContentFilter } from '@nebula/protocol';
import {
  EXPORT_MAX_ROWS,
  mapRows,
  rowsOf,
  startCsvExport,
  type CsvExport,
} from '../reports/csv-export';
import { CONTENT_ROWS } from './content-admin.repository';
import type { ContentAdminService } from './content-admin.service';

const yesNo = (b: boolean) => (b ? '是' : '否');

/**
 * The CSV exports of the four home-content lists with the list's filters (enabled, part of the
 * title): counted against the cap (9621), audited with the filters, read in keyset pages (id
 * order) and written by the one CSV writer, as the registry exports are.
 */
export class ContentExportService {
  constructor(
    private readonly d: { db: Db; clock: Clock; audit: AuditService; admin: ContentAdminService },
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  async notices(op: Actor, f: AdminContentFilter = {}): Promise<CsvExport> {
    const from = this.d.admin.exportSource('notices', f, CONTENT_ROWS.notices);
    const rows = mapRows(rowsOf(from), (n) => [
      n.id,
      n.category,
      n.title,
      n.content,
      n.sort,
      yesNo(n.enabled),
      n.publishedAt,
    ]);
    const header = ['编号', '分类', '标题', '内容', '排序', '启用', '发布时间'];
    return this.#start(op, 'notices', header, rows, f, await from.count());
  }

  async stationAds(op: Actor, f: AdminContentFilter = {}): Promise<CsvExport> {
    const from = this.d.admin.exportSource('station_ads', f, CONTENT_ROWS.station_ads);
    const rows = mapRows(rowsOf(from), (a) => [
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
    return this.#start(op, 'station-ads', header, rows, f, await from.count());
  }

  async suspensionIcons(op: Actor, f: AdminContentFilter = {}): Promise<CsvExport> {
    const from = this.d.admin.exportSource('suspension_icons', f, CONTENT_ROWS.suspension_icons);
    const rows = mapRows(rowsOf(from), (i) => [
      i.id,
      i.title,
      i.iconUrl,
      i.link,
      i.displayEquipment,
      i.sort,
      yesNo(i.enabled),
    ]);
    const header = ['编号', '标题', '图标', '链接', '显示设备', '排序', '启用'];
    return this.#start(op, 'suspension-icons', header, rows, f, await from.count());
  }

  async popActivities(op: Actor, f: AdminContentFilter = {}): Promise<CsvExport> {
    const from = this.d.admin.exportSource('pop_activities', f, CONTENT_ROWS.pop_activities);
    const rows = mapRows(rowsOf(from), (p) => [
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
    return this.#start(op, 'pop-activities', header, rows, f, await from.count());
  }

  #start(
    op: Actor,
    what: string,
    header: string[],
    source: AsyncIterable<readonly unknown[]>,
    filters: AdminContentFilter,
    rows: number,
  ): Promise<CsvExport> {
    const e = { op, what, filters, rows, header, source };
    return startCsvExport(this.d, this.maxRows, e);
  }
}
