import { z } from 'zod';
import { ChannelFrame, LiveChannel } from './live-channels';

/**
 * The venue's live websocket: the H5 subscribes to events and receives prices, scores, clocks
 * and suspensions as they change. Each push carries a per-event version, so a reconnect
 * resubscribes with the versions it has and the venue sends what changed since (or a full
 * snapshot when the gap is too old).
 *
 * The socket lives on the page's own origin (`h5LivePath`). Its first frame is `auth` with the
 * session token (never in the URL, where logs keep it); the venue answers `ready` or an
 * `error` with 8020 and closes. Everything the page sends is a wish: which events, which
 * scope, what it already holds. What it receives comes from the venue's database. A house game
 * venue's session watches game channels instead (`watch`, live-channels.ts).
 */
export const h5LivePath = '/h5/api/live';

/** Bounds of one connection (contract §6: bounded per connection). */
export const LIVE_LIMITS = {
  /** Events one connection may follow at once. */
  subscriptions: 200,
  /** Largest frame the page may send, in bytes. */
  frameBytes: 16 * 1024,
  /** Frames the page may send per `budgetWindowMs` (a subscribe of 200 events is one). */
  framesPerWindow: 40,
  budgetWindowMs: 10_000,
  /** The `auth` frame must arrive this soon after the upgrade. */
  authWithinMs: 10_000,
  /** Live sockets per session on one node (a second tab, a reconnect racing the old one). */
  socketsPerSession: 3,
  /** The page pings this often; the venue closes a socket silent for three times as long. */
  pingEveryMs: 20_000,
  /** Game channels (`table:…`, `lottery:…`, live-channels.ts) one connection may watch. */
  channels: 20,
} as const;

/**
 * What a subscription receives: `main` the list's main lines (one 让球, 大小 and 独赢 of the full
 * match), `full` the match's whole book (the detail page, an expanded row).
 */
export const liveScopes = ['main', 'full'] as const;
export type LiveScope = (typeof liveScopes)[number];

/** What the page already holds of an event: its version and whether it was suspended. */
export const LiveHeld = z.object({
  eventId: z.string().max(40),
  version: z.number().int().min(0),
  /** A suspension lapses by time without a new version, so the page says what it saw. */
  suspended: z.boolean().optional(),
});
export type LiveHeld = z.infer<typeof LiveHeld>;

export const LiveClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(120) }),
  z.object({
    type: z.literal('subscribe'),
    scope: z.enum(liveScopes).default('main'),
    events: z.array(LiveHeld).max(200),
  }),
  z.object({ type: z.literal('unsubscribe'), eventIds: z.array(z.string().max(40)).max(200) }),
  z.object({ type: z.literal('ping') }),
  /** A game venue's session: follow these channels (live-channels.ts), a snapshot first. */
  z.object({ type: z.literal('watch'), channels: z.array(LiveChannel).min(1).max(20) }),
  z.object({ type: z.literal('unwatch'), channels: z.array(LiveChannel).max(20) }),
]);
export type LiveClientFrame = z.infer<typeof LiveClientFrame>;

export const PriceChange = z.object({
  selectionId: z.string(),
  /** Decimal odds in thousandths; null while its market is suspended. */
  oddsMilli: z.number().int().nullable(),
});
export type PriceChange = z.infer<typeof PriceChange>;

export const liveEventStatuses = ['scheduled', 'live', 'finished', 'cancelled'] as const;

export const LiveEventFrame = z.object({
  type: z.literal('event'),
  eventId: z.string(),
  version: z.number().int(),
  status: z.enum(liveEventStatuses),
  /** `home-away`, e.g. "2-1"; null before kick-off. */
  score: z.string().nullable(),
  clock: z.string().nullable(),
  /** Markets suspended now (a goal, a red card, a break). */
  suspended: z.array(z.string()),
  prices: z.array(PriceChange),
  /** A full snapshot replaces what the page had; otherwise the prices are changes. */
  snapshot: z.boolean(),
});
export type LiveEventFrame = z.infer<typeof LiveEventFrame>;

export const LiveServerFrame = z.discriminatedUnion('type', [
  LiveEventFrame,
  /**
   * The events that changed since the last push, in one message: a node sends each page one
   * batch per look at the database, so a page following 200 live matches handles one message
   * a second, not 200.
   */
  z.object({ type: z.literal('batch'), events: z.array(LiveEventFrame) }),
  /** The session is good: subscriptions are taken from now on. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  /** 8020: the session ended (the page shows 请返回重新进入); 806x: a bound was passed. */
  z.object({ type: z.literal('error'), code: z.number().int(), message: z.string() }),
  ...ChannelFrame.options,
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;

/** "2-1" → { home: 2, away: 1 }; anything else → null. */
export function parseLiveScore(score: string | null): { home: number; away: number } | null {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(score ?? '');
  return m ? { home: Number(m[1]), away: Number(m[2]) } : null;
}
