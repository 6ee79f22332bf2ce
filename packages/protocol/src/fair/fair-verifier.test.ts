import { describe, expect, it } from 'vitest';
import vectors from './golden-vectors.json';

/**
 * docs/fair-verifier.html recomputes rounds with WebCrypto, independently of this package's
 * TypeScript. Its "fair-core" script (the algorithm, no page access) is run here under Node's
 * WebCrypto against the golden vectors of the Python generator.
 */
interface Trace {
  blocks: unknown[];
  draws: unknown[];
  swaps: unknown[];
}
interface Drawn {
  outcome: number[];
  trace: Trace;
}
interface Verified extends Drawn {
  ok: boolean;
  chainOk: boolean;
  outcomeOk: boolean;
  problems: string[];
}
interface FairVerifier {
  draw(game: string, seed: string, message: string): Promise<Drawn>;
  ints(seed: string, message: string, n: number, count: number): Promise<Drawn>;
  linkMatches(seed: string, anchor: string, steps: number): Promise<boolean>;
  verifyRound(round: unknown): Promise<Verified>;
}
interface NodeFs {
  readFileSync(path: URL, encoding: 'utf8'): string;
}
interface NodeVm {
  runInThisContext(code: string): unknown;
}
const load = async <T>(specifier: string): Promise<T> => (await import(specifier)) as T;

const fs = await load<NodeFs>('node:fs');
const vm = await load<NodeVm>('node:vm');
const html = fs.readFileSync(
  new URL('../../../../docs/fair-verifier.html', import.meta.url),
  'utf8',
);
const core = /<script id="fair-core">([\s\S]*?)<\/script>/.exec(html)?.[1];
if (!core) throw new Error('docs/fair-verifier.html has no fair-core script');
vm.runInThisContext(core);
const verifier = (globalThis as unknown as { FairVerifier: FairVerifier }).FairVerifier;

describe('docs/fair-verifier.html under Node WebCrypto', () => {
  it('reproduces the three games, traces included', async () => {
    for (const v of vectors.games) {
      const drawn = await verifier.draw(v.game, v.seed, v.message);
      expect(drawn.outcome).toEqual(v.outcome);
      expect(drawn.trace).toEqual(v.trace);
    }
  });

  it('reproduces int(n) with its rejections', async () => {
    for (const v of vectors.ints) {
      const drawn = await verifier.ints(v.seed, v.message, v.n, v.count);
      expect(drawn.outcome).toEqual(v.values);
      expect(drawn.trace.draws).toEqual(v.draws);
    }
  });

  it('verifies every downloaded round and names what a tampered one breaks', async () => {
    for (const r of vectors.rounds) {
      expect(await verifier.verifyRound(r)).toMatchObject({ ok: true, problems: [] });
      const otherOutcome = { ...r, outcome: [...r.outcome].reverse() };
      expect(await verifier.verifyRound(otherOutcome)).toMatchObject({
        ok: false,
        chainOk: true,
        problems: ['outcome'],
      });
      const otherLink = { ...r, previousSeed: r.seed };
      expect(await verifier.verifyRound(otherLink)).toMatchObject({
        ok: false,
        outcomeOk: true,
        problems: ['chain'],
      });
    }
    await expect(
      verifier.verifyRound({ ...vectors.rounds[0], gameCode: 'NOPE' }),
    ).rejects.toThrow();
  });

  it('walks the chain and checks commitments', async () => {
    const [short] = vectors.chains;
    if (!short?.links) throw new Error('chain missing');
    expect(await verifier.linkMatches(short.links[10]!, short.links[0]!, 10)).toBe(true);
    expect(await verifier.linkMatches(short.links[10]!, short.links[0]!, 9)).toBe(false);
    for (const c of vectors.commitments) {
      expect(await verifier.linkMatches(c.serverSeed, c.commitment, 1)).toBe(true);
    }
  });
});

describe('docs/contract.md §10 golden vectors', () => {
  it('every seed, hash and block written in the section is one the generator produced', () => {
    const contract = fs.readFileSync(
      new URL('../../../../docs/contract.md', import.meta.url),
      'utf8',
    );
    const section = contract.slice(contract.indexOf('## 10. Provably fair outcomes'));
    const written = section.match(/\b[0-9a-f]{64}\b/g) ?? [];
    expect(written.length).toBeGreaterThanOrEqual(8);
    const generated = JSON.stringify(vectors);
    for (const hex of written) expect(generated, hex).toContain(hex);
  });
});
