import { createStream } from '@nebula/protocol/fair/byte-stream';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { playerMessage } from '@nebula/protocol/fair/player-seeds';
import { spin } from '@nebula/protocol/venue/games/slots/index';
import type { SeedPairRow } from '../fair-seeds/seed-pairs.service';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import type { PlayerRef } from '../sessions/player-ref.types';
import type { SlotGame } from './slot-games';
import { spinBet } from './slot-spin-bet';
import type { SpinWrite } from './slot-spin-write.repository';
import { storedScreens, type StoredScreens } from './slot-view.model';

/** A spin ready to write: drawn from `pair` at its nonce, paid, its bet and entries built. */
export interface SpinDraft {
  pair: SeedPairRow;
  /** The screens the spin row keeps (as JSON in `write.spin.screens`). */
  screens: StoredScreens;
  write: Omit<SpinWrite, 'allowanceByCaller'>;
}

/**
 * Draws a paid spin from the pair's stream for its nonce (docs/contract.md §10.13) and builds
 * everything its one statement writes: the spin row, the stake and return as ledger entries,
 * the settled bet. Nothing is read or written here; the statement checks the pair is current.
 */
export function draftSpin(
  ledger: VenueLedger,
  d: {
    player: PlayerRef;
    game: SlotGame;
    lineBet: bigint;
    requestKey: string;
    requestHash: string;
    pair: SeedPairRow;
    betId: string;
    now: number;
    minCycleMs: number;
  },
): SpinDraft {
  const p = d.game.parSheet;
  const outcome = spin(
    p,
    createStream(hexToBytes(d.pair.serverSeed), playerMessage(d.pair.clientSeed, d.pair.nonce)),
  );
  const lineCount = p.lines.length;
  const bet = d.lineBet * BigInt(lineCount);
  const totalWin = BigInt(outcome.units) * d.lineBet;
  // The guard behind the engine's cap: never more than the par sheet's max win.
  if (totalWin > bet * BigInt(p.maxWinMultiple)) throw new Error('slot max win exceeded');
  const player = playerAccount(d.player);
  const book = bookAccount(d.player);
  const screens = storedScreens(outcome, d.lineBet);
  const spinRow: SpinWrite['spin'] = {
    ...d.player,
    requestKey: d.requestKey,
    requestHash: d.requestHash,
    gameCode: d.game.code,
    parSheetVersion: p.version,
    parSheetHash: d.game.hash,
    pairId: d.pair.id,
    nonce: d.pair.nonce,
    clientSeed: d.pair.clientSeed,
    lineBet: d.lineBet,
    lineCount,
    bet,
    totalWin,
    capped: outcome.capped,
    screens: JSON.stringify(screens),
    betId: d.betId,
    createdAt: d.now,
  };
  return {
    pair: d.pair,
    screens,
    write: {
      spin: spinRow,
      // A spin that read the clock before another spin of the player that started later and
      // finished first sees a negative cycle: too soon under the floor, and no floor when lifted.
      cycleFrom: d.minCycleMs > 0 ? d.now - d.minCycleMs : null,
      money: ledger.prepareSettledStake(
        {
          reference: `bet:${d.betId}`,
          kind: 'bet_stake',
          postings: [
            { account: player, amount: -bet },
            { account: book, amount: bet },
          ],
        },
        totalWin > 0n
          ? {
              reference: `settle:${d.betId}:2`,
              kind: 'bet_payout',
              postings: [
                { account: book, amount: -totalWin },
                { account: player, amount: totalWin },
              ],
            }
          : null,
      ),
      bet: spinBet(spinRow, d.game.name, d.now),
    },
  };
}
