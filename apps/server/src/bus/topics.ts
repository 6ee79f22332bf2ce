/**
 * Every pub/sub topic with its payload type (architecture §Nodes and pub/sub). Chat and session topics
 * join this map with their issues.
 */
import type { ChatMessage, GiftMessage, LiveScore, SharedBetCardMessage } from '@nebula/protocol';

export interface BusTopics {
  /** A site setting row changed: every node drops its cached settings. */
  'settings.changed': { keys: string[] };
  /** The IP blocklist or region ranges changed. */
  'access.changed': Record<string, never>;
  /** Home content rows changed (notices, banners, icons, pops). */
  'content.changed': Record<string, never>;
  /** Member sessions ended (logout, replaced, password, blocked, …): chat closes sockets. */
  'session.ended': { memberId: number; sessionIds: string[]; reason: string };
  /** Chat fan-out: every node delivers to its own sockets. */
  'chat.message': ChatMessage;
  'chat.gift': GiftMessage;
  'chat.delete': { roomId: number; messageId: number };
  'chat.speech': { memberId: number; speechStatus: 0 | 1; until?: number };
  'chat.roomStatus': { roomId: number; status: 0 | 1 };
  'chat.vip': { roomId: number; vipMin: number; vipMax: number };
  'chat.join': { roomId: number; nickname: string; vipLevel: number };
  'chat.maintain': { maintain: boolean; message: string };
  /** Room rows or blocked words changed: drop caches. */
  'chat.rooms': Record<string, never>;
  'chat.words': Record<string, never>;
  /** A bet card shared into a room, and a live score for every room (venues issue). */
  'chat.share': SharedBetCardMessage;
  'chat.score': LiveScore;
  /** The venue registry changed: every node drops its cached list (and its page CSP). */
  'venues.changed': Record<string, never>;
  /** Help pages or sponsorships changed: every node drops its cached copies. */
  'help.changed': Record<string, never>;
  'sponsor.changed': Record<string, never>;
  /** A mail was sent: each node tells its own sockets of the members it is for. */
  'mail.sent': { mailId: number; title: string; sentAt: number };
}

export type BusTopic = keyof BusTopics;
