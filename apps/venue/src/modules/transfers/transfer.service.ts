import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import {
  DEMO_MERCHANT,
  type TransferRequest,
  type TransferStatus,
} from '@nebula/protocol/venue/merchant';
import type { Db, Queryable } from '@nebula/db';
import { VenueError } from '../../infra/venue-error';
import * as transfers from './transfer.repository';
import { merchantAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';

/**
 * Money between a merchant's platform and a player's venue wallet, by the platform's transfer
 * id (contract §6). The id is claimed, the wallet moved and the entry written in one
 * transaction, so a retry — concurrent or a day later — answers the first outcome and moves
 * nothing again; the same id with another body is refused (8010) and changes nothing; an id a
 * status query did not find is buried and never applies.
 */
export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VenueLedger,
    private readonly now: () => number,
  ) {}

  async transfer(merchant: string, req: TransferRequest): Promise<TransferStatus> {
    // Play money never leaves nor enters a demo wallet (contract §6): refused before any row.
    if (merchant === DEMO_MERCHANT) throw new VenueError(ErrorCode.VenueDemoNoTransfer);
    const amount = parseMoney(req.amount);
    if (amount <= 0n) throw new VenueError(ErrorCode.VenueTransferAmountInvalid);
    const key = { merchant, venueCode: req.venueCode, playerId: req.playerId };
    return this.db.tx(async (q) => {
      const claimed = await transfers.claimTransfer(q, {
        merchant,
        transferId: req.transferId,
        venueCode: req.venueCode,
        playerId: req.playerId,
        direction: req.direction,
        amount,
        now: this.now(),
      });
      if (!claimed) return this.#replay(merchant, req, amount, q);
      const signed = req.direction === 'in' ? amount : -amount;
      // A transfer out takes only what the wallet holds (refused otherwise, nothing moves).
      const posted = await this.ledger.post(q, {
        reference: `transfer:${merchant}:${req.transferId}`,
        kind: `transfer_${req.direction}`,
        postings: [
          { account: playerAccount(key), amount: signed },
          { account: merchantAccount(key), amount: -signed },
        ],
      });
      if (!posted.posted) {
        const code = ErrorCode.VenueBalanceInsufficient;
        await transfers.settleTransfer(q, merchant, req.transferId, { status: 'refused', code });
        return { status: 'refused', transferId: req.transferId, code };
      }
      const wallet = posted.wallets[0]!;
      await transfers.settleTransfer(q, merchant, req.transferId, {
        status: 'applied',
        balanceAfter: wallet.balance,
      });
      return {
        status: 'applied',
        transferId: req.transferId,
        balance: fenToYuanString(wallet.balance),
        // A transfer in repays a debt first: the platform learns it is gone (or what is left).
        debt: fenToYuanString(wallet.debt),
      };
    });
  }

  /** The id was taken before: its first outcome if this is the same request, else a conflict. */
  async #replay(
    merchant: string,
    req: TransferRequest,
    amount: bigint,
    q: Queryable,
  ): Promise<TransferStatus> {
    const first = await transfers.readTransfer(q, merchant, req.transferId);
    if (!first) throw new Error('a claimed transfer id vanished');
    if (first.status === 'not_found') throw new VenueError(ErrorCode.VenueTransferExpired);
    const same =
      first.venueCode === req.venueCode &&
      first.playerId === req.playerId &&
      first.direction === req.direction &&
      first.amount === amount;
    if (!same) throw new VenueError(ErrorCode.VenueTransferConflict);
    return this.#withDebt(q, merchant, present(req.transferId, first), first);
  }

  /** An id's fate; an unknown id is buried so that `not_found` stays true for ever. */
  async status(merchant: string, transferId: string): Promise<TransferStatus> {
    return this.db.tx(async (q) => {
      const found = await transfers.readTransfer(q, merchant, transferId);
      if (found) return this.#withDebt(q, merchant, present(transferId, found), found);
      if (await transfers.buryTransfer(q, merchant, transferId, this.now())) {
        return { status: 'not_found', transferId };
      }
      // A transfer claimed the id meanwhile and committed: answer what it did.
      const raced = await transfers.readTransfer(q, merchant, transferId);
      return this.#withDebt(q, merchant, present(transferId, raced!), raced!);
    });
  }

  /** The player's balance and debt now (contract §6). */
  async balance(merchant: string, venueCode: string, playerId: string) {
    const { balance, debt } = await this.ledger.wallet(this.db, { merchant, venueCode, playerId });
    return { balance: fenToYuanString(balance), debt: fenToYuanString(debt) };
  }

  /**
   * An applied transfer answered again (a retry, a status question) carries its balance as it
   * was and the player's debt as it is now: a debt the platform learns is never an old one.
   */
  async #withDebt(
    q: Queryable,
    merchant: string,
    status: TransferStatus,
    t: transfers.TransferRow,
  ): Promise<TransferStatus> {
    // An applied transfer always names its player (only a tombstone has none).
    if (status.status !== 'applied' || !t.venueCode || !t.playerId) return status;
    const { debt } = await this.ledger.wallet(q, {
      merchant,
      venueCode: t.venueCode,
      playerId: t.playerId,
    });
    return { ...status, debt: fenToYuanString(debt) };
  }
}

function present(transferId: string, t: transfers.TransferRow): TransferStatus {
  if (t.status === 'applied') {
    return { status: 'applied', transferId, balance: fenToYuanString(t.balanceAfter ?? 0n) };
  }
  if (t.status === 'refused') return { status: 'refused', transferId, code: t.code ?? 0 };
  return { status: 'not_found', transferId };
}
