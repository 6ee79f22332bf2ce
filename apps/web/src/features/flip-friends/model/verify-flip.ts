import type { LuckyFlipRecord } from '@nebula/protocol/api/activity/lucky-flip.schemas';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { luckyFlipDraw } from '@nebula/protocol/fair/lucky-flip-draw';
import { matchesCommitment } from '@nebula/protocol/fair/player-seeds';

export type FlipCheck =
  | { state: 'hidden' }
  | { state: 'ok'; roll: number; total: number; index: number }
  | { state: 'mismatch'; reason: 'commitment' | 'draw' };

/**
 * Recomputes a flip in the browser with the protocol's own draw (docs/contract.md §5 Rewards,
 * 幸运翻牌): the revealed server seed must match the commitment shown before the flip, and
 * (serverSeed, clientSeed, nonce) must give the roll and prize the server recorded.
 */
export function verifyFlip(f: LuckyFlipRecord): FlipCheck {
  if (f.serverSeed === null) return { state: 'hidden' };
  const seed = hexToBytes(f.serverSeed);
  if (!matchesCommitment(seed, f.serverSeedCommitment))
    return { state: 'mismatch', reason: 'commitment' };
  const d = luckyFlipDraw(seed, f.clientSeed, f.nonce, f.weights);
  if (d.roll !== f.roll || d.index !== f.drawnIndex) return { state: 'mismatch', reason: 'draw' };
  return { state: 'ok', roll: d.roll, total: d.total, index: d.index };
}
