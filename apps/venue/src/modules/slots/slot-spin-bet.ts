import type { Queryable } from '@nebula/db';
import { fenToYuanString } from '@nebula/protocol';
import { gameSelectionId } from '@nebula/protocol/venue/games/index';
import { insertSettledGameBet, type GameBetRow } from '../bets/bet.service';
import { gameBetVersion } from '../games/game-bet-view.model';
import type { SpinRow } from './slot-spins.repository';

/**
 * A spin is a venue bet (docs/contract.md §10.11, §10.13): one leg, `g:{game}:{spinId}:spin:`,
 * accepted and settled in the spin's own transaction, so the merchant feed carries both
 * versions. Its odds are the return ÷ the stake; the leg is `won` only when it returns more
 * than the stake, `push` when exactly the stake. Valid stake follows the game bets' rules: the
 * stake on a decided bet, nothing on a push (a spin has no opposite side and covers one
 * outcome).
 */
export async function writeSpinBet(
  q: Queryable,
  s: SpinRow,
  gameName: string,
  now: number,
): Promise<void> {
  const legResult = s.totalWin > s.bet ? 'won' : s.totalWin === s.bet ? 'push' : 'lost';
  const bet: GameBetRow & { requestKey: string; requestHash: string } = {
    id: s.betId,
    merchant: s.merchant,
    venueCode: s.venueCode,
    playerId: s.playerId,
    gameCode: s.gameCode,
    roundNo: s.id,
    slipId: `spin:${s.id}`,
    // Prefixed: a sportsbook or lottery key of the player never collides with a spin's.
    requestKey: `spin:${s.requestKey}`,
    requestHash: s.requestHash,
    stake: s.bet,
    status: 'open',
    result: null,
    payout: null,
    validStake: null,
    placedAt: now,
    settledAt: null,
    version: 1,
    selectionId: gameSelectionId(s.gameCode, s.id, 'spin', ''),
    eventId: `g:${s.gameCode}:${s.id}`,
    marketId: `g:${s.gameCode}:${s.id}:spin`,
    oddsMilli: Number((s.totalWin * 1000n) / s.bet),
    eventName: `${gameName} 第${s.id}局`,
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
  await insertSettledGameBet(q, settled, [
    gameBetVersion(bet, 'accepted'),
    gameBetVersion(settled, 'settled'),
  ]);
}
