import { defineRoute } from '../core/route';
import { CsvText } from '../reports/reports.schemas';
import { venueListCalls } from '../../venue/operator-lists';
import { houseVenueExportsRouteMeta as m } from './house-venue-exports.meta';

/** Each export takes its list's filters (no paging) as the query; `../routes.ts` joins them. */
export const houseVenueExportsRoutes = {
  houseVenueExportBets: defineRoute(m.houseVenueExportBets, {
    query: venueListCalls.bets.filter,
    response: CsvText,
  }),
  houseVenueExportEvents: defineRoute(m.houseVenueExportEvents, {
    query: venueListCalls.events.filter,
    response: CsvText,
  }),
  houseVenueExportRounds: defineRoute(m.houseVenueExportRounds, {
    query: venueListCalls.rounds.filter,
    response: CsvText,
  }),
  houseVenueExportAudit: defineRoute(m.houseVenueExportAudit, {
    query: venueListCalls.auditLog.filter,
    response: CsvText,
  }),
  houseVenueExportPlayers: defineRoute(m.houseVenueExportPlayers, {
    query: venueListCalls.players.filter,
    response: CsvText,
  }),
  houseVenueExportDailyReports: defineRoute(m.houseVenueExportDailyReports, {
    query: venueListCalls.dailyReports.filter,
    response: CsvText,
  }),
  houseVenueExportGames: defineRoute(m.houseVenueExportGames, {
    query: venueListCalls.games.filter,
    response: CsvText,
  }),
};
