import { z } from 'zod';
import { defineRoute } from '../core/route';
import {
  AuditView,
  BookSettingsView,
  DailyReport,
  LiabilityView,
  PlayerView,
  WriteOffDebtResult,
  venueOperatorCalls,
  venueOperatorPaths,
} from '../../venue/operator';
import {
  GameDailyReport,
  GameOperatorLimits,
  GameOperatorList,
  gamesOperatorCalls,
  gamesOperatorPaths,
} from '../../venue/games/games-operator';
import { venueListCalls, venueListPaths } from '../../venue/operator-lists';
import { houseVenueRouteMeta as m } from './house-venue.meta';

/** What the venue answered, passed on as it is (calls whose answer has no schema of its own). */
const VenueAnswer = z.unknown();

/** Each proxied call with the venue's own request schema and answer; `../routes.ts` joins them. */
export const houseVenueRoutes = {
  houseVenueSettings: defineRoute(m.houseVenueSettings, {
    body: venueOperatorCalls.settings.request,
    response: BookSettingsView,
  }),
  houseVenueUpdateSettings: defineRoute(m.houseVenueUpdateSettings, {
    body: venueOperatorCalls.updateSettings.request,
    response: BookSettingsView,
  }),
  houseVenueHoldEvent: defineRoute(m.houseVenueHoldEvent, {
    body: venueOperatorCalls.holdEvent.request,
    response: VenueAnswer,
  }),
  houseVenueHoldMarket: defineRoute(m.houseVenueHoldMarket, {
    body: venueOperatorCalls.holdMarket.request,
    response: VenueAnswer,
  }),
  houseVenueResult: defineRoute(m.houseVenueResult, {
    body: venueOperatorCalls.result.request,
    response: VenueAnswer,
  }),
  houseVenueLiability: defineRoute(m.houseVenueLiability, {
    body: venueOperatorCalls.liability.request,
    response: LiabilityView,
  }),
  houseVenueVoidBet: defineRoute(m.houseVenueVoidBet, {
    body: venueOperatorCalls.voidBet.request,
    response: VenueAnswer,
  }),
  houseVenueResettleBet: defineRoute(m.houseVenueResettleBet, {
    body: venueOperatorCalls.resettleBet.request,
    response: VenueAnswer,
  }),
  houseVenueVoidMarket: defineRoute(m.houseVenueVoidMarket, {
    body: venueOperatorCalls.voidMarket.request,
    response: VenueAnswer,
  }),
  houseVenuePlayer: defineRoute(m.houseVenuePlayer, {
    body: venueOperatorCalls.player.request,
    response: PlayerView,
  }),
  houseVenueWriteOffDebt: defineRoute(m.houseVenueWriteOffDebt, {
    body: venueOperatorCalls.writeOffDebt.request,
    response: WriteOffDebtResult,
  }),
  houseVenueDailyReport: defineRoute(m.houseVenueDailyReport, {
    body: venueOperatorCalls.dailyReport.request,
    response: DailyReport,
  }),
  houseVenueAudit: defineRoute(m.houseVenueAudit, {
    body: venueOperatorCalls.audit.request,
    response: AuditView,
  }),
  houseVenueGameList: defineRoute(m.houseVenueGameList, {
    body: gamesOperatorCalls.games.request,
    response: GameOperatorList,
  }),
  houseVenueGameStatus: defineRoute(m.houseVenueGameStatus, {
    body: gamesOperatorCalls.setGameStatus.request,
    response: VenueAnswer,
  }),
  houseVenueGameChainPublish: defineRoute(m.houseVenueGameChainPublish, {
    body: gamesOperatorCalls.publishChain.request,
    response: VenueAnswer,
  }),
  houseVenueGameRound: defineRoute(m.houseVenueGameRound, {
    body: gamesOperatorCalls.round.request,
    response: VenueAnswer,
  }),
  houseVenueGameRoundVoid: defineRoute(m.houseVenueGameRoundVoid, {
    body: gamesOperatorCalls.voidRound.request,
    response: VenueAnswer,
  }),
  houseVenueGameLimits: defineRoute(m.houseVenueGameLimits, {
    body: gamesOperatorCalls.limits.request,
    response: GameOperatorLimits,
  }),
  houseVenueGameLimitsUpdate: defineRoute(m.houseVenueGameLimitsUpdate, {
    body: gamesOperatorCalls.setLimits.request,
    response: GameOperatorLimits,
  }),
  houseVenueGameDailyReport: defineRoute(m.houseVenueGameDailyReport, {
    body: gamesOperatorCalls.dailyReport.request,
    response: GameDailyReport,
  }),
  // The lists: the platform checks each page the venue answers against the protocol's schema.
  houseVenueBetList: defineRoute(m.houseVenueBetList, {
    body: venueListCalls.bets.request,
    response: venueListCalls.bets.answer,
  }),
  houseVenueEventList: defineRoute(m.houseVenueEventList, {
    body: venueListCalls.events.request,
    response: venueListCalls.events.answer,
  }),
  houseVenueRoundList: defineRoute(m.houseVenueRoundList, {
    body: venueListCalls.rounds.request,
    response: venueListCalls.rounds.answer,
  }),
  houseVenueAuditList: defineRoute(m.houseVenueAuditList, {
    body: venueListCalls.auditLog.request,
    response: venueListCalls.auditLog.answer,
  }),
  houseVenuePlayerList: defineRoute(m.houseVenuePlayerList, {
    body: venueListCalls.players.request,
    response: venueListCalls.players.answer,
  }),
  houseVenueDailyReportList: defineRoute(m.houseVenueDailyReportList, {
    body: venueListCalls.dailyReports.request,
    response: venueListCalls.dailyReports.answer,
  }),
  houseVenueGameCatalogList: defineRoute(m.houseVenueGameCatalogList, {
    body: venueListCalls.games.request,
    response: venueListCalls.games.answer,
  }),
};

/** The venue path each proxied route calls (the only paths the proxy ever reaches). */
export const houseVenueTargets = {
  houseVenueSettings: venueOperatorPaths.settings,
  houseVenueUpdateSettings: venueOperatorPaths.updateSettings,
  houseVenueHoldEvent: venueOperatorPaths.holdEvent,
  houseVenueHoldMarket: venueOperatorPaths.holdMarket,
  houseVenueResult: venueOperatorPaths.result,
  houseVenueLiability: venueOperatorPaths.liability,
  houseVenueVoidBet: venueOperatorPaths.voidBet,
  houseVenueResettleBet: venueOperatorPaths.resettleBet,
  houseVenueVoidMarket: venueOperatorPaths.voidMarket,
  houseVenuePlayer: venueOperatorPaths.player,
  houseVenueWriteOffDebt: venueOperatorPaths.writeOffDebt,
  houseVenueDailyReport: venueOperatorPaths.dailyReport,
  houseVenueAudit: venueOperatorPaths.audit,
  houseVenueGameList: gamesOperatorPaths.games,
  houseVenueGameStatus: gamesOperatorPaths.setGameStatus,
  houseVenueGameChainPublish: gamesOperatorPaths.publishChain,
  houseVenueGameRound: gamesOperatorPaths.round,
  houseVenueGameRoundVoid: gamesOperatorPaths.voidRound,
  houseVenueGameLimits: gamesOperatorPaths.limits,
  houseVenueGameLimitsUpdate: gamesOperatorPaths.setLimits,
  houseVenueGameDailyReport: gamesOperatorPaths.dailyReport,
  houseVenueBetList: venueListPaths.bets,
  houseVenueEventList: venueListPaths.events,
  houseVenueRoundList: venueListPaths.rounds,
  houseVenueAuditList: venueListPaths.auditLog,
  houseVenuePlayerList: venueListPaths.players,
  houseVenueDailyReportList: venueListPaths.dailyReports,
  houseVenueGameCatalogList: venueListPaths.games,
} as const satisfies Record<keyof typeof houseVenueRoutes, string>;
export type HouseVenueRouteName = keyof typeof houseVenueTargets;
