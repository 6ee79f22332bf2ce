import { z } from 'zod';
import { moneyString } from '../api/core/common';
import { OddsType } from '../odds/odds';
import { marketKinds, oddsChangePolicies, periods, sports } from './markets';

/**
 * The engine API the venue's H5 page calls (contract §6), the same under each of the four
 * dialects' prefixes and envelopes: lists, a match's book, bets, balance. The session token the
 * page got from the URL-token exchange travels as `Authorization: Bearer …`.
 */
export const h5Paths = {
  exchange: '/h5/api/session/exchange',
  events: '/events',
  event: '/event',
  results: '/results',
  place: '/bet/place',
  bets: '/bets',
  balance: '/balance',
  preferences: '/preferences',
} as const;

export const eventTabs = ['early', 'today', 'live'] as const;

export const ListEventsQuery = z
  .object({
    tab: z.enum(eventTabs).default('today'),
    sport: z.enum(sports).optional(),
  })
  .strict();

export const SelectionPrice = z.object({
  selectionId: z.string(),
  outcome: z.string(),
  label: z.string(),
  oddsMilli: z.number().int(),
});

export const MarketView = z.object({
  marketId: z.string(),
  period: z.enum(periods),
  kind: z.enum(marketKinds),
  line100: z.number().int().nullable(),
  label: z.string(),
  selections: z.array(SelectionPrice),
  /** An operator holds this market: shown locked, no bets. */
  suspended: z.boolean(),
});

export const EventView = z.object({
  eventId: z.string(),
  sport: z.enum(sports),
  leagueId: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.number().int(),
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  clock: z.string().nullable(),
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  halfTime: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  suspended: z.boolean(),
  version: z.number().int(),
  /** The list shows the main lines; the detail every market. */
  markets: z.array(MarketView),
});
export type EventView = z.infer<typeof EventView>;

export const EventList = z.object({
  events: z.array(EventView),
  counts: z.record(z.enum(eventTabs), z.number().int()),
});

export const EventQuery = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) }).strict();

export const BalanceView = z.object({ balance: moneyString, debt: moneyString });

/** What the player chose at the venue, kept per player across sessions: the odds type shown and
 * what the slip does when a price moves (接受任何赔率 / 更好赔率 / 不接受). A change names either. */
export const Preferences = z
  .object({
    oddsType: z.enum(OddsType).optional(),
    oddsChangePolicy: z.enum(oddsChangePolicies).optional(),
  })
  .strict()
  .refine((p) => p.oddsType !== undefined || p.oddsChangePolicy !== undefined, {
    message: 'oddsType or oddsChangePolicy',
  });
export type Preferences = z.infer<typeof Preferences>;
export const PreferencesView = z.object({
  oddsType: z.enum(OddsType),
  oddsChangePolicy: z.enum(oddsChangePolicies),
});
export type PreferencesView = z.infer<typeof PreferencesView>;

/**
 * What the page learns when it trades its URL token (once): the session token it keeps in
 * memory, the venue and dialect it speaks, and the merchant origins — the only windows it
 * posts messages to and accepts messages from (never taken from the URL or the referrer).
 */
export const SessionExchangeResult = z.object({
  token: z.string(),
  expiresAt: z.number().int(),
  venueCode: z.string(),
  /** The sportsbook's dialect; null for a house game venue (contract §10.11). */
  dialect: z.enum(['IMTY', 'YBTY', 'FBTY', 'OBTY']).nullable(),
  /** TY: football and basketball; DJ: esports; CP, ZR, DZ: the house games' families. */
  family: z.enum(['TY', 'DJ', 'CP', 'ZR', 'DZ']),
  /** A game venue's launch that named a game: the game to open first. */
  gameCode: z.string().nullable().optional(),
  merchantOrigins: z.array(z.string()),
  /** A session of the demo merchant (试玩, contract §6): play money, marked 试玩 on the page. */
  demo: z.boolean().optional(),
  oddsType: z.enum(OddsType),
  oddsChangePolicy: z.enum(oddsChangePolicies),
});
export type SessionExchangeResult = z.infer<typeof SessionExchangeResult>;

/** OBTY's counts call (contract §6: `GET {token}?merchantCode=` with a `requestId` header). */
export const obCountsPath = '/ob/api/member/counts';
