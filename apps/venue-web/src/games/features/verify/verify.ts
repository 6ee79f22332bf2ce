import { bytesToHex, hexToBytes, isHex } from '@nebula/protocol/fair/bytes';
import { sha256 } from '@nebula/protocol/fair/sha256';
import type { FairTrace } from '@nebula/protocol/fair/byte-stream';
import { verifyChainLink } from '@nebula/protocol/fair/hash-chain';
import { drawLottery, isLotteryGameCode } from '@nebula/protocol/fair/lottery-outcomes';
import type { ChainView, RoundView } from '@nebula/protocol/venue/games/games';

/**
 * 公平验证 in the browser (docs/contract.md §10.6–§10.8): a round's revealed seed s_i is checked
 * against s_(i−1) (the previous round's revealed seed, or the chain's published s_0 for index
 * 1) and walked back to s_0; the outcome is recomputed from s_i and `gameCode:期号` with the
 * protocol's own functions, step by step, and compared with what the venue stored.
 */
export interface Recomputed {
  message: string;
  outcome: number[];
  trace: FairTrace;
}

/** The outcome of a lottery round from a seed (hex) and its 期号, with every step. */
export function recompute(gameCode: string, seedHex: string, roundNo: string): Recomputed {
  if (!isLotteryGameCode(gameCode)) throw new RangeError('unknown game');
  const message = `${gameCode}:${roundNo}`;
  const drawn = drawLottery(gameCode, hexToBytes(seedHex), message, true);
  return { message, outcome: drawn.outcome, trace: drawn.trace! };
}

export interface RoundCheck extends Recomputed {
  round: RoundView;
  chain: ChainView;
  seed: string;
  /** SHA256(s_i) as computed here. */
  seedHash: string;
  /** s_(i−1): where the page took it from. */
  previous: { index: number; seed: string; from: 'commitment' | 'revealed' | 'none' };
  /** SHA256(s_i) = s_(i−1), when s_(i−1) is known. */
  linkOk: boolean | null;
  /** s_i walked back i hashes equals the chain's published s_0. */
  commitmentOk: boolean;
  /** The recomputed outcome equals the round's stored one. */
  outcomeOk: boolean;
}

const sameOutcome = (a: readonly number[], b: readonly number[] | null): boolean =>
  b !== null && a.length === b.length && a.every((x, i) => x === b[i]);

/** Checks a drawn (or voided) round against its chain. */
export function checkRound(round: RoundView, chain: ChainView): RoundCheck {
  if (round.seed === null || !isHex(round.seed) || round.seed.length !== 64) {
    throw new RangeError('the round has no revealed seed yet');
  }
  const seed = round.seed;
  const seedHash = bytesToHex(sha256(hexToBytes(seed)));
  const i = round.chainIndex;
  let previous: RoundCheck['previous'];
  if (i === 1) previous = { index: 0, seed: chain.commitment, from: 'commitment' };
  else {
    const link = chain.revealed.find((r) => r.chainIndex === i - 1);
    previous = link
      ? { index: i - 1, seed: link.seed, from: 'revealed' }
      : { index: i - 1, seed: '', from: 'none' };
  }
  const walk = verifyChainLink(hexToBytes(seed), i, hexToBytes(chain.commitment), 0);
  const re = recompute(round.gameCode, seed, round.roundNo);
  return {
    ...re,
    round,
    chain,
    seed,
    seedHash,
    previous,
    linkOk: previous.from === 'none' ? null : seedHash === previous.seed,
    commitmentOk: walk.ok,
    outcomeOk: sameOutcome(re.outcome, round.outcome),
  };
}

/** The round as docs/contract.md §10.8 writes it (what `docs/fair-verifier.html` reads). */
export interface RoundJson {
  gameCode: string;
  roundNo: string;
  chainIndex: number;
  seed: string;
  previousSeed: string;
  outcome: number[];
}

/**
 * The download of a round. `previousSeed` is s_(i−1) as revealed (or s_0), else SHA256(s_i)
 * — which the page only offers once the walk to s_0 held.
 */
export function roundJson(c: RoundCheck): RoundJson {
  return {
    gameCode: c.round.gameCode,
    roundNo: c.round.roundNo,
    chainIndex: c.round.chainIndex,
    seed: c.seed,
    previousSeed: c.previous.from === 'none' ? c.seedHash : c.previous.seed,
    outcome: c.round.outcome ?? c.outcome,
  };
}

export function roundJsonText(c: RoundCheck): string {
  return `${JSON.stringify(roundJson(c), null, 2)}\n`;
}
