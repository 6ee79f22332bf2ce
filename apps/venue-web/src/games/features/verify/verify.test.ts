import { describe, expect, it } from 'vitest';
import type { ChainView, RoundView } from '@nebula/protocol/venue/games/games';
import golden from '../../../../../../packages/protocol/src/fair/golden-vectors.json';
import { checkRound, recompute, roundJson } from './verify';

/**
 * 公平验证's recomputation against the golden vectors (docs/contract.md §10.9), which an
 * independent Python implementation wrote: the outcomes, every block, every integer drawn and
 * the §10.8 download of each round.
 */
interface GameVector {
  game: string;
  roundNo: string;
  chainIndex: number;
  seed: string;
  previousSeed: string;
  message: string;
  outcome: number[];
  trace: { blocks: unknown[]; draws: unknown[]; swaps: unknown[] };
}
interface Vectors {
  chains: { n: number; links: string[] }[];
  games: (GameVector | { game: string; message: string; roundNo?: undefined })[];
  rounds: object[];
}
const vectors = golden as unknown as Vectors;
/** The shared-round vectors (the per-player ones have no 期号). */
const games = vectors.games.filter((g): g is GameVector => g.roundNo !== undefined);
const chain = vectors.chains[0]!;
const chainView = (revealedUpTo: number): ChainView => ({
  chainId: 'JSK3-1',
  gameCode: 'JSK3',
  length: chain.n,
  commitment: chain.links[0]!,
  publishedAt: 0,
  roundsLeft: chain.n - revealedUpTo,
  revealed: Array.from({ length: revealedUpTo }, (_, k) => ({
    chainIndex: revealedUpTo - k,
    roundNo: String(revealedUpTo - k),
    seed: chain.links[revealedUpTo - k]!,
  })),
});
const roundOf = (g: GameVector, outcome = g.outcome): RoundView => ({
  gameCode: g.game,
  roundNo: g.roundNo,
  chainId: 'JSK3-1',
  chainIndex: g.chainIndex,
  status: 'settled',
  opensAt: 0,
  sealAt: 0,
  drawAt: 0,
  paytableHash: '',
  seed: g.seed,
  outcome,
  voided: null,
});

describe('公平验证 recomputes rounds', () => {
  it('gives every golden game outcome with its blocks and draws', () => {
    for (const g of games) {
      const re = recompute(g.game, g.seed, g.roundNo);
      expect(re.message).toBe(g.message);
      expect(re.outcome).toEqual(g.outcome);
      expect(re.trace.blocks).toEqual(g.trace.blocks);
      expect(re.trace.draws).toEqual(g.trace.draws);
      expect(re.trace.swaps).toEqual(g.trace.swaps);
    }
  });

  it('checks the link, the walk to s_0 and the stored outcome, and downloads §10.8', () => {
    for (const g of games.filter((x) => x.game === 'JSK3')) {
      const c = checkRound(roundOf(g), chainView(g.chainIndex));
      expect(c.previous.seed).toBe(g.previousSeed);
      expect(c.previous.from).toBe(g.chainIndex === 1 ? 'commitment' : 'revealed');
      expect(c.linkOk).toBe(true);
      expect(c.commitmentOk).toBe(true);
      expect(c.outcomeOk).toBe(true);
      const round = (vectors.rounds as { gameCode: string; roundNo: string }[]).find(
        (r) => r.gameCode === g.game && r.roundNo === g.roundNo,
      );
      expect(round).toBeDefined();
      expect(roundJson(c)).toEqual(round);
    }
  });

  it('says so when the stored outcome, the seed or the link does not hold', () => {
    const g = games[1]!;
    expect(checkRound(roundOf(g, [6, 6, 6]), chainView(2)).outcomeOk).toBe(false);
    // A seed that is not on the chain: neither the link nor the walk to s_0 holds.
    const forged = { ...roundOf(g), seed: chain.links[5]! };
    const c = checkRound(forged, chainView(2));
    expect(c.linkOk).toBe(false);
    expect(c.commitmentOk).toBe(false);
    // Without the previous link revealed, the walk to s_0 still decides, and the download
    // names SHA256(s_i) as the previous seed.
    const far = checkRound(roundOf(g), { ...chainView(2), revealed: [] });
    expect(far.previous.from).toBe('none');
    expect(far.linkOk).toBeNull();
    expect(far.commitmentOk).toBe(true);
    expect(roundJson(far).previousSeed).toBe(g.previousSeed);
  });

  it('refuses a round whose seed is not revealed yet', () => {
    expect(() => checkRound({ ...roundOf(games[0]!), seed: null }, chainView(1))).toThrow();
  });
});
