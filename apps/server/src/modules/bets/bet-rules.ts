import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { marketId, parseSelectionId, type BetStatus } from '@nebula/protocol/venue/markets';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import type { ExposureBet } from '@nebula/protocol/venue/exposure';
import { parseMoney } from '@nebula/protocol';
import { parseGameSelectionId } from '@nebula/protocol/venue/games/game-bets';
import { familyNeedsDialect, type VenueFamily } from '@nebula/protocol/venue/registry';

/**
 * The platform's reading of a venue's bet version (contract §6), as pure functions: the bet's
 * status, its odds and what it could win, its legs with the ids a share card needs, and the
 * valid turnover it earns (contract §5's audit page).
 */

export interface StoredLeg {
  matchId: string;
  selectionId: string;
  /** The market the leg is on and the side taken: a parlay beside the other side earns nothing. */
  marketId: string;
  outcome: string;
  match: string;
  market: string;
  selection: string;
  oddsMilli: number;
  result: 'open' | 'won' | 'lost' | 'half_won' | 'half_lost' | 'push' | 'void';
}

export function storedLegs(v: BetVersion): StoredLeg[] {
  return v.legs.map((l) => {
    const game = parseGameSelectionId(l.selectionId);
    if (game) {
      // A house game leg (contract §10.11): its round stands in for the match, its 玩法 for the
      // market — ids that never meet a sportsbook market's.
      const round = `g:${game.gameCode}:${game.roundNo}`;
      return {
        matchId: round,
        selectionId: l.selectionId,
        marketId: `${round}:${game.betType}`,
        outcome: game.pick,
        match: l.eventName,
        market: l.marketLabel,
        selection: l.outcomeLabel,
        oddsMilli: l.oddsMilli,
        result: l.result,
      };
    }
    const key = parseSelectionId(l.selectionId);
    return {
      matchId: key?.matchId ?? l.selectionId.split(':')[0] ?? '',
      selectionId: l.selectionId,
      marketId: key ? marketId(key) : l.selectionId,
      outcome: key?.outcome ?? '',
      match: l.eventName,
      market: l.marketLabel,
      selection: l.outcomeLabel,
      oddsMilli: l.oddsMilli,
      result: l.result,
    };
  });
}

/**
 * The group a bet is judged in (contract §6): `{matchId}:{period}` for a single whose selection
 * id parses; null for a parlay (or anything unreadable), which counts alone.
 */
export function groupKeyOf(legs: readonly StoredLeg[]): string | null {
  if (legs.length !== 1) return null;
  // A game bet never enters a sportsbook exposure group, whatever its id looks like.
  if (parseGameSelectionId(legs[0]!.selectionId)) return null;
  const key = parseSelectionId(legs[0]!.selectionId);
  return key ? `${key.matchId}:${key.period}` : null;
}

/** A grouped single as exposure reads it; null when its selection id does not parse. */
export function exposureOf(leg: StoredLeg, stake: bigint): ExposureBet | null {
  const key = parseSelectionId(leg.selectionId);
  if (!key) return null;
  return {
    kind: key.kind,
    outcome: key.outcome,
    line100: key.line100,
    oddsMilli: leg.oddsMilli,
    stakeFen: stake,
  };
}

/**
 * The bet as members see it: open until paid; a refused or voided bet is void; a single takes
 * its leg's result; a parlay is judged by what it paid against its stake.
 */
export function betStatusOf(v: BetVersion): BetStatus {
  if (v.kind === 'refused' || v.kind === 'voided') return 'void';
  if (v.payout === null) return 'open';
  if (v.legs.length === 1) {
    const r = v.legs[0]!.result;
    return r === 'open' ? 'open' : r;
  }
  const stake = parseMoney(v.stake);
  const payout = parseMoney(v.payout);
  if (payout === 0n) return 'lost';
  if (payout === stake) return v.legs.every((l) => l.result === 'void') ? 'void' : 'push';
  return payout > stake ? 'won' : 'half_lost';
}

/** A single's price, or a parlay's prices multiplied, in thousandths rounded down. */
export function betOddsMilli(legs: readonly { oddsMilli: number }[]): number {
  let odds = 1000n;
  for (const l of legs) odds = (odds * BigInt(l.oddsMilli)) / 1000n;
  return Number(odds);
}

/**
 * What it wins beyond the stake if every leg wins; never below nothing: a slot spin is priced at
 * its return ÷ stake (docs/contract.md §10.13), so a losing spin's odds are under 1 and its "win" would
 * be negative, which has no wire form.
 */
export function potentialWinFen(stake: bigint, legs: readonly { oddsMilli: number }[]): bigint {
  const win =
    betReturnFen(
      stake,
      legs.map((l) => ({ oddsMilli: l.oddsMilli, result: 'won' as const })),
    ) - stake;
  return win > 0n ? win : 0n;
}

/**
 * Valid turnover of a bet in its status, alone: the stake on a decided outcome, half of it on a
 * half result; nothing for open, void or push bets, for odds below the site minimum, or for a
 * parlay hedged by another bet on the opposite side of one of its markets. Singles then count
 * together with their group (bet-groups.service.ts).
 */
export function validTurnoverFen(
  status: BetStatus,
  stake: bigint,
  oddsMilli: number,
  minOddsMilli: number,
  hedged: boolean,
): bigint {
  if (hedged || oddsMilli < minOddsMilli) return 0n;
  if (status === 'won' || status === 'lost') return stake;
  if (status === 'half_won' || status === 'half_lost') return stake / 2n;
  return 0n;
}

/**
 * Whether a bet is a house game bet (contract §6): its venue is of a game family (CP, ZR, DZ,
 * QP, BY) or one of its legs is a game selection (`g:{gameCode}:{期号}:{betType}:{pick}`).
 * Such a bet earns what the venue computed for it, never the sportsbook's rules.
 */
export function isGameBet(family: VenueFamily, legs: readonly { selectionId: string }[]): boolean {
  return !familyNeedsDialect(family) || legs.some((l) => parseGameSelectionId(l.selectionId));
}

/**
 * A game bet's valid turnover (contract §6): the version's `validStake` as the venue computed
 * it when the round settled, nothing while it is open or void or when the venue sent none. It
 * never counts more than the stake (a venue that says so is capped, not believed).
 */
export function gameValidTurnoverFen(
  status: BetStatus,
  stake: bigint,
  validStake: string | null | undefined,
): bigint {
  if (status === 'open' || status === 'void' || validStake === null || validStake === undefined)
    return 0n;
  const valid = parseMoney(validStake);
  if (valid < 0n) return 0n;
  return valid > stake ? stake : valid;
}
