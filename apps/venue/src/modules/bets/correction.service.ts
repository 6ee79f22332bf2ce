import { ErrorCode, fenToYuanString } from '@nebula/protocol';
import type { LegResult } from '@nebula/protocol/venue/markets';
import type { BetChangeKind } from '@nebula/protocol/venue/merchant';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import type { Db, Queryable } from '@nebula/db';
import { VenueError } from '../../infra/venue-error';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueEntry, VenueLedger } from '../ledger/venue-ledger.service';
import * as corrections from './bet-correction.repository';
import * as bets from './bet.repository';
import { releaseReservations } from './liability.repository';
import type { BetRow, BetStatus } from './bet.types';
import { betVersion } from './bet-view.model';
import { insertVersions } from './bet-version.repository';

/** A bet's overall result for display, from its legs and what it pays. */
export function betResult(bet: Pick<BetRow, 'legs' | 'stake'>, payout: bigint): string {
  if (bet.legs.length === 1) return bet.legs[0]!.result ?? 'lost';
  if (payout === 0n) return 'lost';
  if (bet.legs.every((l) => l.result === 'void')) return 'void';
  if (payout > bet.stake) return 'won';
  return payout === bet.stake ? 'push' : 'half_lost';
}

/** What a bet's legs say it is now: decided (with its return) or still open. */
export function decide(bet: Pick<BetRow, 'legs' | 'stake'>) {
  const decided =
    bet.legs.every((l) => l.result !== null) || bet.legs.some((l) => l.result === 'lost');
  if (!decided) return { status: 'open' as const, result: null, payout: null };
  // A leg still open in a lost parlay does not matter: the product is zero.
  const payout = betReturnFen(
    bet.stake,
    bet.legs.map((l) => ({ oddsMilli: l.oddsMilli, result: l.result ?? 'lost' })),
  );
  return { status: 'settled' as const, result: betResult(bet, payout), payout };
}

const isOpen = (status: BetStatus) => status === 'open' || status === 'pending';

/**
 * Corrections (contract §6): a bet decided again after its legs changed — a corrected
 * result, a voided market, an operator's void or resettle. One transaction per bet: the earlier
 * credit is reversed (a new entry, never an edit), the new one written, the wallet taken from
 * first (what it lacks becomes a debt the next credits repay; the balance never goes below
 * zero) and the bet rewritten by compare-and-set on its version, so a correction racing the
 * settlement of the same bet applies once.
 */
export class CorrectionService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VenueLedger,
    private readonly now: () => number,
  ) {}

  /** Brings one bet in line with its legs; `voided` ends it as void (stake back). */
  async recheck(q: Queryable, betId: string, voided = false): Promise<boolean> {
    const bet = await bets.readBet(q, betId, true);
    if (!bet) return false;
    // Refused bets were refunded; an operator's void is final.
    if (bet.status === 'refused' || bet.status === 'voided') {
      await corrections.clearRecheck(q, betId);
      return false;
    }
    const next = voided
      ? { status: 'voided' as const, result: 'void', payout: bet.stake }
      : decide(bet);
    // An undecided bet stays as it is (an in-play bet is accepted only by its acceptance).
    if (next.status === 'open' && isOpen(bet.status)) {
      await corrections.clearRecheck(q, betId);
      return false;
    }
    const oldCredit = isOpen(bet.status) ? 0n : (bet.payout ?? 0n);
    const newCredit = next.payout ?? 0n;
    if (next.status === bet.status && next.payout === bet.payout && next.result === bet.result) {
      await corrections.clearRecheck(q, betId);
      return false;
    }
    const now = this.now();
    const version = await corrections.rewriteBet(q, {
      id: bet.id,
      version: bet.version,
      status: next.status,
      result: next.result,
      payout: next.payout,
      settledAt: next.status === 'open' ? null : now,
    });
    if (version === null) return false;
    const player = { merchant: bet.merchant, venueCode: bet.venueCode, playerId: bet.playerId };
    const entries: VenueEntry[] = [];
    if (oldCredit > 0n) {
      entries.push({
        reference: `reverse:${bet.id}:${version}`,
        kind: 'bet_reversal',
        postings: [
          { account: playerAccount(player), amount: -oldCredit },
          { account: bookAccount(player), amount: oldCredit },
        ],
      });
    }
    if (newCredit > 0n) {
      entries.push({
        reference: `settle:${bet.id}:${version}`,
        kind: next.status === 'voided' ? 'bet_void' : 'bet_payout',
        postings: [
          { account: bookAccount(player), amount: -newCredit },
          { account: playerAccount(player), amount: newCredit },
        ],
      });
    }
    // One move of the wallet by both: the same as the reversal taken (what the wallet lacks
    // owed as a debt) and then the new credit paid (the debt repaid first).
    await this.ledger.postMany(q, entries, { overdraw: 'debt' });
    if (isOpen(bet.status) && !isOpen(next.status)) await releaseReservations(q, [bet]);
    if (!isOpen(bet.status) && isOpen(next.status)) await releaseReservations(q, [bet], -1n);
    const kind: BetChangeKind =
      next.status === 'voided' ? 'voided' : isOpen(bet.status) ? 'settled' : 'resettled';
    const body = betVersion(
      { ...bet, ...next, settledAt: next.status === 'open' ? null : now, version },
      kind,
    );
    // Money taken back may have left a debt: the merchant learns it with the version.
    if (oldCredit > 0n) body.debt = fenToYuanString((await this.ledger.wallet(q, player)).debt);
    await insertVersions(q, [{ ...player, body }]);
    return true;
  }

  /** Every flagged bet, one transaction each (`write` fences the leader's writes). */
  async recheckDue(
    write: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
    limit = 500,
  ): Promise<number> {
    let changed = 0;
    for (const id of await corrections.betsToRecheck(this.db, limit)) {
      if (await write((q) => this.recheck(q, id))) changed += 1;
    }
    return changed;
  }

  /** An operator voids a bet: every leg void, the stake back, whatever it was. */
  async voidBet(q: Queryable, betId: string): Promise<void> {
    const bet = await bets.readBet(q, betId, true);
    if (!bet || bet.status === 'refused') throw new VenueError(ErrorCode.BetNotFound);
    await corrections.setOperatorLegs(
      q,
      betId,
      bet.legs.map((l) => ({ leg: l.leg, result: 'void' as const })),
    );
    await this.recheck(q, betId, true);
  }

  /**
   * An operator sets legs' results by hand on a settled bet and it is settled anew on them.
   * Only a settled bet: an open one is voided or settled by its events' results — paying it by
   * hand before its match would let the natural settlement skip it (contract §6).
   */
  async resettleBet(
    q: Queryable,
    betId: string,
    legs: readonly { leg: number; result: LegResult }[],
  ): Promise<void> {
    const bet = await bets.readBet(q, betId, true);
    if (!bet || bet.status === 'refused' || bet.status === 'voided') {
      throw new VenueError(ErrorCode.BetNotFound);
    }
    if (isOpen(bet.status)) throw new VenueError(ErrorCode.BetNotSettled);
    const known = new Set(bet.legs.map((l) => l.leg));
    if (legs.some((l) => !known.has(l.leg))) throw new VenueError(ErrorCode.VenueRequestInvalid);
    await corrections.setOperatorLegs(q, betId, legs);
    await this.recheck(q, betId);
  }

  /** An operator voids a market: its legs void in every bet, each bet decided anew. */
  async voidMarket(q: Queryable, eventId: string, marketKey: string): Promise<string[]> {
    return corrections.voidMarketLegs(q, eventId, marketKey);
  }
}
