import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './bytes';
import { createStream, streamBlock } from './byte-stream';
import { chainCommitment, deriveLink, previousLink, verifyChainLink } from './hash-chain';
import { drawK3, drawLottery, drawPk10, drawSsc, isLotteryGameCode } from './lottery-outcomes';
import { matchesCommitment, seedCommitment } from './player-seeds';
import vectors from './golden-vectors.json';

/**
 * Every value in golden-vectors.json was computed by scripts/fair/golden-vectors.py, a Python
 * implementation written separately from this code (hashlib and hmac only); the TypeScript
 * functions must reproduce each one exactly.
 */

describe('golden vectors from the independent Python implementation', () => {
  it('names its source', () => {
    expect(vectors.implementation).toMatch(/^scripts\/fair\/golden-vectors\.py: Python 3/);
  });

  it('commitments: SHA-256 of the 32 raw seed bytes', () => {
    expect(vectors.commitments.length).toBeGreaterThan(0);
    for (const v of vectors.commitments) {
      expect(seedCommitment(hexToBytes(v.serverSeed))).toBe(v.commitment);
      expect(matchesCommitment(hexToBytes(v.serverSeed), v.commitment.toUpperCase())).toBe(true);
    }
  });

  it('blocks: HMAC bytes and their eight big-endian words', () => {
    for (const v of vectors.blocks) {
      const stream = createStream(hexToBytes(v.seed), v.message, true);
      for (let i = 0; i < 16; i++) stream.nextUint32();
      expect(stream.trace?.blocks).toEqual(v.blocks);
      for (const b of v.blocks) {
        expect(bytesToHex(streamBlock(hexToBytes(v.seed), v.message, b.k))).toBe(b.hex);
      }
    }
  });

  it('int(n): values, every draw including rejections, blocks consumed', () => {
    const rejectedSomewhere = vectors.ints.some((v) => v.draws.some((d) => d.rejected));
    expect(rejectedSomewhere).toBe(true);
    for (const v of vectors.ints) {
      const stream = createStream(hexToBytes(v.seed), v.message, true);
      const values = Array.from({ length: v.count }, () => stream.int(v.n));
      expect(values).toEqual(v.values);
      expect(stream.trace?.draws).toEqual(v.draws);
      expect(stream.trace?.blocks.length).toBe(v.blocksUsed);
    }
  });

  it('shuffles: results and swaps', () => {
    for (const v of vectors.shuffles) {
      const stream = createStream(hexToBytes(v.seed), v.message, true);
      const input = Array.from({ length: v.length }, (_, i) => i);
      expect(stream.shuffle(input)).toEqual(v.result);
      expect(stream.trace?.swaps).toEqual(v.swaps);
      expect(input).toEqual(Array.from({ length: v.length }, (_, i) => i));
    }
  });

  it('chains: every link, the commitment s_0 and a checkpoint', () => {
    const [short, long] = vectors.chains;
    if (!short?.links || !long?.s0 || !long.s500) throw new Error('chains missing');
    const secret = hexToBytes(short.secret);
    short.links.forEach((hex, i) => {
      expect(bytesToHex(deriveLink(secret, short.n, i))).toBe(hex);
      if (i > 0) {
        expect(bytesToHex(previousLink(hexToBytes(hex)))).toBe(short.links[i - 1]);
        expect(verifyChainLink(hexToBytes(hex), i, hexToBytes(short.links[0]!), 0).ok).toBe(true);
      }
    });
    expect(bytesToHex(chainCommitment(hexToBytes(long.secret), long.n))).toBe(long.s0);
    expect(bytesToHex(deriveLink(hexToBytes(long.secret), long.n, 500))).toBe(long.s500);
    expect(bytesToHex(deriveLink(hexToBytes(long.s500), 500, 0))).toBe(long.s0);
  });

  it('games: 快3, PK10 and 时时彩 outcomes with their traces', () => {
    const byGame = { JSK3: drawK3, JSPK10: drawPk10, JSSSC: drawSsc };
    for (const v of vectors.games) {
      if (!isLotteryGameCode(v.game)) throw new Error(`unknown game ${v.game}`);
      const drawn = byGame[v.game](hexToBytes(v.seed), v.message, true);
      expect(drawn.outcome).toEqual(v.outcome);
      expect(drawn.trace).toEqual(v.trace);
      expect(drawLottery(v.game, hexToBytes(v.seed), v.message).outcome).toEqual(v.outcome);
    }
  });

  it('rounds: each revealed seed links to the previous one and yields the outcome', () => {
    for (const r of vectors.rounds) {
      if (!isLotteryGameCode(r.gameCode)) throw new Error(`unknown game ${r.gameCode}`);
      const seed = hexToBytes(r.seed);
      const check = verifyChainLink(
        seed,
        r.chainIndex,
        hexToBytes(r.previousSeed),
        r.chainIndex - 1,
      );
      expect(check).toEqual({ ok: true, steps: 1 });
      const message = `${r.gameCode}:${r.roundNo}`;
      expect(drawLottery(r.gameCode, seed, message).outcome).toEqual(r.outcome);
    }
  });
});
