import type { Db } from '@nebula/db';
import type { GameFamily } from '../../infra/config';
import type { LeaderLease } from '../../infra/leader-lease.service';
import type { StakeAllowance } from '../allowance/allowance.service';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import type { ChainService } from './chain.service';
import type { GameSettlementService } from './game-settlement.service';
import { TableBetsService } from './table-bets.service';
import { TableClock, type TableStep } from './table-clock';
import { TableSettlementService } from './table-settlement.service';
import { TableShoes } from './table-shoes.service';
import { LIVE_TABLE_TIMING, type TableTiming } from './tables-catalogue';
import { TablesOperatorService } from './tables-operator.service';
import { TablesService } from './tables.service';

/** The live tables (docs/contract.md §10.12): their clock, bets and read side. */
export interface TablesModule {
  clock: TableClock;
  service: TablesService;
  bets: TableBetsService;
  settlement: TableSettlementService;
  shoes: TableShoes;
  operator: TablesOperatorService;
}

export function buildTables(deps: {
  db: Db;
  lease: LeaderLease;
  ledger: VenueLedger;
  now: () => number;
  chains: ChainService;
  settlement: GameSettlementService;
  playersPerBatch: number;
  gameFamilyOf?: ReadonlyMap<string, GameFamily>;
  tableTiming?: TableTiming;
  tableCrashAfter?: { step: TableStep; tableCode: string | null } | null;
  onError?: (err: unknown) => void;
  /** The platform's loss and wager allowance, taken with each stake (allowance.service.ts). */
  allowance?: StakeAllowance;
}): TablesModule {
  const shoes = new TableShoes(deps.chains);
  const settlement = new TableSettlementService(deps.db, deps.settlement, deps.playersPerBatch);
  return {
    clock: new TableClock(
      deps.lease,
      deps.db,
      deps.chains,
      shoes,
      settlement,
      deps.tableTiming ?? LIVE_TABLE_TIMING,
      deps.now,
      { crashAfter: deps.tableCrashAfter ?? null, onError: deps.onError },
    ),
    service: new TablesService(deps.db, shoes, deps.now),
    bets: new TableBetsService(
      deps.db,
      deps.ledger,
      deps.gameFamilyOf ?? new Map(),
      deps.now,
      deps.allowance ?? null,
    ),
    settlement,
    shoes,
    operator: new TablesOperatorService(deps.db, deps.now),
  };
}
