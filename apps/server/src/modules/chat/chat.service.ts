/*
 * Over 300 lines on purpose: the chat's rules (rooms, speech, filter, history, gifts, operator
 * tools) act on one room state and one set of bus topics; each method is short.
 */
import {
  ErrorCode,
  isChatContentTooLong,
  type ChatMe,
  type ChatMessage,
  type ChatRoomInfo,
  type ChatSender,
  type Gift,
  type GiftMessage,
  type SharedBetCard,
  type SharedBetCardMessage,
} from '@nebula/protocol';
import type { Bus } from '../../bus/bus';
import type { Db } from '@nebula/db';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './chat.repository';
import { FILTER_REASONS, filterContent } from './content-filter';
import { AUTO_MUTE_MS, FloodControl } from './flood-control';
import { TtlCache } from '../../lib/ttl-cache';

export interface SpeakerState {
  memberId: number;
  vipLevel: number;
}

export type PostResult =
  { kind: 'sent'; message: ChatMessage } | { kind: 'shielded'; reason: string };

/**
 * Chat rules (contract §7): rooms with a status and a VIP range for speaking, mutes (timed or
 * permanent), shields, the content filter, flood control, gifts paid in COIN through the
 * ledger, history. Every change other nodes must know is published on the bus; the socket hub
 * delivers it.
 */
/** Long enough to absorb a burst of scroll-back frames, short enough never to look stale. */
const HISTORY_CACHE_MS = 2_000;

export class ChatService {
  #rooms: Map<number, ChatRoomInfo> | null = null;
  #blocked: string[] | null = null;
  readonly #flood = new FloodControl();
  /** Room history pages as stored (no viewer's shields applied): a socket's scroll-back and
   * a flood of history frames are served from memory, not one query each. */
  readonly #history: TtlCache<string, ChatMessage[]>;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
  ) {
    this.#history = new TtlCache(clock, HISTORY_CACHE_MS, 500);
  }

  async start(): Promise<void> {
    await this.bus.subscribe('chat.rooms', () => {
      this.#rooms = null;
    });
    await this.bus.subscribe('chat.words', () => {
      this.#blocked = null;
    });
    // Any change to what a page shows drops the pages (they are cheap to load again).
    for (const topic of ['chat.message', 'chat.share', 'chat.delete', 'chat.rooms'] as const) {
      await this.bus.subscribe(topic, () => this.#history.clear());
    }
  }

  async rooms(): Promise<Map<number, ChatRoomInfo>> {
    this.#rooms ??= new Map((await repo.readRooms(this.db)).map((r) => [r.roomId, r]));
    return this.#rooms;
  }

  async room(roomId: number): Promise<ChatRoomInfo> {
    const r = (await this.rooms()).get(roomId);
    if (!r) throw new AppError(ErrorCode.ChatRoomNotFound);
    return r;
  }

  async blockedWords(): Promise<string[]> {
    this.#blocked ??= await repo.readBlockedWords(this.db);
    return this.#blocked;
  }

  sender(memberId: number): Promise<ChatSender | null> {
    return repo.readSender(this.db, memberId);
  }

  /** 0 may speak, 1 muted; `until` for a timed mute. */
  async speech(memberId: number): Promise<{ speechStatus: 0 | 1; until?: number }> {
    return this.#speechOf(await repo.readMute(this.db, memberId));
  }

  #speechOf(mute: { until: number | null } | null): { speechStatus: 0 | 1; until?: number } {
    if (!mute) return { speechStatus: 0 };
    if (mute.until !== null && mute.until <= this.clock.now()) return { speechStatus: 0 };
    return mute.until === null ? { speechStatus: 1 } : { speechStatus: 1, until: mute.until };
  }

  async maintain(): Promise<{ maintain: boolean; message: string }> {
    return (await this.settings.get()).chatMaintain;
  }

  async history(
    roomId: number,
    beforeId: number | undefined,
    limit: number,
    viewerId: number | null,
  ): Promise<ChatMessage[]> {
    await this.room(roomId);
    return repo.readHistory(this.db, { roomId, beforeId, limit, viewerId });
  }

  /** History for a socket: the room's cached page, without the messages its member shields. */
  async cachedHistory(
    roomId: number,
    beforeId: number | undefined,
    limit: number,
    shields: ReadonlySet<number>,
  ): Promise<ChatMessage[]> {
    await this.room(roomId);
    const page = await this.#history.get(`${roomId}:${beforeId ?? ''}:${limit}`, () =>
      repo.readHistory(this.db, { roomId, beforeId, limit, viewerId: null }),
    );
    return shields.size === 0 ? page : page.filter((m) => !shields.has(m.sender.memberId));
  }

  /** The member as the room shows them, refused (9104) while muted: one query per message. */
  async #speaker(memberId: number): Promise<ChatSender> {
    const found = await repo.readSpeaker(this.db, memberId);
    if (found && this.#speechOf(found.mute).speechStatus === 1)
      throw new AppError(ErrorCode.ChatMuted);
    if (!found) throw new AppError(ErrorCode.ChatNotLoggedIn);
    return found.sender;
  }

  /** Every rule of a message, checked per message: login, room, maintenance, mute, VIP, size, flood, filter. */
  async post(speaker: SpeakerState, roomId: number, content: string): Promise<PostResult> {
    const room = await this.room(roomId);
    if ((await this.maintain()).maintain) throw new AppError(ErrorCode.ChatMaintenance);
    if (room.status !== 1) throw new AppError(ErrorCode.ChatRoomClosed);
    const sender = await this.#speaker(speaker.memberId);
    if (!sender.staff && (sender.vipLevel < room.vipMin || sender.vipLevel > room.vipMax))
      throw new AppError(ErrorCode.ChatVipNotAllowed);
    const text = content.trim();
    if (!text) throw new AppError(ErrorCode.ChatMalformedFrame);
    if (isChatContentTooLong(text)) throw new AppError(ErrorCode.ChatMessageTooLong);
    const now = this.clock.now();
    if (!sender.staff) {
      const verdict = this.#flood.check(speaker.memberId, roomId, room.slowModeSeconds, text, now);
      if (verdict === 'repeat') {
        await this.mute(
          'system',
          speaker.memberId,
          true,
          Math.round(AUTO_MUTE_MS / 60_000),
          '重复发送相同消息',
        );
        throw new AppError(ErrorCode.ChatMuted);
      }
      if (verdict !== 'ok') throw new AppError(ErrorCode.ChatFloodLimited);
      const filtered = filterContent(text, await this.blockedWords());
      if (filtered) return { kind: 'shielded', reason: FILTER_REASONS[filtered] };
    }
    const id = await repo.insertText(this.db, {
      roomId,
      memberId: speaker.memberId,
      content: text,
      now,
    });
    const message: ChatMessage = { roomId, id, content: text, sender, time: now };
    await this.bus.publish('chat.message', message);
    return { kind: 'sent', message };
  }

  /**
   * Whether this speaker may share a bet card into the room now: the rules of a message
   * (maintenance, room status, mute, VIP range, flood control — sharing one bet again and again
   * is a repeat). Returns the sender as the room shows them.
   */
  async mayShare(speaker: SpeakerState, roomId: number, betId: string): Promise<ChatSender> {
    const room = await this.room(roomId);
    if ((await this.maintain()).maintain) throw new AppError(ErrorCode.ChatMaintenance);
    if (room.status !== 1) throw new AppError(ErrorCode.ChatRoomClosed);
    const sender = await this.#speaker(speaker.memberId);
    if (!sender.staff && (sender.vipLevel < room.vipMin || sender.vipLevel > room.vipMax))
      throw new AppError(ErrorCode.ChatVipNotAllowed);
    if (!sender.staff) {
      const now = this.clock.now();
      const verdict = this.#flood.check(
        speaker.memberId,
        roomId,
        room.slowModeSeconds,
        `分享注单 ${betId}`,
        now,
      );
      if (verdict !== 'ok') throw new AppError(ErrorCode.ChatFloodLimited);
    }
    return sender;
  }

  /** Keeps a shared card (its place in the room and what it showed), and sends it to every node. */
  async share(card: SharedBetCard, sender: ChatSender): Promise<SharedBetCardMessage> {
    const now = this.clock.now();
    const id = await repo.insertShare(this.db, {
      roomId: card.roomId,
      memberId: sender.memberId,
      card,
      now,
    });
    const message: SharedBetCardMessage = { ...card, id, sender, time: now };
    await this.bus.publish('chat.share', message);
    return message;
  }

  async gifts(): Promise<Gift[]> {
    return (await repo.readGifts(this.db)).map(({ priceCoin: _p, ...g }) => g);
  }

  /**
   * A gift: its COIN leaves the sender's coin account for the house in one ledger transaction
   * whose reference is the frame's idempotency key, so a retry debits once and answers the same.
   */
  async gift(
    speaker: SpeakerState,
    roomId: number,
    giftId: number,
    count: number,
    key: string,
  ): Promise<{ message: GiftMessage; fresh: boolean }> {
    await this.room(roomId);
    const sender = await repo.readSender(this.db, speaker.memberId);
    if (!sender) throw new AppError(ErrorCode.ChatNotLoggedIn);
    const prior = await repo.giftByKey(this.db, speaker.memberId, key);
    if (prior) {
      if (prior.roomId !== roomId || prior.giftId !== giftId || prior.count !== count)
        throw new AppError(ErrorCode.ChatIdempotencyConflict);
      return {
        message: { roomId, id: prior.id, giftId, count, sender, time: prior.time },
        fresh: false,
      };
    }
    const gift = (await repo.readGifts(this.db)).find((g) => g.giftId === giftId);
    if (!gift) throw new AppError(ErrorCode.ChatGiftNotFound);
    const cost = gift.priceCoin * BigInt(count);
    const now = this.clock.now();
    // Gifts all land on the house's gifts account: they go through its group-commit writer,
    // the gift's message row written in the same transaction as its ledger entry.
    let message: GiftMessage | null;
    try {
      ({ value: message } = await this.ledger.postGrouped(
        {
          reference: `gift:${speaker.memberId}:${key}`,
          kind: 'gift',
          memo: `${gift.name} ×${count}`,
          memberId: speaker.memberId,
          postings: [
            { account: { memberId: speaker.memberId, kind: 'coin' }, amount: -cost },
            { account: { house: 'gifts' }, amount: cost },
          ],
        },
        async (q, r): Promise<GiftMessage | null> => {
          // Sent before: its message row was written with it, and is answered below.
          if (r.replay) return null;
          const id = await repo.insertGift(q, {
            roomId,
            memberId: speaker.memberId,
            giftId,
            count,
            key,
            now,
          });
          // The row and the entry share their key and commit together: one without the other
          // is a broken invariant, and this caller's part of the batch is undone.
          if (id === null) throw new Error(`gift ${key} has a message row but no ledger entry`);
          return { roomId, id, giftId, count, sender, time: now };
        },
      ));
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.InsufficientBalance)
        throw new AppError(ErrorCode.ChatInsufficientCoin);
      throw err;
    }
    if (!message) return this.gift(speaker, roomId, giftId, count, key);
    await this.bus.publish('chat.gift', message);
    return { message, fresh: true };
  }

  async shields(memberId: number): Promise<number[]> {
    return repo.readShields(this.db, memberId);
  }

  /** The member's own standing in the chat: staff flag and whom they shield. */
  async me(memberId: number): Promise<ChatMe> {
    const [sender, shields] = await Promise.all([
      repo.readSender(this.db, memberId),
      repo.readShieldedMembers(this.db, memberId),
    ]);
    return { staff: sender?.staff ?? false, shields };
  }

  async shield(memberId: number, target: number, on: boolean): Promise<void> {
    if (target === memberId || !(await repo.memberExists(this.db, target)))
      throw new AppError(ErrorCode.ChatMalformedFrame);
    await repo.setShield(this.db, memberId, target, on);
  }

  // --- moderators (audited)
  async createRoom(
    actor: string,
    r: { name: string; vipMin: number; vipMax: number; slowModeSeconds: number },
  ): Promise<ChatRoomInfo> {
    const room = await this.db.tx(async (q) => {
      const created = await repo.insertRoom(q, r);
      await this.audit.record(q, {
        actor,
        action: 'chat.room.create',
        target: `room:${created.roomId}`,
        before: null,
        after: created,
      });
      return created;
    });
    await this.bus.publish('chat.rooms', {});
    return room;
  }

  async updateRoom(
    actor: string,
    roomId: number,
    r: {
      name?: string;
      status?: 0 | 1;
      vipMin?: number;
      vipMax?: number;
      slowModeSeconds?: number;
    },
  ): Promise<ChatRoomInfo> {
    const before = await this.room(roomId);
    const after = await this.db.tx(async (q) => {
      const updated = await repo.updateRoom(q, roomId, r);
      if (!updated) throw new AppError(ErrorCode.ChatRoomNotFound);
      // One side of the VIP range may change alone: the range it leaves must still hold.
      if (updated.vipMin > updated.vipMax)
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'vipMax', message: 'VIP 下限不能高于上限' }],
        });
      await this.audit.record(q, {
        actor,
        action: 'chat.room.update',
        target: `room:${roomId}`,
        before,
        after: updated,
      });
      return updated;
    });
    this.#rooms = null;
    await this.bus.publish('chat.rooms', {});
    if (after.status !== before.status)
      await this.bus.publish('chat.roomStatus', { roomId, status: after.status });
    if (after.vipMin !== before.vipMin || after.vipMax !== before.vipMax)
      await this.bus.publish('chat.vip', { roomId, vipMin: after.vipMin, vipMax: after.vipMax });
    return after;
  }

  async mute(
    actor: string,
    memberId: number,
    muted: boolean,
    minutes: number | undefined,
    reason: string,
  ): Promise<void> {
    const now = this.clock.now();
    const until = muted && minutes ? now + minutes * 60_000 : null;
    await this.db.tx(async (q) => {
      if (!(await repo.memberExists(q, memberId)))
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'memberId', message: 'unknown member' }],
        });
      if (muted) await repo.setMute(q, { memberId, until, reason, by: actor, now });
      else await repo.clearMute(q, memberId);
      await this.audit.record(q, {
        actor,
        action: muted ? 'chat.mute' : 'chat.unmute',
        target: `member:${memberId}`,
        before: null,
        after: { until, reason },
      });
    });
    await this.bus.publish(
      'chat.speech',
      muted
        ? until
          ? { memberId, speechStatus: 1, until }
          : { memberId, speechStatus: 1 }
        : { memberId, speechStatus: 0 },
    );
  }

  async deleteMessage(actor: string, messageId: number): Promise<void> {
    const found = await this.db.tx(async (q) => {
      const r = await repo.markDeleted(q, messageId, actor, this.clock.now());
      if (!r)
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'messageId', message: 'no such message' }],
        });
      await this.audit.record(q, {
        actor,
        action: 'chat.message.delete',
        target: `message:${messageId}`,
        before: null,
        after: { roomId: r.roomId },
      });
      return r;
    });
    await this.bus.publish('chat.delete', { roomId: found.roomId, messageId });
  }

  async setBlockedWords(actor: string, words: string[]): Promise<string[]> {
    const unique = [...new Set(words.map((w) => w.trim()).filter(Boolean))];
    await this.db.tx(async (q) => {
      await repo.replaceBlockedWords(q, unique);
      await this.audit.record(q, {
        actor,
        action: 'chat.words',
        target: 'chat',
        before: null,
        after: { words: unique },
      });
    });
    this.#blocked = null;
    await this.bus.publish('chat.words', {});
    return this.blockedWords();
  }

  async setStaff(actor: string, memberId: number, staff: boolean): Promise<void> {
    await this.db.tx(async (q) => {
      if (!(await repo.memberExists(q, memberId)))
        throw new AppError(ErrorCode.Validation, {
          issues: [{ path: 'memberId', message: 'unknown member' }],
        });
      await repo.setStaff(q, memberId, staff);
      await this.audit.record(q, {
        actor,
        action: staff ? 'chat.staff.add' : 'chat.staff.remove',
        target: `member:${memberId}`,
        before: null,
        after: { staff },
      });
    });
  }

  async setMaintain(actor: string, maintain: boolean, message: string): Promise<void> {
    await this.settings.update({ chatMaintain: { maintain, message } }, (q) =>
      this.audit.record(q, {
        actor,
        action: 'chat.maintain',
        target: 'chat',
        before: null,
        after: { maintain, message },
      }),
    );
    await this.bus.publish('chat.maintain', { maintain, message });
  }
}
