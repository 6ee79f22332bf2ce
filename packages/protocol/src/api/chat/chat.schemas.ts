import { z } from 'zod';
import { CHAT_HISTORY_LIMIT_MAX, sharedBetCardSchema } from '../../ws/messages';
import { text } from '../../rules/text';

/** Chat over HTTP: history, the gift catalogue, and the moderators' tools. */

export const ChatSenderSchema = z.object({
  memberId: z.number().int(),
  nickname: z.string(),
  vipLevel: z.number().int(),
  avatar: z.string(),
  staff: z.boolean(),
});
export const ChatMessageSchema = z.object({
  roomId: z.number().int(),
  id: z.number().int(),
  content: z.string(),
  sender: ChatSenderSchema,
  time: z.number().int(),
  card: sharedBetCardSchema.optional(),
});

export const ChatHistoryHttpRequest = z
  .object({
    roomId: z.number().int().positive(),
    beforeId: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(CHAT_HISTORY_LIMIT_MAX).optional(),
  })
  .strict();
export const ChatHistoryHttp = z.object({
  roomId: z.number().int(),
  messages: z.array(ChatMessageSchema),
});

/** A member this member shields: their messages are not delivered to this member. */
export const ChatShieldedMember = z.object({
  memberId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
});
/**
 * The member's own chat standing: staff speak in every room whatever its VIP range, and the
 * shield list lets the member lift a shield (10005 with `shield: false`).
 */
export const ChatMe = z.object({
  staff: z.boolean(),
  shields: z.array(ChatShieldedMember),
});
export type ChatMe = z.infer<typeof ChatMe>;

export const ChatRoomInfo = z.object({
  roomId: z.number().int(),
  name: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  vipMin: z.number().int(),
  vipMax: z.number().int(),
  slowModeSeconds: z.number().int(),
});
export type ChatRoomInfo = z.infer<typeof ChatRoomInfo>;
export const ChatRoomList = z.object({ list: z.array(ChatRoomInfo) });

export const Gift = z.object({
  giftId: z.number().int(),
  name: z.string(),
  icon: z.string(),
  price: z.string(),
});
export type Gift = z.infer<typeof Gift>;
export const GiftList = z.object({ list: z.array(Gift) });

// --- moderators
export const RoomIdParams = z.object({ roomId: z.coerce.number().int().positive() }).strict();
export const RoomCreateRequest = z
  .object({
    name: text().trim().min(1).max(30),
    vipMin: z.number().int().min(0).max(99).default(0),
    vipMax: z.number().int().min(0).max(99).default(99),
    slowModeSeconds: z.number().int().min(0).max(3600).default(0),
  })
  .strict()
  .refine((r) => r.vipMin <= r.vipMax, { message: 'VIP 下限不能高于上限', path: ['vipMax'] });
export const RoomUpdateRequest = z
  .object({
    name: text().trim().min(1).max(30).optional(),
    status: z.union([z.literal(0), z.literal(1)]).optional(),
    vipMin: z.number().int().min(0).max(99).optional(),
    vipMax: z.number().int().min(0).max(99).optional(),
    slowModeSeconds: z.number().int().min(0).max(3600).optional(),
  })
  .strict()
  .refine((r) => r.vipMin === undefined || r.vipMax === undefined || r.vipMin <= r.vipMax, {
    message: 'VIP 下限不能高于上限',
    path: ['vipMax'],
  });
export const MuteRequest = z
  .object({
    muted: z.boolean(),
    /** Minutes; absent for a mute without end. */
    minutes: z.number().int().min(1).max(525600).optional(),
    reason: text().trim().min(1).max(200),
  })
  .strict();
export const MessageIdParams = z.object({ messageId: z.coerce.number().int().positive() }).strict();
export const BlockedWords = z.object({ words: z.array(text().trim().min(1).max(30)).max(500) });
export const BlockedWordsRequest = BlockedWords.strict();
export const StaffRequest = z.object({ staff: z.boolean() }).strict();
export const ChatMaintainRequest = z
  .object({ maintain: z.boolean(), message: text().max(200).default('') })
  .strict();
