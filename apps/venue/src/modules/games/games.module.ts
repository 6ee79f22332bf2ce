import type { GameStepHook } from '../../infra/crash-hooks';
import type { Db } from '@nebula/db';
import type { GameFamily } from '../../infra/config';
import type { LeaderLease } from '../../infra/leader-lease.service';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import { ChainService, DEMO_CHAIN, type ChainSettings } from './chain.service';
import type { StakeAllowance } from '../allowance/allowance.service';
import { GameBetsService } from './game-bets.service';
import { GameChaseService } from './game-chase.service';
import { GameChannelsService } from './game-channels.service';
import { GameClock } from './game-clock';
import { GameReportService } from './game-report.service';
import { GameSettlementService } from './game-settlement.service';
import { GamesOperatorService } from './games-operator.service';
import { GamesService } from './games.service';
import type { GameTiming } from './round-schedule';
import { buildTables, type TablesModule } from './tables.module';
import type { TableStep } from './table-clock';
import type { TableTiming } from './tables-catalogue';

/**
 * The house games kernel: its chains, its clock (leader only), the bets on its rounds (placed
 * by any node, settled by the clock) and its read side.
 */
export interface GamesModule {
  chains: ChainService;
  clock: GameClock;
  service: GamesService;
  bets: GameBetsService;
  settlement: GameSettlementService;
  chases: GameChaseService;
  operator: GamesOperatorService;
  /** The live tables (docs/contract.md §10.12), moved by the same clock. */
  tables: TablesModule;
  /** The tables' and lottery games' live channels, read by every node (live-channels.ts). */
  channels: GameChannelsService;
}

export function buildGames(deps: {
  db: Db;
  lease: LeaderLease;
  ledger: VenueLedger;
  now: () => number;
  timing: GameTiming;
  /** The venue's game venues and their families (who may bet on which game). */
  gameFamilyOf?: ReadonlyMap<string, GameFamily>;
  chain?: ChainSettings;
  crashAfter?: GameStepHook | null;
  /** Players per settlement batch, and the test hook that dies inside the N-th batch. */
  settle?: { playersPerBatch: number; crashAtBatch?: number | null };
  onError?: (err: unknown) => void;
  /** The live tables' timing (the test length when set) and their crash hook. */
  tableTiming?: TableTiming;
  tableCrashAfter?: { step: TableStep; tableCode: string | null } | null;
  /** The platform's loss and wager allowance, taken with each stake (allowance.service.ts). */
  allowance?: StakeAllowance;
}): GamesModule {
  const chains = new ChainService(deps.now, deps.chain ?? DEMO_CHAIN);
  const settlement = new GameSettlementService(
    deps.db,
    deps.ledger,
    deps.now,
    deps.settle ?? { playersPerBatch: 500 },
  );
  const bets = new GameBetsService(
    deps.db,
    deps.ledger,
    deps.gameFamilyOf ?? new Map(),
    deps.now,
    deps.allowance ?? null,
  );
  const chases = new GameChaseService(deps.db, bets, deps.now);
  const tables = buildTables({
    ...deps,
    chains,
    settlement,
    playersPerBatch: deps.settle?.playersPerBatch ?? 500,
  });
  return {
    chains,
    clock: new GameClock(deps.lease, deps.db, chains, settlement, deps.now, {
      crashAfter: deps.crashAfter ?? null,
      onError: deps.onError,
      chases,
      tables: tables.clock,
    }),
    service: new GamesService(deps.db, deps.now, deps.timing),
    bets,
    settlement,
    chases,
    operator: new GamesOperatorService(
      deps.db,
      chains,
      settlement,
      new GameReportService(deps.db),
      deps.now,
    ),
    tables,
    channels: new GameChannelsService(deps.db, deps.now),
  };
}
