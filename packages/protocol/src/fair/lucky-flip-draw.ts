import { createStream, type FairTrace } from './byte-stream';
import { playerMessage } from './player-seeds';

/**
 * The 幸运翻牌 draw (docs/contract.md §5 Rewards, 幸运翻牌): prize weights w₀ … wₙ₋₁ (positive
 * integers, total T ≤ 2^32), roll = int(T) of the stream for (serverSeed, `clientSeed:nonce`),
 * and the prize is the first index whose running weight total exceeds the roll. The member's
 * browser runs this same function on a revealed server seed to verify every flip.
 */
export interface LuckyFlipDraw {
  /** The prize drawn (index into the weights). */
  index: number;
  /** The uniform integer in [0, total) the stream gave. */
  roll: number;
  total: number;
  trace: FairTrace | null;
}

export function luckyFlipDraw(
  serverSeed: Uint8Array,
  clientSeed: string,
  nonce: number,
  weights: readonly number[],
  withTrace = false,
): LuckyFlipDraw {
  if (weights.length === 0) throw new RangeError('luckyFlipDraw: no prizes');
  let total = 0;
  for (const w of weights) {
    if (!Number.isInteger(w) || w < 1)
      throw new RangeError('luckyFlipDraw: weights are integers ≥ 1');
    total += w;
  }
  const stream = createStream(serverSeed, playerMessage(clientSeed, nonce), withTrace);
  const roll = stream.int(total);
  let acc = 0;
  let index = 0;
  for (; index < weights.length; index++) {
    acc += weights[index]!;
    if (roll < acc) break;
  }
  return { index, roll, total, trace: stream.trace };
}
