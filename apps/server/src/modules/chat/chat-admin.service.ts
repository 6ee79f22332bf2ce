import type { Db } from '@nebula/db';
import {
  ErrorCode,
  type AdminChatGift,
  type AdminChatGiftRecord,
  type AdminChatGiftSaveRequest,
  type AdminChatMute,
  type AdminChatShield,
} from '@nebula/protocol';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ExportSource } from '../../lib/export-source';
import { shanghaiDayRange } from '../../lib/shanghai-time';
import type { AuditService } from '../audit/audit.service';
import * as repo from './chat-admin.repository';

type Paging = { page: number; pageSize: number };
const window = (p: Paging) => ({ limit: p.pageSize, offset: (p.page - 1) * p.pageSize });
const iso = (d: Date) => d.toISOString();

/** The gift-record filter as the console sends it: Shanghai days, `to` included. */
export interface GiftRecordQuery {
  memberId?: number;
  roomId?: number;
  from?: string;
  to?: string;
}
function giftBounds(f: GiftRecordQuery): repo.GiftRecordFilter {
  return {
    memberId: f.memberId,
    roomId: f.roomId,
    from: f.from === undefined ? undefined : shanghaiDayRange(f.from)[0],
    to: f.to === undefined ? undefined : shanghaiDayRange(f.to)[1],
  };
}

const presentGift = (g: repo.GiftRow): AdminChatGift => ({
  giftId: g.giftId,
  name: g.name,
  icon: g.icon,
  price: g.priceCoin.toString(),
  enabled: g.enabled,
});
const giftAudit = (g: repo.GiftRow) => ({ ...presentGift(g) });

/**
 * The moderators' side of the chat beyond its live tools (chat.service.ts): rooms, mutes,
 * shields and gift records as paged, filtered lists with their export sources, and the gift
 * catalogue. A gift's price is the COIN a member spends on it, the site's own catalogue: a
 * change is audited (before and after) under the chat permission.
 */
export class ChatAdminService {
  constructor(private readonly d: { db: Db; clock: Clock; audit: AuditService }) {}

  async rooms(f: { name?: string; status?: 0 | 1 } & Paging) {
    const r = await repo.pageRooms(this.d.db, { name: f.name, status: f.status, ...window(f) });
    return { ...r, page: f.page, pageSize: f.pageSize };
  }

  async mutes(f: repo.MuteFilter & Paging) {
    const now = this.d.clock.now();
    const r = await repo.pageMutes(this.d.db, { ...f, now, ...window(f) });
    const list = r.list.map((m) => this.#mute(m, now));
    return { list, total: r.total, page: f.page, pageSize: f.pageSize };
  }

  /** The mutes CSV export's rows (reports/chat-exports.service.ts), in member id order. */
  muteSource(f: repo.MuteFilter): ExportSource<AdminChatMute, number> {
    const now = this.d.clock.now();
    return {
      count: () => repo.countMutes(this.d.db, f, now),
      page: async (after, limit) =>
        (await repo.mutesAfter(this.d.db, f, now, after, limit)).map((m) => this.#mute(m, now)),
      first: 0,
      keyOf: (m) => m.memberId,
    };
  }

  async shields(f: repo.ShieldFilter & Paging) {
    const r = await repo.pageShields(this.d.db, { ...f, ...window(f) });
    return { list: r.list.map(presentShield), total: r.total, page: f.page, pageSize: f.pageSize };
  }

  shieldSource(f: repo.ShieldFilter): ExportSource<AdminChatShield, [number, number]> {
    return {
      count: () => repo.countShields(this.d.db, f),
      page: async (after, limit) =>
        (await repo.shieldsAfter(this.d.db, f, after, limit)).map(presentShield),
      first: [0, 0],
      keyOf: (s) => [s.memberId, s.shieldedId],
    };
  }

  async giftRecords(f: GiftRecordQuery & Paging) {
    const r = await repo.pageGiftRecords(this.d.db, { ...giftBounds(f), ...window(f) });
    return { list: r.list.map(presentRecord), total: r.total, page: f.page, pageSize: f.pageSize };
  }

  /** Newest first, as the list shows them. */
  giftRecordSource(f: GiftRecordQuery): ExportSource<AdminChatGiftRecord, number> {
    const b = giftBounds(f);
    return {
      count: () => repo.countGiftRecords(this.d.db, b),
      page: async (before, limit) =>
        (await repo.giftRecordsBefore(this.d.db, b, before, limit)).map(presentRecord),
      first: Number.MAX_SAFE_INTEGER,
      keyOf: (r) => r.id,
    };
  }

  async gifts(): Promise<AdminChatGift[]> {
    return (await repo.readAllGifts(this.d.db)).map(presentGift);
  }

  /** Creates or changes a gift, audited with the row before and after (9114: no such gift). */
  async saveGift(actor: string, input: AdminChatGiftSaveRequest): Promise<AdminChatGift> {
    const { giftId, price, ...rest } = input;
    const fields = { ...rest, priceCoin: BigInt(price) };
    return this.d.db.tx(async (q) => {
      const before = giftId === undefined ? null : await repo.readGiftForUpdate(q, giftId);
      if (giftId !== undefined && !before) throw new AppError(ErrorCode.ChatGiftNotFound);
      const after = await repo.saveGift(q, giftId, fields);
      await this.d.audit.record(q, {
        actor,
        action: before ? 'chat.gift.update' : 'chat.gift.create',
        target: `gift:${after.giftId}`,
        before: before ? giftAudit(before) : null,
        after: giftAudit(after),
      });
      return presentGift(after);
    });
  }

  #mute(m: repo.MuteRow, now: number): AdminChatMute {
    return {
      memberId: m.memberId,
      userName: m.userName,
      nickname: m.nickname,
      until: m.until ? iso(m.until) : null,
      reason: m.reason,
      mutedBy: m.mutedBy,
      mutedAt: iso(m.mutedAt),
      active: m.until === null || m.until.getTime() > now,
    };
  }
}

const presentShield = (s: repo.ShieldRow): AdminChatShield => ({
  ...s,
  createdAt: iso(s.createdAt),
});
const presentRecord = (r: repo.GiftRecordRow): AdminChatGiftRecord => ({ ...r, time: iso(r.time) });
