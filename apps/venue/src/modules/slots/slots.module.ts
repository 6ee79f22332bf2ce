import type { Db } from '@nebula/db';
import type { GameFamily } from '../../infra/config';
import { SeedPairsService } from '../fair-seeds/seed-pairs.service';
import type { StakeAllowance } from '../allowance/allowance.service';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import { SlotSpinsService, type SlotSpinOptions } from './slot-spins.service';

/** The house slots (DZ) and the per-player seed pairs they draw from. */
export interface SlotsModule {
  seeds: SeedPairsService;
  spins: SlotSpinsService;
}

export function buildSlots(deps: {
  db: Db;
  ledger: VenueLedger;
  now: () => number;
  gameFamilyOf: ReadonlyMap<string, GameFamily>;
  opts: SlotSpinOptions;
  /** The platform's loss and wager allowance, taken with each stake (allowance.service.ts). */
  allowance?: StakeAllowance;
}): SlotsModule {
  const seeds = new SeedPairsService(deps.db, deps.now);
  return {
    seeds,
    spins: new SlotSpinsService(
      deps.db,
      deps.ledger,
      seeds,
      deps.gameFamilyOf,
      deps.now,
      deps.opts,
      deps.allowance ?? null,
    ),
  };
}
