import type { Db } from '@nebula/db';
import type { LeaderLease } from '../../infra/leader-lease.service';
import { ChainService, DEMO_CHAIN, type ChainSettings } from './chain.service';
import { GameClock, type GameStep } from './game-clock';
import { GamesOperatorService } from './games-operator.service';
import { GamesService } from './games.service';
import type { GameTiming } from './round-schedule';

/** The house games kernel: its chains, its clock (leader only) and its read side. */
export interface GamesModule {
  chains: ChainService;
  clock: GameClock;
  service: GamesService;
  operator: GamesOperatorService;
}

export function buildGames(deps: {
  db: Db;
  lease: LeaderLease;
  now: () => number;
  timing: GameTiming;
  chain?: ChainSettings;
  crashAfter?: GameStep | null;
  onError?: (err: unknown) => void;
}): GamesModule {
  const chains = new ChainService(deps.now, deps.chain ?? DEMO_CHAIN);
  return {
    chains,
    clock: new GameClock(deps.lease, deps.db, chains, deps.now, {
      crashAfter: deps.crashAfter ?? null,
      onError: deps.onError,
    }),
    service: new GamesService(deps.db, deps.now, deps.timing),
    operator: new GamesOperatorService(deps.db, chains, deps.now),
  };
}
