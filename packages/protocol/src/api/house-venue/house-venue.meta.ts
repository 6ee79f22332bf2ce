import type { RouteMeta } from '../core/route';

const proxied = { method: 'POST', auth: 'admin', signed: false, tag: 'admin-house-venue' } as const;
/** Voids and resettles move members' money: above the threshold a second operator approves. */
const fourEyes = { class: 'money', approve: 'venue.results.approve' } as const;

/**
 * The house venue's back office through the platform (docs/architecture.md, "The house venue
 * through the platform"): each call of the venue's operator API (contract §6, §10.10) as an admin
 * route under `/admin/api/v1/house-venue/`, the venue's path without `/operator/v1`. The platform
 * calls the venue with its own operator token; the console operator never sees it. Results,
 * holds and voids need `venue.results`, the house games `venue.games`, the book's settings,
 * players and the venue's audit `venue.manage`.
 */
export const houseVenueRouteMeta = {
  houseVenueSettings: {
    ...proxied,
    permission: 'venue.manage',
    path: '/admin/api/v1/house-venue/settings',
    summary: '自营场馆：盘口设置',
  },
  houseVenueUpdateSettings: {
    ...proxied,
    permission: 'venue.manage',
    path: '/admin/api/v1/house-venue/settings/update',
    summary: '自营场馆：修改盘口设置',
  },
  houseVenueHoldEvent: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/events/hold',
    summary: '自营场馆：暂停/恢复赛事',
  },
  houseVenueHoldMarket: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/markets/hold',
    summary: '自营场馆：暂停/恢复盘口',
  },
  houseVenueResult: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/events/result',
    summary: '自营场馆：录入或更正赛果',
  },
  houseVenueLiability: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/events/liability',
    summary: '自营场馆：赛事风险敞口',
  },
  houseVenueVoidBet: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/bets/void',
    summary: '自营场馆：作废注单',
    fourEyes,
    stepUp: 'money',
  },
  houseVenueResettleBet: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/bets/resettle',
    summary: '自营场馆：重新结算注单',
    fourEyes,
    stepUp: 'money',
  },
  houseVenueVoidMarket: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/markets/void',
    summary: '自营场馆：作废盘口',
    fourEyes,
    stepUp: 'money',
  },
  houseVenuePlayer: {
    ...proxied,
    permission: 'venue.manage',
    path: '/admin/api/v1/house-venue/players/view',
    summary: '自营场馆：玩家详情',
  },
  houseVenueWriteOffDebt: {
    ...proxied,
    permission: 'venue.manage',
    path: '/admin/api/v1/house-venue/players/debt/write-off',
    summary: '自营场馆：核销玩家欠款',
  },
  houseVenueDailyReport: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/reports/daily',
    summary: '自营场馆：体育日报',
  },
  houseVenueAudit: {
    ...proxied,
    permission: 'venue.manage',
    path: '/admin/api/v1/house-venue/audit',
    summary: '自营场馆：操作日志',
  },
  houseVenueGameList: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games',
    summary: '自营场馆：游戏列表',
  },
  houseVenueGameStatus: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/status',
    summary: '自营场馆：开启/关闭游戏',
  },
  houseVenueGameChainPublish: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/chains/publish',
    summary: '自营场馆：发布新种子链',
  },
  houseVenueGameRound: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/rounds/view',
    summary: '自营场馆：期号详情',
  },
  houseVenueGameRoundVoid: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/rounds/void',
    summary: '自营场馆：作废期号',
    fourEyes,
    stepUp: 'money',
  },
  houseVenueGameLimits: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/limits',
    summary: '自营场馆：游戏限额',
  },
  houseVenueGameLimitsUpdate: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/limits/update',
    summary: '自营场馆：修改游戏限额',
  },
  houseVenueGameDailyReport: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/reports/daily',
    summary: '自营场馆：游戏日报',
  },
  // The venue's lists, paged and filtered by the venue (contract §6 "Lists").
  houseVenueBetList: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/bets/list',
    summary: '自营场馆：注单列表',
  },
  houseVenueEventList: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/events/list',
    summary: '自营场馆：赛事列表',
  },
  houseVenueRoundList: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/rounds/list',
    summary: '自营场馆：期号列表',
  },
  houseVenueAuditList: {
    ...proxied,
    permission: 'venue.manage',
    path: '/admin/api/v1/house-venue/audit/list',
    summary: '自营场馆：操作日志列表',
  },
  houseVenuePlayerList: {
    ...proxied,
    permission: 'venue.manage',
    path: '/admin/api/v1/house-venue/players/list',
    summary: '自营场馆：玩家列表',
  },
  houseVenueDailyReportList: {
    ...proxied,
    permission: 'venue.results',
    path: '/admin/api/v1/house-venue/reports/daily/list',
    summary: '自营场馆：体育日报（按日期区间）',
  },
  houseVenueGameCatalogList: {
    ...proxied,
    permission: 'venue.games',
    path: '/admin/api/v1/house-venue/games/list',
    summary: '自营场馆：游戏列表（分页）',
  },
} as const satisfies Record<string, RouteMeta>;
