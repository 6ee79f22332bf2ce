import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { Actor, AuditService } from '../audit/audit.service';
import {
  EXPORT_MAX_ROWS,
  mapRows,
  rowsOf,
  startCsvExport,
  type CsvExport,
  type ExportSource,
} from './csv-export';
import type { ChatAdminService, GiftRecordQuery } from '../chat/chat-admin.service';

type MuteFilter = Parameters<ChatAdminService['muteSource']>[0];
type ShieldFilter = Parameters<ChatAdminService['shieldSource']>[0];

/**
 * The CSV exports of the moderators' lists, with the lists' own filters: counted against the
 * cap (9621), audited, streamed in keyset pages by the one CSV writer (reports/csv-export.ts).
 */
export class ChatExportService {
  constructor(
    private readonly d: { db: Db; clock: Clock; audit: AuditService; admin: ChatAdminService },
    private readonly maxRows = EXPORT_MAX_ROWS,
  ) {}

  mutes(op: Actor, f: MuteFilter): Promise<CsvExport> {
    const header = ['会员ID', '用户名', '昵称', '结束时间', '原因', '操作人', '禁言时间', '生效'];
    return this.#start(op, 'chat-mutes', f, header, this.d.admin.muteSource(f), (m) => [
      m.memberId,
      m.userName,
      m.nickname,
      m.until ?? '永久',
      m.reason,
      m.mutedBy,
      m.mutedAt,
      m.active ? '是' : '否',
    ]);
  }

  shields(op: Actor, f: ShieldFilter): Promise<CsvExport> {
    const header = ['会员ID', '用户名', '被屏蔽会员ID', '被屏蔽用户名', '屏蔽时间'];
    return this.#start(op, 'chat-shields', f, header, this.d.admin.shieldSource(f), (s) => [
      s.memberId,
      s.userName,
      s.shieldedId,
      s.shieldedUserName,
      s.createdAt,
    ]);
  }

  giftRecords(op: Actor, f: GiftRecordQuery): Promise<CsvExport> {
    const header = ['编号', '时间', '会员ID', '用户名', '房间ID', '房间', '礼物ID', '礼物'].concat([
      '数量',
      '金币',
    ]);
    return this.#start(
      op,
      'chat-gift-records',
      f,
      header,
      this.d.admin.giftRecordSource(f),
      (r) => [
        r.id,
        r.time,
        r.memberId,
        r.userName,
        r.roomId,
        r.roomName,
        r.giftId,
        r.giftName,
        r.count,
        r.coin,
      ],
    );
  }

  async #start<T, K>(
    op: Actor,
    what: string,
    filters: object,
    header: string[],
    from: ExportSource<T, K>,
    row: (x: T) => unknown[],
  ): Promise<CsvExport> {
    const rows = await from.count();
    const source = mapRows(rowsOf(from), row);
    return startCsvExport(this.d, this.maxRows, { op, what, filters, rows, header, source });
  }
}
