// Over 300 lines on purpose: the chat frames' payload map is one typed map (contract §7).
import { z } from 'zod';
import { displayLength } from '../rules/string-length';
import { MessageId } from './message-ids';
import { text } from '../rules/text';

/*
 * Chat payloads, per direction, exactly as the table of contract §7. The interfaces are what both
 * apps program against; the zod schemas cover only client→server payloads, because those are
 * the untrusted ones the server must validate (strict: an unknown field is a malformed frame).
 * Ids are positive safe integers; times are epoch milliseconds (like `serverTime`).
 */

/** 0 may speak, 1 muted (contract §7). */
export type SpeechStatus = 0 | 1;
/** 1 open, 0 closed (contract §7). */
export type RoomStatus = 0 | 1;

/**
 * Most a chat message may hold, counted by contract §8.4's display length (a character above code 255
 * counts 2): 200, i.e. 100 Chinese characters (issue: chat). Longer content is answered with
 * 9106, not dropped.
 */
export const CHAT_CONTENT_MAX_DISPLAY_LENGTH = 200;
/** Beyond this many UTF-16 units content is not a chat message at all: 9107 malformed frame. */
export const CHAT_CONTENT_HARD_MAX = 4000;
export const CHAT_HISTORY_LIMIT_DEFAULT = 50;
export const CHAT_HISTORY_LIMIT_MAX = 100;
export const GIFT_COUNT_MAX = 999;

/** Whether content is over the chat limit (the server answers 9106). */
export function isChatContentTooLong(content: string): boolean {
  return displayLength(content) > CHAT_CONTENT_MAX_DISPLAY_LENGTH;
}

// ---- shared shapes -------------------------------------------------------------------------

export interface ChatSender {
  memberId: number;
  nickname: string;
  vipLevel: number;
  /** Avatar URL or '' for the default avatar. */
  avatar: string;
  /** Operator / customer-service account: rendered with a badge. */
  staff: boolean;
}

/** A room message (10003, and the items of JoinRoom history and ChatHistory). */
export interface ChatMessage {
  roomId: number;
  /** Increasing per room; the `beforeId` cursor of ChatHistory. */
  id: number;
  /** Plain text: always rendered as text, never as HTML. Empty when `card` is set. */
  content: string;
  sender: ChatSender;
  time: number;
  /** Set on a shared bet card replayed in history (JoinRoom, ChatHistory, HTTP history). */
  card?: SharedBetCard;
}

/**
 * One leg of a shared bet, built by the server from its copy of the bet (never from the
 * client): ids to follow it (跟投), names to show, the price in thousandths — each viewer shows
 * it in their own odds type.
 */
export interface SharedBetLeg {
  matchId: string;
  selectionId: string;
  match: string;
  market: string;
  selection: string;
  oddsMilli: number;
  result: 'open' | 'won' | 'lost' | 'half_won' | 'half_lost' | 'push' | 'void';
}

/** ShareBetRecord (10010), client → server: share one of my bets into a room. */
export interface ShareBetRequest {
  roomId: number;
  /** The bet's id as the bet records show it. */
  betId: string;
}

/** A bet card as the room sees it. Money fields are wire money strings. */
export interface SharedBetCard {
  roomId: number;
  betId: string;
  venueCode: string;
  venueName: string;
  kind: 'single' | 'parlay';
  status: string;
  legs: SharedBetLeg[];
  stake: string;
  /** The bet's odds in thousandths (a parlay's legs multiplied). */
  oddsMilli: number;
  potentialWin: string;
}

/** The broadcast of a shared card: the card plus who shared it and when, like a ChatMessage. */
export interface SharedBetCardMessage extends SharedBetCard {
  id: number;
  sender: ChatSender;
  time: number;
}

/** Score (10014): a live score pushed from a venue's score feed. */
export interface LiveScore {
  venueCode: string;
  matchId: string;
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  /** The venue's clock (e.g. "67'"), null when not running. */
  clock: string | null;
  status: 'scheduled' | 'live' | 'finished' | 'cancelled';
}

// ---- client → server -----------------------------------------------------------------------

export interface ChatLoginRequest {
  /** The chat JWT. */
  token: string;
  body: { clientType: 'web'; deviceId: string };
}
export interface RoomRef {
  roomId: number;
}
export interface BroadcastRequest {
  roomId: number;
  content: string;
  /** Lets the sender match a shield notice (10005) to what it sent. */
  clientMsgId?: string;
}
export interface MsgShieldRequest {
  memberId: number;
  shield: boolean;
}
export interface ChatHistoryRequest {
  roomId: number;
  beforeId?: number;
  limit?: number;
}
export interface GiftRequest {
  roomId: number;
  giftId: number;
  count: number;
  /** Gifts are paid in COIN: money frames carry an idempotency key (contract §2). */
  idempotencyKey: string;
}

/** msgId → msgData, client → server. */
export interface ClientMessages {
  [MessageId.Heartbeat]: Record<string, never>;
  [MessageId.Login]: ChatLoginRequest;
  [MessageId.JoinRoom]: RoomRef;
  [MessageId.BroadcastRoom]: BroadcastRequest;
  [MessageId.MsgShield]: MsgShieldRequest;
  [MessageId.ShareBetRecord]: ShareBetRequest;
  [MessageId.ChatHistory]: ChatHistoryRequest;
  [MessageId.LeaveRoom]: RoomRef;
  [MessageId.Gift]: GiftRequest;
}
export type ClientMessageId = keyof ClientMessages;

// ---- server → client -----------------------------------------------------------------------

export interface HeartbeatAck {
  serverTime: number;
}
export interface LoginAck {
  speechStatus: SpeechStatus;
  vipMin: number;
  vipMax: number;
  serverTime: number;
}
export interface RoomJoined {
  roomId: number;
  name: string;
  status: RoomStatus;
  vipMin: number;
  vipMax: number;
  history: ChatMessage[];
}
export interface SpeechStatusChange {
  speechStatus: SpeechStatus;
  /** When a timed mute ends; absent for a mute without end and when speaking is allowed. */
  until?: number;
}
/** The filter shielded a message this client sent; it was not broadcast. */
export interface MessageShielded {
  roomId: number;
  clientMsgId: string;
  reason: string;
}
/** An operator removed a message: every client drops it from the room, live. */
export interface MessageRemoved {
  roomId: number;
  messageId: number;
  reason: 'deleted';
}
export interface RoomStatusChange {
  roomId: number;
  status: RoomStatus;
}
export interface RoomVipLevel {
  roomId: number;
  vipMin: number;
  vipMax: number;
}
export interface MemberJoined {
  roomId: number;
  nickname: string;
  vipLevel: number;
}
export interface AllRoomMaintain {
  maintain: boolean;
  message: string;
}
export interface ChatHistoryPage {
  roomId: number;
  messages: ChatMessage[];
}
export interface GiftMessage {
  roomId: number;
  id: number;
  giftId: number;
  count: number;
  sender: ChatSender;
  time: number;
}

/** New mail for this member (10018): the site bumps its unread badge by one. */
export interface MailNotice {
  mailId: number;
  title: string;
  sentAt: number;
}

/** msgId → msgData, server → client (success answers and pushes; errors see ErrorFrame). */
export interface ServerMessages {
  [MessageId.Heartbeat]: HeartbeatAck;
  [MessageId.Login]: LoginAck;
  [MessageId.JoinRoom]: RoomJoined;
  [MessageId.BroadcastRoom]: ChatMessage;
  [MessageId.SpeechStatus]: SpeechStatusChange;
  /**
   * The ack echoes the request; a shield notice reports a filtered message of this client; a
   * removal tells every client in the room to drop a message an operator deleted.
   */
  [MessageId.MsgShield]: MsgShieldRequest | MessageShielded | MessageRemoved;
  [MessageId.RoomStatus]: RoomStatusChange;
  [MessageId.ChatVIPLevel]: RoomVipLevel;
  [MessageId.BroadcastJoin]: MemberJoined;
  [MessageId.AllRoomMaintain]: AllRoomMaintain;
  [MessageId.ShareBetRecord]: SharedBetCardMessage;
  [MessageId.ChatHistory]: ChatHistoryPage;
  [MessageId.LeaveRoom]: RoomRef;
  [MessageId.Score]: LiveScore;
  [MessageId.Gift]: GiftMessage;
  [MessageId.MailNotice]: MailNotice;
}
export type ServerMessageId = keyof ServerMessages;

// ---- client → server schemas ---------------------------------------------------------------

const entityId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Client-chosen tokens: a restricted alphabet keeps them safe to log and to key on. */
const clientMsgId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);
const shortText = (max: number) => text().min(1).max(max);

export const heartbeatRequestSchema = z.strictObject({}) satisfies z.ZodType<
  ClientMessages[typeof MessageId.Heartbeat]
>;
export const chatLoginRequestSchema = z.strictObject({
  token: shortText(4096),
  body: z.strictObject({ clientType: z.literal('web'), deviceId: shortText(128) }),
}) satisfies z.ZodType<ChatLoginRequest>;
export const roomRefSchema = z.strictObject({ roomId: entityId }) satisfies z.ZodType<RoomRef>;
export const broadcastRequestSchema = z.strictObject({
  roomId: entityId,
  // Trimmed so whitespace-only content is refused; the 9106 limit is checked separately.
  content: text().trim().min(1).max(CHAT_CONTENT_HARD_MAX),
  clientMsgId: clientMsgId.optional(),
}) satisfies z.ZodType<BroadcastRequest>;
export const msgShieldRequestSchema = z.strictObject({
  memberId: entityId,
  shield: z.boolean(),
}) satisfies z.ZodType<MsgShieldRequest>;
export const shareBetRequestSchema = z.strictObject({
  roomId: entityId,
  betId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
}) satisfies z.ZodType<ShareBetRequest>;
export const chatHistoryRequestSchema = z.strictObject({
  roomId: entityId,
  beforeId: entityId.optional(),
  limit: z.number().int().min(1).max(CHAT_HISTORY_LIMIT_MAX).optional(),
}) satisfies z.ZodType<ChatHistoryRequest>;
export const giftRequestSchema = z.strictObject({
  roomId: entityId,
  giftId: entityId,
  count: z.number().int().min(1).max(GIFT_COUNT_MAX),
  idempotencyKey,
}) satisfies z.ZodType<GiftRequest>;

/**
 * A shared card as the server stores it and replays it in history; server→client, so not
 * strict, but it is what the HTTP history answer and a stored row are checked against.
 */
export const sharedBetCardSchema = z.object({
  roomId: entityId,
  betId: z.string(),
  venueCode: z.string(),
  venueName: z.string(),
  kind: z.enum(['single', 'parlay']),
  status: z.string(),
  legs: z.array(
    z.object({
      matchId: z.string(),
      selectionId: z.string(),
      match: z.string(),
      market: z.string(),
      selection: z.string(),
      oddsMilli: z.number().int(),
      result: z.enum(['open', 'won', 'lost', 'half_won', 'half_lost', 'push', 'void']),
    }) satisfies z.ZodType<SharedBetLeg>,
  ),
  stake: z.string(),
  oddsMilli: z.number().int(),
  potentialWin: z.string(),
}) satisfies z.ZodType<SharedBetCard>;

/** The schema of every client→server payload, by msgId. */
export const clientMessageSchemas = {
  [MessageId.Heartbeat]: heartbeatRequestSchema,
  [MessageId.Login]: chatLoginRequestSchema,
  [MessageId.JoinRoom]: roomRefSchema,
  [MessageId.BroadcastRoom]: broadcastRequestSchema,
  [MessageId.MsgShield]: msgShieldRequestSchema,
  [MessageId.ShareBetRecord]: shareBetRequestSchema,
  [MessageId.ChatHistory]: chatHistoryRequestSchema,
  [MessageId.LeaveRoom]: roomRefSchema,
  [MessageId.Gift]: giftRequestSchema,
} as const satisfies { [K in ClientMessageId]: z.ZodType<ClientMessages[K]> };

export function isClientMessageId(id: number): id is ClientMessageId {
  return Object.prototype.hasOwnProperty.call(clientMessageSchemas, id);
}
