import type { FastifyInstance } from 'fastify';
import { bindCsvRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { HouseVenueExportService } from './house-venue-exports.service';

/** The house venue's lists as CSV: validate (the list's filters), one service call, stream. */
export function registerHouseVenueExportRoutes(
  app: FastifyInstance,
  s: HouseVenueExportService,
  o: BindOptions,
): void {
  bindCsvRoute(
    app,
    'houseVenueExportBets',
    ({ req, query }) => s.bets(requireOperator(req.operator), query),
    o,
  );
  bindCsvRoute(
    app,
    'houseVenueExportEvents',
    ({ req, query }) => s.events(requireOperator(req.operator), query),
    o,
  );
  bindCsvRoute(
    app,
    'houseVenueExportRounds',
    ({ req, query }) => s.rounds(requireOperator(req.operator), query),
    o,
  );
  bindCsvRoute(
    app,
    'houseVenueExportAudit',
    ({ req, query }) => s.audit(requireOperator(req.operator), query),
    o,
  );
  bindCsvRoute(
    app,
    'houseVenueExportPlayers',
    ({ req, query }) => s.players(requireOperator(req.operator), query),
    o,
  );
  bindCsvRoute(
    app,
    'houseVenueExportDailyReports',
    ({ req, query }) => s.dailyReports(requireOperator(req.operator), query),
    o,
  );
  bindCsvRoute(
    app,
    'houseVenueExportGames',
    ({ req, query }) => s.games(requireOperator(req.operator), query),
    o,
  );
}
