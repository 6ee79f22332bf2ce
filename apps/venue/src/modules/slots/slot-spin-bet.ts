import { fenToYuanString } from '@nebula/protocol';
import type { GameBetRow } from '../bets/bet.service';
import { gameBetVersion } from '../games/game-bet-view.model';
import type { SpinWrite } from './slot-spin-write.repository';
import type { SpinRow } from './slot-spins.repository';

/**
 * A spin is a venue bet (docs/contract.md §10.11, §10.13): one leg, `g:{game}:{spinId}:spin:`,
 * accepted and settled in the spin's own statement, so the merchant feed carries both versions.
 * Its odds are the return ÷ the stake; the leg is `won` only when it returns more than the
 * stake, `push` when exactly the stake. Valid stake follows the game bets' rules: the stake on
 * a decided bet, nothing on a push (a spin has no opposite side and covers one outcome). The
 * spin's id is taken by the statement that writes it, so what it names (the round, the leg's
 * selection and event name) is set there; here they are left empty.
 */
export function spinBet(
  s: Omit<SpinRow, 'id' | 'balanceAfter'>,
  gameName: string,
  now: number,
): SpinWrite['bet'] {
  const legResult = s.totalWin > s.bet ? 'won' : s.totalWin === s.bet ? 'push' : 'lost';
  const bet: GameBetRow = {
    id: s.betId,
    merchant: s.merchant,
    venueCode: s.venueCode,
    playerId: s.playerId,
    gameCode: s.gameCode,
    roundNo: '',
    slipId: '',
    stake: s.bet,
    status: 'open',
    result: null,
    payout: null,
    validStake: null,
    placedAt: now,
    settledAt: null,
    version: 1,
    selectionId: '',
    eventId: '',
    marketId: '',
    oddsMilli: Number((s.totalWin * 1000n) / s.bet),
    eventName: '',
    marketLabel: '旋转',
    outcomeLabel: `${s.lineCount}线 × ${fenToYuanString(s.lineBet)}`,
    liability: 0n,
    legResult: null,
  };
  const validStake = legResult === 'push' ? 0n : s.bet;
  const settled = {
    ...bet,
    status: 'settled' as const,
    result: legResult,
    legResult,
    payout: s.totalWin,
    validStake,
    settledAt: now,
    version: 2,
  };
  return {
    // Prefixed: a sportsbook or lottery key of the player never collides with a spin's.
    requestKey: `spin:${s.requestKey}`,
    result: legResult,
    validStake,
    oddsMilli: bet.oddsMilli,
    gameName,
    marketLabel: bet.marketLabel,
    outcomeLabel: bet.outcomeLabel,
    versions: [gameBetVersion(bet, 'accepted'), gameBetVersion(settled, 'settled')],
  };
}
