import { randomBytes } from 'node:crypto';
import type { Db } from '@nebula/db';
import { AcceptanceService } from './modules/bets/acceptance.service';
import { CorrectionService } from './modules/bets/correction.service';
import { PlacementService } from './modules/bets/placement.service';
import { AllowanceService } from './modules/allowance/allowance.service';
import { SettlementService } from './modules/bets/settlement.service';
import { BookService } from './modules/book/book.service';
import { BookSettingsService } from './modules/book/book-settings.service';
import type { VenueConfig } from './infra/config';
import { EventSyncService } from './modules/events/event-sync.service';
import type { Feed } from './modules/simulator/feed.types';
import { SimulatedFeed } from './modules/simulator/simulated-feed.service';
import { MerchantFeedsService } from './modules/merchant-feeds/merchant-feeds.service';
import { H5Service } from './modules/h5/h5.service';
import { buildGames, type GamesModule } from './modules/games/games.module';
import { slotGame } from './modules/slots/slot-games';
import { buildSlots, type SlotsModule } from './modules/slots/slots.module';
import { gameDefinition } from './modules/games/game-catalogue';
import { TABLE_FAMILY, tableDefinition, testTableTiming } from './modules/games/tables-catalogue';
import { VenueLedger } from './modules/ledger/venue-ledger.service';
import { H5Limiter } from './modules/h5/h5-limits.service';
import { LeaderLease } from './infra/leader-lease.service';
import { LeaderLoop } from './modules/leader/leader-loop.service';
import { MerchantAuth } from './modules/merchant/merchant-auth.service';
import { OperatorAuth } from './modules/operator/operator-auth.service';
import { OperatorService } from './modules/operator/operator.service';
import { OperatorListService } from './modules/operator/operator-lists.service';
import { SessionService } from './modules/sessions/session.service';
import { DemoService } from './modules/demo/demo.service';
import { TransferService } from './modules/transfers/transfer.service';

export interface VenueServices {
  config: VenueConfig;
  /** The only writer of the venue's money. */
  ledger: VenueLedger;
  settings: BookSettingsService;
  init(): Promise<void>;
  auth: MerchantAuth;
  transfers: TransferService;
  sessions: SessionService;
  /** The demo merchant's play money (试玩). */
  demo: DemoService;
  book: BookService;
  placement: PlacementService;
  /** The platform's loss and wager allowance per player (the allowance merchant call). */
  allowance: AllowanceService;
  acceptance: AcceptanceService;
  settlement: SettlementService;
  corrections: CorrectionService;
  operatorAuth: OperatorAuth;
  operators: OperatorService;
  operatorLists: OperatorListService;
  feeds: MerchantFeedsService;
  h5: H5Service;
  /** The page's engine API budgets per address and per session (this node's counts). */
  h5Limits: H5Limiter;
  leader: LeaderLoop;
  /** The house games: chains, the clock (run by the leader) and the read side. */
  games: GamesModule;
  /** The house slots and the per-player seed pairs. */
  slots: SlotsModule;
  /** In-play acceptance timers of this node (cleared on close). */
  timers: Set<NodeJS.Timeout>;
}

/** The venue's object graph: one instance of each service over one database. */
export function buildVenueServices(deps: {
  config: VenueConfig;
  db: Db;
  now: () => number;
  feed?: Feed;
}): VenueServices {
  const { config, db, now } = deps;
  const ledger = new VenueLedger(now);
  const settings = new BookSettingsService(db, config.book, now);
  const book = new BookService(db, settings, now);
  const acceptance = new AcceptanceService(db, book, ledger, now);
  const timers = new Set<NodeJS.Timeout>();
  // The receiving node decides its in-play bets when their delay runs out; the leader's sweep
  // decides any whose node died first.
  const onPending = (betId: string, delayMs: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      void acceptance.decide(betId).catch(() => {});
    }, delayMs + 20);
    timers.add(t);
  };
  const allowance = new AllowanceService(db, now);
  const placement = new PlacementService(
    db,
    book,
    settings,
    ledger,
    config,
    now,
    onPending,
    // The sportsbook's statement takes the stake from the allowance itself (allowance.sql.ts).
    config.crashAfterReserve,
  );
  const corrections = new CorrectionService(db, ledger, now);
  const settlement = new SettlementService(db, corrections, ledger, now, {
    batch: config.settleBatch,
    crashAtBatch: config.crashAtSettleBatch,
  });
  const sync = new EventSyncService(
    db,
    deps.feed ?? new SimulatedFeed(config.clockSpeed),
    config,
    now,
  );
  const lease = new LeaderLease(db, `node-${randomBytes(6).toString('hex')}`, now, config.leaseMs);
  const games = buildGames({
    db,
    lease,
    ledger,
    now,
    timing: config.gameTiming,
    gameFamilyOf: config.gameFamilyOf,
    crashAfter: config.crashAfterGameStep,
    allowance,
    settle: { playersPerBatch: config.settleBatch, crashAtBatch: config.crashAtGameSettleBatch },
    tableTiming: config.tableTestSeconds ? testTableTiming(config.tableTestSeconds) : undefined,
    tableCrashAfter: config.crashAfterTableStep,
  });
  const sessions = new SessionService(
    db,
    config,
    now,
    (code) =>
      gameDefinition(code)?.family ??
      (tableDefinition(code) ? TABLE_FAMILY : slotGame(code) ? 'DZ' : null),
    (player) => games.chases.stopPlayer(player),
  );
  return {
    config,
    ledger,
    settings,
    /** Seeds the book's settings and the house games on first start and loads them. */
    init: async () => {
      await settings.init();
      await games.service.init();
      await games.tables.service.init();
    },
    auth: new MerchantAuth(db, config.merchants, now),
    allowance,
    transfers: new TransferService(db, ledger, now),
    sessions,
    demo: new DemoService(db, ledger, sessions, now),
    book,
    placement,
    acceptance,
    settlement,
    corrections,
    operatorAuth: new OperatorAuth(config.operators),
    operators: new OperatorService(db, settings, corrections, ledger, now),
    operatorLists: new OperatorListService(db),
    feeds: new MerchantFeedsService(db, book, now, async () => {
      // The live tables count in family ZR beside any round-based ZR game.
      const counts = await games.service.familyCounts();
      const zr = await games.tables.service.familyCounts();
      return {
        ...counts,
        ZR: { live: counts.ZR.live + zr.live, today: counts.ZR.today + zr.today },
      };
    }),
    h5: new H5Service(db, book, ledger, now),
    h5Limits: new H5Limiter(config.limits),
    leader: new LeaderLoop(lease, sync, acceptance, settlement, placement),
    games,
    slots: buildSlots({
      db,
      ledger,
      now,
      gameFamilyOf: config.gameFamilyOf,
      opts: config.slots,
      allowance,
    }),
    timers,
  };
}
