import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import {
  DEMO_MERCHANT,
  DEMO_PLAY_AMOUNT,
  type LaunchRequest,
  type LaunchResult,
} from '@nebula/protocol/venue/merchant';
import type { Db, Queryable } from '@nebula/db';
import { VenueError } from '../../infra/venue-error';
import { merchantAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import type { SessionService } from '../sessions/session.service';
import * as repo from './demo.repository';

export const isDemoMerchant = (merchant: string) => merchant === DEMO_MERCHANT;
const PLAY = parseMoney(DEMO_PLAY_AMOUNT);

/**
 * The demo merchant's play money (docs/contract.md §6, 试玩). The venue funds a demo wallet
 * itself, through `VenueLedger` like every move: `DEMO_PLAY_AMOUNT` from the DEMO merchant's
 * account when the player is first launched, and back to that amount on each reset, every
 * entry under its own reference. Nothing else is special: bets, liability and the feeds are
 * keyed by merchant already, so DEMO's never meet another merchant's.
 */
export class DemoService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VenueLedger,
    private readonly sessions: SessionService,
    private readonly now: () => number,
  ) {}

  /** A demo player's launch: the wallet funded the first time, then an ordinary launch. */
  async launch(req: LaunchRequest): Promise<LaunchResult> {
    if (!req.preload) {
      const key = { venueCode: req.venueCode, playerId: req.playerId };
      await this.db.tx(async (q) => {
        if (!(await repo.claimDemoPlayer(q, key, this.now()))) return;
        await this.#move(q, key, PLAY, `demo:fund:${key.venueCode}:${key.playerId}`);
      });
    }
    return this.sessions.launch(DEMO_MERCHANT, req);
  }

  /**
   * The wallet back to the play amount (a debt, if a correction left one, is cleared with it):
   * 8160 for any merchant but DEMO, 8162 for a player never launched.
   */
  async reset(merchant: string, venueCode: string, playerId: string) {
    if (!isDemoMerchant(merchant)) throw new VenueError(ErrorCode.VenueDemoOnly);
    const key = { venueCode, playerId };
    return this.db.tx(async (q) => {
      const n = await repo.nextReset(q, key);
      if (n === null) throw new VenueError(ErrorCode.VenueDemoPlayerUnknown);
      const wallet = { merchant, ...key };
      const debt = await this.ledger.lockedDebt(q, wallet);
      const { balance } = await this.ledger.wallet(q, wallet);
      // A credit repays the debt first, so this lands the balance on PLAY with no debt left.
      const delta = PLAY - (balance - debt);
      if (delta !== 0n) await this.#move(q, key, delta, `demo:reset:${venueCode}:${playerId}:${n}`);
      return { balance: fenToYuanString(PLAY), debt: '0.00' };
    });
  }

  async #move(q: Queryable, key: repo.DemoPlayerKey, amount: bigint, reference: string) {
    const wallet = { merchant: DEMO_MERCHANT, ...key };
    const posted = await this.ledger.post(q, {
      reference,
      kind: 'demo_play_money',
      postings: [
        { account: playerAccount(wallet), amount },
        { account: merchantAccount(wallet), amount: -amount },
      ],
    });
    if (!posted.posted) throw new Error('a demo wallet move was refused');
  }
}
