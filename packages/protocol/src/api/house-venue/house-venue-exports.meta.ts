import type { RouteMeta } from '../core/route';

const csv = { method: 'GET', auth: 'admin', signed: false, tag: 'admin-house-venue' } as const;

/**
 * The house venue's lists as CSV (docs/contract.md "Operator console"): the platform walks the
 * venue's pages with the list's filters, checks each against the protocol, and streams at most
 * 50,000 rows, audited. Each needs the permission its list needs.
 */
export const houseVenueExportsRouteMeta = {
  houseVenueExportBets: {
    ...csv,
    permission: 'venue.results',
    path: '/admin/api/v1/exports/house-venue/bets',
    summary: '自营场馆：导出注单（CSV）',
  },
  houseVenueExportEvents: {
    ...csv,
    permission: 'venue.results',
    path: '/admin/api/v1/exports/house-venue/events',
    summary: '自营场馆：导出赛事（CSV）',
  },
  houseVenueExportRounds: {
    ...csv,
    permission: 'venue.games',
    path: '/admin/api/v1/exports/house-venue/rounds',
    summary: '自营场馆：导出期号（CSV）',
  },
  houseVenueExportAudit: {
    ...csv,
    permission: 'venue.manage',
    path: '/admin/api/v1/exports/house-venue/audit',
    summary: '自营场馆：导出操作日志（CSV）',
  },
  houseVenueExportPlayers: {
    ...csv,
    permission: 'venue.manage',
    path: '/admin/api/v1/exports/house-venue/players',
    summary: '自营场馆：导出玩家（CSV）',
  },
  houseVenueExportDailyReports: {
    ...csv,
    permission: 'venue.results',
    path: '/admin/api/v1/exports/house-venue/daily-reports',
    summary: '自营场馆：导出体育日报（CSV）',
  },
  houseVenueExportGames: {
    ...csv,
    permission: 'venue.games',
    path: '/admin/api/v1/exports/house-venue/games',
    summary: '自营场馆：导出游戏列表（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
