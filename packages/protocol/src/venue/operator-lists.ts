import { z } from 'zod';
import { dateString, moneyString } from '../api/core/common';
import { text } from '../rules/text';
import { betViewStatuses } from './bets';
import { GameCodeParam, RoundNoParam } from './games/games';
import { sports } from './markets';
import { playerId, venueCode } from './merchant';
import { GameListFilter, GameListRow } from './operator-game-list';
import { DailyReportListFilter, DailyReportListRow } from './operator-report-list';
import type { VenueOperatorRole } from './roles/operator-roles';

/**
 * The venue's operator lists (contract §6 "Lists"): bets, events, game rounds, players, games and the
 * venue's audit, each filtered and paged by the venue itself, at most 200 rows a call. A page is asked
 * for by number (the console's table) or after a cursor the previous page handed back (an
 * export walking every row without offsets). The filters hold only strings, so the same
 * schema is a JSON body at the venue and a query string on the platform's CSV export.
 */
export const venueListPaths = {
  bets: '/operator/v1/bets/list',
  events: '/operator/v1/events/list',
  rounds: '/operator/v1/games/rounds/list',
  auditLog: '/operator/v1/audit/list',
  players: '/operator/v1/players/list',
  dailyReports: '/operator/v1/reports/daily/list',
  games: '/operator/v1/games/list',
} as const;
export type VenueListCall = keyof typeof venueListPaths;

/** The most rows one list call answers. */
export const VENUE_LIST_MAX_PAGE = 200;

/**
 * Page by number, or after the `next` cursor of the page before (then `page` is not read).
 * The cursor is the venue's own: one the venue cannot read is 9781.
 */
const paging = {
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(VENUE_LIST_MAX_PAGE).default(50),
  after: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,120}$/)
    .optional(),
};

/** A Shanghai day range on the list's time (placed, starting, opened, acted): from ≤ to, else 9781. */
const days = { from: dateString.optional(), to: dateString.optional() };
const id40 = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const merchant = z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/);

export const BetListFilter = z
  .object({
    /** Bets with a leg on this event, or on this market (`1042:ft:ah:-25`). */
    eventId: id40.optional(),
    marketId: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,80}$/)
      .optional(),
    merchant: merchant.optional(),
    venueCode: venueCode.optional(),
    playerId: playerId.optional(),
    status: z.enum(betViewStatuses).optional(),
    /** A house game's bets only (`K3`); sportsbook bets have none. */
    gameCode: GameCodeParam.optional(),
    ...days,
  })
  .strict();
export type BetListFilter = z.infer<typeof BetListFilter>;

export const EventListFilter = z
  .object({
    sport: z.enum(sports).optional(),
    status: z.enum(['scheduled', 'live', 'finished', 'cancelled']).optional(),
    /** `held`: the whole event or any of its markets is held; `open`: none is. */
    hold: z.enum(['held', 'open']).optional(),
    /** Part of the event id or a team's name. */
    q: text().min(1).max(40).optional(),
    ...days,
  })
  .strict();
export type EventListFilter = z.infer<typeof EventListFilter>;

export const RoundListFilter = z
  .object({
    gameCode: GameCodeParam.optional(),
    status: z.enum(['open', 'sealed', 'drawn', 'settled', 'voided']).optional(),
    roundNo: RoundNoParam.optional(),
    ...days,
  })
  .strict();
export type RoundListFilter = z.infer<typeof RoundListFilter>;

export const AuditListFilter = z
  .object({
    /** The operator as the venue wrote it (`tester/alice`): a part of it matches. */
    operator: text().min(1).max(130).optional(),
    /** An action (`bet.void`) or its family (`bet`). */
    action: z
      .string()
      .regex(/^[A-Za-z.]{1,40}$/)
      .optional(),
    target: text().min(1).max(80).optional(),
    ...days,
  })
  .strict();
export type AuditListFilter = z.infer<typeof AuditListFilter>;

/** Players by merchant, venue and id (its start), or only those who owe the venue. */
export const PlayerListFilter = z
  .object({
    merchant: merchant.optional(),
    venueCode: venueCode.optional(),
    playerId: playerId.optional(),
    owes: z.enum(['yes', 'no']).optional(),
  })
  .strict();
export type PlayerListFilter = z.infer<typeof PlayerListFilter>;

export const BetListRequest = BetListFilter.extend(paging).strict();
export const PlayerListRequest = PlayerListFilter.extend(paging).strict();
export const DailyReportListRequest = DailyReportListFilter.extend(paging).strict();
export const EventListRequest = EventListFilter.extend(paging).strict();
export const RoundListRequest = RoundListFilter.extend(paging).strict();
export const AuditListRequest = AuditListFilter.extend(paging).strict();
export const GameListRequest = GameListFilter.extend(paging).strict();

const ms = z.number().int().nonnegative();
const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);

export const BetListRow = z.object({
  betId: z.string(),
  merchant: z.string(),
  venueCode: z.string(),
  playerId: z.string(),
  status: z.enum(betViewStatuses),
  result: z.string().nullable(),
  stake: moneyString,
  payout: moneyString.nullable(),
  legs: z.number().int().min(0).max(10),
  /** The first leg's event and market as the player saw them. */
  eventName: z.string().nullable(),
  marketLabel: z.string().nullable(),
  gameCode: z.string().nullable(),
  roundNo: z.string().nullable(),
  placedAt: ms,
  settledAt: ms.nullable(),
});
export type BetListRow = z.infer<typeof BetListRow>;

export const EventListRow = z.object({
  eventId: z.string(),
  sport: z.string(),
  leagueId: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: ms,
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  score: z.object({ home: z.number().int(), away: z.number().int() }),
  held: z.boolean(),
  /** Markets an operator holds: a market id or every line of a kind. */
  heldMarkets: z.array(z.string()),
  resultSource: z.enum(['feed', 'operator']),
  /** Bets with a leg on the event, and those still open. */
  bets: z.number().int().nonnegative(),
  openBets: z.number().int().nonnegative(),
});
export type EventListRow = z.infer<typeof EventListRow>;

export const RoundListRow = z.object({
  gameCode: z.string(),
  roundNo: z.string(),
  chainId: z.string(),
  chainIndex: z.number().int(),
  status: z.enum(['open', 'sealed', 'drawn', 'settled', 'voided']),
  opensAt: ms,
  drawAt: ms,
  voidCause: z.string().nullable(),
  bets: z.number().int().nonnegative(),
  stakes: moneyString,
  payouts: moneyString,
  ggr: signedMoney,
});
export type RoundListRow = z.infer<typeof RoundListRow>;

export const AuditListRow = z.object({
  id: z.number().int().positive(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: ms,
});
export type AuditListRow = z.infer<typeof AuditListRow>;

export const PlayerListRow = z.object({
  merchant: z.string(),
  venueCode: z.string(),
  playerId: z.string(),
  balance: moneyString,
  debt: moneyString,
  bets: z.number().int().nonnegative(),
  lastBetAt: ms.nullable(),
});
export type PlayerListRow = z.infer<typeof PlayerListRow>;

/** A page: its rows, the count over every page (asked by number only), the next page's cursor. */
export function venueListPage<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row).max(VENUE_LIST_MAX_PAGE),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(VENUE_LIST_MAX_PAGE),
    total: z.number().int().nonnegative().nullable(),
    next: z.string().nullable(),
  });
}

export const BetListPage = venueListPage(BetListRow);
export const EventListPage = venueListPage(EventListRow);
export const RoundListPage = venueListPage(RoundListRow);
export const AuditListPage = venueListPage(AuditListRow);
export const PlayerListPage = venueListPage(PlayerListRow);
export const DailyReportListPage = venueListPage(DailyReportListRow);
export const GameListPage = venueListPage(GameListRow);

/** Each list: its request, its answer, its filters alone and the least role allowed. */
export const venueListCalls = {
  bets: { request: BetListRequest, answer: BetListPage, filter: BetListFilter, role: 'viewer' },
  events: {
    request: EventListRequest,
    answer: EventListPage,
    filter: EventListFilter,
    role: 'viewer',
  },
  rounds: {
    request: RoundListRequest,
    answer: RoundListPage,
    filter: RoundListFilter,
    role: 'viewer',
  },
  auditLog: {
    request: AuditListRequest,
    answer: AuditListPage,
    filter: AuditListFilter,
    role: 'admin',
  },
  players: {
    request: PlayerListRequest,
    answer: PlayerListPage,
    filter: PlayerListFilter,
    role: 'viewer',
  },
  dailyReports: {
    request: DailyReportListRequest,
    answer: DailyReportListPage,
    filter: DailyReportListFilter,
    role: 'viewer',
  },
  games: { request: GameListRequest, answer: GameListPage, filter: GameListFilter, role: 'viewer' },
} as const satisfies Record<
  VenueListCall,
  { request: z.ZodType; answer: z.ZodType; filter: z.ZodType; role: VenueOperatorRole }
>;
