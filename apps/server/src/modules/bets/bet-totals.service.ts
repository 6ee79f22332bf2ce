import type { Db, Queryable } from '@nebula/db';
import type { VenueFamily } from '@nebula/protocol/venue/registry';
import type { VenueRegistry } from '../venue-registry/venue-registry.service';
import {
  lossAndWager,
  placedTotals,
  settledTotals,
  type VenueTotalsRow,
} from './bet-totals.repository';

export interface BetTotals {
  bets: number;
  stake: bigint;
  payout: bigint;
}
export interface FamilyTotals extends BetTotals {
  family: VenueFamily;
}

/**
 * Totals of a member's bets from the platform's copies (contract §6), for responsible
 * gambling (contract §5): what a session staked and paid out (reality checks), and a month's
 * settled bets per game family (statements).
 */
export class BetTotalsService {
  constructor(
    private readonly db: Db,
    private readonly registry: VenueRegistry,
  ) {}

  /** Bets placed since `from`: all stakes, and the payouts of those already settled. */
  async placedSince(memberId: number, from: number, to: number): Promise<BetTotals> {
    return sum(await placedTotals(this.db, memberId, from, to));
  }

  /**
   * The loss and the stakes a loss or wager limit counts since `from` (contract §5); inside
   * the caller's transaction when one is given (PGlite has one connection).
   */
  lossAndWagerSince(
    memberId: number,
    from: number,
    q: Queryable = this.db,
  ): Promise<{ loss: bigint; wager: bigint }> {
    return lossAndWager(q, memberId, from);
  }

  /** Bets settled in [from, to), per family (families without bets left out). */
  async settledByFamily(memberId: number, from: number, to: number): Promise<FamilyTotals[]> {
    const byFamily = new Map<VenueFamily, VenueTotalsRow[]>();
    for (const row of await settledTotals(this.db, memberId, from, to)) {
      const family = (await this.registry.get(row.venueCode))?.family ?? 'TY';
      byFamily.set(family, [...(byFamily.get(family) ?? []), row]);
    }
    return [...byFamily].map(([family, rows]) => ({ family, ...sum(rows) }));
  }
}

function sum(rows: VenueTotalsRow[]): BetTotals {
  return rows.reduce(
    (a, r) => ({ bets: a.bets + r.bets, stake: a.stake + r.stake, payout: a.payout + r.payout }),
    { bets: 0, stake: 0n, payout: 0n },
  );
}
