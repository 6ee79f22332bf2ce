import { ErrorCode } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { BookService } from '../book/book.service';
import * as events from '../events/event.service';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import * as bets from './bet.repository';
import { releaseReservations } from './liability.repository';
import { decidePending, dueForAcceptance } from './bet-acceptance.repository';
import { betVersion } from './bet-view.model';
import { insertVersions } from './bet-version.repository';
import { offeredPrice } from './placement.service';

/**
 * The second half of an in-play bet (docs/architecture.md, "The house venue"): once its delay has
 * run out, one transaction re-checks every leg — the market open and not suspended, the price no
 * worse than taken unless the member accepts any change — and either accepts the bet or refunds the
 * stake by a reversal entry and gives its reservations back. Any node may run it (its own timer,
 * the leader's sweep after a crash): the pending row is locked and decided once.
 */
export class AcceptanceService {
  constructor(
    private readonly db: Db,
    private readonly book: BookService,
    private readonly ledger: VenueLedger,
    private readonly now: () => number,
  ) {}

  async decide(betId: string): Promise<void> {
    await this.book.fresh();
    await this.db.tx(async (q) => {
      const bet = await bets.readBet(q, betId, true);
      if (!bet || bet.status !== 'pending') return;
      const now = this.now();
      if (bet.acceptAfter !== null && bet.acceptAfter > now) return;
      const evs = new Map(
        (
          await events.readEvents(
            q,
            bet.legs.map((l) => l.eventId),
          )
        ).map((e) => [e.id, e]),
      );
      let refusal: ErrorCode | null = null;
      for (const leg of bet.legs) {
        const ev = evs.get(leg.eventId);
        const offer = ev
          ? offeredPrice(this.book.bookOf(ev), leg.selectionId)
          : { refused: ErrorCode.BetMarketClosed };
        if (offer.refused !== undefined) refusal ??= offer.refused;
        else if (offer.oddsMilli < leg.oddsMilli && bet.oddsPolicy !== 'any') {
          refusal ??= ErrorCode.BetOddsChanged;
        }
      }
      const player = { merchant: bet.merchant, venueCode: bet.venueCode, playerId: bet.playerId };
      if (refusal === null) {
        const version = await decidePending(q, betId, { status: 'open' });
        if (version === null) return;
        await insertVersions(q, [
          { ...player, body: betVersion({ ...bet, status: 'open', version }, 'accepted') },
        ]);
        return;
      }
      const version = await decidePending(q, betId, {
        status: 'refused',
        code: refusal,
        at: now,
      });
      if (version === null) return;
      await this.ledger.post(q, {
        reference: `bet-refund:${betId}`,
        kind: 'bet_refund',
        postings: [
          { account: bookAccount(player), amount: -bet.stake },
          { account: playerAccount(player), amount: bet.stake },
        ],
      });
      await releaseReservations(q, [bet]);
      await insertVersions(q, [
        {
          ...player,
          body: betVersion(
            { ...bet, status: 'refused', refuseCode: refusal, settledAt: now, version },
            'refused',
          ),
        },
      ]);
    });
  }

  /** The sweep: every pending bet past its delay (after a restart, or another node's bets). */
  async decideDue(limit = 500): Promise<number> {
    const due = await dueForAcceptance(this.db, this.now(), limit);
    for (const id of due) await this.decide(id);
    return due.length;
  }
}
