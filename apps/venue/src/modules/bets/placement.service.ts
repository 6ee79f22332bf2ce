import { createHash } from 'node:crypto';
import { betNumbersOf } from '../bet-numbers/bet-numbers.service';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import type { BetView, PlaceBetRequest } from '@nebula/protocol/venue/bets';
import { familyOfSport, parseSelectionId } from '@nebula/protocol/venue/markets';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import type { Db, Queryable } from '@nebula/db';
import type { VenueConfig, VenueFamily } from '../../infra/config';
import type { BookService, EventBook } from '../book/book.service';
import type { BookSettingsService } from '../book/book-settings.service';
import * as events from '../events/event.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import { VenueError } from '../../infra/venue-error';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import * as bets from './bet.repository';
import type { BetRow, LegRow, NewBet } from './bet.types';
import { betVersion, betView } from './bet-view.model';
import * as liability from './liability.repository';
import * as placements from './placement.repository';

/**
 * How long a liability hold may wait for its bet's transaction before the sweep gives it back.
 * A placement takes milliseconds; only a dead or stalled attempt gets near this, and a stalled
 * one that comes back after it is refused (8049) rather than placed without its reservation.
 */
export const HOLD_TTL_MS = 60_000;

interface Quote {
  legs: LegRow[];
  live: boolean;
}

/** The code each refusal of the placement's statement answers. */
const REFUSED: Partial<Record<placements.PlaceOutcome, ErrorCode>> = {
  balance: ErrorCode.BetBalanceInsufficient,
  exposure: ErrorCode.BetPayoutTooHigh,
  held: ErrorCode.BetPlacementExpired,
  allowance: ErrorCode.PlayAllowanceExceeded,
};

export type Offer = { oddsMilli: number; refused?: undefined } | { refused: ErrorCode };

/** A leg's offered price now, or the code saying why it cannot be bet. */
export function offeredPrice(book: EventBook, selectionId: string): Offer {
  const ev = book.event;
  if (ev.status === 'finished' || ev.status === 'cancelled') {
    return { refused: ErrorCode.BetMarketClosed };
  }
  if (book.suspended) return { refused: ErrorCode.BetMarketSuspended };
  for (const m of book.markets) {
    const s = m.selections.find((x) => x.selectionId === selectionId);
    if (s)
      return m.suspended ? { refused: ErrorCode.BetMarketSuspended } : { oddsMilli: s.oddsMilli };
  }
  // The event is open but this line is no longer hung (in play lines move with the score).
  return { refused: ErrorCode.BetMarketClosed };
}

/**
 * Placing bets (contract §6). The slip's prices are checked against the book under the
 * member's odds-change policy (a changed price comes back with code 8030 and the new prices,
 * never silently taken); limits apply per bet, per player per market and per selection (the
 * stake still allowed is answered). Pre-match the debit and the bet are one transaction; in
 * play the bet waits `acceptDelayMs` as `pending` and a second transaction accepts it or
 * refunds it by reversal — no transaction spans the delay. The request key makes a retry
 * return the first bet.
 */
export class PlacementService {
  constructor(
    private readonly db: Db,
    private readonly book: BookService,
    private readonly settings: BookSettingsService,
    private readonly ledger: VenueLedger,
    private readonly cfg: Pick<VenueConfig, 'acceptDelayMs' | 'familyOf'>,
    private readonly now: () => number,
    /** Called with an in-play bet's id when its delay runs out (the node's own timer). */
    private readonly onPending: (betId: string, delayMs: number) => void = () => {},
    /** The test hook (never in production): die as a machine would, between the two writes. */
    private readonly crashAfterReserve = false,
  ) {}

  async place(player: PlayerRef, req: PlaceBetRequest): Promise<BetView> {
    const requestHash = createHash('sha256')
      .update(JSON.stringify([req.legs, req.stake, req.oddsPolicy]))
      .digest('hex');
    try {
      return await this.#place(player, req, requestHash);
    } catch (err) {
      // A retry of a placed bet answers that bet whatever has changed since (price, limits,
      // balance). The key is looked up only when this attempt placed nothing, so a new bet
      // costs no extra read; the claim in placeBet is what makes it exactly once.
      if (!(err instanceof VenueError) || err.code === ErrorCode.BetRequestConflict) throw err;
      const earlier = await bets.readBetByKey(this.db, { ...player, requestKey: req.requestKey });
      if (earlier) return this.#replay(earlier, requestHash);
      throw err;
    }
  }

  async #place(player: PlayerRef, req: PlaceBetRequest, requestHash: string): Promise<BetView> {
    const stake = parseMoney(req.stake);
    // Fresh settings first: the quote prices at the current margin, the limits are current.
    const limits = await this.settings.fresh();
    const quote = await this.#quote(req, this.cfg.familyOf.get(player.venueCode) ?? 'TY');
    const odds = quote.legs.map((l) => ({ oddsMilli: l.oddsMilli, result: 'open' as const }));
    const potential = betReturnFen(stake, odds);
    const win = potential - stake;
    const perUnit = (potential * 1000n) / stake; // the combined odds in thousandths
    const stakeFor = (maxWin: bigint) =>
      (maxWin * 1000n) / (perUnit - 1000n > 0n ? perUnit - 1000n : 1n);
    if (stake < limits.minStake) {
      throw new VenueError(ErrorCode.BetStakeTooLow, {
        minStake: fenToYuanString(limits.minStake),
      });
    }
    if (stake > limits.maxStake) {
      throw new VenueError(ErrorCode.BetStakeTooHigh, {
        maxStake: fenToYuanString(limits.maxStake),
      });
    }
    if (win > limits.maxPayout) {
      throw new VenueError(ErrorCode.BetPayoutTooHigh, {
        maxStake: fenToYuanString(stakeFor(limits.maxPayout)),
      });
    }
    for (const l of quote.legs) l.liability = win;

    const now = this.now();
    const id = await betNumbersOf(this.db).one(this.db, now);
    const status: NewBet['status'] = quote.live ? 'pending' : 'open';
    await this.#reserveLiability(id, player, quote.legs, win, stakeFor, limits.selectionLiability);
    if (this.crashAfterReserve) process.kill(process.pid, 'SIGKILL');
    const acceptAfter = quote.live ? now + this.cfg.acceptDelayMs : null;
    const bet: BetRow = {
      id,
      ...player,
      requestHash,
      stake,
      oddsPolicy: req.oddsPolicy,
      status,
      result: null,
      payout: null,
      refuseCode: null,
      acceptAfter,
      placedAt: now,
      settledAt: null,
      version: 1,
      legs: quote.legs,
    };
    let outcome: placements.PlaceOutcome;
    try {
      // One statement, its own transaction: a refusal in it leaves nothing written.
      outcome = await placements.placeBet(this.db, {
        bet: { ...bet, status, requestKey: req.requestKey },
        legs: quote.legs,
        stake: this.ledger.prepareStake({
          reference: `bet:${id}`,
          kind: 'bet_stake',
          postings: [
            { account: playerAccount(player), amount: -stake },
            { account: bookAccount(player), amount: stake },
          ],
        }),
        version: betVersion(bet, quote.live ? 'placed' : 'accepted'),
        exposure: win + stake,
        exposureLimit: limits.maxPlayerMarketPayout,
      });
      const refused = REFUSED[outcome];
      if (refused !== undefined) throw new VenueError(refused);
    } catch (err) {
      // Not placed (refused, an error, or a commit whose outcome is unknown): give back what
      // this attempt still holds — nothing if the bet did commit or the sweep got there first.
      // A give-back that fails leaves the hold to the sweep; the refusal is what we answer.
      await this.#releaseLiability(id).catch(() => undefined);
      throw err;
    }
    if (outcome === 'taken') {
      await this.#releaseLiability(id).catch(() => undefined);
      // A retry with the same key (concurrent or late) holds the claim: answer what it placed.
      const first = await bets.readBetByKey(this.db, { ...player, requestKey: req.requestKey });
      return this.#replay(first!, requestHash);
    }
    if (quote.live) this.onPending(id, this.cfg.acceptDelayMs);
    return betView(bet);
  }

  #replay(bet: BetRow, requestHash: string): BetView {
    if (bet.requestHash !== requestHash) throw new VenueError(ErrorCode.BetRequestConflict);
    return betView(bet);
  }

  /** Prices every leg now and applies the member's odds-change policy. */
  async #quote(req: PlaceBetRequest, family: VenueFamily): Promise<Quote> {
    const keys = req.legs.map((l) => parseSelectionId(l.selectionId));
    if (keys.some((k) => k === null)) throw new VenueError(ErrorCode.BetSelectionUnknown);
    const matchIds = keys.map((k) => k!.matchId);
    if (req.legs.length > 1 && new Set(matchIds).size !== matchIds.length) {
      throw new VenueError(ErrorCode.BetParlayInvalid);
    }
    const found = new Map((await events.readEvents(this.db, matchIds)).map((e) => [e.id, e]));
    const changed: { selectionId: string; oddsMilli: number }[] = [];
    let live = false;
    const legs: LegRow[] = [];
    for (const [i, leg] of req.legs.entries()) {
      const ev = found.get(keys[i]!.matchId);
      // A venue offers its family's sports only (an esports venue takes no football bet).
      if (!ev || familyOfSport(ev.sport) !== family) {
        throw new VenueError(ErrorCode.BetSelectionUnknown);
      }
      const book = this.book.bookOf(ev);
      live ||= book.live;
      const offer = offeredPrice(book, leg.selectionId);
      if (offer.refused !== undefined) throw new VenueError(offer.refused);
      const market = book.markets.find((m) => leg.selectionId.startsWith(`${m.marketId}:`))!;
      const selection = market.selections.find((s) => s.selectionId === leg.selectionId)!;
      const price = offer.oddsMilli;
      const acceptable =
        price === leg.oddsMilli ||
        req.oddsPolicy === 'any' ||
        (req.oddsPolicy === 'better' && price > leg.oddsMilli);
      if (!acceptable) changed.push({ selectionId: leg.selectionId, oddsMilli: price });
      legs.push({
        leg: i + 1,
        eventId: ev.id,
        selectionId: leg.selectionId,
        marketId: market.marketId,
        period: market.period,
        oddsMilli: price,
        eventName: `${ev.home} vs ${ev.away}`,
        marketLabel: market.label,
        outcomeLabel: selection.label,
        liability: 0n,
        result: null,
      });
    }
    if (changed.length > 0) throw new VenueError(ErrorCode.BetOddsChanged, { prices: changed });
    return { legs, live };
  }

  /**
   * Reserves the bet's potential win on each selection, in its own short transaction before
   * the bet's (the selection's row is every bettor's on it: its lock must not wait for the
   * bet's commit to reach the disk), held under the attempt's bet id so that exactly one of the
   * bet's transaction, this attempt's give-back and the leader's sweep ends each hold. Beyond
   * the limit nothing is reserved and the stake still allowed is answered.
   */
  async #reserveLiability(
    betId: string,
    player: PlayerRef,
    legs: readonly LegRow[],
    win: bigint,
    stakeFor: (maxWin: bigint) => bigint,
    limit: bigint,
  ): Promise<void> {
    const hold = { betId, amount: win, limit, at: this.now() };
    const refuse = async (q: Queryable, key: liability.SelectionKey) => {
      const room = limit - (await liability.readLiability(q, key));
      return new VenueError(ErrorCode.BetStakeTooHigh, {
        maxStake: fenToYuanString(room > 0n ? stakeFor(room) : 0n),
      });
    };
    if (legs.length === 1) {
      const key = { ...player, selectionId: legs[0]!.selectionId };
      if (!(await liability.reserveHeld(this.db, key, hold))) throw await refuse(this.db, key);
      return;
    }
    await this.db.tx(async (q) => {
      await liability.commitWithoutWaiting(q);
      // In a fixed order, so two parlays never wait on each other's selections.
      for (const l of [...legs].sort((a, b) => a.selectionId.localeCompare(b.selectionId))) {
        const key = { ...player, selectionId: l.selectionId };
        if (!(await liability.reserveHeld(q, key, hold))) throw await refuse(q, key);
      }
    });
  }

  /** Gives back what the attempt `betId` still holds (see `liability.releaseHeld`). */
  async #releaseLiability(betId: string): Promise<void> {
    await this.db.tx(async (q) => {
      await liability.commitWithoutWaiting(q);
      await liability.releaseHeld(q, betId);
    });
  }

  /**
   * The leader's sweep: gives back the holds of attempts older than the TTL (their process
   * died between the reservation and the bet, or stalled past it). Answers attempts swept.
   */
  async sweepHolds(limit = 500): Promise<number> {
    const stale = await liability.staleHolds(this.db, this.now() - HOLD_TTL_MS, limit);
    for (const betId of stale) await this.#releaseLiability(betId);
    return stale.length;
  }
}
