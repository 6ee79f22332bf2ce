import { ErrorCode, parseMoney } from '@nebula/protocol';
import type { AllowanceRequest } from '@nebula/protocol/venue/merchant';
import type { Db, Queryable } from '@nebula/db';
import { VenueError } from '../../infra/venue-error';
import type { PlayerRef } from '../sessions/player-ref.types';
import * as repo from './allowance.repository';

/** For another module's one statement that takes a stake (a slot spin): see the repository. */
export { allowanceApplies } from './allowance.repository';

/** What placement takes a stake from (a service of this module, or nothing in some tests). */
export interface StakeAllowance {
  take(q: Queryable, player: PlayerRef, stake: bigint): Promise<void>;
}

/**
 * The remaining loss and wager allowance the platform pushes (docs/contract.md §6, the
 * allowance call; the limits are the platform's, contract §5). Placement — sportsbook bets and
 * house game slips, 追号 draws included — takes each stake from it inside the transaction that
 * debits it: the smaller allowance less the stakes placed since the platform computed it must
 * cover the stake, or the bet is refused (9225) and nothing is debited. Win credits and
 * transfers never pass here. A player the platform never pushed for bets unchecked.
 */
export class AllowanceService implements StakeAllowance {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The platform's push: the latest computation wins. */
  async push(merchant: string, req: AllowanceRequest): Promise<null> {
    const row = {
      lossLeft: req.loss === null ? null : parseMoney(req.loss),
      wagerLeft: req.wager === null ? null : parseMoney(req.wager),
      computedAt: req.computedAt,
    };
    await this.db.tx((q) =>
      repo.writeAllowance(q, { merchant, playerId: req.playerId }, row, this.now()),
    );
    return null;
  }

  /** Takes a stake from the allowance (in the caller's transaction), or throws 9225. */
  async take(q: Queryable, player: PlayerRef, stake: bigint): Promise<void> {
    const key = { merchant: player.merchant, playerId: player.playerId };
    if (!(await repo.takeStake(q, key, stake, this.now()))) {
      throw new VenueError(ErrorCode.PlayAllowanceExceeded);
    }
  }
}
