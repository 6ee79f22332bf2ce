import { z } from 'zod';
import { text } from '../../rules/text';
import { dateString, pageOf, paging } from '../core/common';
import { ChatRoomInfo } from './chat.schemas';

/**
 * The moderators' lists (rooms, mutes, shields, gift records) and the gift catalogue: each
 * list paged with its filters, the same filters (without the page) for its CSV export.
 */

const memberId = z.coerce.number().int().positive().optional();
const roomId = z.coerce.number().int().positive().optional();

export const AdminChatRoomFilter = z
  .object({
    name: text().trim().max(30).optional(),
    status: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
  })
  .strict();
export const AdminChatRoomQuery = AdminChatRoomFilter.extend(paging).strict();
export const AdminChatRoomPage = pageOf(ChatRoomInfo);

/** `active`: still silent now (no end, or an end to come); `expired`: the end has passed. */
export const ChatMuteState = z.enum(['active', 'expired']);
export const AdminChatMuteFilter = z.object({ memberId, state: ChatMuteState.optional() }).strict();
export const AdminChatMuteQuery = AdminChatMuteFilter.extend(paging).strict();
export const AdminChatMute = z.object({
  memberId: z.number().int(),
  userName: z.string(),
  nickname: z.string(),
  /** ISO time the mute ends; null for a mute without end. */
  until: z.string().nullable(),
  reason: z.string(),
  mutedBy: z.string(),
  mutedAt: z.string(),
  active: z.boolean(),
});
export type AdminChatMute = z.infer<typeof AdminChatMute>;
export const AdminChatMutePage = pageOf(AdminChatMute);

/** `memberId`: who shields; `shieldedId`: whose messages that member no longer sees. */
export const AdminChatShieldFilter = z.object({ memberId, shieldedId: memberId }).strict();
export const AdminChatShieldQuery = AdminChatShieldFilter.extend(paging).strict();
export const AdminChatShield = z.object({
  memberId: z.number().int(),
  userName: z.string(),
  shieldedId: z.number().int(),
  shieldedUserName: z.string(),
  createdAt: z.string(),
});
export type AdminChatShield = z.infer<typeof AdminChatShield>;
export const AdminChatShieldPage = pageOf(AdminChatShield);

/** `from`/`to`: Shanghai days, both included. */
export const AdminChatGiftRecordFilter = z
  .object({ memberId, roomId, from: dateString.optional(), to: dateString.optional() })
  .strict();
export const AdminChatGiftRecordQuery = AdminChatGiftRecordFilter.extend(paging).strict();
export const AdminChatGiftRecord = z.object({
  id: z.number().int(),
  time: z.string(),
  memberId: z.number().int(),
  userName: z.string(),
  roomId: z.number().int(),
  roomName: z.string(),
  giftId: z.number().int(),
  giftName: z.string(),
  count: z.number().int(),
  /** COIN the gift's ledger entry moved, whole units. */
  coin: z.string(),
});
export type AdminChatGiftRecord = z.infer<typeof AdminChatGiftRecord>;
export const AdminChatGiftRecordPage = pageOf(AdminChatGiftRecord);

export const AdminChatGift = z.object({
  giftId: z.number().int(),
  name: z.string(),
  icon: z.string(),
  /** Whole COIN per gift. */
  price: z.string(),
  enabled: z.boolean(),
});
export type AdminChatGift = z.infer<typeof AdminChatGift>;
export const AdminChatGiftList = z.object({ list: z.array(AdminChatGift) });
/**
 * A gift icon the member site shows: its bundled artwork under `/static/gifts/` (the site's
 * chat falls back to its default picture for any other address, so no other is stored).
 */
export const GIFT_ICON_PATTERN = /^\/static\/gifts\/[a-z0-9-]+\.svg$/;
/** Without `giftId` a new gift; a price is whole COIN, 1 to 1,000,000. */
export const AdminChatGiftSaveRequest = z
  .object({
    giftId: z.number().int().positive().optional(),
    name: text().trim().min(1).max(20),
    icon: z.string().trim().max(100).regex(GIFT_ICON_PATTERN, '图标须为 /static/gifts/ 下的 .svg'),
    price: z
      .string()
      .regex(/^[1-9]\d{0,6}$/, '价格为 1–1000000 的整数')
      .refine((p) => Number(p) <= 1_000_000, '价格为 1–1000000 的整数'),
    enabled: z.boolean().default(true),
  })
  .strict();
export type AdminChatGiftSaveRequest = z.infer<typeof AdminChatGiftSaveRequest>;
