import { fenToYuanString } from '@nebula/protocol';
import { parseGameSelectionId, type GameBetView } from '@nebula/protocol/venue/games/index';
import type { BetChangeKind, BetVersion } from '@nebula/protocol/venue/merchant';
import type { GameBetRow } from '../bets/bet.service';

/** A game leg's result: a game bet is never half won or half lost. */
type GameLegResult = 'open' | 'won' | 'lost' | 'push' | 'void';

const legResultOf = (r: string | null): GameLegResult =>
  r === 'won' || r === 'lost' || r === 'push' || r === 'void' ? r : 'open';

/** A game bet as its player sees it (docs/contract.md §10.11). */
export function gameBetView(b: GameBetRow): GameBetView {
  const key = parseGameSelectionId(b.selectionId);
  const result = legResultOf(b.legResult);
  return {
    betId: b.id,
    gameCode: b.gameCode,
    roundNo: b.roundNo,
    betType: key?.betType ?? '',
    betTypeName: b.marketLabel,
    pick: key?.pick ?? '',
    pickLabel: b.outcomeLabel,
    stake: fenToYuanString(b.stake),
    oddsMilli: b.oddsMilli,
    status: b.status,
    result,
    payout: b.payout === null ? null : fenToYuanString(b.payout),
    validStake: b.validStake === null ? null : fenToYuanString(b.validStake),
    placedAt: b.placedAt,
    settledAt: b.settledAt,
  };
}

/**
 * One version of a game bet for the merchants' feed, shaped like a sportsbook single's: a
 * one-leg bet, odds-change policy `none`, and `validStake` once its round settled.
 */
export function gameBetVersion(b: GameBetRow, kind: BetChangeKind): BetVersion {
  return {
    betId: b.id,
    version: b.version,
    playerId: b.playerId,
    kind,
    stake: fenToYuanString(b.stake),
    payout: b.payout === null ? null : fenToYuanString(b.payout),
    oddsChangePolicy: 'none',
    legs: [
      {
        selectionId: b.selectionId,
        eventName: b.eventName,
        marketLabel: b.marketLabel,
        outcomeLabel: b.outcomeLabel,
        oddsMilli: b.oddsMilli,
        result: legResultOf(b.legResult),
      },
    ],
    placedAt: b.placedAt,
    settledAt: b.settledAt,
    validStake: b.validStake === null ? null : fenToYuanString(b.validStake),
  };
}
